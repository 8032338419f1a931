// src/function/docs/string_docs.cpp
//
// What DESCRIBE FUNCTION shows of the string, regular-expression, encoding and URL functions. Every
// example is run by test/unit/session/function_catalogue_test.cpp, which compares its rows with the
// lines shown.
#include "function/docs/doc_parts.hpp"

namespace sluice {

std::vector<NamedFunctionDoc> stringFunctionDocs() {
  return {
      {{"upper", "ucase"},
       {"_FUNC_(str) - Returns `str` with every letter in upper case.",
        "> SELECT _FUNC_('Delta Lake 3');\n"
        " DELTA LAKE 3"}},
      {{"lower", "lcase"},
       {"_FUNC_(str) - Returns `str` with every letter in lower case.",
        "> SELECT _FUNC_('Delta Lake 3');\n"
        " delta lake 3"}},
      {{"length", "len", "char_length", "character_length"},
       {"_FUNC_(expr) - Returns the number of characters of a string, or the number of bytes of a "
        "binary value; trailing spaces count.",
        "> SELECT _FUNC_('crème ');\n"
        " 6\n"
        "> SELECT _FUNC_(X'0A0B0C');\n"
        " 3"}},
      {{"octet_length"},
       {"_FUNC_(expr) - Returns the size in bytes of a string (in UTF-8) or of a binary value.",
        "> SELECT _FUNC_('crème');\n"
        " 6"}},
      {{"bit_length"},
       {"_FUNC_(expr) - Returns the size in bits of a string (in UTF-8) or of a binary value.",
        "> SELECT _FUNC_('crème');\n"
        " 48"}},
      {{"concat"},
       {"_FUNC_(expr1, expr2, ...) - Returns the strings, binary values or arrays joined end to "
        "end; null when any argument is null.",
        "> SELECT _FUNC_('sl', 'ui', 'ce');\n"
        " sluice\n"
        "> SELECT _FUNC_(array(1, 2), array(3));\n"
        " [1,2,3]\n"
        "> SELECT _FUNC_('a', NULL);\n"
        " NULL"}},
      {{"concat_ws"},
       {"_FUNC_(sep, str1, str2, ...) - Returns the non-null strings (and the elements of string "
        "arrays) joined with `sep` between them.",
        "> SELECT _FUNC_('/', 'usr', NULL, 'local', 'bin');\n"
        " usr/local/bin\n"
        "> SELECT _FUNC_(', ', array('x', 'y'), 'z');\n"
        " x, y, z"}},
      {{"substr", "substring"},
       {"_FUNC_(str, pos [, len]) - Returns the part of `str` that starts at the 1-based position "
        "`pos` (counted from the end when negative) and is `len` characters long, or runs to the "
        "end.",
        "> SELECT _FUNC_('lakehouse', 5);\n"
        " house\n"
        "> SELECT _FUNC_('lakehouse', 1, 4);\n"
        " lake\n"
        "> SELECT _FUNC_('lakehouse', -5, 3);\n"
        " hou"}},
      {{"left"},
       {"_FUNC_(str, len) - Returns the first `len` characters of `str`; an empty string when "
        "`len` is not positive.",
        "> SELECT _FUNC_('pipeline', 4);\n"
        " pipe"}},
      {{"right"},
       {"_FUNC_(str, len) - Returns the last `len` characters of `str`; an empty string when `len` "
        "is not positive.",
        "> SELECT _FUNC_('pipeline', 4);\n"
        " line"}},
      {{"trim"},
       {"_FUNC_(str) - Returns `str` without its leading and trailing spaces; `_FUNC_(BOTH | "
        "LEADING | TRAILING chars FROM str)` removes the characters of `chars` from the chosen "
        "ends instead.",
        "> SELECT concat('[', _FUNC_('  tidy  '), ']');\n"
        " [tidy]\n"
        "> SELECT _FUNC_(LEADING 'x' FROM 'xxabcxx');\n"
        " abcxx"}},
      {{"ltrim"},
       {"_FUNC_(str [, chars]) - Returns `str` without the spaces (or the characters of `chars`) "
        "at its start.",
        "> SELECT concat('[', _FUNC_('  tidy  '), ']');\n"
        " [tidy  ]"}},
      {{"rtrim"},
       {"_FUNC_(str [, chars]) - Returns `str` without the spaces (or the characters of `chars`) "
        "at its end.",
        "> SELECT concat('[', _FUNC_('  tidy  '), ']');\n"
        " [  tidy]"}},
      {{"btrim"},
       {"_FUNC_(str [, chars]) - Returns `str` without the spaces (or the characters of `chars`) "
        "at both ends.",
        "> SELECT _FUNC_('--=abc=--', '-=');\n"
        " abc"}},
      {{"lpad"},
       {"_FUNC_(str, len [, pad]) - Returns `str` padded on the left with `pad` (a space by "
        "default) to `len` characters, or cut to its first `len` characters when longer.",
        "> SELECT _FUNC_('42', 5, '0');\n"
        " 00042\n"
        "> SELECT _FUNC_('abcdef', 3);\n"
        " abc"}},
      {{"rpad"},
       {"_FUNC_(str, len [, pad]) - Returns `str` padded on the right with `pad` (a space by "
        "default) to `len` characters, or cut to its first `len` characters when longer.",
        "> SELECT _FUNC_('42', 5, '.');\n"
        " 42...\n"
        "> SELECT _FUNC_('abcdef', 3);\n"
        " abc"}},
      {{"replace"},
       {"_FUNC_(str, search [, replace]) - Returns `str` with every occurrence of `search` "
        "replaced by `replace`, or removed when `replace` is left out.",
        "> SELECT _FUNC_('2024-01-15', '-', '/');\n"
        " 2024/01/15\n"
        "> SELECT _FUNC_('banana', 'an');\n"
        " ba"}},
      {{"reverse"},
       {"_FUNC_(expr) - Returns the string with its characters in reverse order, or the array with "
        "its elements in reverse order.",
        "> SELECT _FUNC_('stressed');\n"
        " desserts\n"
        "> SELECT _FUNC_(array(1, 2, 3));\n"
        " [3,2,1]"}},
      {{"repeat"},
       {"_FUNC_(str, n) - Returns `str` repeated `n` times.",
        "> SELECT _FUNC_('ab', 3);\n"
        " ababab"}},
      {{"space"},
       {"_FUNC_(n) - Returns a string of `n` spaces.",
        "> SELECT concat('|', _FUNC_(3), '|');\n"
        " |   |"}},
      {{"split"},
       {"_FUNC_(str, regex [, limit]) - Returns the array of the parts of `str` between the "
        "matches of the regular expression `regex`; with a positive `limit`, at most `limit` "
        "parts, the last one holding the rest.",
        "> SELECT _FUNC_('a1b22c', '[0-9]+');\n"
        " [\"a\",\"b\",\"c\"]\n"
        "> SELECT _FUNC_('a,b,c,d', ',', 2);\n"
        " [\"a\",\"b,c,d\"]"}},
      {{"sentences"},
       {"_FUNC_(str [, lang, country]) - Returns the sentences of `str`, each as the array of its "
        "words, split with the rules of Java's BreakIterator (the language and country change "
        "nothing: every locale but Thai has the same rules, and sluice splits Thai by them too).",
        "> SELECT _FUNC_('Hi there! Good morning.');\n"
        " [[\"Hi\",\"there\"],[\"Good\",\"morning\"]]\n"
        "> SELECT _FUNC_('The price was $1,234.56.... But, not now.', 'en', 'US');\n"
        " [[\"The\",\"price\",\"was\"],[\"But\",\"not\",\"now\"]]"}},
      {{"split_part"},
       {"_FUNC_(str, delimiter, part) - Returns the `part`-th piece of `str` split at the literal "
        "`delimiter` (counted from the end when negative), or an empty string when there is no "
        "such piece.",
        "> SELECT _FUNC_('10.0.3.7', '.', 3);\n"
        " 3\n"
        "> SELECT _FUNC_('10.0.3.7', '.', -1);\n"
        " 7\n"
        "> SELECT _FUNC_('10.0.3.7', '.', 9);\n"
        " "}},
      {{"substring_index"},
       {"_FUNC_(str, delim, count) - Returns the part of `str` before the `count`-th occurrence of "
        "`delim`, or, for a negative `count`, the part after the `count`-th occurrence counted "
        "from the end.",
        "> SELECT _FUNC_('a.b.c.d', '.', 2);\n"
        " a.b\n"
        "> SELECT _FUNC_('a.b.c.d', '.', -1);\n"
        " d"}},
      {{"instr"},
       {"_FUNC_(str, substr) - Returns the 1-based position of the first occurrence of `substr` in "
        "`str`, or 0 when it does not occur.",
        "> SELECT _FUNC_('lakehouse', 'house');\n"
        " 5\n"
        "> SELECT _FUNC_('lakehouse', 'x');\n"
        " 0"}},
      {{"locate"},
       {"_FUNC_(substr, str [, pos]) - Returns the 1-based position of the first occurrence of "
        "`substr` in `str` at or after position `pos`, or 0 when there is none.",
        "> SELECT _FUNC_('a', 'banana');\n"
        " 2\n"
        "> SELECT _FUNC_('a', 'banana', 3);\n"
        " 4"}},
      {{"position"},
       {"_FUNC_(substr, str [, pos]) - Returns the 1-based position of the first occurrence of "
        "`substr` in `str` at or after position `pos`, or 0 when there is none; also written "
        "`_FUNC_(substr IN str)`.",
        "> SELECT _FUNC_('n', 'banana');\n"
        " 3\n"
        "> SELECT _FUNC_('na' IN 'banana');\n"
        " 3"}},
      {{"contains"},
       {"_FUNC_(left, right) - Returns whether the string or binary value `right` occurs in "
        "`left`.",
        "> SELECT _FUNC_('Spark SQL', 'SQL');\n"
        " true\n"
        "> SELECT _FUNC_('Spark SQL', 'sql');\n"
        " false"}},
      {{"startswith"},
       {"_FUNC_(left, right) - Returns whether the string or binary value `left` begins with "
        "`right`.",
        "> SELECT _FUNC_('Spark SQL', 'Spark');\n"
        " true"}},
      {{"endswith"},
       {"_FUNC_(left, right) - Returns whether the string or binary value `left` ends with "
        "`right`.",
        "> SELECT _FUNC_('report.csv', '.json');\n"
        " false"}},
      {{"like"},
       {"_FUNC_(str, pattern [, escape]) - Returns whether `str` matches the SQL pattern "
        "`pattern`, where `_` stands for any one character and `%` for any sequence; same as `str "
        "LIKE pattern`.",
        "> SELECT _FUNC_('data_2024.csv', 'data%.csv');\n"
        " true\n"
        "> SELECT 'abc' LIKE 'a_';\n"
        " false"}},
      {{"ilike"},
       {"_FUNC_(str, pattern [, escape]) - Returns whether `str` matches the SQL pattern "
        "`pattern`, ignoring case; same as `str ILIKE pattern`.",
        "> SELECT _FUNC_('README.md', 'readme%');\n"
        " true"}},
      {{"rlike", "regexp", "regexp_like"},
       {"_FUNC_(str, regex) - Returns whether the regular expression `regex` matches somewhere in "
        "`str`.",
        "> SELECT _FUNC_('order-1234', '[0-9]{4}');\n"
        " true\n"
        "> SELECT _FUNC_('order', '^[0-9]+$');\n"
        " false"}},
      {{"regexp_replace"},
       {"_FUNC_(str, regex, rep [, pos]) - Returns `str` with every match of `regex` (searched "
        "from position `pos` on) replaced by `rep`, in which `$1`, `$2`, ... name the groups.",
        "> SELECT _FUNC_('2024-03-09', '(\\\\d+)-(\\\\d+)-(\\\\d+)', '$3.$2.$1');\n"
        " 09.03.2024\n"
        "> SELECT _FUNC_('a  b   c', ' +', ' ');\n"
        " a b c"}},
      {{"regexp_extract"},
       {"_FUNC_(str, regex [, idx]) - Returns the text of group `idx` (1 by default, 0 for the "
        "whole match) in the first match of `regex` in `str`, or an empty string when it does not "
        "match.",
        "> SELECT _FUNC_('id=42;name=x', 'id=(\\\\d+)', 1);\n"
        " 42\n"
        "> SELECT _FUNC_('no digits', '(\\\\d+)');\n"
        " "}},
      {{"regexp_extract_all"},
       {"_FUNC_(str, regex [, idx]) - Returns the array of the texts of group `idx` (1 by default) "
        "in every match of `regex` in `str`.",
        "> SELECT _FUNC_('a1 b22 c333', '([a-z])(\\\\d+)', 2);\n"
        " [\"1\",\"22\",\"333\"]"}},
      {{"regexp_count"},
       {"_FUNC_(str, regex) - Returns how many times the regular expression `regex` matches in "
        "`str`.",
        "> SELECT _FUNC_('one fish two fish', 'fish');\n"
        " 2\n"
        "> SELECT _FUNC_('aaaa', 'aa');\n"
        " 2"}},
      {{"regexp_instr"},
       {"_FUNC_(str, regex [, idx]) - Returns the 1-based position where the first match of "
        "`regex` in `str` begins, or 0 when there is none.",
        "> SELECT _FUNC_('call 555-0100', '[0-9]+');\n"
        " 6\n"
        "> SELECT _FUNC_('no digits', '[0-9]+');\n"
        " 0"}},
      {{"regexp_substr"},
       {"_FUNC_(str, regex) - Returns the text of the first match of `regex` in `str`, or null "
        "when there is none.",
        "> SELECT _FUNC_('call 555-0100', '[0-9]+');\n"
        " 555\n"
        "> SELECT _FUNC_('no digits', '[0-9]+');\n"
        " NULL"}},
      {{"initcap"},
       {"_FUNC_(str) - Returns `str` with the first letter of each space-separated word in upper "
        "case and the other letters in lower case.",
        "> SELECT _FUNC_('hELLO wORLD');\n"
        " Hello World"}},
      {{"ascii"},
       {"_FUNC_(str) - Returns the code point of the first character of `str`, or 0 when `str` is "
        "empty.",
        "> SELECT _FUNC_('Z');\n"
        " 90\n"
        "> SELECT _FUNC_('');\n"
        " 0"}},
      {{"chr", "char"},
       {"_FUNC_(n) - Returns the character whose code is `n` modulo 256; an empty string for a "
        "negative `n`.",
        "> SELECT _FUNC_(90);\n"
        " Z\n"
        "> SELECT _FUNC_(321);\n"
        " A"}},
      {{"translate"},
       {"_FUNC_(str, from, to) - Returns `str` with each character of `from` replaced by the "
        "character at the same place in `to`, or removed when `to` is shorter.",
        "> SELECT _FUNC_('hello', 'elo', 'EL');\n"
        " hELL"}},
      {{"levenshtein"},
       {"_FUNC_(str1, str2 [, threshold]) - Returns the edit distance between the two strings, or "
        "-1 when it exceeds `threshold`.",
        "> SELECT _FUNC_('kitten', 'sitting');\n"
        " 3\n"
        "> SELECT _FUNC_('kitten', 'sitting', 2);\n"
        " -1"}},
      {{"soundex"},
       {"_FUNC_(str) - Returns the four-character Soundex code of `str`.",
        "> SELECT _FUNC_('Robert');\n"
        " R163\n"
        "> SELECT _FUNC_('Tymczak');\n"
        " T522"}},
      {{"format_string", "printf"},
       {"_FUNC_(format, arg1, arg2, ...) - Returns `format` with its %-conversions (as in Java's "
        "String.format) replaced by the arguments.",
        "> SELECT _FUNC_('%s has %d rows', 'orders', 12);\n"
        " orders has 12 rows\n"
        "> SELECT _FUNC_('%05.1f', 3.14159D);\n"
        " 003.1"}},
      {{"format_number"},
       {"_FUNC_(expr, d) - Returns the number `expr` rounded to `d` decimal places and written "
        "with commas between thousands. `d` may instead be a java.text.DecimalFormat pattern "
        "such as '#,##0.00' (exponent patterns are not supported).",
        "> SELECT _FUNC_(1234567.891, 2);\n"
        " 1,234,567.89\n"
        "> SELECT _FUNC_(0.1234, '0.0%');\n"
        " 12.3%"}},
      {{"base64"},
       {"_FUNC_(bin) - Returns the binary value (or string) `bin` encoded in base64.",
        "> SELECT _FUNC_('sluice');\n"
        " c2x1aWNl"}},
      {{"unbase64"},
       {"_FUNC_(str) - Returns the binary value the base64 string `str` encodes.",
        "> SELECT CAST(_FUNC_('c2x1aWNl') AS STRING);\n"
        " sluice"}},
      {{"hex"},
       {"_FUNC_(expr) - Returns the hexadecimal digits of a number, or of the bytes of a string or "
        "binary value, in upper case.",
        "> SELECT _FUNC_(255);\n"
        " FF\n"
        "> SELECT _FUNC_('Hi');\n"
        " 4869"}},
      {{"unhex"},
       {"_FUNC_(str) - Returns the binary value written in hexadecimal digits by `str`, or null "
        "when `str` holds a character that is not a hex digit.",
        "> SELECT CAST(_FUNC_('4869') AS STRING);\n"
        " Hi\n"
        "> SELECT _FUNC_('zz');\n"
        " NULL"}},
      {{"md5"},
       {"_FUNC_(expr) - Returns the MD5 digest of the binary value (or string) `expr`, as 32 hex "
        "digits.",
        "> SELECT _FUNC_('sluice');\n"
        " 56c4228bc58d4cdf3ff01c3fc6e84189"}},
      {{"sha", "sha1"},
       {"_FUNC_(expr) - Returns the SHA-1 digest of the binary value (or string) `expr`, as 40 hex "
        "digits.",
        "> SELECT _FUNC_('sluice');\n"
        " bac9c3029ea6380aa37a31f0165084711ae0d44d"}},
      {{"sha2"},
       {"_FUNC_(expr, bitLength) - Returns the SHA-2 digest of `expr` as hex digits; `bitLength` "
        "is 224, 256 (also 0), 384 or 512, and another length gives null.",
        "> SELECT _FUNC_('sluice', 256);\n"
        " 0f5aec3c8edf964bb5260e4ae806d31feaab06f39a65ddba9d86e499bfae8476"}},
      {{"aes_encrypt"},
       {"_FUNC_(expr, key [, mode [, padding [, iv [, aad]]]]) - Returns `expr` encrypted with "
        "AES under `key` (16, 24 or 32 bytes): mode 'GCM' (the default, no padding), 'CBC' or "
        "'ECB' (PKCS padding); CBC and GCM put their IV (random unless `iv` is given) before "
        "the ciphertext, GCM its tag after it; `aad` is GCM's additional authenticated data.",
        "> SELECT base64(_FUNC_('Spark SQL', '1234567890abcdef', 'ECB', 'PKCS'));\n"
        " 3lmwu+Mw0H3fi5NDvcu9lg==\n"
        "> SELECT base64(_FUNC_('Spark', 'abcdefghijklmnop12345678ABCDEFGH', 'GCM', 'DEFAULT', "
        "unhex('000000000000000000000000'), 'This is an AAD mixed into the input'));\n"
        " AAAAAAAAAAAAAAAAQiYi+sTLm7KD9UcZ2nlRdYDe/PX4"}},
      {{"aes_decrypt"},
       {"_FUNC_(expr, key [, mode [, padding [, aad]]]) - Returns `expr`, encrypted as "
        "aes_encrypt writes it, decrypted with `key`.",
        "> SELECT CAST(_FUNC_(unhex('83F16B2AA704794132802D248E6BFD4E380078182D1544813898AC97E709"
        "B28A94'), '0000111122223333') AS STRING);\n"
        " Spark\n"
        "> SELECT CAST(_FUNC_(unbase64('2NYmDCjgXTbbxGA3/SnJEfFC/JQ7olk2VQWReIAAFKo='), "
        "'1234567890abcdef', 'CBC') AS STRING);\n"
        " Apache Spark"}},
      {{"try_aes_decrypt"},
       {"_FUNC_(expr, key [, mode [, padding [, aad]]]) - Returns what aes_decrypt returns, or "
        "null where aes_decrypt raises an error.",
        "> SELECT CAST(_FUNC_(unhex('6E7CA17BBB468D3084B5744BCA729FB7B2B7BCB8E4472847D02670489D95"
        "FA97DBBA7D3210'), '0000111122223333', 'GCM') AS STRING);\n"
        " Spark SQL\n"
        "> SELECT _FUNC_(unhex('6E7CA17BBB468D3084B5744BCA729FB7B2B7BCB8E4472847D02670489D95FA97"
        "DBBA7D3210'), 'wrong key 123456', 'GCM');\n"
        " NULL"}},
      {{"crc32"},
       {"_FUNC_(expr) - Returns the CRC-32 checksum of the binary value (or string) `expr`, as a "
        "bigint.",
        "> SELECT _FUNC_('sluice');\n"
        " 140069170"}},
      {{"overlay"},
       {"_FUNC_(input PLACING replace FROM pos [FOR len]) - Returns `input` with the `len` "
        "characters (by default as many as `replace` has) starting at position `pos` replaced by "
        "`replace`.",
        "> SELECT _FUNC_('2024-xx-01' PLACING '06' FROM 6);\n"
        " 2024-06-01\n"
        "> SELECT _FUNC_('abcdef' PLACING 'Z' FROM 2 FOR 3);\n"
        " aZef"}},
      {{"find_in_set"},
       {"_FUNC_(str, list) - Returns the 1-based position of `str` among the items of the "
        "comma-separated `list`, or 0 when it is not one of them (or holds a comma).",
        "> SELECT _FUNC_('b', 'a,b,c');\n"
        " 2\n"
        "> SELECT _FUNC_('d', 'a,b,c');\n"
        " 0"}},
      {{"elt"},
       {"_FUNC_(n, input1, input2, ...) - Returns the `n`-th of the inputs, failing when `n` is "
        "out of range (null instead with ANSI mode off).",
        "> SELECT _FUNC_(2, 'red', 'green', 'blue');\n"
        " green"}},
      {{"encode"},
       {"_FUNC_(str, charset) - Returns the bytes of `str` in the character set `charset` (such as "
        "'UTF-8', 'UTF-16LE', 'US-ASCII').",
        "> SELECT hex(_FUNC_('é', 'UTF-8'));\n"
        " C3A9\n"
        "> SELECT hex(_FUNC_('A', 'UTF-16LE'));\n"
        " 4100"}},
      {{"decode"},
       {"_FUNC_(bin, charset) - Returns the string that the bytes `bin` hold in the character set "
        "`charset`; `_FUNC_(expr, search1, result1, ..., [default])` instead returns the result "
        "paired with the first search value equal to `expr`, else `default` (or null).",
        "> SELECT _FUNC_(X'C3A9', 'UTF-8');\n"
        " é\n"
        "> SELECT _FUNC_(3, 1, 'one', 3, 'three', 'other');\n"
        " three\n"
        "> SELECT _FUNC_(NULL, 1, 'one', NULL, 'none');\n"
        " none"}},
      {{"is_valid_utf8"},
       {"_FUNC_(str) - Returns whether the bytes of `str` form valid UTF-8.",
        "> SELECT _FUNC_('plain');\n"
        " true\n"
        "> SELECT _FUNC_(X'41FF');\n"
        " false"}},
      {{"make_valid_utf8"},
       {"_FUNC_(str) - Returns `str` with each invalid UTF-8 byte sequence replaced by the "
        "replacement character U+FFFD.",
        "> SELECT _FUNC_('plain');\n"
        " plain\n"
        "> SELECT hex(_FUNC_(X'41FF'));\n"
        " 41EFBFBD"}},
      {{"validate_utf8"},
       {"_FUNC_(str) - Returns `str` when its bytes form valid UTF-8, and fails otherwise.",
        "> SELECT _FUNC_('plain');\n"
        " plain"}},
      {{"try_validate_utf8"},
       {"_FUNC_(str) - Returns `str` when its bytes form valid UTF-8, and null otherwise.",
        "> SELECT _FUNC_('plain');\n"
        " plain\n"
        "> SELECT _FUNC_(X'41FF');\n"
        " NULL"}},
      {{"mask"},
       {"_FUNC_(str [, upperChar, lowerChar, digitChar, otherChar]) - Returns `str` with "
        "upper-case letters replaced by `upperChar` ('X'), lower-case ones by `lowerChar` ('x'), "
        "digits by `digitChar` ('n') and other characters by `otherChar` (kept); a null "
        "replacement keeps that class as it is.",
        "> SELECT _FUNC_('Card 4929-11');\n"
        " Xxxx nnnn-nn\n"
        "> SELECT _FUNC_('Card 4929-11', NULL, NULL, '*');\n"
        " Card ****-**\n"
        "> SELECT _FUNC_('ab-12', 'U', 'l', 'd', '_');\n"
        " ll_dd",
        "* str - the string to mask.\n"
        "* upperChar - the character for upper-case letters, 'X' by default; NULL keeps them.\n"
        "* lowerChar - the character for lower-case letters, 'x' by default; NULL keeps them.\n"
        "* digitChar - the character for digits, 'n' by default; NULL keeps them.\n"
        "* otherChar - the character for every other character, NULL (keep them) by default."}},
      {{"quote"},
       {"_FUNC_(str) - Returns `str` between single quotes, with a backslash put before each "
        "single quote inside it.",
        "> SELECT _FUNC_(\"it's\");\n"
        " 'it\\'s'"}},
      {{"luhn_check"},
       {"_FUNC_(str) - Returns whether the string of digits `str` passes the Luhn checksum used by "
        "card numbers; false for an empty string or one with a non-digit.",
        "> SELECT _FUNC_('4111111111111111');\n"
        " true\n"
        "> SELECT _FUNC_('4111111111111112');\n"
        " false"}},
      {{"to_binary"},
       {"_FUNC_(str [, fmt]) - Returns the binary value `str` encodes in the format `fmt`: 'hex' "
        "(the default), 'utf-8' (also 'utf8') or 'base64'; fails when `str` does not fit the "
        "format.",
        "> SELECT hex(_FUNC_('sl', 'utf-8'));\n"
        " 736C\n"
        "> SELECT hex(_FUNC_('abc1'));\n"
        " ABC1"}},
      {{"try_to_binary"},
       {"_FUNC_(str [, fmt]) - Returns what to_binary(str, fmt) returns, but null instead of "
        "failing when `str` does not fit the format.",
        "> SELECT hex(_FUNC_('c2w=', 'base64'));\n"
        " 736C\n"
        "> SELECT _FUNC_('xyz', 'hex');\n"
        " NULL"}},
      {{"url_encode"},
       {"_FUNC_(str) - Returns `str` encoded for a URL query (application/x-www-form-urlencoded): "
        "a space becomes '+' and reserved characters %XX.",
        "> SELECT _FUNC_('a b&c=d/e');\n"
        " a+b%26c%3Dd%2Fe"}},
      {{"url_decode"},
       {"_FUNC_(str) - Returns the string that the URL-encoded `str` stands for ('+' as a space, "
        "%XX as a byte); fails on a malformed escape.",
        "> SELECT _FUNC_('a+b%26c%3Dd%2Fe');\n"
        " a b&c=d/e"}},
      {{"try_url_decode"},
       {"_FUNC_(str) - Returns what url_decode(str) returns, but null instead of failing on a "
        "malformed escape.",
        "> SELECT _FUNC_('100%25');\n"
        " 100%\n"
        "> SELECT _FUNC_('100%');\n"
        " NULL"}},
      {{"parse_url"},
       {"_FUNC_(url, part [, key]) - Returns one part of `url`: 'PROTOCOL', 'HOST', 'PATH', "
        "'QUERY', 'REF', 'FILE', 'AUTHORITY' or 'USERINFO', or with `key` the value of that query "
        "parameter; null when the part is missing.",
        "> SELECT _FUNC_('https://example.com:8080/docs/a.html?lang=en&v=2#top', 'HOST');\n"
        " example.com\n"
        "> SELECT _FUNC_('https://example.com:8080/docs/a.html?lang=en&v=2#top', 'QUERY', 'v');\n"
        " 2\n"
        "> SELECT _FUNC_('https://example.com:8080/docs/a.html?lang=en&v=2#top', 'REF');\n"
        " top",
        "* url - the URL to take apart.\n"
        "* part - which part to return: 'PROTOCOL', 'HOST', 'PATH', 'QUERY', 'REF', 'FILE', "
        "'AUTHORITY' or 'USERINFO'.\n"
        "* key - with 'QUERY', the name of the query parameter whose value to return."}},
      {{"try_parse_url"},
       {"_FUNC_(url, part [, key]) - Returns what parse_url returns, but null instead of failing "
        "when `url` is not a valid URL.",
        "> SELECT _FUNC_('https://example.com/a?b=1', 'PATH');\n"
        " /a\n"
        "> SELECT _FUNC_('https://exa mple.com/', 'HOST');\n"
        " NULL"}},
      {{"to_char", "to_varchar"},
       {"_FUNC_(expr, format) - Returns the date or timestamp `expr` written with the datetime "
        "pattern `format`, the binary `expr` written in 'hex', 'base64' or 'utf-8', or the "
        "number `expr` written with the number format `format`.",
        "> SELECT _FUNC_(DATE'2024-07-04', 'yyyy/MM/dd');\n"
        " 2024/07/04\n"
        "> SELECT _FUNC_(X'536C', 'hex');\n"
        " 536C\n"
        "> SELECT _FUNC_(-12454.8, '99G999D9S');\n"
        " 12,454.8-",
        "Arguments:\n"
        "* expr - a date, timestamp, binary or number.\n"
        "* format - a constant. For a number: '0' or '9' (a digit; a leading '0' pads with "
        "zeros, a '9' with spaces), '.' or 'D' (the decimal point), ',' or 'G' (a thousands "
        "separator), '$', 'S' (a sign, + or -), 'MI' (a minus sign when negative) and 'PR' "
        "(angle brackets around a negative number). A number with more digits than the format "
        "is written as '#' in every digit position."}},
      {{"to_number"},
       {"_FUNC_(expr, format) - Returns the string `expr` read with the number format `format` "
        "as a DECIMAL of the format's digits; fails when `expr` does not match the format.",
        "> SELECT _FUNC_('454', '999');\n"
        " 454\n"
        "> SELECT _FUNC_('$12,454.8', '$99,999.99');\n"
        " 12454.80\n"
        "> SELECT _FUNC_('<45>', '99PR');\n"
        " -45",
        "Arguments:\n"
        "* expr - the string to read.\n"
        "* format - a constant: '0' or '9' (a digit; a run that starts with '0' before the "
        "decimal point needs exactly as many digits, one that starts with '9' at most as "
        "many), '.' or 'D' (the decimal point), ',' or 'G' (a thousands separator), '$', 'S' "
        "(an optional + or -), 'MI' (an optional -) and 'PR' (angle brackets for a negative "
        "number)."}},
      {{"try_to_number"},
       {"_FUNC_(expr, format) - Returns what to_number returns, but NULL instead of failing "
        "when `expr` does not match the format.",
        "> SELECT _FUNC_('454', '999');\n"
        " 454\n"
        "> SELECT _FUNC_('$45', '999');\n"
        " NULL"}},
  };
}

}  // namespace sluice

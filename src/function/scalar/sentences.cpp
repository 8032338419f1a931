// src/function/scalar/sentences.cpp
//
// sentences(str[, lang, country]): the words of each sentence of `str`, as Spark finds them
// with java.text.BreakIterator's sentence and word instances. Their rules (the JDK's
// BreakIteratorRules, the same for every locale but Thai) are reproduced here:
// - A sentence ends after '!' or '?' (with the terminators, periods and closing punctuation
//   that follow, then the spaces); after a period (with further periods and closing
//   punctuation) followed by spaces and a capital A-Z, or by optional spaces, opening
//   punctuation and a character that may start a sentence (not a letter of a cased script,
//   digit, space or punctuation mark); after a paragraph separator; else at the end.
// - A word token is the longest of: letters and digits in alternating runs, a letter run
//   joined inside by single dashes, apostrophes, quotes or periods ("don't", "e.g"), a digit
//   run by single commas, periods or quotes ("1,234.56"), optionally led by a currency sign,
//   '#' or '.' and ended by '%' or '&'; a run of whitespace with one line separator; a run of
//   Kanji, of Hiragana or of Katakana; any single character. Non-spacing, enclosing and format
//   marks stay with the character before them.
// - A token is a word when its first character is a letter or a decimal digit.
// The locale changes nothing: Thai, which the JDK splits with a dictionary, is split by these
// rules. Spark tests a token's first character as a UTF-16 unit, so a token that starts
// outside the Basic Multilingual Plane is never a word, here too.

#include <algorithm>

#include <utf8proc.h>

#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/utf8_text.hpp"

namespace sluice {

namespace {

constexpr char32_t kParagraphSeparator = 0x2029;

utf8proc_category_t categoryOf(char32_t c) {
  return utf8proc_category(static_cast<utf8proc_int32_t>(c));
}

bool isIgnorable(char32_t c) {
  utf8proc_category_t category = categoryOf(c);
  return category == UTF8PROC_CATEGORY_MN || category == UTF8PROC_CATEGORY_ME ||
         category == UTF8PROC_CATEGORY_CF;
}

bool isLetterCategory(utf8proc_category_t category) {
  return category >= UTF8PROC_CATEGORY_LU && category <= UTF8PROC_CATEGORY_LO;
}

bool isNumberCategory(utf8proc_category_t category) {
  return category >= UTF8PROC_CATEGORY_ND && category <= UTF8PROC_CATEGORY_NO;
}

bool isSpaceSeparator(char32_t c) {
  return categoryOf(c) == UTF8PROC_CATEGORY_ZS;
}

bool isOpeningPunctuation(char32_t c) {
  utf8proc_category_t category = categoryOf(c);
  return category == UTF8PROC_CATEGORY_PS || category == UTF8PROC_CATEGORY_PI || c == '"' ||
         c == '\'';
}

bool isClosingPunctuation(char32_t c) {
  utf8proc_category_t category = categoryOf(c);
  return category == UTF8PROC_CATEGORY_PE || category == UTF8PROC_CATEGORY_PF || c == '"' ||
         c == '\'';
}

// ---- sentence rules ----

bool isSentenceSpace(char32_t c) {
  return c == '\t' || c == '\r' || c == '\f' || c == '\n' || c == 0x2028 || isSpaceSeparator(c);
}

bool isTerminator(char32_t c) {
  return c == '!' || c == '?' || c == 0x3002 || c == 0xFF01 || c == 0xFF1F;
}

bool isPeriod(char32_t c) {
  return c == '.' || c == 0xFF0E;
}

bool isDanda(char32_t c) {
  return c == 0x0964 || c == 0x0965;
}

bool isLatinCapital(char32_t c) {
  return c >= 'A' && c <= 'Z';
}

//! A character after which a period ends a sentence: anything but lowercase letters, capital
//! A-Z, digits, spaces, punctuation that opens or closes, terminators and periods.
bool maySentenceStart(char32_t c) {
  return categoryOf(c) != UTF8PROC_CATEGORY_LL && !isLatinCapital(c) && !isSentenceSpace(c) &&
         !isOpeningPunctuation(c) && !isClosingPunctuation(c) && !isNumberCategory(categoryOf(c)) &&
         !isTerminator(c) && !isPeriod(c) && c != kParagraphSeparator;
}

//! The end of the sentence that starts at `start` of `chars` (the text without its ignorable
//! marks).
size_t sentenceEnd(const std::vector<char32_t>& chars, size_t start) {
  size_t count = chars.size();
  auto skip = [&](size_t position, auto&& matches) {
    while (position < count && matches(chars[position]))
      ++position;
    return position;
  };
  for (size_t index = start; index < count; ++index) {
    char32_t c = chars[index];
    if (c == kParagraphSeparator)
      return index + 1;
    if (isDanda(c))
      return skip(index + 1, isSentenceSpace);
    if (isTerminator(c)) {
      size_t end = skip(index + 1, [](char32_t next) {
        return isTerminator(next) || isPeriod(next) || isClosingPunctuation(next);
      });
      end = skip(end, isSentenceSpace);
      return end < count && chars[end] == kParagraphSeparator ? end + 1 : end;
    }
    if (!isPeriod(c))
      continue;
    size_t after =
        skip(index + 1, [](char32_t next) { return isPeriod(next) || isClosingPunctuation(next); });
    size_t next = skip(after, isSentenceSpace);
    if (next == count)
      continue;
    if (chars[next] == kParagraphSeparator)
      return next + 1;
    if (next > after && isLatinCapital(chars[next]))
      return next;
    size_t opened = skip(next, isOpeningPunctuation);
    if (opened < count &&
        (maySentenceStart(chars[opened]) || (opened > next && isLatinCapital(chars[opened]))))
      return next;
  }
  return count;
}

// ---- word rules ----

bool isKanji(char32_t c) {
  return c == 0x3005 || (c >= 0x3400 && c <= 0x4DB5) || (c >= 0x4E00 && c <= 0x9FA5) ||
         (c >= 0xF900 && c <= 0xFA6A);
}

bool isKatakana(char32_t c) {
  return (c >= 0x3099 && c <= 0x309C) || (c >= 0x30A1 && c <= 0x30FE);
}

bool isHiragana(char32_t c) {
  return (c >= 0x3041 && c <= 0x309E) || c == 0x30FC;
}

bool isWordLetter(char32_t c) {
  utf8proc_category_t category = categoryOf(c);
  return (isLetterCategory(category) || category == UTF8PROC_CATEGORY_MC) && !isKanji(c) &&
         !isKatakana(c) && !isHiragana(c);
}

bool isWordDigit(char32_t c) {
  return isNumberCategory(categoryOf(c));
}

bool joinsLetters(char32_t c) {
  return categoryOf(c) == UTF8PROC_CATEGORY_PD || c == 0x00AD || c == 0x2027 || c == '"' ||
         c == '\'' || c == '.';
}

bool joinsDigits(char32_t c) {
  return c == '"' || c == '\'' || c == ',' || c == 0x066B || c == '.';
}

bool leadsNumber(char32_t c) {
  return (categoryOf(c) == UTF8PROC_CATEGORY_SC && c != 0x00A2) || c == '#' || c == '.';
}

bool endsNumber(char32_t c) {
  return c == '%' || c == '&' || c == 0x00A2 || c == 0x066A || c == 0x2030 || c == 0x2031;
}

bool isWordSpace(char32_t c) {
  return c == '\t' || isSpaceSeparator(c);
}

bool isLineSeparator(char32_t c) {
  return c == '\n' || c == '\f' || c == 0x2028 || c == kParagraphSeparator;
}

//! Splits one sentence (chars[begin, end)) into tokens.
class WordTokenizer {
 public:
  WordTokenizer(const std::vector<char32_t>& chars, size_t end) : chars_(chars), end_(end) {}

  //! The end of the token that starts at `start` (the longest match of the JDK's rules).
  size_t tokenEnd(size_t start) const {
    char32_t c = chars_[start];
    size_t end = start + 1;
    if (isWordLetter(c) || isWordDigit(c))
      end = std::max(end, alternatingRuns(start, /*digits_first=*/false));
    if (leadsNumber(c))
      end = std::max(end, alternatingRuns(start + 1, /*digits_first=*/true));
    if (isWordSpace(c) || c == '\r' || isLineSeparator(c)) {
      size_t position = skip(start, isWordSpace);
      if (position < end_ && chars_[position] == '\r')
        ++position;
      if (position < end_ && isLineSeparator(chars_[position]))
        ++position;
      end = std::max(end, position);
    }
    for (bool (*run)(char32_t) : {isKatakana, isHiragana, isKanji}) {
      if (run(c))
        end = std::max(end, skip(start, run));
    }
    return end;
  }

 private:
  size_t skip(size_t position, bool (*matches)(char32_t)) const {
    while (position < end_ && matches(chars_[position]))
      ++position;
    return position;
  }

  //! Runs of `member` joined by single `joiner`s: "don't", "1,234.56".
  size_t joinedRun(size_t position, bool (*member)(char32_t), bool (*joiner)(char32_t)) const {
    position = skip(position, member);
    while (position + 1 < end_ && joiner(chars_[position]) && member(chars_[position + 1]))
      position = skip(position + 1, member);
    return position;
  }

  //! Letter runs (a word, maybe ending in a danda) and digit runs (a number) in turn; a
  //! number may end the token with a sign such as '%'.
  size_t alternatingRuns(size_t position, bool digits_first) const {
    bool want_letters = !digits_first;
    bool first = true;
    while (position < end_) {
      char32_t c = chars_[position];
      if (want_letters && isWordLetter(c)) {
        position = joinedRun(position, isWordLetter, joinsLetters);
        if (position < end_ && isDanda(chars_[position]))
          ++position;
      } else if (isWordDigit(c) && (!want_letters || first)) {
        position = joinedRun(position, isWordDigit, joinsDigits);
        if (position < end_ && endsNumber(chars_[position]))
          return position + 1;
        want_letters = false;
      } else {
        break;
      }
      want_letters = !want_letters;
      first = false;
    }
    return position;
  }

  const std::vector<char32_t>& chars_;
  size_t end_;
};

//! Java's Character.isLetterOrDigit on a UTF-16 unit.
bool startsWord(char32_t c) {
  return c <= 0xFFFF && (isLetterCategory(categoryOf(c)) || categoryOf(c) == UTF8PROC_CATEGORY_ND);
}

Value sentencesOf(std::string_view text) {
  // The characters that take part in the rules, and where each starts in `text`; ignorable
  // marks are left out and end up inside the token before them.
  std::vector<char32_t> chars;
  std::vector<size_t> offsets;
  for (size_t offset = 0; offset < text.size();) {
    size_t length = 0;
    char32_t c = utf8::decode(text, offset, length);
    if (!isIgnorable(c) || chars.empty()) {
      chars.push_back(c);
      offsets.push_back(offset);
    }
    offset += length;
  }
  offsets.push_back(text.size());
  DataType words_type = DataType::array(DataType::string(), false);
  std::vector<Value> sentences;
  for (size_t begin = 0; begin < chars.size();) {
    size_t end = sentenceEnd(chars, begin);
    WordTokenizer tokenizer(chars, end);
    std::vector<Value> words;
    for (size_t start = begin; start < end;) {
      size_t stop = tokenizer.tokenEnd(start);
      if (startsWord(chars[start]))
        words.push_back(Value::string(
            std::string(text.substr(offsets[start], offsets[stop] - offsets[start]))));
      start = stop;
    }
    sentences.push_back(Value::nested(words_type, std::move(words)));
    begin = end;
  }
  return Value::nested(DataType::array(words_type, false), std::move(sentences));
}

BoundScalarFunction bindSentences(const BindRequest& request) {
  std::vector<DataType> types;
  for (size_t index = 0; index < request.argument_types.size(); ++index)
    types.push_back(expectArgument(request, index, DataType::string()));
  DataType result_type = DataType::array(DataType::array(DataType::string(), false), false);
  // The language and country only choose a locale, and every locale splits alike.
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    const Vector& texts = *args[0];
    forEachRow(rows, [&](idx_t row) {
      if (texts.isNull(row)) {
        result.setNull(row);
        return;
      }
      StringView text = texts.at<StringView>(row);
      result.setValue(row, sentencesOf(std::string_view(text.data(), text.size())));
    });
  };
  return {"sentences", std::move(types), std::move(result_type), std::move(kernel)};
}

}  // namespace

void registerSentencesFunctions(FunctionRegistry& registry) {
  registry.addScalar({"sentences", 1, 3, bindSentences});
}

}  // namespace sluice

// src/function/docs/variant_docs.cpp
//
// What DESCRIBE FUNCTION shows of the VARIANT functions. Every example is run by
// test/unit/session/function_catalogue_test.cpp, which compares its rows with the lines shown.
#include "function/docs/doc_parts.hpp"

namespace sluice {

std::vector<NamedFunctionDoc> variantFunctionDocs() {
  return {
      {{"parse_json"},
       {"_FUNC_(jsonStr) - Parses the JSON text `jsonStr` as a VARIANT value; raises "
        "MALFORMED_RECORD_IN_PARSING when it is not valid JSON.",
        "> SELECT _FUNC_('{\"a\":1,\"b\":0.8}');\n"
        " {\"a\":1,\"b\":0.8}"}},
      {{"try_parse_json"},
       {"_FUNC_(jsonStr) - Parses the JSON text `jsonStr` as a VARIANT value, or returns null "
        "when it is not valid JSON.",
        "> SELECT _FUNC_('{\"a\":1,\"b\":0.8}');\n"
        " {\"a\":1,\"b\":0.8}\n"
        "> SELECT _FUNC_('{\"a\":1,');\n"
        " NULL"}},
      {{"is_variant_null"},
       {"_FUNC_(expr) - Returns true when the VARIANT `expr` is a variant null (a JSON null), "
        "false otherwise, SQL NULL included.",
        "> SELECT _FUNC_(parse_json('null'));\n"
        " true\n"
        "> SELECT _FUNC_(parse_json('\"null\"'));\n"
        " false"}},
      {{"variant_get"},
       {"_FUNC_(v, path[, type]) - Extracts the value at `path` ($, .name, ['name'], [index]) "
        "of the VARIANT `v` and casts it to `type` (VARIANT when omitted); null when the path "
        "finds nothing, INVALID_VARIANT_CAST when the cast fails.",
        "> SELECT _FUNC_(parse_json('{\"a\": 1}'), '$.a', 'int');\n"
        " 1\n"
        "> SELECT _FUNC_(parse_json('[1, \"2\"]'), '$[1]', 'string');\n"
        " 2\n"
        "> SELECT _FUNC_(parse_json('[1, \"hello\"]'), '$[1]');\n"
        " \"hello\""}},
      {{"try_variant_get"},
       {"_FUNC_(v, path[, type]) - As variant_get, but null when the cast fails.",
        "> SELECT _FUNC_(parse_json('[1, \"hello\"]'), '$[1]', 'int');\n"
        " NULL\n"
        "> SELECT _FUNC_(parse_json('{\"a\": 1}'), '$.a', 'int');\n"
        " 1"}},
      {{"schema_of_variant"},
       {"_FUNC_(v) - Returns the type of the VARIANT `v` in SQL form, objects as OBJECT<...>.",
        "> SELECT _FUNC_(parse_json('null'));\n"
        " VOID\n"
        "> SELECT _FUNC_(parse_json('[{\"b\":true,\"a\":0}]'));\n"
        " ARRAY<OBJECT<a: BIGINT, b: BOOLEAN>>"}},
      {{"variant_explode"},
       {"_FUNC_(input) - Returns a row for each field of the VARIANT object `input` or element "
        "of the VARIANT array `input`: its position `pos`, its key `key` (null for an array's "
        "elements) and its value `value`; nothing for any other value or null.",
        "> SELECT * FROM _FUNC_(parse_json('{\"a\": true, \"b\": 3.14}'));\n"
        " 0\ta\ttrue\n"
        " 1\tb\t3.14"}},
      {{"variant_explode_outer"},
       {"_FUNC_(input) - As variant_explode, but a row of nulls when `input` is null or not a "
        "non-empty object or array.",
        "> SELECT * FROM _FUNC_(parse_json('1'));\n"
        " NULL\tNULL\tNULL"}},
      {{"schema_of_variant_agg"},
       {"_FUNC_(v) - Returns the merged type, in SQL form, of the VARIANT values `v` of a group.",
        "> SELECT _FUNC_(parse_json(j)) FROM VALUES ('1'), ('2'), ('3') AS tab(j);\n"
        " BIGINT\n"
        "> SELECT _FUNC_(parse_json(j)) FROM VALUES ('{\"a\": 1}'), ('{\"b\": true}'), "
        "('{\"c\": 1.23}') AS tab(j);\n"
        " OBJECT<a: BIGINT, b: BOOLEAN, c: DECIMAL(3,2)>"}},
      {{"to_variant_object"},
       {"_FUNC_(expr) - Converts the struct, map (with string keys) or array `expr` into a "
        "VARIANT, structs and maps as objects.",
        "> SELECT _FUNC_(named_struct('a', 1, 'b', 2));\n"
        " {\"a\":1,\"b\":2}\n"
        "> SELECT _FUNC_(array(map('a', 2)));\n"
        " [{\"a\":2}]"}},
  };
}

}  // namespace sluice

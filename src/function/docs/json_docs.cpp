// src/function/docs/json_docs.cpp
//
// What DESCRIBE FUNCTION shows of the JSON functions. Every example is run by
// test/unit/session/function_catalogue_test.cpp, which compares its rows with the lines shown.
#include "function/docs/doc_parts.hpp"

namespace sluice {

std::vector<NamedFunctionDoc> jsonFunctionDocs() {
  return {
      {{"get_json_object"},
       {"_FUNC_(json_txt, path) - Returns the part of the JSON text `json_txt` that the JSON path "
        "`path` ($, .name, ['name'], [index], [*]) selects, as JSON text (a string value without "
        "its quotes), or null when it selects nothing or the text is not JSON.",
        "> SELECT _FUNC_('{\"a\":{\"b\":[10,20]}}', '$.a.b[1]');\n"
        " 20\n"
        "> SELECT _FUNC_('{\"a\":{\"b\":[10,20]}}', '$.a');\n"
        " {\"b\":[10,20]}\n"
        "> SELECT _FUNC_('{\"name\":\"Ann\"}', '$.name');\n"
        " Ann"}},
      {{"json_tuple"},
       {"_FUNC_(jsonStr, k1, k2, ...) - Returns a row with a string column for each key `k1`, "
        "`k2`, ...: the value of that top-level field of the JSON object `jsonStr`, or null.",
        "> SELECT _FUNC_('{\"id\":7,\"tags\":[\"x\"],\"gone\":null}', 'id', 'tags', 'gone', "
        "'absent');\n"
        " 7	[\"x\"]	NULL	NULL"}},
      {{"from_json"},
       {"_FUNC_(jsonStr, schema [, options]) - Returns the value that the JSON text `jsonStr` "
        "holds, read as the type `schema` (a DDL string such as 'a INT, b STRING' for a struct); "
        "fields that do not fit become null.",
        "> SELECT _FUNC_('{\"a\":1,\"b\":\"x\"}', 'a INT, b STRING');\n"
        " {\"a\":1,\"b\":\"x\"}\n"
        "> SELECT _FUNC_('[1,2,3]', 'ARRAY<INT>');\n"
        " [1,2,3]\n"
        "> SELECT _FUNC_('{\"k\":{\"v\":true}}', 'MAP<STRING, STRUCT<v: BOOLEAN>>');\n"
        " {\"k\":{\"v\":true}}"}},
      {{"to_json"},
       {"_FUNC_(expr [, options]) - Returns the struct, array, map or variant `expr` written as "
        "JSON text.",
        "> SELECT _FUNC_(named_struct('a', 1, 'b', array('x', NULL)));\n"
        " {\"a\":1,\"b\":[\"x\",null]}\n"
        "> SELECT _FUNC_(map('k', 1.5));\n"
        " {\"k\":1.5}"}},
      {{"schema_of_json"},
       {"_FUNC_(json [, options]) - Returns the type, in DDL form, that reading the JSON text "
        "`json` infers.",
        "> SELECT _FUNC_('{\"id\":1,\"tags\":[\"a\"],\"price\":2.5}');\n"
        " STRUCT<id: BIGINT, price: DOUBLE, tags: ARRAY<STRING>>"}},
      {{"json_array_length"},
       {"_FUNC_(jsonArray) - Returns the number of elements of the outermost JSON array "
        "`jsonArray`, or null when it is not a valid JSON array.",
        "> SELECT _FUNC_('[1, [2, 3], {\"a\": 4}]');\n"
        " 3\n"
        "> SELECT _FUNC_('{\"a\": 1}');\n"
        " NULL"}},
      {{"json_object_keys"},
       {"_FUNC_(json_object) - Returns the keys of the outermost JSON object as an array, or null "
        "when `json_object` is not a valid JSON object.",
        "> SELECT _FUNC_('{\"id\": 1, \"tags\": {\"x\": 2}}');\n"
        " [\"id\",\"tags\"]\n"
        "> SELECT _FUNC_('[1]');\n"
        " NULL"}},
  };
}

}  // namespace sluice

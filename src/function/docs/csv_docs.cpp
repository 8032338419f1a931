// src/function/docs/csv_docs.cpp
//
// What DESCRIBE FUNCTION shows of the CSV functions. Every example is run by
// test/unit/session/function_catalogue_test.cpp, which compares its rows with the lines shown.
#include "function/docs/doc_parts.hpp"

namespace sluice {

std::vector<NamedFunctionDoc> csvFunctionDocs() {
  return {
      {{"from_csv"},
       {"_FUNC_(csvStr, schema [, options]) - Returns a struct of the fields of the CSV record "
        "`csvStr`, read as the struct type `schema` (a DDL string such as 'a INT, b STRING'); "
        "fields that do not convert are null.",
        "> SELECT _FUNC_('1, 0.8', 'a INT, b DOUBLE');\n"
        " {\"a\":1,\"b\":0.8}\n"
        "> SELECT _FUNC_('26/08/2015', 'time TIMESTAMP', map('timestampFormat', 'dd/MM/yyyy'));\n"
        " {\"time\":2015-08-26 00:00:00}"}},
      {{"schema_of_csv"},
       {"_FUNC_(csv [, options]) - Returns the struct type, in DDL form, that reading the CSV "
        "record `csv` infers.",
        "> SELECT _FUNC_('1,abc');\n"
        " STRUCT<_c0: INT, _c1: STRING>"}},
      {{"to_csv"},
       {"_FUNC_(expr [, options]) - Returns the fields of the struct `expr` as a CSV record.",
        "> SELECT _FUNC_(named_struct('a', 1, 'b', 2));\n"
        " 1,2\n"
        "> SELECT _FUNC_(named_struct('time', to_timestamp('2015-08-26', 'yyyy-MM-dd')), "
        "map('timestampFormat', 'dd/MM/yyyy'));\n"
        " 26/08/2015"}},
  };
}

}  // namespace sluice

// src/sql/parameter_substitution.hpp
//
// ${name} pipeline parameters, replaced by their values from the pipeline configuration before
// a SQL file is parsed. As in Lakeflow pipelines, the value is injected as text wherever the
// reference is written, string literals and quoted identifiers included:
//   FROM ${source_catalog}.sales.orders        WHERE d > '${mypipeline.startDate}'
// References inside comments are left alone. Errors in the substituted text are located in
// that text: a value longer or shorter than its reference shifts later columns of its line.
#pragma once

#include <map>
#include <string>
#include <string_view>

namespace sluice::sql {

//! Returns `text` with every ${name} outside comments replaced by conf[name]. Throws
//! UNBOUND_SQL_PARAMETER, located at the '$' in `source_name`, for a name that `conf` lacks.
//! A '${' without a closing '}' on its line is left for the parser to report.
std::string substituteParameters(std::string_view text,
                                 const std::map<std::string, std::string>& conf,
                                 std::string_view source_name);

}  // namespace sluice::sql

// src/sql/parser/multipart_name.hpp
//
// A table name given as text (an option, a function argument, a command-line flag), read as
// the SQL parser reads a name in a statement.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sluice::sql {

//! The parts of "c.s.t" or "`my table`.t", unquoted; nullopt when `text` is not a name.
std::optional<std::vector<std::string>> parseMultipartName(std::string_view text);

}  // namespace sluice::sql

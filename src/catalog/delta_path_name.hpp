// src/catalog/delta_path_name.hpp
//
// Delta tables named by their folder, as Delta's catalog takes them: delta.`/path/to/table`
// (the prefix in any case; the path absolute, or a file: URI) names the table at that path
// in queries, DML and Delta commands alike.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sluice {

//! The folder that `name` names when it is delta.`/path`; nullopt for any other name.
std::optional<std::string> deltaPathOf(const std::vector<std::string>& name);

//! A path as Delta commands take it, absolute and normalised: "file:/x" and "file:///x" are
//! "/x".
std::string localTablePath(std::string_view path);

}  // namespace sluice

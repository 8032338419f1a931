// src/storage/format/input_files.hpp
//
// The files a read_files path names, as Spark's file sources find them: a file; a folder,
// listed recursively without the names Spark treats as hidden (starting with '_' or '.');
// or a glob with *, ?, [abc], [a-z], [^a] and {a,b} in any path component, each match being
// a file or a folder listed as above. An optional pathGlobFilter keeps the files whose name
// matches it. A path that names nothing is PATH_NOT_FOUND.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sluice {

struct InputFile {
  std::string path;  // absolute, normalized
  uint64_t size = 0;
  int64_t modification_time_us = 0;  // microseconds since the epoch
};

//! Lists the files `location` names, sorted by path. A "file:" scheme is accepted and dropped.
std::vector<InputFile> listInputFiles(std::string_view location,
                                      std::string_view path_glob_filter = {});

//! Whether `name` matches the glob `pattern` as a whole (no '/' handling: one path component).
bool matchGlob(std::string_view pattern, std::string_view name);

//! Whether `text` holds a glob character (* ? [ {).
bool hasGlobCharacters(std::string_view text);

}  // namespace sluice

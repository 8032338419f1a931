// src/storage/delta/file_paths.hpp
//
// Names of the files of a Delta table: log files ("00000000000000000012.json"), and the URI
// encoding of paths in add / remove actions (RFC 2396: Spark writes `new Path(...).toUri.toString`,
// so a Hive-escaped "%3A" appears in the log as "%253A").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sluice::delta {

//! A random (version 4) UUID in its 36-character form.
std::string randomUuid();

//! "00000000000000000012.json".
std::string commitFileName(int64_t version);
//! "00000000000000000010.checkpoint.parquet".
std::string checkpointFileName(int64_t version);
//! The version of a commit file name, or nullopt when `name` is not one.
std::optional<int64_t> commitVersionOf(std::string_view name);

//! Percent-encodes what a URI path may not hold (space, %, ", <, >, \, ^, `, {, |, }, control
//! characters); other bytes, '/' and UTF-8 included, stay as they are.
std::string encodeUriPath(std::string_view path);
//! Decodes every %XX.
std::string decodeUriPath(std::string_view path);

//! The file system path of an add / remove path: decoded, and joined to the table folder
//! unless it is absolute ("/x" or "file:/x").
std::string resolveDataPath(const std::string& table_path, std::string_view log_path);

}  // namespace sluice::delta

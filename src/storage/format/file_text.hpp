// src/storage/format/file_text.hpp
//
// The content of an input file of a text format (JSON, CSV, text), decompressed by its
// extension as Spark does: .gz / .gzip (gzip, several members accepted) and .zst / .zstd
// (zstd frames); any other file is read as it is. The returned string keeps spare capacity
// past its end (kTextPadding bytes) so that SIMD parsers may read beyond the last byte.
#pragma once

#include <cstddef>
#include <string>

namespace sluice {

//! Readable bytes kept past the end of the text (simdjson needs 64).
inline constexpr size_t kTextPadding = 64;

//! The whole (decompressed) content of `path`. Corrupt compressed data is FAILED_READ_FILE
//! naming the file; a file that cannot be read is IO_ERROR.
std::string readFileText(const std::string& path);

//! About the first `max_bytes` bytes of the (decompressed) content, cut after the last line
//! break when the file is longer: enough for schema inference without reading it all.
std::string readFileTextPrefix(const std::string& path, size_t max_bytes);

}  // namespace sluice

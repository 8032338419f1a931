// src/storage/parquet/format_error.hpp
//
// Errors for malformed Parquet bytes. The decoding layers do not know the file they read, so
// they throw FAILED_READ_FILE without a path; ParquetReader adds the path (and Spark's
// sub-class) when the error passes through it.
#pragma once

#include <fmt/format.h>

#include "common/error/error.hpp"

namespace sluice::parquet {

//! Throws FAILED_READ_FILE with a message naming what is wrong with the bytes.
template <typename... Args>
[[noreturn]] void throwFormatError(fmt::format_string<Args...> format, Args&&... args) {
  throw Error(ErrorClass::FAILED_READ_FILE, fmt::format(format, std::forward<Args>(args)...));
}

}  // namespace sluice::parquet

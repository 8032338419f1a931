// src/common/text/base64.hpp
//
// Base64 as Java's Base64.getEncoder() writes it: the standard alphabet, '=' padding, no line
// breaks (Spark's base64(), BINARY values in JSON text).
#pragma once

#include <string>
#include <string_view>

namespace sluice {

//! Appends the base64 text of `bytes` to `out`.
void appendBase64(std::string& out, std::string_view bytes);

}  // namespace sluice

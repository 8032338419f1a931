// src/storage/json/base64_decode.hpp
//
// BINARY values in JSON are base64 strings (Jackson's getBinaryValue with its default
// MIME-without-line-feeds variant): the standard alphabet, '=' padding required, whitespace
// between characters ignored.
#pragma once

#include <string>
#include <string_view>

namespace sluice::json {

//! Replaces `out` with the bytes `text` encodes; false when it is not valid base64.
bool decodeBase64(std::string_view text, std::string& out);

}  // namespace sluice::json

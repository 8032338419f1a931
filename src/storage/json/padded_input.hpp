// src/storage/json/padded_input.hpp
//
// simdjson reads up to SIMDJSON_PADDING bytes past the end of what it parses. A record (a
// line, an element of a multiLine array) is parsed in place when that many bytes of the
// buffer follow it, which holds for every record of a reader's padded file text; otherwise
// (the last lines of an unpadded text given to inference) it is copied to a scratch buffer.
#pragma once

#include <string>
#include <string_view>

#include <simdjson.h>

namespace sluice::json {

//! Makes sure `text` has SIMDJSON_PADDING bytes of capacity past its size.
inline void padText(std::string& text) {
  if (text.capacity() < text.size() + simdjson::SIMDJSON_PADDING) {
    text.reserve(text.size() + simdjson::SIMDJSON_PADDING);
  }
}

//! A view simdjson may parse of `record`, of which `readable` bytes from its start may be read.
inline simdjson::padded_string_view paddedRecord(std::string_view record, size_t readable,
                                                 std::string& scratch) {
  if (readable >= record.size() + simdjson::SIMDJSON_PADDING) {
    return simdjson::padded_string_view(record.data(), record.size(), readable);
  }
  scratch.assign(record);
  padText(scratch);
  return simdjson::padded_string_view(scratch.data(), scratch.size(), scratch.capacity());
}

}  // namespace sluice::json

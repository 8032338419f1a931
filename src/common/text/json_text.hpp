// src/common/text/json_text.hpp
//
// Writing JSON text by hand where a document library would cost an allocation per value: the
// rescued data column of the file readers and to_json build their output with these.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace sluice {

//! Appends `text` as a quoted JSON string: '"' and '\' escaped, control characters as \n, \t,
//! ... or \u00XX. Bytes from 0x80 up are copied as they are (the text is UTF-8).
inline void appendJsonString(std::string& out, std::string_view text) {
  out.push_back('"');
  for (char c : text) {
    auto byte = static_cast<unsigned char>(c);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        if (byte < 0x20) {
          char escaped[8];
          std::snprintf(escaped, sizeof escaped, "\\u%04x", byte);
          out += escaped;
        } else {
          out.push_back(c);
        }
    }
  }
  out.push_back('"');
}

}  // namespace sluice

// src/common/text/utf8_repair.cpp
//
// UTF-8 validation by the table of well-formed byte sequences (Unicode 15, table 3-7).
#include "common/text/utf8_repair.hpp"

namespace sluice {

namespace {

//! The length of the well-formed sequence at `index`, or 0 when it is ill-formed; `valid`
//! then tells how many of its bytes form the maximal ill-formed subpart (at least 1).
size_t sequenceLength(std::string_view bytes, size_t index, size_t& valid) {
  auto byte = [&](size_t at) { return static_cast<unsigned char>(bytes[at]); };
  unsigned char lead = byte(index);
  valid = 1;
  if (lead < 0x80)
    return 1;
  size_t length;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0)
      low = 0xA0;
    if (lead == 0xED)
      high = 0x9F;  // no surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0)
      low = 0x90;
    if (lead == 0xF4)
      high = 0x8F;  // nothing past U+10FFFF
  } else {
    return 0;
  }
  for (size_t offset = 1; offset < length; ++offset) {
    if (index + offset >= bytes.size())
      return 0;
    unsigned char next = byte(index + offset);
    if (offset > 1) {
      low = 0x80;
      high = 0xBF;
    }
    if (next < low || next > high)
      return 0;
    valid = offset + 1;
  }
  return length;
}

}  // namespace

void appendRepairedUtf8(std::string& out, std::string_view bytes) {
  size_t index = 0;
  while (index < bytes.size()) {
    // Runs of ASCII are copied in one go.
    size_t start = index;
    while (index < bytes.size() && static_cast<unsigned char>(bytes[index]) < 0x80)
      ++index;
    out.append(bytes.data() + start, index - start);
    if (index == bytes.size())
      break;
    size_t valid = 1;
    size_t length = sequenceLength(bytes, index, valid);
    if (length > 0) {
      out.append(bytes.data() + index, length);
      index += length;
    } else {
      out += "\xEF\xBF\xBD";
      index += valid;
    }
  }
}

size_t findInvalidUtf8(std::string_view bytes) {
  size_t index = 0;
  while (index < bytes.size()) {
    size_t valid = 1;
    size_t length = sequenceLength(bytes, index, valid);
    if (length == 0)
      return index;
    index += length;
  }
  return std::string_view::npos;
}

bool repairUtf8(std::string& text) {
  size_t invalid = findInvalidUtf8(text);
  if (invalid == std::string_view::npos)
    return false;
  std::string repaired = text.substr(0, invalid);
  appendRepairedUtf8(repaired, std::string_view(text).substr(invalid));
  text = std::move(repaired);
  return true;
}

}  // namespace sluice

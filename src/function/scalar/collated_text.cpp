// src/function/scalar/collated_text.cpp
#include "function/scalar/collated_text.hpp"

#include <unicode/ucol.h>
#include <unicode/usearch.h>

#include <algorithm>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "function/scalar/utf8_text.hpp"

namespace sluice {

LoweredText::LoweredText(std::string_view text) {
  for (size_t offset = 0; offset < text.size();) {
    size_t length = utf8::charLength(text[offset]);
    starts.push_back(lowered.size());
    offsets.push_back(offset);
    appendLowercaseCodePoints(text.substr(offset, length), lowered);
    offset += length;
  }
  starts.push_back(lowered.size());
  offsets.push_back(text.size());
}

size_t LoweredText::matchEnd(size_t i, const std::string& pattern) const {
  if (lowered.compare(starts[i], pattern.size(), pattern) != 0)
    return 0;
  auto end = std::lower_bound(starts.begin() + static_cast<std::ptrdiff_t>(i), starts.end(),
                              starts[i] + pattern.size());
  if (end == starts.end() || *end != starts[i] + pattern.size())
    return 0;
  return static_cast<size_t>(end - starts.begin());
}

namespace {

void checkIcu(UErrorCode status, const char* what) {
  if (U_FAILURE(status)) {
    throw Error(ErrorClass::INTERNAL_ERROR,
                fmt::format("ICU's string search failed to {}: {}.", what, u_errorName(status)));
  }
}

//! `text` as UTF-16, and the byte offset in `text` of each code unit (then of the end).
void toUtf16(std::string_view text, std::u16string& out, std::vector<size_t>* offsets) {
  out.clear();
  if (offsets != nullptr)
    offsets->clear();
  for (size_t offset = 0; offset < text.size();) {
    size_t length;
    char32_t c = utf8::decode(text, offset, length);
    size_t units = 1;
    if (c >= 0x10000) {
      out.push_back(static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10)));
      out.push_back(static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF)));
      units = 2;
    } else {
      out.push_back(static_cast<char16_t>(c));
    }
    if (offsets != nullptr)
      offsets->insert(offsets->end(), units, offset);
    offset += length;
  }
  if (offsets != nullptr)
    offsets->push_back(text.size());
}

//! One move of a search (usearch_first, _last, _next): the position it finds, -1 for none.
int32_t moveSearch(UStringSearch* search, int32_t (*move)(UStringSearch*, UErrorCode*)) {
  UErrorCode status = U_ZERO_ERROR;
  int32_t found = move(search, &status);
  checkIcu(status, "search");
  return found == USEARCH_DONE ? -1 : found;
}

}  // namespace

void IcuStringSearch::UCollatorCloser::operator()(UCollator* collator) const {
  ucol_close(collator);
}

IcuStringSearch::IcuStringSearch(const Collation& collation) {
  UErrorCode status = U_ZERO_ERROR;
  collator_.reset(ucol_clone(collation.icuCollator(), &status));
  checkIcu(status, "copy the collator");
}

IcuStringSearch::~IcuStringSearch() {
  if (search_ != nullptr)
    usearch_close(search_);
}

void IcuStringSearch::reset(std::string_view text, std::string_view pattern) {
  toUtf16(text, text_, &byte_offsets_);
  toUtf16(pattern, pattern_, nullptr);
  UErrorCode status = U_ZERO_ERROR;
  auto text_length = static_cast<int32_t>(text_.size());
  auto pattern_length = static_cast<int32_t>(pattern_.size());
  if (search_ == nullptr) {
    search_ = usearch_openFromCollator(pattern_.data(), pattern_length, text_.data(), text_length,
                                       collator_.get(), nullptr, &status);
    checkIcu(status, "start");
    return;
  }
  usearch_setText(search_, text_.data(), text_length, &status);
  usearch_setPattern(search_, pattern_.data(), pattern_length, &status);
  checkIcu(status, "set its text");
  usearch_reset(search_);
}

void IcuStringSearch::resetPattern(std::string_view pattern) {
  toUtf16(pattern, pattern_, nullptr);
  UErrorCode status = U_ZERO_ERROR;
  usearch_setPattern(search_, pattern_.data(), static_cast<int32_t>(pattern_.size()), &status);
  checkIcu(status, "set its pattern");
  usearch_reset(search_);
}

int32_t IcuStringSearch::first() {
  return moveSearch(search_, usearch_first);
}

int32_t IcuStringSearch::last() {
  return moveSearch(search_, usearch_last);
}

int32_t IcuStringSearch::next() {
  return moveSearch(search_, usearch_next);
}

int32_t IcuStringSearch::nextFrom(int32_t offset) {
  if (offset < 0 || offset > textLength())
    return -1;
  UErrorCode status = U_ZERO_ERROR;
  usearch_setOffset(search_, offset, &status);
  checkIcu(status, "move");
  return next();
}

int32_t IcuStringSearch::matchLength() const {
  return usearch_getMatchedLength(search_);
}

std::optional<IcuStringSearch> icuSearchFor(const Collation* collation) {
  if (collation == nullptr || collation->icuCollator() == nullptr)
    return std::nullopt;
  return std::optional<IcuStringSearch>(std::in_place, *collation);
}

std::vector<std::string_view> splitText(std::string_view text, std::string_view delimiter,
                                        bool lowercase, IcuStringSearch* icu, size_t max_parts) {
  std::vector<std::string_view> parts;
  auto room = [&] { return max_parts == 0 || parts.size() + 1 < max_parts; };
  size_t begin = 0;
  if (icu != nullptr) {
    if (!text.empty() && !delimiter.empty()) {
      icu->reset(text, delimiter);
      for (int32_t found = icu->first(); found >= 0 && room(); found = icu->next()) {
        parts.push_back(text.substr(begin, icu->byteOffset(found) - begin));
        begin = icu->byteOffset(found + icu->matchLength());
      }
    }
  } else if (lowercase) {
    std::string pattern;
    appendLowercaseCodePoints(delimiter, pattern);
    if (!pattern.empty()) {
      LoweredText lowered(text);
      for (size_t i = 0; i < lowered.characters() && room();) {
        size_t end = lowered.matchEnd(i, pattern);
        if (end == 0) {
          ++i;
          continue;
        }
        parts.push_back(text.substr(begin, lowered.offsets[i] - begin));
        begin = lowered.offsets[end];
        i = end;
      }
    }
  } else if (!delimiter.empty()) {
    while (room()) {
      size_t found = text.find(delimiter, begin);
      if (found == std::string_view::npos)
        break;
      parts.push_back(text.substr(begin, found - begin));
      begin = found + delimiter.size();
    }
  }
  parts.push_back(text.substr(begin));
  return parts;
}

}  // namespace sluice

// src/storage/json/record_splitter.cpp
//
// Line splitting and the multiLine document walk.
#include "storage/json/record_splitter.hpp"

#include <algorithm>
#include <cstring>

#include <simdjson.h>

#include "storage/json/json_token.hpp"
#include "storage/json/json_value_copy.hpp"

namespace sluice::json {

namespace ondemand = simdjson::ondemand;

namespace {

std::string_view trimSpace(std::string_view text) {
  return trimToken(text.substr(skipJsonSpace(text)));
}

// Jackson skips a UTF-8 byte order mark at the start of a file; simdjson does not.
std::string_view dropByteOrderMark(std::string_view text) {
  if (text.size() >= 3 && std::memcmp(text.data(), "\xEF\xBB\xBF", 3) == 0)
    text.remove_prefix(3);
  return text;
}

}  // namespace

RecordSplitter::RecordSplitter(std::string_view text, size_t readable, bool multi_line)
    : text_(text), multi_line_(multi_line) {
  std::string_view body = dropByteOrderMark(text_);
  position_ = static_cast<size_t>(body.data() - text_.data());
  if (multi_line_)
    splitDocument(readable);
}

bool RecordSplitter::next(JsonRecord& record) {
  if (multi_line_) {
    if (next_record_ == records_.size())
      return false;
    record = records_[next_record_++];
    return true;
  }
  while (position_ < text_.size()) {
    const char* start = text_.data() + position_;
    size_t rest = text_.size() - position_;
    const auto* newline = static_cast<const char*>(std::memchr(start, '\n', rest));
    size_t length = newline ? static_cast<size_t>(newline - start) : rest;
    position_ += newline ? length + 1 : length;
    ++line_;
    std::string_view line(start, length);
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    if (skipJsonSpace(line) == line.size())
      continue;  // blank lines hold no record
    record = JsonRecord{line, line_, SplitProblem::kNone};
    return true;
  }
  return false;
}

uint64_t RecordSplitter::lineAt(const char* position) {
  counted_lines_ += static_cast<uint64_t>(std::count(counted_until_, position, '\n'));
  counted_until_ = position;
  return counted_lines_;
}

void RecordSplitter::splitDocument(size_t readable) {
  counted_until_ = text_.data();
  std::string_view document = trimSpace(text_.substr(position_));
  if (document.empty())
    return;
  uint64_t document_line = lineAt(document.data());
  JsonRecord whole{document, document_line, SplitProblem::kNone};
  if (document.front() != '[') {
    // An object is one record; anything else is one malformed record, which the record
    // converter reports.
    records_.push_back(whole);
    return;
  }
  auto fail = [&] {
    records_.clear();
    whole.problem = SplitProblem::kInvalidDocument;
    records_.push_back(whole);
  };
  // The elements' bounds come from one walk over the whole document, which also checks it.
  ondemand::parser parser;
  std::string_view body = text_.substr(position_);
  auto result =
      parser.iterate(simdjson::padded_string_view(body.data(), body.size(), readable - position_));
  if (result.error())
    return fail();
  ondemand::document doc = std::move(result).value_unsafe();
  ondemand::array array;
  if (doc.get_array().get(array))
    return fail();
  for (auto element_result : array) {
    ondemand::value element;
    if (std::move(element_result).get(element))
      return fail();
    std::string_view token = trimToken(element.raw_json_token());
    TokenKind kind = classifyToken(token);
    const char* start = token.data();
    if (!copyJsonValue(element, nullptr))
      return fail();
    const char* end = start + token.size();
    if (kind == TokenKind::kObject || kind == TokenKind::kArray) {
      // The walk consumed the element: the document now stands on the ',' or ']' after it.
      const char* after = nullptr;
      if (doc.current_location().get(after))
        return fail();
      end = after;
    }
    std::string_view element_text = trimSpace(std::string_view(start, end - start));
    records_.push_back(
        JsonRecord{element_text, lineAt(start),
                   kind == TokenKind::kObject ? SplitProblem::kNone : SplitProblem::kNotObject});
  }
  // Text after the closing ']' makes the document invalid.
  if (doc.current_location().error() != simdjson::OUT_OF_BOUNDS)
    return fail();
}

}  // namespace sluice::json

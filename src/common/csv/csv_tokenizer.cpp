// src/common/csv/csv_tokenizer.cpp
//
// The record and field scanner. Lines are found with memchr; fields are scanned byte by byte
// (they are short), and a field is copied only when unescaping changes it.
#include "common/csv/csv_tokenizer.hpp"

#include <algorithm>
#include <cstring>

namespace sluice::csv {

namespace {

constexpr size_t kMaxLineText = 1000;

//! The blanks univocity trims: control characters and spaces, not the line breaks that end
//! records.
bool isBlank(char c) {
  return static_cast<unsigned char>(c) <= ' ' && c != '\n' && c != '\r';
}

}  // namespace

CsvTokenizer::CsvTokenizer(std::string_view text, const CsvOptions& options)
    : separator_(options.separator),
      quote_(options.quote),
      escape_(options.quote == '\0' || options.escape == options.quote ? '\0' : options.escape),
      multi_line_(options.multi_line),
      trim_leading_(options.ignore_leading_white_space),
      trim_trailing_(options.ignore_trailing_white_space),
      comment_(options.comment),
      line_sep_(options.line_separator) {
  fields_.reserve(16);
  reset(text);
}

void CsvTokenizer::reset(std::string_view text) {
  text_ = text;
  pos_ = text_.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  next_line_ = 1;
  size_t first_break = text_.find(line_sep_, pos_);
  // "\r\n" ends lines only where lineSep is the default.
  crlf_file_ = line_sep_ == '\n' && first_break != std::string_view::npos && first_break > 0 &&
               text_[first_break - 1] == '\r';
}

bool CsvTokenizer::next() {
  fields_.clear();
  scratch_.clear();
  malformed_ = false;
  size_t size = text_.size();
  while (pos_ < size) {
    if (!multi_line_) {
      // Blank lines are skipped, as Spark filters lines whose trim() is empty.
      const char* data = text_.data();
      const void* found = std::memchr(data + pos_, line_sep_, size - pos_);
      size_t line_end = found ? static_cast<size_t>(static_cast<const char*>(found) - data) : size;
      size_t content_end = line_end;
      if (line_sep_ == '\n' && content_end > pos_ && data[content_end - 1] == '\r')
        --content_end;
      size_t line_start = pos_;
      pos_ = found ? line_end + 1 : size;
      uint64_t line = next_line_++;
      size_t first = line_start;
      while (first < content_end && static_cast<unsigned char>(data[first]) <= ' ')
        ++first;
      if (first == content_end)
        continue;
      if (comment_ != '\0' && data[line_start] == comment_)
        continue;
      record_line_ = line;
      record_begin_ = line_start;
      record_end_ = content_end;
      readLine();
      return true;
    }
    // Multi-line: only empty lines are skipped.
    if (text_[pos_] == line_sep_) {
      ++pos_;
      ++next_line_;
      continue;
    }
    if (line_sep_ == '\n' && text_[pos_] == '\r' && (pos_ + 1 == size || text_[pos_ + 1] == '\n')) {
      pos_ += pos_ + 1 == size ? 1 : 2;
      ++next_line_;
      continue;
    }
    if (comment_ != '\0' && text_[pos_] == comment_) {
      size_t line_end = text_.find(line_sep_, pos_);
      pos_ = line_end == std::string_view::npos ? size : line_end + 1;
      ++next_line_;
      continue;
    }
    readMultiLineRecord();
    return true;
  }
  return false;
}

void CsvTokenizer::readLine() {
  size_t end = record_end_;
  size_t pos = record_begin_;
  while (true) {
    pos = fieldStart(pos, end);
    if (quote_ != '\0' && pos < end && text_[pos] == quote_) {
      pos = readQuoted(pos, end);
    } else {
      size_t stop = unquotedEnd(pos, end);
      fields_.push_back(Field{pos, valueEnd(pos, stop) - pos, pos, false, false});
      pos = stop;
    }
    if (pos < end && text_[pos] == separator_) {
      ++pos;
      continue;
    }
    break;
  }
}

void CsvTokenizer::readMultiLineRecord() {
  size_t size = text_.size();
  record_line_ = next_line_;
  record_begin_ = pos_;
  size_t pos = pos_;
  while (true) {
    pos = fieldStart(pos, size);
    if (quote_ != '\0' && pos < size && text_[pos] == quote_) {
      pos = readQuoted(pos, size);
    } else {
      size_t stop = unquotedEnd(pos, size);
      size_t field_end = stop;
      if (line_sep_ == '\n' && field_end > pos && text_[field_end - 1] == '\r')
        --field_end;
      field_end = valueEnd(pos, field_end);
      fields_.push_back(Field{pos, field_end - pos, pos, false, false});
      pos = stop;
    }
    if (pos < size && text_[pos] == separator_) {
      ++pos;
      continue;
    }
    break;
  }
  // `pos` is on the line break that ends the record, or at the end of the text.
  record_end_ = pos;
  if (line_sep_ == '\n' && record_end_ > record_begin_ && text_[record_end_ - 1] == '\r')
    --record_end_;
  for (size_t i = record_begin_; i < pos; ++i) {
    if (text_[i] == line_sep_)
      ++next_line_;
  }
  if (pos < size) {
    ++pos;
    ++next_line_;
  }
  pos_ = pos;
}

size_t CsvTokenizer::fieldStart(size_t pos, size_t end) const {
  if (!trim_leading_)
    return pos;
  while (pos < end && text_[pos] != separator_ && isBlank(text_[pos]))
    ++pos;
  return pos;
}

size_t CsvTokenizer::valueEnd(size_t begin, size_t stop) const {
  if (!trim_trailing_)
    return stop;
  while (stop > begin && isBlank(text_[stop - 1]))
    --stop;
  return stop;
}

size_t CsvTokenizer::unquotedEnd(size_t pos, size_t end) const {
  const char* data = text_.data();
  if (multi_line_) {
    while (pos < end && data[pos] != separator_ && data[pos] != line_sep_)
      ++pos;
  } else {
    while (pos < end && data[pos] != separator_)
      ++pos;
  }
  return pos;
}

bool CsvTokenizer::atLineEnd(size_t pos) const {
  return multi_line_ && text_[pos] == line_sep_;
}

void CsvTokenizer::copyToScratch(size_t from, size_t to) {
  if (!building_) {
    building_ = true;
    build_begin_ = scratch_.size();
  }
  scratch_.append(text_.data() + from, to - from);
}

size_t CsvTokenizer::readQuoted(size_t pos, size_t end) {
  const char* data = text_.data();
  size_t start = pos;
  size_t segment = pos + 1;  // the next bytes to keep
  size_t scan = segment;
  building_ = false;
  auto finish = [&](size_t stop) {
    if (building_) {
      copyToScratch(segment, stop);
      fields_.push_back(Field{build_begin_, scratch_.size() - build_begin_, start, true, true});
      building_ = false;
    } else {
      fields_.push_back(Field{segment, stop - segment, start, false, true});
    }
  };
  while (true) {
    size_t at = scan;
    while (at < end) {
      char c = data[at];
      if (c == quote_ || (escape_ != '\0' && c == escape_) || (multi_line_ && c == line_sep_))
        break;
      ++at;
    }
    if (at >= end) {
      // Never closed: the field takes the rest, without the final line break.
      malformed_ = true;
      size_t stop = end;
      if (stop > segment && data[stop - 1] == line_sep_)
        --stop;
      if (line_sep_ == '\n' && stop > segment && data[stop - 1] == '\r')
        --stop;
      finish(stop);
      return end;
    }
    char c = data[at];
    if (c == line_sep_) {
      // univocity normalizes the file's own line separator inside quotes to '\n'.
      if (crlf_file_ && at > segment && data[at - 1] == '\r') {
        copyToScratch(segment, at - 1);
        segment = at;
      }
      scan = at + 1;
      continue;
    }
    if (escape_ != '\0' && c == escape_) {
      if (at + 1 < end && (data[at + 1] == quote_ || data[at + 1] == escape_)) {
        copyToScratch(segment, at);
        segment = at + 1;  // keeps the escaped character
        scan = at + 2;
      } else {
        scan = at + 1;  // a lone escape is kept
      }
      continue;
    }
    if (at + 1 < end && data[at + 1] == quote_) {
      // A doubled quote is one quote.
      copyToScratch(segment, at + 1);
      segment = at + 2;
      scan = at + 2;
      continue;
    }
    // The closing quote; spaces after it are dropped.
    size_t after = at + 1;
    while (after < end && static_cast<unsigned char>(data[after]) <= ' ' &&
           data[after] != separator_ && data[after] != line_sep_) {
      ++after;
    }
    if (after >= end || data[after] == separator_ || atLineEnd(after)) {
      finish(at);
      return after;
    }
    // Text after the closing quote: the whole field, quotes included, is a plain value.
    if (building_) {
      scratch_.resize(build_begin_);
      building_ = false;
    }
    size_t stop = unquotedEnd(after, end);
    size_t field_end = stop;
    if (line_sep_ == '\n' && field_end > start && data[field_end - 1] == '\r' &&
        (stop == end || data[stop] == '\n')) {
      --field_end;
    }
    fields_.push_back(Field{start, field_end - start, start, false, false});
    return stop;
  }
}

SourceLocation CsvTokenizer::locate(idx_t index, std::string_view path) const {
  size_t raw = index < fields_.size() ? fields_[index].raw_begin : record_begin_;
  uint64_t line = record_line_;
  size_t line_start = record_begin_;
  for (size_t i = record_begin_; i < raw; ++i) {
    if (text_[i] == line_sep_) {
      ++line;
      line_start = i + 1;
    }
  }
  size_t line_end = text_.find(line_sep_, line_start);
  if (line_end == std::string_view::npos)
    line_end = text_.size();
  if (line_sep_ == '\n' && line_end > line_start && text_[line_end - 1] == '\r')
    --line_end;
  line_end = std::min(line_end, line_start + kMaxLineText);
  SourceLocation location;
  location.source_name = std::string(path);
  location.line = static_cast<uint32_t>(std::min<uint64_t>(line, UINT32_MAX));
  location.column = static_cast<uint32_t>(std::min<size_t>(raw - line_start + 1, UINT32_MAX));
  location.line_text = std::string(text_.substr(line_start, line_end - line_start));
  return location;
}

}  // namespace sluice::csv

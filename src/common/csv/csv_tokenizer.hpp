// src/common/csv/csv_tokenizer.hpp
//
// Splits CSV text into records and fields the way Spark's CSV source (univocity, with
// Spark's settings) does, without a std::string per field: a field is a view of the text, or
// of a per-record scratch buffer when unescaping changed it.
//
// Records end at '\n' (a '\r' before it is dropped). Without multi-line, every line break ends
// a record and lines that are blank (only bytes up to ' ') are skipped; with multi-line, a
// quoted field may hold line breaks (in a CRLF file a quoted "\r\n" reads as "\n", univocity's
// normalization) and only empty lines are skipped. A field starting with the quote runs to
// the closing quote; inside, escape + quote and a doubled quote are a quote, escape + escape an
// escape; spaces after the closing quote are dropped, and any other text after it makes the
// whole field, quotes included, a plain value up to the separator (univocity's
// STOP_AT_DELIMITER). A quote that is never closed takes the rest of the line (or file) and
// marks the record malformed. Unquoted fields are taken as they are, spaces included, unless
// ignoreLeadingWhiteSpace / ignoreTrailingWhiteSpace drop them; lines starting with the comment
// character are skipped.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/csv/csv_options.hpp"
#include "common/error/error.hpp"

namespace sluice::csv {

class CsvTokenizer {
 public:
  //! Splits `text`, which must outlive the tokenizer. A leading byte-order mark is skipped.
  CsvTokenizer(std::string_view text, const CsvOptions& options);

  //! Starts over on `text` (which must outlive the tokenizer) with the same options, keeping the
  //! buffers: from_csv tokenizes one value per row.
  void reset(std::string_view text);

  //! Reads the next record; false at the end of the text.
  bool next();

  idx_t fieldCount() const { return fields_.size(); }
  //! The text of field `index` after unquoting and unescaping.
  std::string_view field(idx_t index) const {
    const Field& field = fields_[index];
    const char* base = field.in_scratch ? scratch_.data() : text_.data();
    return {base + field.begin, field.length};
  }
  bool quoted(idx_t index) const { return fields_[index].quoted; }
  //! A quote in the record was never closed.
  bool malformed() const { return malformed_; }
  //! The line (from 1) where the record starts.
  uint64_t line() const { return record_line_; }
  //! The record as it is in the file, without its line break.
  std::string_view recordText() const {
    return text_.substr(record_begin_, record_end_ - record_begin_);
  }
  //! Where field `index` starts: the line, the column (from 1) and that line's text.
  SourceLocation locate(idx_t index, std::string_view path) const;

 private:
  struct Field {
    size_t begin;
    size_t length;
    size_t raw_begin;  // where the field starts in the text
    bool in_scratch;
    bool quoted;
  };

  void readLine();
  void readMultiLineRecord();
  //! Reads the quoted field at `pos` (on the quote); returns where it ends (on the separator,
  //! the line break or `end`).
  size_t readQuoted(size_t pos, size_t end);
  //! The end of the unquoted field at `pos`: the next separator, or the line's end.
  size_t unquotedEnd(size_t pos, size_t end) const;
  //! Where the field at `pos` starts once the blanks that ignoreLeadingWhiteSpace drops are
  //! skipped (never past `end` or a line break).
  size_t fieldStart(size_t pos, size_t end) const;
  //! The end of an unquoted field's value: `stop`, less the blanks that
  //! ignoreTrailingWhiteSpace drops.
  size_t valueEnd(size_t begin, size_t stop) const;
  //! Copies [from, to) of the text to the scratch buffer for the field being built.
  void copyToScratch(size_t from, size_t to);
  bool atLineEnd(size_t pos) const;

  std::string_view text_;
  char separator_;
  char quote_;
  char escape_;  // '\0' when disabled or equal to the quote
  bool multi_line_;
  bool trim_leading_;
  bool trim_trailing_;
  char comment_;            // '\0' when none
  char line_sep_;           // ends records; '\n' also takes a "\r\n" before it
  bool crlf_file_ = false;  // the first line ends with "\r\n"

  size_t pos_ = 0;
  uint64_t next_line_ = 1;
  uint64_t record_line_ = 0;
  size_t record_begin_ = 0;
  size_t record_end_ = 0;
  bool malformed_ = false;
  std::vector<Field> fields_;
  std::string scratch_;
  // The field being unescaped into the scratch buffer.
  bool building_ = false;
  size_t build_begin_ = 0;
};

}  // namespace sluice::csv

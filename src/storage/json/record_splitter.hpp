// src/storage/json/record_splitter.hpp
//
// Cuts a JSON file's text into records. Lines mode: one record per line ('\n', a '\r' before
// it dropped), blank lines skipped, so that a bad line never hides the next one. multiLine:
// the text is one document; a top-level array of objects gives one record per element
// (simdjson walks it once to find the elements' bounds and to check the whole document: if
// any of it is malformed, the whole file is one malformed record, as in Spark); anything else
// is one record. Records keep the line number of their first byte for messages.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace sluice::json {

//! Why a record is known to be malformed before it is converted.
enum class SplitProblem : uint8_t {
  kNone,
  kInvalidDocument,  // multiLine: the document is not valid JSON
  kNotObject,        // multiLine: an element of the top-level array is not an object
};

struct JsonRecord {
  std::string_view text;  // a line without its line break, or a multiLine document / element
  uint64_t line = 0;      // the line of its first byte, from 1
  SplitProblem problem = SplitProblem::kNone;
};

class RecordSplitter {
 public:
  //! Splits `text`, of which `readable` bytes from its start may be read: in multiLine mode
  //! that must cover SIMDJSON_PADDING bytes past its end.
  RecordSplitter(std::string_view text, size_t readable, bool multi_line);

  //! The next record; false at the end.
  bool next(JsonRecord& record);

 private:
  void splitDocument(size_t readable);
  //! Counts lines from the last counted position up to `position`.
  uint64_t lineAt(const char* position);

  std::string_view text_;
  bool multi_line_;
  size_t position_ = 0;              // lines mode: where the next line starts
  uint64_t line_ = 0;                // lines mode: the last line returned
  std::vector<JsonRecord> records_;  // multiLine
  size_t next_record_ = 0;
  const char* counted_until_ = nullptr;  // multiLine: lineAt's cursor
  uint64_t counted_lines_ = 1;
};

}  // namespace sluice::json

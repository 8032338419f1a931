// src/storage/format/text_lines.hpp
//
// The `text` format of read_files: one STRING row `value` per line of a file (lines end at
// "\n", "\r\n" or "\r", which are not part of the value; a last line without an end counts),
// or with wholetext one row holding the whole file.
#pragma once

#include <string>

#include "common/vector/vector.hpp"

namespace sluice {

class TextLineReader {
 public:
  TextLineReader(std::string text, bool whole_text, idx_t batch_size = kVectorSize)
      : text_(std::move(text)), whole_text_(whole_text), batch_size_(batch_size) {}

  //! Replaces `batch` with the next lines as one STRING column; false at the end.
  bool next(Batch& batch);

 private:
  std::string text_;
  bool whole_text_;
  idx_t batch_size_;
  size_t position_ = 0;
  bool done_ = false;
};

}  // namespace sluice

// src/storage/format/text_lines.cpp
#include "storage/format/text_lines.hpp"

#include <cstring>

namespace sluice {

bool TextLineReader::next(Batch& batch) {
  if (done_)
    return false;
  Vector values(DataType::string(), whole_text_ ? 1 : batch_size_);
  StringView* out = values.mutableData<StringView>();
  idx_t rows = 0;
  if (whole_text_) {
    out[rows++] = values.addString(text_);
    done_ = true;
  } else {
    const char* data = text_.data();
    size_t size = text_.size();
    while (rows < batch_size_ && position_ < size) {
      const char* start = data + position_;
      size_t remaining = size - position_;
      // The first '\n' or '\r' ends the line.
      const char* newline = static_cast<const char*>(std::memchr(start, '\n', remaining));
      size_t length = newline ? static_cast<size_t>(newline - start) : remaining;
      const char* carriage = static_cast<const char*>(std::memchr(start, '\r', length));
      if (carriage != nullptr)
        length = static_cast<size_t>(carriage - start);
      out[rows++] = values.addString(std::string_view(start, length));
      position_ += length;
      if (position_ < size) {
        char end = data[position_++];
        if (end == '\r' && position_ < size && data[position_] == '\n')
          ++position_;
      }
    }
    if (position_ >= size)
      done_ = true;
  }
  if (rows == 0)
    return false;
  batch.columns.clear();
  batch.columns.push_back(std::move(values));
  batch.num_rows = rows;
  return true;
}

}  // namespace sluice

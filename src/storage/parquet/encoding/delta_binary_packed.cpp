// src/storage/parquet/encoding/delta_binary_packed.cpp
//
// The DELTA_BINARY_PACKED decoder and encoder.
#include "storage/parquet/encoding/delta_binary_packed.hpp"

#include <algorithm>

#include "storage/parquet/encoding/bit_packing.hpp"

namespace sluice::parquet {

DeltaBinaryPackedDecoder::DeltaBinaryPackedDecoder(const uint8_t* data, size_t size)
    : cursor_(data, size) {
  block_size_ = cursor_.readUleb("DELTA_BINARY_PACKED block size");
  miniblocks_per_block_ = cursor_.readUleb("DELTA_BINARY_PACKED miniblock count");
  total_count_ = cursor_.readUleb("DELTA_BINARY_PACKED value count");
  last_value_ = static_cast<uint64_t>(cursor_.readZigzag("DELTA_BINARY_PACKED first value"));
  if (block_size_ == 0 || block_size_ % 128 != 0) {
    throwFormatError("DELTA_BINARY_PACKED block size {} is not a positive multiple of 128",
                     block_size_);
  }
  if (miniblocks_per_block_ == 0 || block_size_ % miniblocks_per_block_ != 0) {
    throwFormatError("DELTA_BINARY_PACKED block size {} does not split into {} miniblocks",
                     block_size_, miniblocks_per_block_);
  }
  values_per_miniblock_ = block_size_ / miniblocks_per_block_;
  if (values_per_miniblock_ % 32 != 0 || values_per_miniblock_ > kMaxValuesPerMiniblock) {
    throwFormatError("DELTA_BINARY_PACKED miniblocks of {} values are not supported",
                     values_per_miniblock_);
  }
  remaining_ = total_count_;
  first_pending_ = total_count_ > 0;
  // The bit widths are stored when a block header is read: the header's miniblock count is
  // only bounded by the block size, so nothing is allocated for it before its bytes are seen.
  miniblock_index_ = miniblocks_per_block_;
}

void DeltaBinaryPackedDecoder::readBlockHeader() {
  min_delta_ = static_cast<uint64_t>(cursor_.readZigzag("DELTA_BINARY_PACKED min delta"));
  const uint8_t* widths =
      cursor_.take(miniblocks_per_block_, "DELTA_BINARY_PACKED miniblock bit widths");
  bit_widths_.assign(widths, widths + miniblocks_per_block_);
  miniblock_index_ = 0;
}

void DeltaBinaryPackedDecoder::loadMiniblock() {
  if (miniblock_index_ == miniblocks_per_block_)
    readBlockHeader();
  int width = bit_widths_[miniblock_index_++];
  if (width > 64)
    throwFormatError("DELTA_BINARY_PACKED bit width {} exceeds 64", width);
  size_t bytes = values_per_miniblock_ * width / 8;
  // The last miniblock may be cut short after the values the header announced.
  uint64_t needed = std::min<uint64_t>(values_per_miniblock_, remaining_);
  size_t needed_bytes = (needed * width + 7) / 8;
  size_t available = std::min(bytes, cursor_.remaining());
  if (available < needed_bytes) {
    throwFormatError("DELTA_BINARY_PACKED miniblock needs {} bytes but only {} remain",
                     needed_bytes, cursor_.remaining());
  }
  const uint8_t* data = cursor_.take(available, "DELTA_BINARY_PACKED miniblock");
  if (buffer_.size() < needed)
    buffer_.resize(values_per_miniblock_);
  for (uint64_t index = 0; index < needed; ++index) {
    uint64_t delta = readPackedValue(data, available, index * width, width) + min_delta_;
    last_value_ += delta;
    buffer_[index] = last_value_;
  }
  buffer_position_ = 0;
  buffer_size_ = needed;
}

template <typename T>
void DeltaBinaryPackedDecoder::decode(T* out, size_t count) {
  if (count > remaining_) {
    throwFormatError("DELTA_BINARY_PACKED data holds {} more values, {} were expected", remaining_,
                     count);
  }
  size_t produced = 0;
  if (count > 0 && first_pending_) {
    out[produced++] = static_cast<T>(last_value_);
    first_pending_ = false;
    --remaining_;
  }
  while (produced < count) {
    if (buffer_position_ == buffer_size_)
      loadMiniblock();
    size_t take = std::min(count - produced, buffer_size_ - buffer_position_);
    for (size_t index = 0; index < take; ++index) {
      out[produced + index] = static_cast<T>(buffer_[buffer_position_ + index]);
    }
    buffer_position_ += take;
    produced += take;
    remaining_ -= take;
  }
}

template void DeltaBinaryPackedDecoder::decode<int32_t>(int32_t*, size_t);
template void DeltaBinaryPackedDecoder::decode<int64_t>(int64_t*, size_t);
template void DeltaBinaryPackedDecoder::decode<uint32_t>(uint32_t*, size_t);
template void DeltaBinaryPackedDecoder::decode<uint64_t>(uint64_t*, size_t);

size_t DeltaBinaryPackedDecoder::skipToEnd() {
  if (first_pending_ && remaining_ > 0) {
    first_pending_ = false;
    --remaining_;
  }
  // Values still buffered belong to a miniblock already consumed.
  uint64_t buffered = buffer_size_ - buffer_position_;
  remaining_ -= std::min(remaining_, buffered);
  buffer_position_ = buffer_size_;
  while (remaining_ > 0) {
    if (miniblock_index_ == miniblocks_per_block_)
      readBlockHeader();
    int width = bit_widths_[miniblock_index_++];
    if (width > 64)
      throwFormatError("DELTA_BINARY_PACKED bit width {} exceeds 64", width);
    uint64_t needed = std::min<uint64_t>(values_per_miniblock_, remaining_);
    size_t bytes = values_per_miniblock_ * width / 8;
    size_t needed_bytes = (needed * width + 7) / 8;
    size_t available = std::min(bytes, cursor_.remaining());
    if (available < needed_bytes) {
      throwFormatError("DELTA_BINARY_PACKED miniblock needs {} bytes but only {} remain",
                       needed_bytes, cursor_.remaining());
    }
    cursor_.take(available, "DELTA_BINARY_PACKED miniblock");
    remaining_ -= needed;
  }
  return cursor_.position();
}

void encodeDeltaBinaryPacked(const int64_t* values, size_t count, std::vector<uint8_t>& out) {
  constexpr uint64_t kBlockSize = 128;
  constexpr uint64_t kMiniblocks = 4;
  constexpr uint64_t kPerMiniblock = kBlockSize / kMiniblocks;
  auto put_uleb = [&out](uint64_t value) {
    while (value >= 0x80) {
      out.push_back(static_cast<uint8_t>(value | 0x80));
      value >>= 7;
    }
    out.push_back(static_cast<uint8_t>(value));
  };
  auto put_zigzag = [&](int64_t value) {
    put_uleb((static_cast<uint64_t>(value) << 1) ^ static_cast<uint64_t>(value >> 63));
  };
  put_uleb(kBlockSize);
  put_uleb(kMiniblocks);
  put_uleb(count);
  put_zigzag(count > 0 ? values[0] : 0);
  uint64_t deltas[kBlockSize];
  for (size_t start = 1; start < count; start += kBlockSize) {
    size_t block_count = std::min<size_t>(kBlockSize, count - start);
    uint64_t min_delta = 0;
    for (size_t index = 0; index < block_count; ++index) {
      deltas[index] = static_cast<uint64_t>(values[start + index]) -
                      static_cast<uint64_t>(values[start + index - 1]);
      int64_t signed_delta = static_cast<int64_t>(deltas[index]);
      if (index == 0 || signed_delta < static_cast<int64_t>(min_delta)) {
        min_delta = deltas[index];
      }
    }
    put_zigzag(static_cast<int64_t>(min_delta));
    uint8_t widths[kMiniblocks] = {0, 0, 0, 0};
    for (uint64_t mini = 0; mini < kMiniblocks; ++mini) {
      uint64_t max_value = 0;
      for (uint64_t index = mini * kPerMiniblock;
           index < std::min<uint64_t>((mini + 1) * kPerMiniblock, block_count); ++index) {
        max_value = std::max(max_value, deltas[index] - min_delta);
      }
      widths[mini] = static_cast<uint8_t>(bitWidth(max_value));
    }
    out.insert(out.end(), widths, widths + kMiniblocks);
    for (uint64_t mini = 0; mini < kMiniblocks; ++mini) {
      if (mini * kPerMiniblock >= block_count)
        break;
      BitPacker packer(out, widths[mini]);
      for (uint64_t index = mini * kPerMiniblock; index < (mini + 1) * kPerMiniblock; ++index) {
        packer.add(index < block_count ? deltas[index] - min_delta : 0);
      }
    }
  }
}

}  // namespace sluice::parquet

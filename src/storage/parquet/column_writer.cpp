// src/storage/parquet/column_writer.cpp
//
// The column chunk writer: value conversion to the physical type, dictionary building with
// fallback, page assembly and compression, statistics.
#include "storage/parquet/column_writer.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "common/check.hpp"
#include "common/error/error.hpp"
#include "common/types/geospatial.hpp"
#include "storage/parquet/compression.hpp"
#include "storage/parquet/encoding/bit_packing.hpp"
#include "storage/parquet/encoding/plain.hpp"
#include "storage/parquet/encoding/rle_bit_packed.hpp"
#include "storage/parquet/value_conversion.hpp"

namespace sluice::parquet {

namespace {

//! Rough encoded size of the open page's levels (RLE runs are usually far smaller).
size_t levelEstimate(size_t entries, int16_t max_level) {
  return max_level == 0 ? 0 : entries * bitWidth(static_cast<uint64_t>(max_level)) / 8 + 8;
}

}  // namespace

ColumnChunkWriter::ColumnChunkWriter(const LeafColumn& leaf, const ColumnWriterOptions& options)
    : leaf_(leaf), options_(options), dictionary_(leaf.physical, leaf.type_length) {
  switch (leaf.type.id()) {
    case TypeId::kVoid:
      source_ = Source::kVoid;
      break;
    case TypeId::kBoolean:
      source_ = Source::kBoolean;
      break;
    case TypeId::kByte:
      source_ = Source::kInt8;
      break;
    case TypeId::kShort:
      source_ = Source::kInt16;
      break;
    case TypeId::kInt:
    case TypeId::kDate:
    case TypeId::kYearMonthInterval:
      source_ = Source::kInt32;
      break;
    case TypeId::kLong:
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz:
    case TypeId::kDayTimeInterval:
    case TypeId::kTime:
      source_ = Source::kInt64;
      break;
    case TypeId::kFloat:
      source_ = Source::kFloat;
      break;
    case TypeId::kDouble:
      source_ = Source::kDouble;
      break;
    case TypeId::kDecimal:
      source_ = leaf.physical == PhysicalType::kInt32   ? Source::kInt64ToInt32
                : leaf.physical == PhysicalType::kInt64 ? Source::kInt64
                                                        : Source::kInt128;
      break;
    case TypeId::kString:
    case TypeId::kBinary:
      source_ = Source::kBytes;
      break;
    case TypeId::kGeometry:
    case TypeId::kGeography:
      source_ = Source::kSpatial;
      break;
    default:
      SLUICE_UNREACHABLE("not a leaf type");
  }
  reset();
}

void ColumnChunkWriter::reset() {
  dictionary_.clear();
  dictionary_active_ =
      options_.enable_dictionary && source_ != Source::kBoolean && source_ != Source::kVoid;
  page_uses_dictionary_ = dictionary_active_;
  dictionary_used_ = false;
  plain_used_ = false;
  first_page_ = true;
  pages_.clear();
  num_values_ = 0;
  total_uncompressed_ = 0;
  null_count_ = 0;
  has_min_max_ = false;
  min_bytes_.clear();
  max_bytes_.clear();
}

size_t ColumnChunkWriter::bufferedBytes() const {
  size_t values = page_uses_dictionary_ ? indices_.size() * 4 : plain_.size();
  return pages_.size() + values + booleans_.size() / 8 +
         levelEstimate(page_entries_, leaf_.max_definition_level) +
         levelEstimate(page_entries_, leaf_.max_repetition_level) +
         (dictionary_used_ || page_uses_dictionary_ ? dictionary_.plainBytes().size() : 0);
}

void ColumnChunkWriter::appendLevels(const LeafBatch& batch) {
  if (leaf_.max_definition_level > 0) {
    SLUICE_CHECK(batch.definition_levels != nullptr);
    definition_levels_.insert(definition_levels_.end(), batch.definition_levels,
                              batch.definition_levels + batch.num_entries);
    for (size_t entry = 0; entry < batch.num_entries; ++entry) {
      if (batch.definition_levels[entry] != leaf_.max_definition_level)
        ++null_count_;
    }
  }
  if (leaf_.max_repetition_level > 0) {
    SLUICE_CHECK(batch.repetition_levels != nullptr);
    repetition_levels_.insert(repetition_levels_.end(), batch.repetition_levels,
                              batch.repetition_levels + batch.num_entries);
  }
}

//! Calls `visit(row)` for every non-null entry of the batch, in order.
template <typename Visit>
static void forEachValueRow(const LeafBatch& batch, int16_t max_definition, Visit&& visit) {
  size_t value_index = 0;
  for (size_t entry = 0; entry < batch.num_entries; ++entry) {
    if (max_definition > 0 && batch.definition_levels[entry] != max_definition)
      continue;
    size_t row =
        batch.positions != nullptr ? batch.positions[value_index] : batch.first_row + entry;
    ++value_index;
    visit(row);
  }
}

void ColumnChunkWriter::updateFixedStatistics(uint64_t bits) {
  switch (source_) {
    case Source::kFloat:
    case Source::kDouble: {
      double value;
      if (source_ == Source::kFloat) {
        float single;
        uint32_t narrow = static_cast<uint32_t>(bits);
        std::memcpy(&single, &narrow, 4);
        value = single;
      } else {
        std::memcpy(&value, &bits, 8);
      }
      if (std::isnan(value))
        return;
      if (!has_min_max_) {
        min_float_ = max_float_ = value;
        has_min_max_ = true;
      } else {
        if (value < min_float_)
          min_float_ = value;
        if (value > max_float_)
          max_float_ = value;
      }
      return;
    }
    default: {
      int64_t value = leaf_.physical == PhysicalType::kInt32
                          ? static_cast<int64_t>(static_cast<int32_t>(bits))
                          : static_cast<int64_t>(bits);
      if (!has_min_max_) {
        min_int_ = max_int_ = value;
        has_min_max_ = true;
      } else {
        if (value < min_int_)
          min_int_ = value;
        if (value > max_int_)
          max_int_ = value;
      }
      return;
    }
  }
}

void ColumnChunkWriter::updateByteStatistics(std::string_view bytes) {
  if (source_ == Source::kInt128) {
    int128_t value = decimalFromBigEndian(bytes);
    if (!has_min_max_) {
      min_wide_ = max_wide_ = value;
      has_min_max_ = true;
    } else {
      if (value < min_wide_)
        min_wide_ = value;
      if (value > max_wide_)
        max_wide_ = value;
    }
    return;
  }
  if (!has_min_max_) {
    min_bytes_.assign(bytes);
    max_bytes_.assign(bytes);
    has_min_max_ = true;
    return;
  }
  if (bytes < std::string_view(min_bytes_))
    min_bytes_.assign(bytes);
  if (bytes > std::string_view(max_bytes_))
    max_bytes_.assign(bytes);
}

template <typename Get>
void ColumnChunkWriter::writeFixedValues(const LeafBatch& batch, Get&& get) {
  size_t width =
      leaf_.physical == PhysicalType::kInt32 || leaf_.physical == PhysicalType::kFloat ? 4 : 8;
  forEachValueRow(batch, leaf_.max_definition_level, [&](size_t row) {
    uint64_t bits = get(row);
    if (page_uses_dictionary_) {
      bool inserted;
      uint32_t index = dictionary_.insertFixed(bits, inserted);
      if (inserted)
        updateFixedStatistics(bits);
      indices_.push_back(index);
    } else {
      const auto* bytes = reinterpret_cast<const uint8_t*>(&bits);
      plain_.insert(plain_.end(), bytes, bytes + width);
      updateFixedStatistics(bits);
    }
    plain_estimate_ += width;
    ++page_values_;
  });
}

template <typename Get>
void ColumnChunkWriter::writeByteValues(const LeafBatch& batch, Get&& get) {
  bool fixed_length = leaf_.physical == PhysicalType::kFixedLenByteArray;
  PlainEncoder plain(plain_);
  forEachValueRow(batch, leaf_.max_definition_level, [&](size_t row) {
    std::string_view bytes = get(row);
    if (page_uses_dictionary_) {
      bool inserted;
      uint32_t index = dictionary_.insertBytes(bytes, inserted);
      if (inserted)
        updateByteStatistics(bytes);
      indices_.push_back(index);
    } else {
      if (fixed_length) {
        plain.encodeFixedLengthByteArray(bytes);
      } else {
        plain.encodeByteArray(bytes);
      }
      updateByteStatistics(bytes);
    }
    plain_estimate_ += bytes.size() + (fixed_length ? 0 : 4);
    ++page_values_;
  });
}

void ColumnChunkWriter::writeBooleans(const LeafBatch& batch) {
  const Vector& values = *batch.values;
  forEachValueRow(batch, leaf_.max_definition_level, [&](size_t row) {
    uint8_t value = values.at<uint8_t>(row) != 0 ? 1 : 0;
    booleans_.push_back(value);
    if (!has_min_max_) {
      min_int_ = max_int_ = value;
      has_min_max_ = true;
    } else {
      if (value < min_int_)
        min_int_ = value;
      if (value > max_int_)
        max_int_ = value;
    }
    ++page_values_;
  });
}

void ColumnChunkWriter::write(const LeafBatch& batch) {
  appendLevels(batch);
  const Vector& values = *batch.values;
  auto as_bits32 = [](int32_t value) { return uint64_t{static_cast<uint32_t>(value)}; };
  switch (source_) {
    case Source::kVoid:
      break;
    case Source::kBoolean:
      writeBooleans(batch);
      break;
    case Source::kInt8:
      writeFixedValues(batch, [&](size_t row) { return as_bits32(values.at<int8_t>(row)); });
      break;
    case Source::kInt16:
      writeFixedValues(batch, [&](size_t row) { return as_bits32(values.at<int16_t>(row)); });
      break;
    case Source::kInt32:
      writeFixedValues(batch, [&](size_t row) { return as_bits32(values.at<int32_t>(row)); });
      break;
    case Source::kInt64ToInt32:
      writeFixedValues(batch, [&](size_t row) {
        return as_bits32(static_cast<int32_t>(values.at<int64_t>(row)));
      });
      break;
    case Source::kInt64:
      writeFixedValues(batch,
                       [&](size_t row) { return static_cast<uint64_t>(values.at<int64_t>(row)); });
      break;
    case Source::kFloat:
      writeFixedValues(batch, [&](size_t row) {
        uint32_t bits;
        std::memcpy(&bits, &values.at<float>(row), 4);
        return uint64_t{bits};
      });
      break;
    case Source::kDouble:
      writeFixedValues(batch, [&](size_t row) {
        uint64_t bits;
        std::memcpy(&bits, &values.at<double>(row), 8);
        return bits;
      });
      break;
    case Source::kInt128: {
      uint8_t scratch[16];
      int length = leaf_.type_length;
      writeByteValues(batch, [&](size_t row) {
        decimalToBigEndian(values.at<int128_t>(row), length, scratch);
        return std::string_view(reinterpret_cast<const char*>(scratch), length);
      });
      break;
    }
    case Source::kBytes:
      writeByteValues(batch, [&](size_t row) { return values.at<StringView>(row).view(); });
      break;
    case Source::kSpatial:
      writeByteValues(
          batch, [&](size_t row) { return spatialValueWkb(values.at<StringView>(row).view()); });
      break;
  }
  page_entries_ += batch.num_entries;
  size_t value_bytes = page_uses_dictionary_ ? indices_.size() * bitWidth(dictionary_.size()) / 8
                                             : plain_.size() + booleans_.size() / 8;
  size_t estimate = value_bytes + levelEstimate(page_entries_, leaf_.max_definition_level) +
                    levelEstimate(page_entries_, leaf_.max_repetition_level);
  if (estimate >= options_.page_size || page_entries_ >= options_.page_entries)
    flushPage();
}

void ColumnChunkWriter::appendPage(PageType type, const std::vector<uint8_t>& page,
                                   int32_t num_values, Encoding encoding,
                                   std::vector<uint8_t>& out) {
  if (page.size() > static_cast<size_t>(INT32_MAX)) {
    throwError(ErrorClass::NOT_SUPPORTED, "Parquet page of {} bytes in column {} exceeds 2 GiB",
               page.size(), leaf_.path.front());
  }
  compressed_.clear();
  compress(options_.codec, options_.compression_level, page.data(), page.size(), compressed_);
  PageHeader header;
  header.type = type;
  header.uncompressed_page_size = static_cast<int32_t>(page.size());
  header.compressed_page_size = static_cast<int32_t>(compressed_.size());
  if (type == PageType::kDictionaryPage) {
    header.dictionary_page_header = DictionaryPageHeader{num_values, encoding, std::nullopt};
  } else {
    header.data_page_header =
        DataPageHeader{num_values, encoding, Encoding::kRle, Encoding::kRle, std::nullopt};
  }
  size_t header_start = out.size();
  encodePageHeader(header, out);
  size_t header_size = out.size() - header_start;
  out.insert(out.end(), compressed_.begin(), compressed_.end());
  total_uncompressed_ += static_cast<int64_t>(header_size + page.size());
}

void ColumnChunkWriter::appendPageV2(const DataPageHeaderV2& page,
                                     const std::vector<uint8_t>& values) {
  size_t levels = page_buffer_.size();
  if (levels + values.size() > static_cast<size_t>(INT32_MAX)) {
    throwError(ErrorClass::NOT_SUPPORTED, "Parquet page of {} bytes in column {} exceeds 2 GiB",
               levels + values.size(), leaf_.path.front());
  }
  // Only the values are compressed; the levels stay readable without decompression.
  compressed_.assign(page_buffer_.begin(), page_buffer_.end());
  if (page.is_compressed) {
    compress(options_.codec, options_.compression_level, values.data(), values.size(), compressed_);
  } else {
    compressed_.insert(compressed_.end(), values.begin(), values.end());
  }
  PageHeader header;
  header.type = PageType::kDataPageV2;
  header.uncompressed_page_size = static_cast<int32_t>(levels + values.size());
  header.compressed_page_size = static_cast<int32_t>(compressed_.size());
  header.data_page_header_v2 = page;
  size_t header_start = pages_.size();
  encodePageHeader(header, pages_);
  size_t header_size = pages_.size() - header_start;
  pages_.insert(pages_.end(), compressed_.begin(), compressed_.end());
  total_uncompressed_ += static_cast<int64_t>(header_size + levels + values.size());
}

void ColumnChunkWriter::flushPage() {
  if (page_entries_ == 0)
    return;
  if (page_entries_ > static_cast<size_t>(INT32_MAX)) {
    throwError(ErrorClass::NOT_SUPPORTED, "too many values in one Parquet page");
  }
  // Levels: v1 puts a 4-byte length before each run; v2 gives the lengths in the header.
  page_buffer_.clear();
  size_t repetition_length = 0;
  if (leaf_.max_repetition_level > 0) {
    int width = bitWidth(static_cast<uint64_t>(leaf_.max_repetition_level));
    if (options_.data_page_v2) {
      RleBitPackedEncoder encoder(page_buffer_, width);
      encoder.encode(repetition_levels_.data(), repetition_levels_.size());
      encoder.finish();
    } else {
      encodeLevelsWithLength(repetition_levels_.data(), repetition_levels_.size(), width,
                             page_buffer_);
    }
    repetition_length = page_buffer_.size();
  }
  if (leaf_.max_definition_level > 0) {
    int width = bitWidth(static_cast<uint64_t>(leaf_.max_definition_level));
    if (options_.data_page_v2) {
      RleBitPackedEncoder encoder(page_buffer_, width);
      encoder.encode(definition_levels_.data(), definition_levels_.size());
      encoder.finish();
    } else {
      encodeLevelsWithLength(definition_levels_.data(), definition_levels_.size(), width,
                             page_buffer_);
    }
  }
  size_t levels_length = page_buffer_.size();
  std::vector<uint8_t>& values = options_.data_page_v2 ? values_buffer_ : page_buffer_;
  if (options_.data_page_v2)
    values_buffer_.clear();
  Encoding encoding = Encoding::kPlain;
  if (source_ == Source::kBoolean) {
    PlainEncoder(values).encodeBooleans(booleans_.data(), booleans_.size());
    plain_used_ = true;
  } else if (page_uses_dictionary_) {
    int width = std::max(1, bitWidth(dictionary_.size() > 0 ? dictionary_.size() - 1 : 0));
    values.push_back(static_cast<uint8_t>(width));
    RleBitPackedEncoder encoder(values, width);
    encoder.encode(indices_.data(), indices_.size());
    encoder.finish();
    encoding = Encoding::kRleDictionary;
    dictionary_used_ = true;
  } else {
    values.insert(values.end(), plain_.begin(), plain_.end());
    plain_used_ = true;
  }
  if (options_.data_page_v2) {
    DataPageHeaderV2 page;
    page.num_values = static_cast<int32_t>(page_entries_);
    page.num_nulls = static_cast<int32_t>(page_entries_ - page_values_);
    page.num_rows = static_cast<int32_t>(
        leaf_.max_repetition_level == 0
            ? page_entries_
            : std::count(repetition_levels_.begin(), repetition_levels_.end(), 0));
    page.encoding = encoding;
    page.repetition_levels_byte_length = static_cast<int32_t>(repetition_length);
    page.definition_levels_byte_length = static_cast<int32_t>(levels_length - repetition_length);
    page.is_compressed = options_.codec != CompressionCodec::kUncompressed;
    appendPageV2(page, values);
  } else {
    appendPage(PageType::kDataPage, page_buffer_, static_cast<int32_t>(page_entries_), encoding,
               pages_);
  }
  num_values_ += static_cast<int64_t>(page_entries_);

  // Keep the dictionary only while it stays small and (judged on the first page) pays off.
  if (page_uses_dictionary_) {
    size_t dictionary_bytes = dictionary_.plainBytes().size();
    size_t index_bytes = page_values_ * std::max(1, bitWidth(dictionary_.size())) / 8;
    if (dictionary_bytes > options_.dictionary_size_limit ||
        (first_page_ && dictionary_bytes + index_bytes >= plain_estimate_)) {
      dictionary_active_ = false;
    }
  }
  first_page_ = false;
  page_uses_dictionary_ = dictionary_active_;
  definition_levels_.clear();
  repetition_levels_.clear();
  indices_.clear();
  plain_.clear();
  booleans_.clear();
  page_entries_ = 0;
  page_values_ = 0;
  plain_estimate_ = 0;
}

Statistics ColumnChunkWriter::buildStatistics() const {
  Statistics statistics;
  statistics.null_count = null_count_;
  // Spatial values have no order: Parquet defines no min / max for them.
  if (!has_min_max_ || source_ == Source::kSpatial)
    return statistics;
  auto bytes_of = [](const void* data, size_t size) {
    return std::string(static_cast<const char*>(data), size);
  };
  switch (leaf_.physical) {
    case PhysicalType::kBoolean: {
      uint8_t min = static_cast<uint8_t>(min_int_);
      uint8_t max = static_cast<uint8_t>(max_int_);
      statistics.min_value = bytes_of(&min, 1);
      statistics.max_value = bytes_of(&max, 1);
      break;
    }
    case PhysicalType::kInt32: {
      int32_t min = static_cast<int32_t>(min_int_);
      int32_t max = static_cast<int32_t>(max_int_);
      statistics.min_value = bytes_of(&min, 4);
      statistics.max_value = bytes_of(&max, 4);
      break;
    }
    case PhysicalType::kInt64:
      statistics.min_value = bytes_of(&min_int_, 8);
      statistics.max_value = bytes_of(&max_int_, 8);
      break;
    case PhysicalType::kFloat:
    case PhysicalType::kDouble: {
      // Zeros are written as -0.0 (min) and +0.0 (max) so that both signs are covered.
      double min = min_float_ == 0 ? -0.0 : min_float_;
      double max = max_float_ == 0 ? 0.0 : max_float_;
      if (leaf_.physical == PhysicalType::kFloat) {
        float min_single = static_cast<float>(min);
        float max_single = static_cast<float>(max);
        statistics.min_value = bytes_of(&min_single, 4);
        statistics.max_value = bytes_of(&max_single, 4);
      } else {
        statistics.min_value = bytes_of(&min, 8);
        statistics.max_value = bytes_of(&max, 8);
      }
      break;
    }
    case PhysicalType::kFixedLenByteArray: {
      std::string min(leaf_.type_length, '\0');
      std::string max(leaf_.type_length, '\0');
      decimalToBigEndian(min_wide_, leaf_.type_length, reinterpret_cast<uint8_t*>(min.data()));
      decimalToBigEndian(max_wide_, leaf_.type_length, reinterpret_cast<uint8_t*>(max.data()));
      statistics.min_value = std::move(min);
      statistics.max_value = std::move(max);
      break;
    }
    case PhysicalType::kByteArray:
      if (min_bytes_.size() <= options_.max_statistics_size &&
          max_bytes_.size() <= options_.max_statistics_size) {
        statistics.min_value = min_bytes_;
        statistics.max_value = max_bytes_;
      }
      break;
    case PhysicalType::kInt96:
      break;
  }
  return statistics;
}

ColumnChunk ColumnChunkWriter::finish(LocalFileWriter& file) {
  flushPage();
  ColumnMetaData metadata;
  metadata.type = leaf_.physical;
  metadata.path_in_schema = leaf_.path;
  metadata.codec = options_.codec;
  metadata.num_values = num_values_;
  int64_t start = static_cast<int64_t>(file.position());
  if (dictionary_used_) {
    std::vector<uint8_t> dictionary_page;
    appendPage(PageType::kDictionaryPage, dictionary_.plainBytes(),
               static_cast<int32_t>(dictionary_.size()), Encoding::kPlain, dictionary_page);
    metadata.dictionary_page_offset = start;
    file.write(dictionary_page.data(), dictionary_page.size());
  }
  metadata.data_page_offset = static_cast<int64_t>(file.position());
  file.write(pages_.data(), pages_.size());
  metadata.total_compressed_size = static_cast<int64_t>(file.position()) - start;
  metadata.total_uncompressed_size = total_uncompressed_;
  if (plain_used_ || dictionary_used_)
    metadata.encodings.push_back(Encoding::kPlain);
  if (leaf_.max_definition_level > 0 || leaf_.max_repetition_level > 0 || dictionary_used_) {
    metadata.encodings.push_back(Encoding::kRle);
  }
  if (dictionary_used_)
    metadata.encodings.push_back(Encoding::kRleDictionary);
  metadata.statistics = buildStatistics();

  ColumnChunk chunk;
  chunk.file_offset = 0;
  chunk.meta_data = std::move(metadata);
  reset();
  return chunk;
}

}  // namespace sluice::parquet

// src/storage/parquet/column_reader.cpp
//
// The column chunk reader: page headers, decompression, levels, value decoding and
// conversion, dictionaries.
#include "storage/parquet/column_reader.hpp"

#include <algorithm>
#include <cstring>

#include "common/check.hpp"
#include "common/error/error.hpp"
#include "common/types/geospatial.hpp"
#include "storage/parquet/buffer_pool.hpp"
#include "storage/parquet/compression.hpp"
#include "storage/parquet/encoding/bit_packing.hpp"
#include "storage/parquet/format_error.hpp"
#include "storage/parquet/value_conversion.hpp"

namespace sluice::parquet {

namespace {

bool isByteArray(PhysicalType type) {
  return type == PhysicalType::kByteArray || type == PhysicalType::kFixedLenByteArray;
}

std::string_view encodingName(Encoding encoding) {
  switch (encoding) {
    case Encoding::kPlain:
      return "PLAIN";
    case Encoding::kPlainDictionary:
      return "PLAIN_DICTIONARY";
    case Encoding::kRle:
      return "RLE";
    case Encoding::kBitPacked:
      return "BIT_PACKED";
    case Encoding::kDeltaBinaryPacked:
      return "DELTA_BINARY_PACKED";
    case Encoding::kDeltaLengthByteArray:
      return "DELTA_LENGTH_BYTE_ARRAY";
    case Encoding::kDeltaByteArray:
      return "DELTA_BYTE_ARRAY";
    case Encoding::kRleDictionary:
      return "RLE_DICTIONARY";
    case Encoding::kByteStreamSplit:
      return "BYTE_STREAM_SPLIT";
  }
  return "an unknown encoding";
}

//! The largest of `count` values (0 for none). The fixed-length inner loop is what lets -O2
//! vectorize it.
template <typename T>
T largestOf(const T* values, size_t count) {
  constexpr size_t kBlock = 16;
  T largest = 0;
  size_t index = 0;
  for (; index + kBlock <= count; index += kBlock) {
    for (size_t offset = 0; offset < kBlock; ++offset) {
      largest = std::max(largest, values[index + offset]);
    }
  }
  for (; index < count; ++index)
    largest = std::max(largest, values[index]);
  return largest;
}

//! Whether one of `count` values, each below 2^31, exceeds `limit`. Signed comparisons
//! ORed together are the cheapest such loop SSE2 has (it lacks an unsigned maximum); the
//! fixed-length inner loop is what lets -O2 vectorize it.
bool anyAbove(const uint32_t* values, size_t count, int32_t limit) {
  constexpr size_t kBlock = 64;
  int32_t above = 0;
  size_t index = 0;
  for (; index + kBlock <= count; index += kBlock) {
    for (size_t offset = 0; offset < kBlock; ++offset) {
      above |= static_cast<int32_t>(values[index + offset]) > limit ? -1 : 0;
    }
  }
  for (; index < count; ++index)
    above |= static_cast<int32_t>(values[index]) > limit ? -1 : 0;
  return above != 0;
}

//! Copies the `Width`-byte dictionary values that `indices` pick to `out`, one after another.
template <size_t Width>
void gather(const uint8_t* dictionary, const uint32_t* indices, size_t count, uint8_t* out) {
  for (size_t index = 0; index < count; ++index) {
    std::memcpy(out + index * Width, dictionary + size_t{indices[index]} * Width, Width);
  }
}

}  // namespace

void ColumnChunkReader::LevelDecoder::decode(uint16_t* out, size_t count, const char* what) {
  if (!bit_packed) {
    rle.decodeExactly(out, count, what);
    return;
  }
  if (count > unpacked.size() - position)
    throwFormatError("{} end early", what);
  std::memcpy(out, unpacked.data() + position, count * sizeof(uint16_t));
  position += count;
}

ColumnChunkReader::ColumnChunkReader(const LeafColumn& leaf, CompressionCodec codec,
                                     std::vector<uint8_t> chunk, int64_t num_values)
    : leaf_(leaf), codec_(codec), chunk_(std::move(chunk)), chunk_values_left_(num_values) {
  target_width_ = leaf.type.physicalSize();
}

ColumnChunkReader::~ColumnChunkReader() {
  recycleBuffer(std::move(chunk_));
  recycleBuffer(std::move(page_buffer_));
  recycleBuffer(std::move(dictionary_buffer_));
  recycleBuffer(std::move(dictionary_values_));
}

void ColumnChunkReader::decompressInto(const uint8_t* data, size_t size, size_t uncompressed_size,
                                       std::vector<uint8_t>& out) {
  checkUncompressedSize(codec_, data, size, uncompressed_size);
  if (out.capacity() < uncompressed_size) {
    recycleBuffer(std::move(out));
    out = takeBuffer(uncompressed_size);
  } else {
    out.resize(uncompressed_size);
  }
  decompress(codec_, data, size, out.data(), uncompressed_size);
}

size_t ColumnChunkReader::setUpLevel(LevelDecoder& decoder, int16_t max_level, const uint8_t* data,
                                     size_t size, size_t num_values, Encoding encoding,
                                     const char* what) {
  int width = bitWidth(static_cast<uint64_t>(max_level));
  decoder.position = 0;
  decoder.unpacked.clear();
  if (encoding == Encoding::kRle) {
    decoder.bit_packed = false;
    if (size < 4)
      throwFormatError("{} lack their length", what);
    uint32_t length;
    std::memcpy(&length, data, 4);
    if (length > size - 4) {
      throwFormatError("{} of {} bytes run past the page ({} bytes left)", what, length, size - 4);
    }
    decoder.rle = RleBitPackedDecoder(data + 4, length, width);
    return 4 + length;
  }
  if (encoding == Encoding::kBitPacked) {
    // Deprecated: most significant bit first, no length prefix.
    decoder.bit_packed = true;
    uint64_t bits = static_cast<uint64_t>(num_values) * width;
    size_t bytes = (bits + 7) / 8;
    if (bytes > size)
      throwFormatError("{} of {} bytes run past the page", what, bytes);
    decoder.unpacked.resize(num_values);
    for (size_t index = 0; index < num_values; ++index) {
      uint16_t value = 0;
      for (int bit = 0; bit < width; ++bit) {
        uint64_t position = static_cast<uint64_t>(index) * width + bit;
        value = static_cast<uint16_t>((value << 1) |
                                      ((data[position >> 3] >> (7 - (position & 7))) & 1));
      }
      decoder.unpacked[index] = value;
    }
    return bytes;
  }
  throwFormatError("{} use {}, which levels cannot use", what, encodingName(encoding));
}

size_t ColumnChunkReader::setUpLevelsV1(const uint8_t* data, size_t size, size_t num_values,
                                        Encoding repetition_encoding,
                                        Encoding definition_encoding) {
  size_t offset = 0;
  if (leaf_.max_repetition_level > 0) {
    offset += setUpLevel(repetition_levels_, leaf_.max_repetition_level, data, size, num_values,
                         repetition_encoding, "repetition levels");
  }
  if (leaf_.max_definition_level > 0) {
    offset += setUpLevel(definition_levels_, leaf_.max_definition_level, data + offset,
                         size - offset, num_values, definition_encoding, "definition levels");
  }
  return offset;
}

void ColumnChunkReader::setUpValues(Encoding encoding, const uint8_t* data, size_t size) {
  PhysicalType physical = leaf_.physical;
  auto invalid = [&]() {
    throwFormatError("encoding {} cannot hold {} values", encodingName(encoding),
                     static_cast<int32_t>(physical));
  };
  switch (encoding) {
    case Encoding::kPlain:
      value_encoding_ = ValueEncoding::kPlain;
      plain_ = PlainDecoder(data, size);
      return;
    case Encoding::kPlainDictionary:
    case Encoding::kRleDictionary: {
      if (!has_dictionary_)
        throwFormatError("a dictionary-encoded page has no dictionary page");
      value_encoding_ = ValueEncoding::kDictionary;
      if (size == 0) {
        index_decoder_ = RleBitPackedDecoder(data, 0, 0);
        return;
      }
      int width = data[0];
      if (width > 32)
        throwFormatError("dictionary index bit width {} exceeds 32", width);
      index_decoder_ = RleBitPackedDecoder(data + 1, size - 1, width);
      return;
    }
    case Encoding::kRle: {
      if (physical != PhysicalType::kBoolean)
        invalid();
      value_encoding_ = ValueEncoding::kRleBoolean;
      if (size < 4)
        throwFormatError("RLE booleans lack their length");
      uint32_t length;
      std::memcpy(&length, data, 4);
      if (length > size - 4)
        throwFormatError("RLE booleans run past the page");
      index_decoder_ = RleBitPackedDecoder(data + 4, length, 1);
      return;
    }
    case Encoding::kDeltaBinaryPacked:
      if (physical != PhysicalType::kInt32 && physical != PhysicalType::kInt64)
        invalid();
      value_encoding_ = ValueEncoding::kDeltaBinaryPacked;
      delta_ = size == 0 ? DeltaBinaryPackedDecoder() : DeltaBinaryPackedDecoder(data, size);
      return;
    case Encoding::kDeltaLengthByteArray:
      if (physical != PhysicalType::kByteArray)
        invalid();
      value_encoding_ = ValueEncoding::kDeltaLengthByteArray;
      delta_length_ =
          size == 0 ? DeltaLengthByteArrayDecoder() : DeltaLengthByteArrayDecoder(data, size);
      return;
    case Encoding::kDeltaByteArray:
      if (!isByteArray(physical))
        invalid();
      value_encoding_ = ValueEncoding::kDeltaByteArray;
      delta_bytes_ = size == 0 ? DeltaByteArrayDecoder() : DeltaByteArrayDecoder(data, size);
      return;
    case Encoding::kByteStreamSplit: {
      size_t width = 0;
      switch (physical) {
        case PhysicalType::kInt32:
        case PhysicalType::kFloat:
          width = 4;
          break;
        case PhysicalType::kInt64:
        case PhysicalType::kDouble:
          width = 8;
          break;
        case PhysicalType::kFixedLenByteArray:
          width = static_cast<size_t>(leaf_.type_length);
          break;
        default:
          invalid();
      }
      value_encoding_ = ValueEncoding::kByteStreamSplit;
      byte_stream_split_ = ByteStreamSplitDecoder(data, size, width);
      return;
    }
    default:
      break;
  }
  if (encoding == Encoding::kBitPacked)
    invalid();
  throwError(ErrorClass::NOT_SUPPORTED, "Parquet encoding {} is not supported",
             static_cast<int32_t>(encoding));
}

void ColumnChunkReader::loadDictionaryPage(const PageHeader& header, const uint8_t* data) {
  if (has_dictionary_)
    throwFormatError("the column chunk has a second dictionary page");
  if (!header.dictionary_page_header)
    throwFormatError("a dictionary page lacks its header");
  const DictionaryPageHeader& dictionary = *header.dictionary_page_header;
  if (dictionary.encoding != Encoding::kPlain &&
      dictionary.encoding != Encoding::kPlainDictionary) {
    throwFormatError("dictionary page uses {}, not PLAIN", encodingName(dictionary.encoding));
  }
  if (dictionary.num_values < 0) {
    throwFormatError("dictionary page of {} values", dictionary.num_values);
  }
  decompressInto(data, header.compressed_page_size, header.uncompressed_page_size,
                 dictionary_buffer_);
  size_t count = static_cast<size_t>(dictionary.num_values);
  size_t bytes = dictionary_buffer_.size();
  // Bound the count by the bytes before allocating anything for it.
  size_t most = bytes;
  switch (leaf_.physical) {
    case PhysicalType::kBoolean:
      most = bytes * 8;
      break;
    case PhysicalType::kByteArray:
      most = bytes / 4;
      break;
    case PhysicalType::kFixedLenByteArray:
      most = leaf_.type_length > 0 ? bytes / leaf_.type_length : (1 << 20);
      break;
    default:
      most = bytes / physicalWidth(leaf_.physical);
      break;
  }
  if (count > most) {
    throwFormatError("dictionary page claims {} values but holds at most {}", count, most);
  }
  PlainDecoder plain(dictionary_buffer_.data(), bytes);
  bool string_target = leaf_.type.hasStringValues();
  if (isByteArray(leaf_.physical)) {
    std::vector<std::string_view> views(count);
    if (leaf_.physical == PhysicalType::kByteArray) {
      plain.decodeByteArrays(count, views.data());
    } else {
      plain.decodeFixedLengthByteArrays(count, static_cast<size_t>(leaf_.type_length),
                                        views.data());
    }
    if (string_target) {
      convertByteValues(views.data(), count, dictionary_text_);
      dictionary_strings_ = Vector(leaf_.type, count);
      StringView* strings = dictionary_strings_.mutableData<StringView>();
      for (size_t index = 0; index < count; ++index) {
        strings[index] = dictionary_strings_.addString(views[index]);
        dictionary_has_long_strings_ |= !strings[index].isInline();
      }
      dictionary_views_ = std::move(views);
    } else {
      dictionary_values_.resize(count * target_width_);
      convertBytesToDecimal(views.data(), count, dictionary_values_.data());
    }
  } else {
    std::vector<uint8_t> physical = takeBuffer(count * physicalWidth(leaf_.physical));
    if (leaf_.physical == PhysicalType::kBoolean) {
      plain.decodeBooleans(count, physical.data());
    } else {
      plain.decodeFixed(count, physicalWidth(leaf_.physical), physical.data());
    }
    if (isIdentity(leaf_.conversion)) {
      dictionary_values_ = std::move(physical);
    } else {
      dictionary_values_ = takeBuffer(count * target_width_);
      convertFixedValues(leaf_.conversion, physical.data(), count, dictionary_values_.data());
      recycleBuffer(std::move(physical));
    }
  }
  dictionary_size_ = count;
  has_dictionary_ = true;
}

void ColumnChunkReader::claimPageValues(int32_t page_values) {
  if (page_values > chunk_values_left_) {
    throwFormatError("data page of {} values where the column chunk has {} left", page_values,
                     chunk_values_left_);
  }
  chunk_values_left_ -= page_values;
}

bool ColumnChunkReader::loadNextDataPage() {
  while (position_ < chunk_.size()) {
    size_t header_size = 0;
    PageHeader header =
        decodePageHeader(chunk_.data() + position_, chunk_.size() - position_, header_size);
    if (header.compressed_page_size < 0 || header.uncompressed_page_size < 0 ||
        header.compressed_page_size > kMaxPageSize ||
        header.uncompressed_page_size > kMaxPageSize) {
      throwFormatError("page header with sizes {} / {} bytes", header.compressed_page_size,
                       header.uncompressed_page_size);
    }
    size_t compressed_size = static_cast<size_t>(header.compressed_page_size);
    size_t left = chunk_.size() - position_ - header_size;
    if (compressed_size > left) {
      throwFormatError("page of {} bytes runs past the end of its column chunk ({} bytes left)",
                       compressed_size, left);
    }
    const uint8_t* data = chunk_.data() + position_ + header_size;
    position_ += header_size + compressed_size;
    size_t uncompressed_size = static_cast<size_t>(header.uncompressed_page_size);
    switch (header.type) {
      case PageType::kDictionaryPage:
        loadDictionaryPage(header, data);
        continue;
      case PageType::kDataPage: {
        if (!header.data_page_header)
          throwFormatError("a data page lacks its header");
        const DataPageHeader& page = *header.data_page_header;
        if (page.num_values < 0)
          throwFormatError("data page of {} values", page.num_values);
        claimPageValues(page.num_values);
        if (skipsWholePage(page.num_values))
          continue;
        decompressInto(data, compressed_size, uncompressed_size, page_buffer_);
        size_t levels =
            setUpLevelsV1(page_buffer_.data(), page_buffer_.size(), page.num_values,
                          page.repetition_level_encoding, page.definition_level_encoding);
        setUpValues(page.encoding, page_buffer_.data() + levels, page_buffer_.size() - levels);
        page_remaining_ = static_cast<size_t>(page.num_values);
        break;
      }
      case PageType::kDataPageV2: {
        if (!header.data_page_header_v2)
          throwFormatError("a data page v2 lacks its header");
        const DataPageHeaderV2& page = *header.data_page_header_v2;
        if (page.num_values < 0 || page.repetition_levels_byte_length < 0 ||
            page.definition_levels_byte_length < 0) {
          throwFormatError("data page v2 header with negative counts");
        }
        claimPageValues(page.num_values);
        if (skipsWholePage(page.num_values))
          continue;
        size_t repetition_length = static_cast<size_t>(page.repetition_levels_byte_length);
        size_t definition_length = static_cast<size_t>(page.definition_levels_byte_length);
        size_t levels = repetition_length + definition_length;
        if (levels > compressed_size || levels > uncompressed_size) {
          throwFormatError("data page v2 levels of {} bytes exceed the page", levels);
        }
        int repetition_width = bitWidth(static_cast<uint64_t>(leaf_.max_repetition_level));
        int definition_width = bitWidth(static_cast<uint64_t>(leaf_.max_definition_level));
        repetition_levels_.bit_packed = false;
        definition_levels_.bit_packed = false;
        repetition_levels_.rle = RleBitPackedDecoder(data, repetition_length, repetition_width);
        definition_levels_.rle =
            RleBitPackedDecoder(data + repetition_length, definition_length, definition_width);
        const uint8_t* values = data + levels;
        size_t values_size = compressed_size - levels;
        if (page.is_compressed && codec_ != CompressionCodec::kUncompressed) {
          decompressInto(values, values_size, uncompressed_size - levels, page_buffer_);
          values = page_buffer_.data();
          values_size = page_buffer_.size();
        } else if (values_size != uncompressed_size - levels) {
          throwFormatError("uncompressed data page v2 of {} bytes, its header says {}", values_size,
                           uncompressed_size - levels);
        }
        setUpValues(page.encoding, values, values_size);
        page_remaining_ = static_cast<size_t>(page.num_values);
        break;
      }
      default:
        continue;  // index pages and page types this reader does not know
    }
    if (page_remaining_ > 0)
      return true;
  }
  return false;
}

bool ColumnChunkReader::skipsWholePage(int32_t page_values) {
  auto values = static_cast<size_t>(page_values);
  if (skip_budget_ == 0 || values > skip_budget_)
    return false;
  skip_budget_ -= values;
  return true;
}

size_t ColumnChunkReader::skipPages(size_t rows) {
  SLUICE_CHECK_EQ(leaf_.max_repetition_level, 0);
  SLUICE_CHECK_EQ(page_remaining_, 0u);
  skip_budget_ = rows;
  loadNextDataPage();
  size_t skipped = rows - skip_budget_;
  skip_budget_ = 0;
  return skipped;
}

size_t ColumnChunkReader::available() {
  while (page_remaining_ == 0) {
    if (!loadNextDataPage())
      return 0;
  }
  return page_remaining_;
}

void ColumnChunkReader::readLevels(size_t count, uint16_t* definition, uint16_t* repetition) {
  SLUICE_CHECK_LE(count, page_remaining_);
  if (leaf_.max_repetition_level > 0) {
    SLUICE_CHECK(repetition != nullptr);
    repetition_levels_.decode(repetition, count, "repetition levels");
    if (largestOf(repetition, count) > leaf_.max_repetition_level) {
      for (size_t index = 0; index < count; ++index) {
        if (repetition[index] > leaf_.max_repetition_level) {
          throwFormatError("repetition level {} exceeds the column's maximum {}", repetition[index],
                           leaf_.max_repetition_level);
        }
      }
    }
  }
  if (leaf_.max_definition_level > 0) {
    SLUICE_CHECK(definition != nullptr);
    definition_levels_.decode(definition, count, "definition levels");
    if (largestOf(definition, count) > leaf_.max_definition_level) {
      for (size_t index = 0; index < count; ++index) {
        if (definition[index] > leaf_.max_definition_level) {
          throwFormatError("definition level {} exceeds the column's maximum {}", definition[index],
                           leaf_.max_definition_level);
        }
      }
    }
  }
  page_remaining_ -= count;
}

bool ColumnChunkReader::skipDefinedLevels(size_t count) {
  SLUICE_CHECK_LE(count, page_remaining_);
  if (leaf_.max_repetition_level > 0 || leaf_.max_definition_level == 0 ||
      definition_levels_.bit_packed) {
    return false;
  }
  if (!definition_levels_.rle.skipRepeated(static_cast<uint64_t>(leaf_.max_definition_level),
                                           count)) {
    return false;
  }
  page_remaining_ -= count;
  return true;
}

void ColumnChunkReader::decodeIndices(size_t count) {
  if (indices_.size() < count)
    indices_.resize(count);
  index_decoder_.decodeExactly(indices_.data(), count, "dictionary indices");
  if (count == 0)
    return;
  // Indices are below 2^width, so they cannot leave a dictionary at least that large.
  int width = index_decoder_.bitWidth();
  if (width < 32 && dictionary_size_ >= (size_t{1} << width))
    return;
  // One vectorized test for the batch; the search for the culprit runs only on corrupt data.
  // Below 32 bits the indices, and the dictionary's size, fit a signed comparison.
  bool out_of_range =
      dictionary_size_ == 0 ||
      (width < 32 ? anyAbove(indices_.data(), count, static_cast<int32_t>(dictionary_size_ - 1))
                  : largestOf(indices_.data(), count) >= dictionary_size_);
  if (out_of_range) {
    for (size_t index = 0; index < count; ++index) {
      if (indices_[index] >= dictionary_size_) {
        throwFormatError("dictionary index {} is out of range (the dictionary has {} values)",
                         indices_[index], dictionary_size_);
      }
    }
  }
}

void ColumnChunkReader::decodePhysical(size_t count, uint8_t* out) {
  switch (value_encoding_) {
    case ValueEncoding::kPlain:
      if (leaf_.physical == PhysicalType::kBoolean) {
        plain_.decodeBooleans(count, out);
      } else {
        plain_.decodeFixed(count, physicalWidth(leaf_.physical), out);
      }
      return;
    case ValueEncoding::kRleBoolean:
      index_decoder_.decodeExactly(out, count, "RLE booleans");
      return;
    case ValueEncoding::kDeltaBinaryPacked:
      if (leaf_.physical == PhysicalType::kInt32) {
        delta_.decode(reinterpret_cast<int32_t*>(out), count);
      } else {
        delta_.decode(reinterpret_cast<int64_t*>(out), count);
      }
      return;
    case ValueEncoding::kByteStreamSplit:
      byte_stream_split_.decode(count, out);
      return;
    default:
      break;
  }
  throwFormatError("the page's encoding cannot hold these values");
}

void ColumnChunkReader::decodePhysicalBytes(size_t count, std::string_view* out) {
  bool fixed = leaf_.physical == PhysicalType::kFixedLenByteArray;
  switch (value_encoding_) {
    case ValueEncoding::kPlain:
      if (fixed) {
        plain_.decodeFixedLengthByteArrays(count, static_cast<size_t>(leaf_.type_length), out);
      } else {
        plain_.decodeByteArrays(count, out);
      }
      return;
    case ValueEncoding::kDeltaLengthByteArray:
      delta_length_.decode(count, out);
      return;
    case ValueEncoding::kDeltaByteArray:
      delta_bytes_.decode(count, out);
      if (fixed) {
        for (size_t index = 0; index < count; ++index) {
          if (out[index].size() != static_cast<size_t>(leaf_.type_length)) {
            throwFormatError("fixed-length value of {} bytes, the column's length is {}",
                             out[index].size(), leaf_.type_length);
          }
        }
      }
      return;
    case ValueEncoding::kByteStreamSplit:
      if (fixed) {
        byte_stream_split_.decodeFixedLengthByteArrays(count, out);
        return;
      }
      break;
    default:
      break;
  }
  throwFormatError("the page's encoding cannot hold these values");
}

void ColumnChunkReader::convertBytesToDecimal(const std::string_view* views, size_t count,
                                              uint8_t* out) const {
  bool narrow = leaf_.conversion == ValueConversion::kBytesToDecimal64;
  for (size_t index = 0; index < count; ++index) {
    int128_t value = decimalFromBigEndian(views[index]);
    if (narrow) {
      if (value < INT64_MIN || value > INT64_MAX) {
        throwFormatError("decimal value does not fit the column's precision {}",
                         leaf_.type.precision());
      }
      int64_t narrowed = static_cast<int64_t>(value);
      std::memcpy(out + index * 8, &narrowed, 8);
    } else {
      std::memcpy(out + index * 16, &value, 16);
    }
  }
}

void ColumnChunkReader::convertUuids(std::string_view* views, size_t count,
                                     std::vector<char>& text) const {
  text.resize(count * 36);
  for (size_t index = 0; index < count; ++index) {
    if (views[index].size() != 16)
      throwFormatError("UUID of {} bytes", views[index].size());
    char* target = text.data() + index * 36;
    uuidToText(reinterpret_cast<const uint8_t*>(views[index].data()), target);
    views[index] = std::string_view(target, 36);
  }
}

void ColumnChunkReader::prefixSrids(std::string_view* views, size_t count,
                                    std::vector<char>& text) const {
  size_t total = 0;
  for (size_t index = 0; index < count; ++index)
    total += views[index].size() + 4;
  text.resize(total);
  std::string prefix = encodeSpatialValue(leaf_.type.srid(), {});
  char* target = text.data();
  for (size_t index = 0; index < count; ++index) {
    std::memcpy(target, prefix.data(), 4);
    std::memcpy(target + 4, views[index].data(), views[index].size());
    views[index] = std::string_view(target, views[index].size() + 4);
    target += views[index].size();
  }
}

void ColumnChunkReader::convertByteValues(std::string_view* views, size_t count,
                                          std::vector<char>& text) const {
  if (leaf_.conversion == ValueConversion::kUuidToString)
    convertUuids(views, count, text);
  if (leaf_.conversion == ValueConversion::kWkbToSpatial)
    prefixSrids(views, count, text);
}

void ColumnChunkReader::readValues(size_t count, uint8_t* out) {
  if (count == 0)
    return;
  if (value_encoding_ == ValueEncoding::kDictionary) {
    decodeIndices(count);
    const uint8_t* dictionary = dictionary_values_.data();
    switch (target_width_) {
      case 1:
        gather<1>(dictionary, indices_.data(), count, out);
        return;
      case 2:
        gather<2>(dictionary, indices_.data(), count, out);
        return;
      case 4:
        gather<4>(dictionary, indices_.data(), count, out);
        return;
      case 8:
        gather<8>(dictionary, indices_.data(), count, out);
        return;
      case 16:
        gather<16>(dictionary, indices_.data(), count, out);
        return;
      default:
        for (size_t index = 0; index < count; ++index) {
          std::memcpy(out + index * target_width_, dictionary + indices_[index] * target_width_,
                      target_width_);
        }
        return;
    }
  }
  if (convertsFromBytes(leaf_.conversion)) {
    if (views_.size() < count)
      views_.resize(count);
    decodePhysicalBytes(count, views_.data());
    convertBytesToDecimal(views_.data(), count, out);
    return;
  }
  if (isIdentity(leaf_.conversion)) {
    decodePhysical(count, out);
    return;
  }
  physical_.resize(count * physicalWidth(leaf_.physical));
  decodePhysical(count, physical_.data());
  convertFixedValues(leaf_.conversion, physical_.data(), count, out);
}

void ColumnChunkReader::readByteValues(size_t count, std::string_view* out) {
  if (count == 0)
    return;
  if (value_encoding_ == ValueEncoding::kDictionary) {
    decodeIndices(count);
    for (size_t index = 0; index < count; ++index)
      out[index] = dictionary_views_[indices_[index]];
    return;
  }
  decodePhysicalBytes(count, out);
  convertByteValues(out, count, text_);
}

void ColumnChunkReader::readStrings(size_t count, StringView* out, Vector& owner) {
  if (count == 0)
    return;
  if (value_encoding_ == ValueEncoding::kDictionary) {
    decodeIndices(count);
    const StringView* dictionary = dictionary_strings_.data<StringView>();
    for (size_t index = 0; index < count; ++index)
      out[index] = dictionary[indices_[index]];
    if (dictionary_has_long_strings_)
      owner.shareStringsOf(dictionary_strings_);
    return;
  }
  if (views_.size() < count)
    views_.resize(count);
  readByteValues(count, views_.data());
  for (size_t index = 0; index < count; ++index)
    out[index] = owner.addString(views_[index]);
}

}  // namespace sluice::parquet

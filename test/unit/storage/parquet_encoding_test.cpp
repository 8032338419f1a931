// test/unit/storage/parquet_encoding_test.cpp
//
// Each Parquet encoding on its own: the byte layouts of the specification's examples, round
// trips through the encoders, and malformed input rejected with FAILED_READ_FILE.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>

#include "common/error/error.hpp"
#include "storage/parquet/encoding/bit_packing.hpp"
#include "storage/parquet/encoding/byte_stream_split.hpp"
#include "storage/parquet/encoding/delta_binary_packed.hpp"
#include "storage/parquet/encoding/delta_byte_array.hpp"
#include "storage/parquet/encoding/delta_length_byte_array.hpp"
#include "storage/parquet/encoding/dictionary_builder.hpp"
#include "storage/parquet/encoding/plain.hpp"
#include "storage/parquet/encoding/rle_bit_packed.hpp"

namespace sluice::parquet {
namespace {

TEST(ParquetEncodingTest, BitPackedRunMatchesSpecExample) {
  // The numbers 0..7 with bit width 3 pack into 10001000 11000110 11111010.
  std::vector<uint8_t> bytes = {0x03, 0x88, 0xC6, 0xFA};
  RleBitPackedDecoder decoder(bytes.data(), bytes.size(), 3);
  uint32_t values[8];
  ASSERT_EQ(decoder.decode(values, 8), 8u);
  for (uint32_t index = 0; index < 8; ++index)
    EXPECT_EQ(values[index], index);
  EXPECT_EQ(decoder.decode(values, 1), 0u);

  std::vector<uint8_t> encoded;
  RleBitPackedEncoder encoder(encoded, 3);
  uint32_t input[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  encoder.encode(input, 8);
  encoder.finish();
  EXPECT_EQ(encoded, bytes);
}

TEST(ParquetEncodingTest, RleRunsAreUsedForRepeats) {
  std::vector<uint16_t> levels(1000, 1);
  std::vector<uint8_t> encoded;
  RleBitPackedEncoder encoder(encoded, 1);
  encoder.encode(levels.data(), levels.size());
  encoder.finish();
  // One run: varint(2000) then one value byte.
  EXPECT_EQ(encoded, (std::vector<uint8_t>{0xD0, 0x0F, 0x01}));
}

TEST(ParquetEncodingTest, RleHybridRoundTripsEveryWidth) {
  std::mt19937 random(7);
  for (int width = 0; width <= 32; ++width) {
    uint64_t limit = width == 0 ? 0 : (width == 32 ? UINT32_MAX : (uint64_t{1} << width) - 1);
    std::vector<uint32_t> values;
    while (values.size() < 5000) {
      uint32_t value = static_cast<uint32_t>(random() % (limit + 1));
      size_t run = random() % 3 == 0 ? random() % 40 : 1;
      for (size_t index = 0; index <= run; ++index)
        values.push_back(value);
    }
    std::vector<uint8_t> encoded;
    RleBitPackedEncoder encoder(encoded, width);
    encoder.encode(values.data(), values.size());
    encoder.finish();
    RleBitPackedDecoder decoder(encoded.data(), encoded.size(), width);
    std::vector<uint32_t> decoded(values.size());
    // Decode in uneven slices to cross run boundaries.
    size_t done = 0;
    while (done < values.size()) {
      size_t take = std::min<size_t>(values.size() - done, 1 + random() % 100);
      ASSERT_EQ(decoder.decode(decoded.data() + done, take), take);
      done += take;
    }
    EXPECT_EQ(decoded, values) << "width " << width;
  }
}

// Distinct neighbours keep the encoder from RLE runs: every value goes through the group
// unpacking of bit-packed runs.
std::vector<uint32_t> packedValues(int width, size_t count, std::mt19937& random) {
  uint64_t limit = width == 0 ? 0 : (width == 32 ? UINT32_MAX : (uint64_t{1} << width) - 1);
  std::vector<uint32_t> values(count);
  for (size_t index = 0; index < count; ++index) {
    values[index] = static_cast<uint32_t>(random() % (limit + 1));
    if (width > 0 && index > 0 && values[index] == values[index - 1]) {
      values[index] = static_cast<uint32_t>(values[index] == 0 ? 1 : values[index] - 1);
    }
  }
  return values;
}

template <typename T>
void expectBitPackedRoundTrip(int width, size_t count, size_t slice, std::mt19937& random) {
  std::vector<uint32_t> values = packedValues(width, count, random);
  std::vector<T> input(values.begin(), values.end());
  std::vector<uint8_t> encoded;
  RleBitPackedEncoder encoder(encoded, width);
  encoder.encode(input.data(), input.size());
  encoder.finish();
  RleBitPackedDecoder decoder(encoded.data(), encoded.size(), width);
  std::vector<T> decoded(count);
  size_t done = 0;
  while (done < count) {
    size_t take = std::min(slice, count - done);
    ASSERT_EQ(decoder.decode(decoded.data() + done, take), take);
    done += take;
  }
  EXPECT_EQ(decoded, input) << "width " << width << ", " << count << " values, slices of " << slice;
}

TEST(ParquetEncodingTest, BitPackedRunsRoundTripEveryWidthAndLength) {
  std::mt19937 random(11);
  for (int width = 0; width <= 32; ++width) {
    // Multiples of eight and not; short runs that end near the buffer's end (where the
    // group unpacking must not read past it) and runs of many groups.
    for (size_t count : {1, 7, 8, 9, 16, 23, 64, 100, 511, 512, 513, 1000, 4096, 4099}) {
      // Whole, in slices that are and are not multiples of eight.
      for (size_t slice : {count, size_t{8}, size_t{3}, size_t{13}, size_t{2048}}) {
        expectBitPackedRoundTrip<uint32_t>(width, count, slice, random);
        if (width <= 16)
          expectBitPackedRoundTrip<uint16_t>(width, count, slice, random);
        if (width <= 8)
          expectBitPackedRoundTrip<uint8_t>(width, count, slice, random);
      }
    }
  }
}

TEST(ParquetEncodingTest, BitPackedGroupsMatchValueByValueUnpacking) {
  std::mt19937 random(5);
  for (int width = 0; width <= 32; ++width) {
    size_t groups = 37;
    std::vector<uint8_t> bytes;
    {
      BitPacker packer(bytes, width);
      for (uint32_t value : packedValues(width, groups * 8, random))
        packer.add(value);
    }
    std::vector<uint8_t> padded = bytes;
    padded.resize(bytes.size() + 8);  // the group unpacking may load 8 bytes past a group
    std::vector<uint32_t> expected(groups * 8);
    std::vector<uint32_t> unpacked(groups * 8);
    unpackValues(bytes.data(), bytes.size(), width, expected.size(), expected.data());
    unpackGroups(padded.data(), width, groups, unpacked.data());
    EXPECT_EQ(unpacked, expected) << "width " << width;
  }
}

TEST(ParquetEncodingTest, TruncatedLastBitPackedRunDecodesWhatIsThere) {
  std::mt19937 random(3);
  for (int width = 1; width <= 32; ++width) {
    // An RLE run first, then a bit-packed run of 10 groups that the data cuts short.
    std::vector<uint8_t> encoded;
    RleBitPackedEncoder encoder(encoded, width);
    std::vector<uint32_t> repeated(20, 1);
    encoder.encode(repeated.data(), repeated.size());
    encoder.finish();
    std::vector<uint32_t> values = packedValues(width, 80, random);
    encoded.push_back(static_cast<uint8_t>((10 << 1) | 1));
    size_t packed_start = encoded.size();
    {
      BitPacker packer(encoded, width);
      for (uint32_t value : values)
        packer.add(value);
    }
    for (size_t keep : {size_t{0}, size_t{1}, size_t{5}, static_cast<size_t>(width) * 3 + 2,
                        static_cast<size_t>(width) * 10 - 1}) {
      if (keep >= static_cast<size_t>(width) * 10)
        continue;
      std::vector<uint8_t> cut(encoded.begin(), encoded.begin() + packed_start + keep);
      size_t present = keep * 8 / width;
      RleBitPackedDecoder decoder(cut.data(), cut.size(), width);
      std::vector<uint32_t> decoded(100, 12345);
      ASSERT_EQ(decoder.decode(decoded.data(), decoded.size()), 20 + present)
          << "width " << width << ", " << keep << " bytes";
      for (size_t index = 0; index < 20; ++index)
        EXPECT_EQ(decoded[index], 1u);
      for (size_t index = 0; index < present; ++index) {
        EXPECT_EQ(decoded[20 + index], values[index]) << "width " << width << " value " << index;
      }
      EXPECT_THROW(RleBitPackedDecoder(cut.data(), cut.size(), width)
                       .decodeExactly(decoded.data(), 21 + present, "levels"),
                   Error);
    }
  }
}

TEST(ParquetEncodingTest, SkipRepeatedPassesOnlyOverOneRunOfTheValue) {
  std::vector<uint16_t> levels(100, 1);
  for (uint16_t index = 0; index < 16; ++index)
    levels.push_back(index % 2);
  levels.insert(levels.end(), 50, 0);
  std::vector<uint8_t> encoded;
  RleBitPackedEncoder encoder(encoded, 1);
  encoder.encode(levels.data(), levels.size());
  encoder.finish();
  RleBitPackedDecoder decoder(encoded.data(), encoded.size(), 1);
  EXPECT_FALSE(decoder.skipRepeated(0, 10));   // the run holds ones
  EXPECT_FALSE(decoder.skipRepeated(1, 101));  // longer than the run
  EXPECT_TRUE(decoder.skipRepeated(1, 60));
  EXPECT_TRUE(decoder.skipRepeated(1, 40));
  EXPECT_FALSE(decoder.skipRepeated(1, 1));  // bit-packed values come next
  std::vector<uint16_t> rest(66);
  ASSERT_EQ(decoder.decode(rest.data(), rest.size()), rest.size());
  EXPECT_TRUE(std::equal(rest.begin(), rest.end(), levels.begin() + 100));
  EXPECT_FALSE(decoder.skipRepeated(0, 1));  // the end of the data
}

TEST(ParquetEncodingTest, RleRejectsBadInput) {
  EXPECT_THROW(RleBitPackedDecoder(nullptr, 0, 33), Error);
  // An RLE run whose value does not fit in the bit width.
  std::vector<uint8_t> too_big = {0x10, 0x05};
  RleBitPackedDecoder decoder(too_big.data(), too_big.size(), 2);
  uint16_t values[8];
  EXPECT_THROW(decoder.decode(values, 8), Error);
  // A run header cut off inside its varint.
  std::vector<uint8_t> cut = {0x80};
  RleBitPackedDecoder cut_decoder(cut.data(), cut.size(), 2);
  EXPECT_THROW(cut_decoder.decode(values, 8), Error);
  // A run of zero values.
  std::vector<uint8_t> empty_run = {0x00, 0x01};
  RleBitPackedDecoder empty_decoder(empty_run.data(), empty_run.size(), 1);
  EXPECT_THROW(empty_decoder.decode(values, 1), Error);
}

TEST(ParquetEncodingTest, HugeRunCostsNoMemory) {
  // A single run of 2^31 - 1 zeros decodes incrementally.
  std::vector<uint8_t> bytes = {0xFE, 0xFF, 0xFF, 0xFF, 0x0F, 0x00};
  RleBitPackedDecoder decoder(bytes.data(), bytes.size(), 1);
  uint16_t values[16];
  EXPECT_EQ(decoder.decode(values, 16), 16u);
  EXPECT_EQ(values[15], 0);
}

TEST(ParquetEncodingTest, PlainDecodesEachPhysicalType) {
  std::vector<uint8_t> bytes;
  PlainEncoder encoder(bytes);
  int32_t ints[3] = {1, -2, INT32_MAX};
  encoder.encodeFixed(ints, 3, 4);
  encoder.encodeByteArray("");
  encoder.encodeByteArray("hello");
  encoder.encodeFixedLengthByteArray("abcd");
  PlainDecoder decoder(bytes.data(), bytes.size());
  int32_t decoded[3];
  decoder.decodeFixed(3, 4, reinterpret_cast<uint8_t*>(decoded));
  EXPECT_EQ(decoded[2], INT32_MAX);
  EXPECT_EQ(decoded[1], -2);
  std::string_view views[2];
  decoder.decodeByteArrays(2, views);
  EXPECT_EQ(views[0], "");
  EXPECT_EQ(views[1], "hello");
  decoder.decodeFixedLengthByteArrays(1, 4, views);
  EXPECT_EQ(views[0], "abcd");
  EXPECT_EQ(decoder.remaining(), 0u);
  EXPECT_THROW(decoder.decodeFixed(1, 4, reinterpret_cast<uint8_t*>(decoded)), Error);
}

TEST(ParquetEncodingTest, PlainBooleansAreBitPackedAcrossCalls) {
  std::vector<uint8_t> values = {1, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0};
  std::vector<uint8_t> bytes;
  PlainEncoder(bytes).encodeBooleans(values.data(), values.size());
  EXPECT_EQ(bytes, (std::vector<uint8_t>{0x8D, 0x03}));
  PlainDecoder decoder(bytes.data(), bytes.size());
  std::vector<uint8_t> decoded(values.size());
  decoder.decodeBooleans(3, decoded.data());
  decoder.decodeBooleans(8, decoded.data() + 3);
  EXPECT_EQ(decoded, values);
  uint8_t extra[8];
  EXPECT_THROW(decoder.decodeBooleans(8, extra), Error);
}

TEST(ParquetEncodingTest, PlainByteArrayLengthPastEndIsAnError) {
  std::vector<uint8_t> bytes = {0xFF, 0xFF, 0xFF, 0x7F, 'a'};
  PlainDecoder decoder(bytes.data(), bytes.size());
  std::string_view view;
  EXPECT_THROW(decoder.decodeByteArrays(1, &view), Error);
}

TEST(ParquetEncodingTest, DeltaBinaryPackedSpecExamples) {
  // Example 1 (with a legal block size of 128 and one miniblock): 1, 2, 3, 4, 5.
  std::vector<uint8_t> example1 = {0x80, 0x01, 0x01, 0x05, 0x02, 0x02, 0x00};
  DeltaBinaryPackedDecoder decoder1(example1.data(), example1.size());
  int32_t values1[5];
  decoder1.decode(values1, 5);
  EXPECT_EQ(std::vector<int32_t>(values1, values1 + 5), (std::vector<int32_t>{1, 2, 3, 4, 5}));

  // Example 2: 7, 5, 3, 1, 2, 3, 4, 5: min delta -2, bit width 2, relative deltas
  // 0, 0, 0, 3, 3, 3, 3 padded to a full miniblock of 128 values.
  std::vector<uint8_t> example2 = {0x80, 0x01, 0x01, 0x08, 0x0E, 0x03, 0x02, 0xC0, 0x3F};
  example2.resize(example2.size() + 30, 0);
  DeltaBinaryPackedDecoder decoder2(example2.data(), example2.size());
  int64_t values2[8];
  decoder2.decode(values2, 3);
  decoder2.decode(values2 + 3, 5);
  EXPECT_EQ(std::vector<int64_t>(values2, values2 + 8),
            (std::vector<int64_t>{7, 5, 3, 1, 2, 3, 4, 5}));
  DeltaBinaryPackedDecoder scan(example2.data(), example2.size());
  EXPECT_EQ(scan.skipToEnd(), example2.size());
}

TEST(ParquetEncodingTest, DeltaBinaryPackedRoundTripsWithWraparound) {
  std::mt19937_64 random(3);
  for (size_t count : {0, 1, 2, 127, 128, 129, 1000, 4097}) {
    std::vector<int64_t> values(count);
    for (size_t index = 0; index < count; ++index) {
      switch (index % 4) {
        case 0:
          values[index] = static_cast<int64_t>(random());
          break;
        case 1:
          values[index] = INT64_MIN;
          break;
        case 2:
          values[index] = INT64_MAX;
          break;
        default:
          values[index] = static_cast<int64_t>(index);
          break;
      }
    }
    std::vector<uint8_t> encoded;
    encodeDeltaBinaryPacked(values.data(), count, encoded);
    encoded.push_back(0x5A);  // trailing bytes belong to whatever follows
    DeltaBinaryPackedDecoder decoder(encoded.data(), encoded.size());
    EXPECT_EQ(decoder.totalCount(), count);
    std::vector<int64_t> decoded(count);
    decoder.decode(decoded.data(), count);
    EXPECT_EQ(decoded, values);
    DeltaBinaryPackedDecoder scan(encoded.data(), encoded.size());
    EXPECT_EQ(scan.skipToEnd(), encoded.size() - 1) << count;
  }
  // INT32 columns wrap at 32 bits.
  std::vector<int64_t> ints = {INT32_MAX, INT32_MIN, 0, -1, INT32_MAX};
  std::vector<uint8_t> encoded;
  encodeDeltaBinaryPacked(ints.data(), ints.size(), encoded);
  DeltaBinaryPackedDecoder decoder(encoded.data(), encoded.size());
  int32_t decoded[5];
  decoder.decode(decoded, 5);
  EXPECT_EQ(decoded[1], INT32_MIN);
  EXPECT_EQ(decoded[4], INT32_MAX);
}

TEST(ParquetEncodingTest, DeltaBinaryPackedRejectsBadHeaders) {
  std::vector<uint8_t> bad_block = {0x40, 0x01, 0x01, 0x00};  // block size 64
  EXPECT_THROW(DeltaBinaryPackedDecoder(bad_block.data(), bad_block.size()), Error);
  std::vector<uint8_t> bad_split = {0x80, 0x01, 0x03, 0x01, 0x00};  // 128 / 3
  EXPECT_THROW(DeltaBinaryPackedDecoder(bad_split.data(), bad_split.size()), Error);
  std::vector<uint8_t> too_many = {0x80, 0x01, 0x01, 0x05, 0x02, 0x02, 0x00};
  DeltaBinaryPackedDecoder decoder(too_many.data(), too_many.size());
  int32_t values[6];
  EXPECT_THROW(decoder.decode(values, 6), Error);
  // A miniblock with bit width 70.
  std::vector<uint8_t> wide = {0x80, 0x01, 0x01, 0x05, 0x02, 0x02, 70};
  DeltaBinaryPackedDecoder wide_decoder(wide.data(), wide.size());
  EXPECT_THROW(wide_decoder.decode(values, 5), Error);
  // Truncated miniblock data.
  std::vector<uint8_t> cut = {0x80, 0x01, 0x01, 0x05, 0x02, 0x02, 0x08, 0x01};
  DeltaBinaryPackedDecoder cut_decoder(cut.data(), cut.size());
  EXPECT_THROW(cut_decoder.decode(values, 5), Error);
}

TEST(ParquetEncodingTest, DeltaLengthByteArraySpecExample) {
  std::vector<std::string_view> values = {"Hello", "World", "Foobar", "ABCDEF"};
  std::vector<uint8_t> encoded;
  encodeDeltaLengthByteArray(values.data(), values.size(), encoded);
  std::string tail(reinterpret_cast<const char*>(encoded.data()) + encoded.size() - 22, 22);
  EXPECT_EQ(tail, "HelloWorldFoobarABCDEF");
  DeltaLengthByteArrayDecoder decoder(encoded.data(), encoded.size());
  std::string_view decoded[4];
  decoder.decode(1, decoded);
  decoder.decode(3, decoded + 1);
  EXPECT_EQ(std::vector<std::string_view>(decoded, decoded + 4), values);
  EXPECT_EQ(decoder.position(), encoded.size());
}

TEST(ParquetEncodingTest, DeltaLengthByteArrayRejectsLengthPastEnd) {
  std::vector<std::string_view> values = {"Hello", "World"};
  std::vector<uint8_t> encoded;
  encodeDeltaLengthByteArray(values.data(), values.size(), encoded);
  encoded.resize(encoded.size() - 3);
  DeltaLengthByteArrayDecoder decoder(encoded.data(), encoded.size());
  std::string_view decoded[2];
  EXPECT_THROW(decoder.decode(2, decoded), Error);
}

TEST(ParquetEncodingTest, DeltaByteArraySpecExample) {
  std::vector<std::string_view> values = {"axis", "axle", "babble", "babyhood"};
  std::vector<uint8_t> encoded;
  encodeDeltaByteArray(values.data(), values.size(), encoded);
  DeltaBinaryPackedDecoder prefixes(encoded.data(), encoded.size());
  int32_t prefix_lengths[4];
  prefixes.decode(prefix_lengths, 4);
  EXPECT_EQ(std::vector<int32_t>(prefix_lengths, prefix_lengths + 4),
            (std::vector<int32_t>{0, 2, 0, 3}));
  std::string tail(reinterpret_cast<const char*>(encoded.data()) + encoded.size() - 17, 17);
  EXPECT_EQ(tail, "axislebabbleyhood");

  DeltaByteArrayDecoder decoder(encoded.data(), encoded.size());
  std::string_view first[2];
  decoder.decode(2, first);
  std::vector<std::string> kept = {std::string(first[0]), std::string(first[1])};
  std::string_view rest[2];
  decoder.decode(2, rest);
  EXPECT_EQ(kept[0], "axis");
  EXPECT_EQ(kept[1], "axle");
  EXPECT_EQ(rest[0], "babble");
  EXPECT_EQ(rest[1], "babyhood");
}

TEST(ParquetEncodingTest, DeltaByteArrayRejectsPrefixLongerThanPrevious) {
  std::vector<int64_t> prefixes = {3};
  std::vector<std::string_view> suffixes = {"x"};
  std::vector<uint8_t> encoded;
  encodeDeltaBinaryPacked(prefixes.data(), 1, encoded);
  encodeDeltaLengthByteArray(suffixes.data(), 1, encoded);
  DeltaByteArrayDecoder decoder(encoded.data(), encoded.size());
  std::string_view value;
  EXPECT_THROW(decoder.decode(1, &value), Error);
}

TEST(ParquetEncodingTest, ByteStreamSplitSpecExample) {
  std::vector<uint8_t> values = {0xAA, 0xBB, 0xCC, 0xDD, 0x00, 0x11,
                                 0x22, 0x33, 0xA3, 0xB4, 0xC5, 0xD6};
  std::vector<uint8_t> encoded;
  encodeByteStreamSplit(values.data(), 3, 4, encoded);
  EXPECT_EQ(encoded, (std::vector<uint8_t>{0xAA, 0x00, 0xA3, 0xBB, 0x11, 0xB4, 0xCC, 0x22, 0xC5,
                                           0xDD, 0x33, 0xD6}));
  ByteStreamSplitDecoder decoder(encoded.data(), encoded.size(), 4);
  std::vector<uint8_t> decoded(12);
  decoder.decode(1, decoded.data());
  decoder.decode(2, decoded.data() + 4);
  EXPECT_EQ(decoded, values);
  EXPECT_THROW(decoder.decode(1, decoded.data()), Error);
  EXPECT_THROW(ByteStreamSplitDecoder(encoded.data(), 11, 4), Error);
}

TEST(ParquetEncodingTest, DictionaryBuilderDeduplicatesAndEncodesPlain) {
  DictionaryBuilder doubles(PhysicalType::kDouble, 0);
  // Doubles whose low bits repeat (k / 7.0) once made the hash table probe linearly.
  for (int round = 0; round < 2; ++round) {
    for (int value = 0; value < 5000; ++value) {
      double number = value / 7.0;
      uint64_t bits;
      std::memcpy(&bits, &number, 8);
      bool inserted = false;
      EXPECT_EQ(doubles.insertFixed(bits, inserted), static_cast<uint32_t>(value));
      EXPECT_EQ(inserted, round == 0);
    }
  }
  EXPECT_EQ(doubles.size(), 5000u);
  ASSERT_EQ(doubles.plainBytes().size(), 5000u * 8);
  double last;
  std::memcpy(&last, doubles.plainBytes().data() + 4999 * 8, 8);
  EXPECT_EQ(last, 4999 / 7.0);

  DictionaryBuilder strings(PhysicalType::kByteArray, 0);
  bool inserted = false;
  EXPECT_EQ(strings.insertBytes("b", inserted), 0u);
  EXPECT_EQ(strings.insertBytes("", inserted), 1u);
  EXPECT_EQ(strings.insertBytes("b", inserted), 0u);
  EXPECT_FALSE(inserted);
  EXPECT_EQ(strings.plainBytes(), (std::vector<uint8_t>{1, 0, 0, 0, 'b', 0, 0, 0, 0}));
  strings.clear();
  EXPECT_EQ(strings.size(), 0u);
  EXPECT_EQ(strings.insertBytes("", inserted), 0u);
}

TEST(ParquetEncodingTest, BitWidths) {
  EXPECT_EQ(bitWidth(0), 0);
  EXPECT_EQ(bitWidth(1), 1);
  EXPECT_EQ(bitWidth(2), 2);
  EXPECT_EQ(bitWidth(255), 8);
  EXPECT_EQ(bitWidth(256), 9);
  EXPECT_EQ(bitWidth(UINT64_MAX), 64);
}

}  // namespace
}  // namespace sluice::parquet

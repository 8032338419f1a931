// test/unit/storage/parquet_compression_test.cpp
//
// Page codecs: round trips, the framings other writers use (several GZIP members, Hadoop
// LZ4), and corrupt or mis-sized data rejected with FAILED_READ_FILE.
#include <gtest/gtest.h>

#include <lz4.h>

#include <random>

#include "common/error/error.hpp"
#include "storage/parquet/compression.hpp"

namespace sluice::parquet {
namespace {

std::vector<uint8_t> sampleData(size_t size) {
  std::vector<uint8_t> data(size);
  std::mt19937 random(1);
  for (size_t index = 0; index < size; ++index) {
    // Half repetitive, half noise, so every codec has work to do.
    data[index] =
        index % 2 == 0 ? static_cast<uint8_t>(index / 100) : static_cast<uint8_t>(random());
  }
  return data;
}

const CompressionCodec kCodecs[] = {CompressionCodec::kUncompressed, CompressionCodec::kSnappy,
                                    CompressionCodec::kGzip, CompressionCodec::kZstd,
                                    CompressionCodec::kLz4Raw};

TEST(ParquetCompressionTest, EveryCodecRoundTrips) {
  for (size_t size : {size_t{0}, size_t{1}, size_t{1000}, size_t{300000}}) {
    std::vector<uint8_t> data = sampleData(size);
    for (CompressionCodec codec : kCodecs) {
      std::vector<uint8_t> compressed = {0xEE};  // compress() appends
      compress(codec, 0, data.data(), data.size(), compressed);
      std::vector<uint8_t> out(size);
      checkUncompressedSize(codec, compressed.data() + 1, compressed.size() - 1, size);
      decompress(codec, compressed.data() + 1, compressed.size() - 1, out.data(), size);
      EXPECT_EQ(out, data) << codecName(codec) << " " << size;
    }
  }
}

TEST(ParquetCompressionTest, WrongSizeOrGarbageIsAnError) {
  std::vector<uint8_t> data = sampleData(5000);
  for (CompressionCodec codec : kCodecs) {
    std::vector<uint8_t> compressed;
    compress(codec, 0, data.data(), data.size(), compressed);
    std::vector<uint8_t> out(data.size() + 10);
    EXPECT_THROW(decompress(codec, compressed.data(), compressed.size(), out.data(), 4000), Error)
        << codecName(codec);
    EXPECT_THROW(
        decompress(codec, compressed.data(), compressed.size(), out.data(), data.size() + 10),
        Error)
        << codecName(codec);
    if (codec == CompressionCodec::kUncompressed)
      continue;
    std::vector<uint8_t> garbage = compressed;
    for (size_t index = 0; index < garbage.size(); index += 7)
      garbage[index] ^= 0x5A;
    try {
      decompress(codec, garbage.data(), garbage.size(), out.data(), data.size());
      // A codec without checksums may decode garbage into other bytes; it must not overrun.
    } catch (const Error& error) {
      EXPECT_EQ(error.errorClass(), ErrorClass::FAILED_READ_FILE) << codecName(codec);
    }
    std::vector<uint8_t> truncated(compressed.begin(), compressed.begin() + compressed.size() / 2);
    EXPECT_THROW(decompress(codec, truncated.data(), truncated.size(), out.data(), data.size()),
                 Error)
        << codecName(codec);
  }
}

TEST(ParquetCompressionTest, ImplausibleSizesAreRejectedBeforeAllocation) {
  std::vector<uint8_t> data = sampleData(100);
  std::vector<uint8_t> compressed;
  compress(CompressionCodec::kLz4Raw, 0, data.data(), data.size(), compressed);
  EXPECT_THROW(checkUncompressedSize(CompressionCodec::kLz4Raw, compressed.data(),
                                     compressed.size(), 1 << 30),
               Error);
  EXPECT_THROW(checkUncompressedSize(CompressionCodec::kGzip, compressed.data(), 10, 1 << 30),
               Error);
  std::vector<uint8_t> snappy;
  compress(CompressionCodec::kSnappy, 0, data.data(), data.size(), snappy);
  EXPECT_THROW(checkUncompressedSize(CompressionCodec::kSnappy, snappy.data(), snappy.size(), 101),
               Error);
  std::vector<uint8_t> zstd;
  compress(CompressionCodec::kZstd, 1, data.data(), data.size(), zstd);
  EXPECT_THROW(checkUncompressedSize(CompressionCodec::kZstd, zstd.data(), zstd.size(), 99), Error);
  EXPECT_NO_THROW(checkUncompressedSize(CompressionCodec::kZstd, zstd.data(), zstd.size(), 100));
}

TEST(ParquetCompressionTest, GzipPageWithTwoMembers) {
  std::vector<uint8_t> first = sampleData(3000);
  std::vector<uint8_t> second = sampleData(500);
  std::vector<uint8_t> compressed;
  compress(CompressionCodec::kGzip, 6, first.data(), first.size(), compressed);
  compress(CompressionCodec::kGzip, 6, second.data(), second.size(), compressed);
  std::vector<uint8_t> out(3500);
  decompress(CompressionCodec::kGzip, compressed.data(), compressed.size(), out.data(), 3500);
  std::vector<uint8_t> expected = first;
  expected.insert(expected.end(), second.begin(), second.end());
  EXPECT_EQ(out, expected);
}

TEST(ParquetCompressionTest, DeprecatedLz4WithHadoopFramingOrRaw) {
  std::vector<uint8_t> data = sampleData(2000);
  std::vector<char> block(LZ4_compressBound(2000));
  int size = LZ4_compress_default(reinterpret_cast<const char*>(data.data()), block.data(), 2000,
                                  static_cast<int>(block.size()));
  ASSERT_GT(size, 0);
  auto big_endian = [](std::vector<uint8_t>& out, uint32_t value) {
    for (int shift = 24; shift >= 0; shift -= 8)
      out.push_back(static_cast<uint8_t>(value >> shift));
  };
  std::vector<uint8_t> framed;
  big_endian(framed, 2000);
  big_endian(framed, static_cast<uint32_t>(size));
  framed.insert(framed.end(), block.begin(), block.begin() + size);
  std::vector<uint8_t> out(2000);
  decompress(CompressionCodec::kLz4, framed.data(), framed.size(), out.data(), 2000);
  EXPECT_EQ(out, data);
  std::vector<uint8_t> raw(block.begin(), block.begin() + size);
  std::fill(out.begin(), out.end(), 0);
  decompress(CompressionCodec::kLz4, raw.data(), raw.size(), out.data(), 2000);
  EXPECT_EQ(out, data);
}

TEST(ParquetCompressionTest, UnsupportedCodecs) {
  uint8_t byte = 0;
  try {
    decompress(CompressionCodec::kBrotli, &byte, 1, &byte, 1);
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::NOT_SUPPORTED);
    EXPECT_NE(error.message().find("BROTLI"), std::string::npos);
  }
  std::vector<uint8_t> out;
  EXPECT_THROW(compress(CompressionCodec::kLzo, 0, &byte, 1, out), Error);
}

}  // namespace
}  // namespace sluice::parquet

// src/storage/parquet/compression.cpp
//
// The codecs, over libzstd, Snappy, zlib and liblz4.
#include "storage/parquet/compression.hpp"

#include <lz4.h>
#include <snappy.h>
#include <zlib.h>
#include <zstd.h>

#include <cstring>

#include "common/check.hpp"
#include "common/error/error.hpp"
#include "storage/parquet/format_error.hpp"

namespace sluice::parquet {

namespace {

void compressGzip(int level, const uint8_t* data, size_t size, std::vector<uint8_t>& out) {
  z_stream stream{};
  // 15 window bits + 16 selects the gzip wrapper.
  int status = deflateInit2(&stream, level == 0 ? Z_DEFAULT_COMPRESSION : level, Z_DEFLATED,
                            15 + 16, 8, Z_DEFAULT_STRATEGY);
  SLUICE_CHECK(status == Z_OK);
  size_t start = out.size();
  out.resize(start + deflateBound(&stream, size) + 32);
  stream.next_in = const_cast<Bytef*>(data);
  stream.avail_in = static_cast<uInt>(size);
  stream.next_out = out.data() + start;
  stream.avail_out = static_cast<uInt>(out.size() - start);
  status = deflate(&stream, Z_FINISH);
  deflateEnd(&stream);
  SLUICE_CHECK(status == Z_STREAM_END);
  out.resize(start + stream.total_out);
}

void decompressGzip(const uint8_t* data, size_t size, uint8_t* out, size_t uncompressed_size) {
  size_t produced = 0;
  size_t consumed = 0;
  uint8_t spare = 0;
  if (uncompressed_size == 0)
    out = &spare;  // zlib refuses a null output buffer
  // A page may hold several gzip members one after another.
  while (consumed < size) {
    z_stream stream{};
    // 15 + 32: accept gzip or zlib headers.
    if (inflateInit2(&stream, 15 + 32) != Z_OK)
      throw std::bad_alloc();
    stream.next_in = const_cast<Bytef*>(data + consumed);
    stream.avail_in = static_cast<uInt>(size - consumed);
    stream.next_out = out + produced;
    stream.avail_out = static_cast<uInt>(uncompressed_size - produced);
    int status = inflate(&stream, Z_FINISH);
    size_t member_in = stream.total_in;
    size_t member_out = stream.total_out;
    inflateEnd(&stream);
    if (status != Z_STREAM_END) {
      throwFormatError("corrupt GZIP page data ({})", status == Z_BUF_ERROR
                                                          ? "larger than the page header says"
                                                          : "bad deflate stream");
    }
    consumed += member_in;
    produced += member_out;
    if (member_in == 0)
      break;
  }
  if (produced != uncompressed_size) {
    throwFormatError("GZIP page data decompressed to {} bytes, the page header says {}", produced,
                     uncompressed_size);
  }
}

void decompressHadoopLz4(const uint8_t* data, size_t size, uint8_t* out, size_t uncompressed_size) {
  // Blocks of: 4-byte big-endian decompressed size, 4-byte big-endian compressed size, data.
  auto big_endian = [](const uint8_t* bytes) {
    return (uint32_t{bytes[0]} << 24) | (uint32_t{bytes[1]} << 16) | (uint32_t{bytes[2]} << 8) |
           uint32_t{bytes[3]};
  };
  size_t in = 0;
  size_t produced = 0;
  while (in < size) {
    if (size - in < 8)
      throwFormatError("corrupt LZ4 page data (truncated block header)");
    uint32_t block_out = big_endian(data + in);
    uint32_t block_in = big_endian(data + in + 4);
    in += 8;
    if (block_in > size - in || block_out > uncompressed_size - produced) {
      throwFormatError("corrupt LZ4 page data (block sizes out of range)");
    }
    int result = LZ4_decompress_safe(reinterpret_cast<const char*>(data + in),
                                     reinterpret_cast<char*>(out + produced),
                                     static_cast<int>(block_in), static_cast<int>(block_out));
    if (result < 0 || static_cast<uint32_t>(result) != block_out) {
      throwFormatError("corrupt LZ4 page data");
    }
    in += block_in;
    produced += block_out;
  }
  if (produced != uncompressed_size) {
    throwFormatError("LZ4 page data decompressed to {} bytes, the page header says {}", produced,
                     uncompressed_size);
  }
}

}  // namespace

std::string_view codecName(CompressionCodec codec) {
  switch (codec) {
    case CompressionCodec::kUncompressed:
      return "UNCOMPRESSED";
    case CompressionCodec::kSnappy:
      return "SNAPPY";
    case CompressionCodec::kGzip:
      return "GZIP";
    case CompressionCodec::kLzo:
      return "LZO";
    case CompressionCodec::kBrotli:
      return "BROTLI";
    case CompressionCodec::kLz4:
      return "LZ4";
    case CompressionCodec::kZstd:
      return "ZSTD";
    case CompressionCodec::kLz4Raw:
      return "LZ4_RAW";
  }
  return "UNKNOWN";
}

bool canCompress(CompressionCodec codec) {
  switch (codec) {
    case CompressionCodec::kUncompressed:
    case CompressionCodec::kSnappy:
    case CompressionCodec::kGzip:
    case CompressionCodec::kZstd:
    case CompressionCodec::kLz4Raw:
      return true;
    default:
      return false;
  }
}

void compress(CompressionCodec codec, int level, const uint8_t* data, size_t size,
              std::vector<uint8_t>& out) {
  size_t start = out.size();
  switch (codec) {
    case CompressionCodec::kUncompressed:
      out.insert(out.end(), data, data + size);
      return;
    case CompressionCodec::kSnappy: {
      out.resize(start + snappy::MaxCompressedLength(size));
      size_t written = 0;
      snappy::RawCompress(reinterpret_cast<const char*>(data), size,
                          reinterpret_cast<char*>(out.data() + start), &written);
      out.resize(start + written);
      return;
    }
    case CompressionCodec::kGzip:
      compressGzip(level, data, size, out);
      return;
    case CompressionCodec::kZstd: {
      out.resize(start + ZSTD_compressBound(size));
      size_t written = ZSTD_compress(out.data() + start, out.size() - start, data, size,
                                     level == 0 ? ZSTD_CLEVEL_DEFAULT : level);
      SLUICE_CHECK(!ZSTD_isError(written));
      out.resize(start + written);
      return;
    }
    case CompressionCodec::kLz4Raw: {
      SLUICE_CHECK(size <= static_cast<size_t>(LZ4_MAX_INPUT_SIZE));
      out.resize(start + LZ4_compressBound(static_cast<int>(size)));
      int written = LZ4_compress_default(
          reinterpret_cast<const char*>(data), reinterpret_cast<char*>(out.data() + start),
          static_cast<int>(size), static_cast<int>(out.size() - start));
      SLUICE_CHECK(written > 0 || size == 0);
      out.resize(start + written);
      return;
    }
    default:
      break;
  }
  throwError(ErrorClass::NOT_SUPPORTED, "Parquet compression codec {} is not supported for writing",
             codecName(codec));
}

void checkUncompressedSize(CompressionCodec codec, const uint8_t* data, size_t size,
                           size_t uncompressed_size) {
  // The best ratios the formats allow: LZ4 about 255:1, deflate about 1032:1.
  constexpr size_t kSlack = 1024;
  bool plausible = true;
  switch (codec) {
    case CompressionCodec::kUncompressed:
      plausible = size == uncompressed_size;
      break;
    case CompressionCodec::kSnappy: {
      size_t length = 0;
      plausible =
          snappy::GetUncompressedLength(reinterpret_cast<const char*>(data), size, &length) &&
          length == uncompressed_size;
      break;
    }
    case CompressionCodec::kLz4:
    case CompressionCodec::kLz4Raw:
      plausible = uncompressed_size <= size * 256 + kSlack;
      break;
    case CompressionCodec::kGzip:
      plausible = uncompressed_size <= size * 1032 + kSlack;
      break;
    case CompressionCodec::kZstd: {
      unsigned long long content = ZSTD_getFrameContentSize(data, size);
      if (content == ZSTD_CONTENTSIZE_ERROR) {
        plausible = false;
      } else if (content != ZSTD_CONTENTSIZE_UNKNOWN) {
        // Several frames may follow one another; the first cannot exceed the whole.
        plausible = content <= uncompressed_size;
      }
      break;
    }
    default:
      break;
  }
  if (!plausible) {
    throwFormatError("{} page data of {} bytes cannot decompress to the {} bytes its header says",
                     codecName(codec), size, uncompressed_size);
  }
}

void decompress(CompressionCodec codec, const uint8_t* data, size_t size, uint8_t* out,
                size_t uncompressed_size) {
  switch (codec) {
    case CompressionCodec::kUncompressed:
      if (size != uncompressed_size) {
        throwFormatError("uncompressed page of {} bytes, the page header says {}", size,
                         uncompressed_size);
      }
      if (size > 0)
        std::memcpy(out, data, size);
      return;
    case CompressionCodec::kSnappy: {
      size_t length = 0;
      const char* input = reinterpret_cast<const char*>(data);
      if (!snappy::GetUncompressedLength(input, size, &length)) {
        throwFormatError("corrupt SNAPPY page data");
      }
      if (length != uncompressed_size) {
        throwFormatError("SNAPPY page data decompresses to {} bytes, the page header says {}",
                         length, uncompressed_size);
      }
      if (!snappy::RawUncompress(input, size, reinterpret_cast<char*>(out))) {
        throwFormatError("corrupt SNAPPY page data");
      }
      return;
    }
    case CompressionCodec::kGzip:
      decompressGzip(data, size, out, uncompressed_size);
      return;
    case CompressionCodec::kZstd: {
      size_t result = ZSTD_decompress(out, uncompressed_size, data, size);
      if (ZSTD_isError(result)) {
        throwFormatError("corrupt ZSTD page data ({})", ZSTD_getErrorName(result));
      }
      if (result != uncompressed_size) {
        throwFormatError("ZSTD page data decompressed to {} bytes, the page header says {}", result,
                         uncompressed_size);
      }
      return;
    }
    case CompressionCodec::kLz4Raw: {
      if (size > static_cast<size_t>(INT32_MAX) ||
          uncompressed_size > static_cast<size_t>(INT32_MAX)) {
        throwFormatError("LZ4_RAW page too large");
      }
      int result =
          LZ4_decompress_safe(reinterpret_cast<const char*>(data), reinterpret_cast<char*>(out),
                              static_cast<int>(size), static_cast<int>(uncompressed_size));
      if (result < 0)
        throwFormatError("corrupt LZ4_RAW page data");
      if (static_cast<size_t>(result) != uncompressed_size) {
        throwFormatError("LZ4_RAW page data decompressed to {} bytes, the page header says {}",
                         result, uncompressed_size);
      }
      return;
    }
    case CompressionCodec::kLz4: {
      // Older writers label raw LZ4 blocks as LZ4; try the Hadoop framing first.
      try {
        decompressHadoopLz4(data, size, out, uncompressed_size);
      } catch (const Error&) {
        decompress(CompressionCodec::kLz4Raw, data, size, out, uncompressed_size);
      }
      return;
    }
    default:
      break;
  }
  throwError(ErrorClass::NOT_SUPPORTED, "Parquet compression codec {} is not supported",
             codecName(codec));
}

}  // namespace sluice::parquet

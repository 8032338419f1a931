// src/storage/format/file_text.cpp
#include "storage/format/file_text.hpp"

#include <zlib.h>
#include <zstd.h>

#include <limits>
#include <string_view>

#include "common/error/error.hpp"
#include "storage/file/local_file.hpp"

namespace sluice {

namespace {

enum class Compression : uint8_t { kNone, kGzip, kZstd };

Compression compressionOf(std::string_view path) {
  auto endsWith = [&](std::string_view suffix) {
    return path.size() >= suffix.size() && path.substr(path.size() - suffix.size()) == suffix;
  };
  if (endsWith(".gz") || endsWith(".gzip"))
    return Compression::kGzip;
  if (endsWith(".zst") || endsWith(".zstd"))
    return Compression::kZstd;
  return Compression::kNone;
}

[[noreturn]] void throwCorrupt(const std::string& path, std::string_view codec,
                               std::string_view detail) {
  throw Error(ErrorClass::FAILED_READ_FILE, "NO_HINT",
              fmt::format("Encountered error while reading file {}: the {} data is corrupt ({}).",
                          path, codec, detail));
}

std::string readRaw(const LocalFileReader& file, size_t max_bytes) {
  size_t size = static_cast<size_t>(std::min<uint64_t>(file.size(), max_bytes));
  std::string raw;
  raw.reserve(size + kTextPadding);
  raw.resize(size);
  if (size > 0)
    file.readAt(0, size, raw.data());
  return raw;
}

// Appends decompressed bytes to `out` until the input ends or `out` holds `max_bytes`.
void gunzip(const std::string& path, std::string_view input, size_t max_bytes, std::string& out) {
  z_stream stream{};
  // 16 + MAX_WBITS: a gzip header and trailer around the deflate data.
  if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK)
    throwCorrupt(path, "gzip", "cannot start inflate");
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(input.data()));
  stream.avail_in = static_cast<uInt>(input.size());
  size_t chunk = std::max<size_t>(input.size() * 3, 1 << 16);
  int status = Z_OK;
  while (out.size() < max_bytes) {
    size_t used = out.size();
    out.resize(used + chunk);
    stream.next_out = reinterpret_cast<Bytef*>(out.data() + used);
    stream.avail_out = static_cast<uInt>(chunk);
    status = inflate(&stream, Z_NO_FLUSH);
    out.resize(used + chunk - stream.avail_out);
    if (status == Z_STREAM_END) {
      // Another gzip member may follow (files concatenated with cat).
      if (stream.avail_in == 0)
        break;
      if (inflateReset(&stream) != Z_OK)
        break;
      continue;
    }
    if (status != Z_OK && status != Z_BUF_ERROR) {
      std::string message = stream.msg ? stream.msg : "inflate failed";
      inflateEnd(&stream);
      throwCorrupt(path, "gzip", message);
    }
    if (status == Z_BUF_ERROR && stream.avail_in == 0) {
      inflateEnd(&stream);
      throwCorrupt(path, "gzip", "unexpected end of data");
    }
  }
  inflateEnd(&stream);
}

void unzstd(const std::string& path, std::string_view input, size_t max_bytes, std::string& out) {
  ZSTD_DStream* stream = ZSTD_createDStream();
  if (stream == nullptr)
    throwError(ErrorClass::INTERNAL_ERROR, "cannot create a zstd stream");
  ZSTD_inBuffer in{input.data(), input.size(), 0};
  size_t chunk = std::max<size_t>(ZSTD_DStreamOutSize(), input.size() * 4);
  size_t last = 0;
  while (out.size() < max_bytes && (in.pos < in.size || last != 0)) {
    size_t used = out.size();
    out.resize(used + chunk);
    ZSTD_outBuffer output{out.data() + used, chunk, 0};
    last = ZSTD_decompressStream(stream, &output, &in);
    out.resize(used + output.pos);
    if (ZSTD_isError(last)) {
      std::string message = ZSTD_getErrorName(last);
      ZSTD_freeDStream(stream);
      throwCorrupt(path, "zstd", message);
    }
    if (in.pos == in.size && output.pos == 0 && last != 0) {
      ZSTD_freeDStream(stream);
      throwCorrupt(path, "zstd", "unexpected end of data");
    }
  }
  ZSTD_freeDStream(stream);
}

std::string readText(const std::string& path, size_t max_bytes) {
  LocalFileReader file(path);
  Compression compression = compressionOf(path);
  if (compression == Compression::kNone)
    return readRaw(file, max_bytes);
  std::string raw = readRaw(file, std::numeric_limits<size_t>::max());
  std::string text;
  if (compression == Compression::kGzip) {
    gunzip(path, raw, max_bytes, text);
  } else {
    unzstd(path, raw, max_bytes, text);
  }
  text.reserve(text.size() + kTextPadding);
  return text;
}

}  // namespace

std::string readFileText(const std::string& path) {
  return readText(path, std::numeric_limits<size_t>::max());
}

std::string readFileTextPrefix(const std::string& path, size_t max_bytes) {
  std::string text = readText(path, max_bytes);
  if (text.size() > max_bytes) {
    size_t cut = text.rfind('\n', max_bytes);
    text.resize(cut == std::string::npos ? max_bytes : cut + 1);
  } else if (text.size() == max_bytes) {
    size_t cut = text.rfind('\n');
    if (cut != std::string::npos)
      text.resize(cut + 1);
  }
  return text;
}

}  // namespace sluice

// src/storage/parquet/compression.hpp
//
// Page compression codecs: UNCOMPRESSED, SNAPPY (raw), GZIP (RFC 1952, several members
// accepted), ZSTD (frames), LZ4_RAW (LZ4 block format), and for reading the deprecated
// Hadoop-framed LZ4. Decompression checks the result against the size the page header
// announces, so corrupt data is an error, never an overrun.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "storage/parquet/metadata.hpp"

namespace sluice::parquet {

//! "SNAPPY", "ZSTD", ... as parquet.thrift names them.
std::string_view codecName(CompressionCodec codec);

//! True for the codecs compress() supports.
bool canCompress(CompressionCodec codec);

//! Appends the compressed form of `size` bytes at `data` to `out`. `level` applies to ZSTD
//! and GZIP (0 picks the library's default).
void compress(CompressionCodec codec, int level, const uint8_t* data, size_t size,
              std::vector<uint8_t>& out);

//! Checks, before any buffer is allocated, that `size` compressed bytes can honestly
//! decompress to `uncompressed_size` bytes (exact sizes where the format records them, the
//! codec's best ratio otherwise); throws FAILED_READ_FILE if not.
void checkUncompressedSize(CompressionCodec codec, const uint8_t* data, size_t size,
                           size_t uncompressed_size);

//! Decompresses `size` bytes into exactly `uncompressed_size` bytes at `out`. Throws
//! FAILED_READ_FILE if the data is corrupt or does not decompress to that size, and
//! NOT_SUPPORTED for LZO and BROTLI.
void decompress(CompressionCodec codec, const uint8_t* data, size_t size, uint8_t* out,
                size_t uncompressed_size);

}  // namespace sluice::parquet

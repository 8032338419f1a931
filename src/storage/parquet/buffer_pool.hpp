// src/storage/parquet/buffer_pool.hpp
//
// Byte buffers for column chunks, decompressed pages and dictionaries, recycled per thread.
// These buffers are large, so malloc maps each one fresh and unmaps it when freed: every
// row group would fault in (and the kernel zero) all its pages again. A scan thread that
// opens the next row group or file takes the buffers of the last one back instead.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sluice::parquet {

//! A buffer of `size` bytes, reusing a recycled one of enough capacity if this thread has
//! one. A recycled buffer keeps its old bytes (zeroing it again would cost as much as the
//! copy into it): callers overwrite all of it (a read, a decompression, a decoding) or fail.
std::vector<uint8_t> takeBuffer(size_t size);

//! Hands `buffer` back for reuse by this thread; the pool keeps a bounded number of bytes
//! and frees the rest.
void recycleBuffer(std::vector<uint8_t>&& buffer);

//! Adds `delta` to the bytes open readers hold in their buffers (each reader counts its own).
void countReaderBufferBytes(int64_t delta);

//! The bytes the process's Parquet readers hold: buffers in use and buffers pooled for reuse.
//! Memory that operators cannot spill, which their memory limit makes room for.
uint64_t parquetBufferBytes();

}  // namespace sluice::parquet

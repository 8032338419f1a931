// src/storage/parquet/buffer_pool.cpp
//
// The per-thread pool of recycled byte buffers.
#include "storage/parquet/buffer_pool.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <utility>

namespace sluice::parquet {

namespace {

//! Smaller buffers come from malloc's free lists anyway.
constexpr size_t kMinPooledBytes = size_t{64} << 10;
//! What one thread keeps at most: enough for the chunks and pages of a wide row group.
constexpr size_t kMaxPooledBytes = size_t{128} << 20;
//! What all threads keep together at most, so that many cores do not hoard memory.
constexpr size_t kMaxTotalPooledBytes = size_t{512} << 20;
constexpr size_t kMaxPooledBuffers = 64;

std::atomic<size_t> total_pooled_bytes{0};
std::atomic<int64_t> reader_buffer_bytes{0};

struct Pool {
  std::vector<std::vector<uint8_t>> buffers;  // oldest first
  size_t bytes = 0;                           // their capacities

  ~Pool() { total_pooled_bytes -= bytes; }

  std::vector<uint8_t> remove(size_t index) {
    std::vector<uint8_t> buffer = std::move(buffers[index]);
    buffers.erase(buffers.begin() + static_cast<std::ptrdiff_t>(index));
    bytes -= buffer.capacity();
    total_pooled_bytes -= buffer.capacity();
    return buffer;
  }
};

Pool& threadPool() {
  thread_local Pool pool;
  return pool;
}

}  // namespace

std::vector<uint8_t> takeBuffer(size_t size) {
  // Small requests would waste a large buffer that a later large one then misses.
  if (size < kMinPooledBytes)
    return std::vector<uint8_t>(size);
  Pool& pool = threadPool();
  // The smallest buffer that fits, so that large ones stay for large requests.
  size_t best = pool.buffers.size();
  for (size_t index = 0; index < pool.buffers.size(); ++index) {
    size_t capacity = pool.buffers[index].capacity();
    if (capacity >= size &&
        (best == pool.buffers.size() || capacity < pool.buffers[best].capacity())) {
      best = index;
    }
  }
  if (best == pool.buffers.size()) {
    // Room to spare, as the same column's chunk or page in the next file is rarely exactly
    // as large; reserving touches no memory.
    std::vector<uint8_t> buffer;
    buffer.reserve(size + size / 8);
    buffer.resize(size);
    return buffer;
  }
  std::vector<uint8_t> buffer = pool.remove(best);
  buffer.resize(size);
  return buffer;
}

void recycleBuffer(std::vector<uint8_t>&& buffer) {
  size_t capacity = buffer.capacity();
  if (capacity < kMinPooledBytes || capacity > kMaxPooledBytes)
    return;
  Pool& pool = threadPool();
  while (!pool.buffers.empty() &&
         (pool.bytes + capacity > kMaxPooledBytes || pool.buffers.size() >= kMaxPooledBuffers ||
          total_pooled_bytes + capacity > kMaxTotalPooledBytes)) {
    pool.remove(0);
  }
  if (total_pooled_bytes + capacity > kMaxTotalPooledBytes)
    return;  // other threads hold the rest
  // The buffer keeps its size: takeBuffer then shrinks it (which writes nothing) or grows it
  // by a little (which zeroes just the new bytes).
  pool.bytes += capacity;
  total_pooled_bytes += capacity;
  pool.buffers.push_back(std::move(buffer));
}

void countReaderBufferBytes(int64_t delta) {
  reader_buffer_bytes.fetch_add(delta, std::memory_order_relaxed);
}

uint64_t parquetBufferBytes() {
  int64_t in_use = std::max<int64_t>(reader_buffer_bytes.load(std::memory_order_relaxed), 0);
  return static_cast<uint64_t>(in_use) + total_pooled_bytes.load(std::memory_order_relaxed);
}

}  // namespace sluice::parquet

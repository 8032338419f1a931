// test/unit/storage/parquet_buffer_pool_test.cpp
//
// The per-thread pool of Parquet read buffers: recycled buffers come back at the size asked
// for, the smallest that fits first; small buffers are not kept.
#include <gtest/gtest.h>

#include <thread>

#include "storage/parquet/buffer_pool.hpp"

namespace sluice::parquet {
namespace {

void reuseInThisThread() {
  std::vector<uint8_t> large = takeBuffer(3 << 20);
  std::vector<uint8_t> medium = takeBuffer(1 << 20);
  const uint8_t* large_data = large.data();
  const uint8_t* medium_data = medium.data();
  recycleBuffer(std::move(large));
  recycleBuffer(std::move(medium));

  std::vector<uint8_t> first = takeBuffer(512 << 10);  // the smallest that fits: medium
  EXPECT_EQ(first.data(), medium_data);
  ASSERT_EQ(first.size(), size_t{512} << 10);
  std::vector<uint8_t> second = takeBuffer(2 << 20);
  EXPECT_EQ(second.data(), large_data);
  EXPECT_EQ(second.size(), size_t{2} << 20);
  std::vector<uint8_t> fresh = takeBuffer(2 << 20);  // the pool is empty again
  EXPECT_NE(fresh.data(), large_data);
  EXPECT_EQ(fresh.size(), size_t{2} << 20);

  std::vector<uint8_t> small = takeBuffer(100);
  recycleBuffer(std::move(small));
  EXPECT_EQ(takeBuffer(50).capacity(), 50u);  // not pooled
}

TEST(ParquetBufferPoolTest, RecycledBuffersAreReusedSmallestFirst) {
  // A fresh thread starts with an empty pool, whatever other tests left in this one's.
  std::thread thread(reuseInThisThread);
  thread.join();
}

}  // namespace
}  // namespace sluice::parquet

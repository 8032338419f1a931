// test/unit/exec/page_memory_test.cpp
//
// PageMemory and PageArena: whole 2 MiB pages, aligned, zeroed and writable, whether the memory
// is populated up front (first touch a read) or faulted in as it is written.
#include "exec/aggregate/page_memory.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <utility>

namespace sluice {
namespace {

constexpr size_t kHugePage = size_t{2} << 20;

bool allZero(const uint8_t* data, size_t size) {
  for (size_t i = 0; i < size; ++i) {
    if (data[i] != 0)
      return false;
  }
  return true;
}

void expectZeroedWholePages(PageMemory& memory, size_t asked) {
  ASSERT_NE(memory.data(), nullptr);
  EXPECT_GE(memory.size(), asked);
  EXPECT_EQ(memory.size() % kHugePage, 0u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(memory.data()) % kHugePage, 0u);
  EXPECT_TRUE(allZero(memory.data(), memory.size()));
  // Every page takes writes, the last byte included.
  for (size_t offset = 0; offset < memory.size(); offset += 4096)
    memory.data()[offset] = 7;
  memory.data()[memory.size() - 1] = 9;
  EXPECT_EQ(memory.data()[memory.size() - 1], 9);
}

TEST(PageMemoryTest, PopulatedMemoryIsZeroedWholeAlignedPages) {
  PageMemory memory(3 * kHugePage / 2, FirstTouch::kRead);
  EXPECT_EQ(memory.size(), 2 * kHugePage);
  expectZeroedWholePages(memory, 3 * kHugePage / 2);
}

TEST(PageMemoryTest, MemoryFaultedInOnWriteIsZeroedWholeAlignedPages) {
  PageMemory memory(5 * kHugePage + 1, FirstTouch::kWrite);
  EXPECT_EQ(memory.size(), 6 * kHugePage);
  expectZeroedWholePages(memory, 5 * kHugePage + 1);
}

TEST(PageMemoryTest, MovingHandsOverTheMapping) {
  PageMemory first(kHugePage, FirstTouch::kRead);
  uint8_t* data = first.data();
  data[0] = 1;
  PageMemory second(std::move(first));
  EXPECT_EQ(first.data(), nullptr);
  EXPECT_EQ(first.size(), 0u);
  EXPECT_EQ(second.data(), data);
  PageMemory third;
  third = std::move(second);
  EXPECT_EQ(second.data(), nullptr);
  EXPECT_EQ(third.data()[0], 1);
}

TEST(PageMemoryTest, ArenaHandsOutDistinctZeroedAlignedBlocks) {
  PageArena arena;
  std::set<uint8_t*> seen;
  for (size_t bytes : {size_t{1}, size_t{24}, size_t{4096}, PageArena::kSlabSize - 8,
                       3 * PageArena::kSlabSize, size_t{40}}) {
    uint8_t* block = arena.allocate(bytes);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(block) % 16, 0u);
    EXPECT_TRUE(allZero(block, bytes));
    EXPECT_TRUE(seen.insert(block).second);
    for (size_t i = 0; i < bytes; ++i)
      block[i] = 0xff;  // overlapping blocks would show up as non-zero later
  }
}

}  // namespace
}  // namespace sluice

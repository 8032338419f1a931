// test/unit/exec/file_morsels_test.cpp
//
// How file scans cut their files into parts: a few files into enough parts for every thread,
// many files whole but for the last one per thread, cut into quarters to even out the end.
#include "exec/physical/file_morsels.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "exec/parallel/task_scheduler.hpp"

namespace sluice {
namespace {

//! Every file appears once, in order, as parts 0 .. parts - 1 one after the other.
void expectEachFileCoveredInOrder(const std::vector<FilePart>& parts, size_t files) {
  size_t unit = 0;
  for (uint32_t file = 0; file < files; ++file) {
    ASSERT_LT(unit, parts.size());
    uint32_t count = parts[unit].parts;
    ASSERT_GE(count, 1u);
    for (uint32_t part = 0; part < count; ++part, ++unit) {
      ASSERT_LT(unit, parts.size());
      EXPECT_EQ(parts[unit].file, file);
      EXPECT_EQ(parts[unit].part, part);
      EXPECT_EQ(parts[unit].parts, count);
    }
  }
  EXPECT_EQ(unit, parts.size());
}

TEST(FileMorselsTest, WholeFilesAreOnePartEach) {
  std::vector<FilePart> parts = wholeFiles(3);
  ASSERT_EQ(parts.size(), 3u);
  expectEachFileCoveredInOrder(parts, 3);
  EXPECT_EQ(parts[2].parts, 1u);
  EXPECT_TRUE(wholeFiles(0).empty());
}

TEST(FileMorselsTest, OneFileIsCutForEveryThread) {
  size_t threads = TaskScheduler::shared().threadCount();
  std::vector<FilePart> parts = planParquetParts(1);
  EXPECT_EQ(parts.size(), std::min<size_t>(2 * threads, 16));
  expectEachFileCoveredInOrder(parts, 1);
  EXPECT_TRUE(planParquetParts(0).empty());
}

TEST(FileMorselsTest, ManyFilesAreWholeButTheLastOnePerThread) {
  size_t threads = TaskScheduler::shared().threadCount();
  size_t files = 2 * threads + 3;
  std::vector<FilePart> parts = planParquetParts(files);
  expectEachFileCoveredInOrder(parts, files);
  EXPECT_EQ(parts.size(), (files - threads) + 4 * threads);
  for (const FilePart& part : parts)
    EXPECT_EQ(part.parts, part.file < files - threads ? 1u : 4u) << "file " << part.file;
}

}  // namespace
}  // namespace sluice

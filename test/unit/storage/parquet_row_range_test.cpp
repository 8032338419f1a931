// test/unit/storage/parquet_row_range_test.cpp
//
// Reading a row range of a Parquet file (the parts the scan cuts a few large files into):
// every cut of the file into ranges gives back exactly its rows, in order, across row groups
// and page boundaries, with NULLs, dictionary and plain strings, for data pages v1 and v2, with
// whole pages passed over; nested columns cannot be cut.
#include <gtest/gtest.h>

#include "parquet_test_util.hpp"
#include "session/session.hpp"

namespace sluice::parquet {
namespace {

using testing::Row;

std::vector<StructField> fields() {
  return {{"id", DataType::longType(), true, {}},
          {"small", DataType::intType(), true, {}},
          {"word", DataType::string(), true, {}},
          {"text", DataType::string(), true, {}}};
}

std::vector<Row> makeRows(int64_t count) {
  std::vector<Row> rows;
  for (int64_t id = 0; id < count; ++id) {
    rows.push_back({Value::longValue(id),
                    id % 7 == 0 ? Value::null(DataType::intType())
                                : Value::intValue(static_cast<int32_t>(id % 100)),
                    Value::string(id % 3 == 0 ? "gift" : "a longer word than twelve bytes"),
                    id % 5 == 0 ? Value::null(DataType::string())
                                : Value::string("row " + std::to_string(id) + " of many")});
  }
  return rows;
}

std::vector<Row> readRange(const std::string& path, int64_t first, int64_t end) {
  ParquetReader reader(path);
  EXPECT_TRUE(reader.canSelectRowRange());
  reader.selectRowRange(first, end);
  return testing::readRows(reader);
}

void expectEveryCutReadsTheRows(const ParquetWriterOptions& options) {
  testing::ScratchFolder folder;
  std::string path = folder.file("ranges.parquet");
  std::vector<Row> rows = makeRows(20000);
  testing::writeRows(path, fields(), rows, options);
  for (int64_t parts : {1, 2, 3, 7}) {
    std::vector<Row> read;
    for (int64_t part = 0; part < parts; ++part) {
      auto first = static_cast<int64_t>(rows.size()) * part / parts;
      auto end = static_cast<int64_t>(rows.size()) * (part + 1) / parts;
      std::vector<Row> slice = readRange(path, first, end);
      ASSERT_EQ(slice.size(), static_cast<size_t>(end - first)) << parts << " parts, part " << part;
      read.insert(read.end(), slice.begin(), slice.end());
    }
    ASSERT_EQ(read.size(), rows.size());
    for (size_t row = 0; row < rows.size(); ++row) {
      for (size_t column = 0; column < rows[row].size(); ++column) {
        ASSERT_EQ(read[row][column], rows[row][column])
            << parts << " parts, row " << row << ", column " << column;
      }
    }
  }
  // Ranges that start or end past the file, and an empty one.
  EXPECT_EQ(readRange(path, 19990, 50000).size(), 10u);
  EXPECT_EQ(readRange(path, 30000, 40000).size(), 0u);
  EXPECT_EQ(readRange(path, 500, 500).size(), 0u);
  EXPECT_EQ(readRange(path, 12345, 12346)[0][0], Value::longValue(12345));
}

TEST(ParquetRowRangeTest, SmallPagesAndRowGroups) {
  ParquetWriterOptions options;
  options.page_size = 4 * 1024;
  options.row_group_rows = 6000;
  expectEveryCutReadsTheRows(options);
}

TEST(ParquetRowRangeTest, DataPagesV2WithoutDictionaries) {
  ParquetWriterOptions options;
  options.page_size = 8 * 1024;
  options.row_group_rows = 9000;
  options.enable_dictionary = false;
  options.data_page_v2 = true;
  expectEveryCutReadsTheRows(options);
}

TEST(ParquetRowRangeTest, OneRowGroupOnePage) {
  expectEveryCutReadsTheRows(ParquetWriterOptions{});
}

TEST(ParquetRowRangeTest, AScanOfOneLargeFileKeepsItsRowOrder) {
  // One file of 600,000 rows is cut into parts read by every thread; the rows still come out
  // in the file's order.
  testing::ScratchFolder folder;
  std::string path = folder.file("large.parquet");
  std::vector<StructField> columns{{"id", DataType::longType(), true, {}}};
  std::vector<Row> rows;
  for (int64_t id = 0; id < 600000; ++id)
    rows.push_back({Value::longValue(id)});
  ParquetWriterOptions options;
  options.page_size = 64 * 1024;
  testing::writeRows(path, columns, rows, options, 50000);
  Session session;
  auto results = session.execute("SELECT id FROM read_files('" + path + "', format => 'parquet')");
  ASSERT_EQ(results.back().numRows(), rows.size());
  for (size_t row = 0; row < rows.size(); ++row)
    ASSERT_EQ(results.back().displayValue(row, 0), std::to_string(row)) << "at " << row;
}

TEST(ParquetRowRangeTest, NestedColumnsCannotBeCut) {
  testing::ScratchFolder folder;
  std::string path = folder.file("nested.parquet");
  std::vector<StructField> nested{{"id", DataType::longType(), true, {}},
                                  {"list", DataType::array(DataType::intType(), true), true, {}}};
  testing::writeRows(
      path, nested,
      {{Value::longValue(1),
        Value::nested(DataType::array(DataType::intType(), true), {Value::intValue(1)})}});
  ParquetReader reader(path);
  EXPECT_FALSE(reader.canSelectRowRange());
  reader.selectColumns({0});
  EXPECT_TRUE(reader.canSelectRowRange());
}

}  // namespace
}  // namespace sluice::parquet

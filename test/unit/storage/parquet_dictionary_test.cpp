// test/unit/storage/parquet_dictionary_test.cpp
//
// Dictionary-encoded columns as the reader hands them out: string vectors share the
// dictionary's strings instead of copying them, so they must stay valid after the reader
// moves to the next row group or file, or is gone (these tests run under the sanitizer
// build, which catches a view into freed memory); fixed-width dictionaries of each width.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "parquet_test_util.hpp"

namespace sluice::parquet {
namespace {

using testing::Row;
using testing::ScratchFolder;
using testing::writeRows;

// Short (inline) and long (heap) strings, NULLs, and a value per file so that files differ.
std::string stringFor(int index, int file) {
  switch (index % 5) {
    case 0:
      return "short" + std::to_string(index % 3);
    case 1:
      return "a value longer than twelve bytes, number " + std::to_string(index % 7);
    case 2:
      return "";
    case 3:
      return "file " + std::to_string(file) + " and a long tail to leave the inline bytes";
    default:
      return "x";
  }
}

std::vector<Row> stringRows(int count, int file) {
  std::vector<Row> rows;
  for (int index = 0; index < count; ++index) {
    Value text =
        index % 11 == 4 ? Value::null(DataType::string()) : Value::string(stringFor(index, file));
    Value required = Value::string(stringFor(index * 3, file));
    rows.push_back({text, required});
  }
  return rows;
}

std::vector<StructField> stringFields() {
  return {{"text", DataType::string(), true, {}}, {"required", DataType::string(), false, {}}};
}

bool usesDictionary(const ParquetReader& reader, size_t leaf) {
  for (const RowGroup& group : reader.metadata().row_groups) {
    const std::vector<Encoding>& encodings = group.columns[leaf].meta_data->encodings;
    if (std::find(encodings.begin(), encodings.end(), Encoding::kRleDictionary) ==
        encodings.end()) {
      return false;
    }
  }
  return true;
}

TEST(ParquetDictionaryTest, StringVectorsOutliveTheirReaders) {
  ScratchFolder folder;
  ParquetWriterOptions options;
  options.row_group_rows = 3000;  // several row groups, each with its own dictionary
  options.page_size = 4096;       // and several data pages per dictionary
  std::vector<std::vector<Row>> expected;
  std::vector<std::string> paths;
  for (int file = 0; file < 2; ++file) {
    paths.push_back(folder.file("strings" + std::to_string(file) + ".parquet"));
    expected.push_back(stringRows(10000, file));
    writeRows(paths.back(), stringFields(), expected.back(), options, 2048);
  }
  // Every batch of both files is kept, and checked only once the readers are destroyed.
  std::vector<Batch> batches;
  for (const std::string& path : paths) {
    ParquetReaderOptions reader_options;
    reader_options.batch_size = 1000;
    auto reader = std::make_unique<ParquetReader>(path, reader_options);
    ASSERT_GT(reader->numRowGroups(), 2u);
    ASSERT_TRUE(usesDictionary(*reader, 0));
    ASSERT_TRUE(usesDictionary(*reader, 1));
    Batch batch;
    while (reader->next(batch))
      batches.push_back(std::move(batch));
  }
  std::vector<Row> rows;
  for (const Batch& batch : batches) {
    for (idx_t row = 0; row < batch.num_rows; ++row) {
      rows.push_back({batch.columns[0].getValue(row), batch.columns[1].getValue(row)});
    }
  }
  std::vector<Row> all = expected[0];
  all.insert(all.end(), expected[1].begin(), expected[1].end());
  ASSERT_EQ(rows.size(), all.size());
  EXPECT_EQ(rows, all);
}

TEST(ParquetDictionaryTest, FixedWidthDictionariesOfEachWidth) {
  ScratchFolder folder;
  std::string path = folder.file("fixed.parquet");
  std::vector<StructField> fields = {
      {"b", DataType::byteType(), true, {}},     {"s", DataType::shortType(), true, {}},
      {"i", DataType::intType(), true, {}},      {"l", DataType::longType(), false, {}},
      {"d", DataType::decimal(30, 2), true, {}}, {"f", DataType::floatType(), true, {}},
  };
  std::vector<Row> rows;
  for (int index = 0; index < 9000; ++index) {
    bool null = index % 7 == 3;
    auto maybe = [&](Value value, const DataType& type) {
      return null ? Value::null(type) : value;
    };
    rows.push_back({
        maybe(Value::byteValue(static_cast<int8_t>(index % 9 - 4)), DataType::byteType()),
        maybe(Value::shortValue(static_cast<int16_t>(index % 13 * 1000)), DataType::shortType()),
        maybe(Value::intValue(index % 17 - 8), DataType::intType()),
        Value::longValue(int64_t{1} << (index % 40)),
        maybe(Value::decimal(int128_t{index % 5} * 1000000000000000000, 30, 2),
              DataType::decimal(30, 2)),
        maybe(Value::floatValue(static_cast<float>(index % 6) / 4), DataType::floatType()),
    });
  }
  writeRows(path, fields, rows, {}, 2048);
  ParquetReader reader(path);
  for (size_t leaf = 0; leaf < fields.size(); ++leaf) {
    EXPECT_TRUE(usesDictionary(reader, leaf)) << fields[leaf].name;
  }
  EXPECT_EQ(testing::readRows(reader), rows);
}

}  // namespace
}  // namespace sluice::parquet

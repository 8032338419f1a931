// test/unit/storage/parquet_buffer_accounting_test.cpp
//
// The bytes Parquet readers hold in buffers are counted while a reader reads and given back
// when it goes, and the operators' share of a memory limit makes room for them.
#include <gtest/gtest.h>

#include "exec/spill/memory_limit.hpp"
#include "parquet_test_util.hpp"
#include "storage/parquet/buffer_pool.hpp"

namespace sluice::parquet {
namespace {

using testing::Row;
using testing::ScratchFolder;
using testing::writeRows;

TEST(ParquetBufferAccountingTest, AnOpenReaderCountsItsBuffersUntilItGoes) {
  ScratchFolder folder;
  std::string path = folder.file("wide.parquet");
  std::vector<StructField> fields = {{"id", DataType::longType(), true, {}},
                                     {"text", DataType::string(), true, {}}};
  std::vector<Row> rows;
  for (int64_t id = 0; id < 50000; ++id)
    rows.push_back({Value::longValue(id), Value::string("row " + std::to_string(id * 7919))});
  ParquetWriterOptions options;
  options.enable_dictionary = false;
  writeRows(path, fields, rows, options);

  uint64_t before = parquetBufferBytes();
  uint64_t while_reading = 0;
  {
    ParquetReader reader(path);
    Batch batch;
    ASSERT_TRUE(reader.next(batch));
    while_reading = parquetBufferBytes();
    // Two column chunks of 50,000 values, compressed and not: far more than 64 KB.
    EXPECT_GT(while_reading, before + (uint64_t{64} << 10));
    uint64_t limit = uint64_t{1} << 40;
    EXPECT_EQ(sluice::operatorMemoryLimit(limit), limit - (uint64_t{128} << 20) - while_reading);
  }
  // The reader's buffers went back to the thread's pool (still counted) or were freed.
  EXPECT_LE(parquetBufferBytes(), while_reading);
}

TEST(ParquetBufferAccountingTest, OperatorsKeepAQuarterOfTheLimit) {
  // Whatever the readers hold, operators may hold a quarter of the limit before spilling.
  EXPECT_GE(sluice::operatorMemoryLimit(1000), 250u);
  EXPECT_LE(sluice::operatorMemoryLimit(1000), 1000u);
}

}  // namespace
}  // namespace sluice::parquet

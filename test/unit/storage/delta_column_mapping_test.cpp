// test/unit/storage/delta_column_mapping_test.cpp
//
// Delta column mapping as Spark writes it: hand-made logs in Spark's shape (schema fields
// carrying delta.columnMapping.id / physicalName, data files whose columns, nested fields
// included, carry the physical names and Parquet field ids, partition values and statistics
// keyed by physical name), read back in `name` and `id` mode with data skipping; and tables
// sluice writes with a mapping, whose files hold physical names and field ids, renamed and
// dropped columns read back.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <fstream>

#include "delta_test_util.hpp"
#include "storage/delta/log_store.hpp"
#include "storage/delta/table_alteration.hpp"
#include "storage/parquet/parquet_reader.hpp"
#include "storage/parquet/parquet_writer.hpp"

namespace sluice::delta {
namespace {

using testing::column;
using testing::Row;
using testing::ScratchTable;

constexpr const char* kIdPhysical = "col-5f422f40-de70-45b2-88ab-1d5c90e94db1";
constexpr const char* kStructPhysical = "col-a7f4159c-53be-4cb0-b81a-f7e5240cfc49";
constexpr const char* kCityPhysical = "col-0b1c4c14-3c52-4a1c-b1e8-0f5f3d6e3a11";
constexpr const char* kZipPhysical = "col-9c3d7c0e-2a9a-4c4b-9d33-6c1f7f4c2b22";
constexpr const char* kPartPhysical = "col-1f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f";

DataType addressType() {
  return DataType::structOf(
      {column("city", DataType::string()), column("zip", DataType::intType())});
}

//! The table's schema as Spark's log holds it in `mode`, each field with its id and
//! physical name.
std::string schemaString() {
  Json schema = {
      {"type", "struct"},
      {"fields",
       Json::array(
           {{{"name", "id"},
             {"type", "long"},
             {"nullable", true},
             {"metadata",
              {{"delta.columnMapping.id", 1}, {"delta.columnMapping.physicalName", kIdPhysical}}}},
            {{"name", "address"},
             {"type",
              {{"type", "struct"},
               {"fields",
                Json::array({{{"name", "city"},
                              {"type", "string"},
                              {"nullable", true},
                              {"metadata",
                               {{"delta.columnMapping.id", 3},
                                {"delta.columnMapping.physicalName", kCityPhysical}}}},
                             {{"name", "zip"},
                              {"type", "integer"},
                              {"nullable", true},
                              {"metadata",
                               {{"delta.columnMapping.id", 4},
                                {"delta.columnMapping.physicalName", kZipPhysical}}}}})}}},
             {"nullable", true},
             {"metadata",
              {{"delta.columnMapping.id", 2},
               {"delta.columnMapping.physicalName", kStructPhysical}}}},
            {{"name", "part"},
             {"type", "string"},
             {"nullable", true},
             {"metadata",
              {{"delta.columnMapping.id", 5},
               {"delta.columnMapping.physicalName", kPartPhysical}}}}})}};
  return schema.dump();
}

//! Writes a data file of (id, address) rows named as `names` says (top-level and nested), with
//! the given field ids, and returns its size.
int64_t writeDataFile(const std::string& path, const std::vector<std::string>& names,
                      const std::vector<std::optional<int32_t>>& ids,
                      const std::vector<Row>& rows) {
  std::vector<StructField> fields{
      column(names[0], DataType::longType()),
      column(names[1], DataType::structOf({column(names[2], DataType::string()),
                                           column(names[3], DataType::intType())}))};
  parquet::ParquetWriterOptions options;
  options.field_ids = {parquet::FieldIdTree{ids[0], {}},
                       parquet::FieldIdTree{ids[1], {{ids[2], {}}, {ids[3], {}}}}};
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  parquet::ParquetWriter writer(path, fields, options);
  // Values are built in the file's own types.
  std::vector<Row> stored;
  for (const Row& row : rows) {
    Value address = row[1].isNull() ? Value::null(fields[1].type)
                                    : Value::nested(fields[1].type, row[1].children());
    stored.push_back({row[0], address});
  }
  writer.write(testing::makeBatch(fields, stored));
  writer.close();
  struct stat info;
  EXPECT_EQ(::stat(path.c_str(), &info), 0);
  return info.st_size;
}

Row row(int64_t id, std::optional<std::pair<std::string, int32_t>> address, std::string part) {
  Value nested = address ? Value::nested(addressType(), {Value::string(address->first),
                                                         Value::intValue(address->second)})
                         : Value::null(addressType());
  return {Value::longValue(id), nested, Value::string(std::move(part))};
}

//! A log of two files in partitions `x` and `y`, in Spark's shape for `mode`, whose data files
//! name their columns `names` with `ids`.
void writeSparkTable(const std::string& table, const std::string& mode,
                     const std::vector<std::string>& names,
                     const std::vector<std::optional<int32_t>>& ids) {
  std::vector<Row> x_rows = {row(1, std::pair<std::string, int32_t>{"Oslo", 150}, "x"),
                             row(2, std::nullopt, "x")};
  std::vector<Row> y_rows = {row(10, std::pair<std::string, int32_t>{"Rome", 100}, "y")};
  int64_t x_size =
      writeDataFile(table + "/Ab/part-00000-x.c000.snappy.parquet", names, ids, x_rows);
  int64_t y_size =
      writeDataFile(table + "/Cd/part-00001-y.c000.snappy.parquet", names, ids, y_rows);
  auto add = [&](const std::string& path, int64_t size, const std::string& part, int64_t min,
                 int64_t max, int64_t count) {
    Json stats = {{"numRecords", count},
                  {"minValues", {{kIdPhysical, min}}},
                  {"maxValues", {{kIdPhysical, max}}},
                  {"nullCount", {{kIdPhysical, 0}}}};
    return Json{{"add",
                 {{"path", path},
                  {"partitionValues", {{kPartPhysical, part}}},
                  {"size", size},
                  {"modificationTime", 1700000000000},
                  {"dataChange", true},
                  {"stats", stats.dump()}}}};
  };
  std::filesystem::create_directories(table + "/_delta_log");
  std::ofstream log(table + "/_delta_log/00000000000000000000.json");
  log << Json{{"commitInfo", {{"timestamp", 1700000000000}, {"operation", "WRITE"}}}}.dump()
      << "\n";
  log << Json{{"metaData",
               {{"id", "6d9c8e4a-0000-4000-8000-000000000001"},
                {"format", {{"provider", "parquet"}, {"options", Json::object()}}},
                {"schemaString", schemaString()},
                {"partitionColumns", Json::array({"part"})},
                {"configuration",
                 {{"delta.columnMapping.mode", mode}, {"delta.columnMapping.maxColumnId", "5"}}},
                {"createdTime", 1700000000000}}}}
             .dump()
      << "\n";
  log << Json{{"protocol", {{"minReaderVersion", 2}, {"minWriterVersion", 5}}}}.dump() << "\n";
  log << add("Ab/part-00000-x.c000.snappy.parquet", x_size, "x", 1, 2, 2).dump() << "\n";
  log << add("Cd/part-00001-y.c000.snappy.parquet", y_size, "y", 10, 10, 1).dump() << "\n";
}

std::vector<Row> expectedRows() {
  return testing::sorted({row(1, std::pair<std::string, int32_t>{"Oslo", 150}, "x"),
                          row(2, std::nullopt, "x"),
                          row(10, std::pair<std::string, int32_t>{"Rome", 100}, "y")});
}

TEST(ColumnMappingTest, NameModeReadsFilesByPhysicalName) {
  ScratchTable table;
  writeSparkTable(table.path(), "name", {kIdPhysical, kStructPhysical, kCityPhysical, kZipPhysical},
                  {1, 2, 3, 4});
  Snapshot snapshot = openSnapshot(table.path());
  ASSERT_EQ(snapshot.column_mapping.mode(), ColumnMappingMode::kName);
  EXPECT_EQ(snapshot.column_mapping.physicalName("part"), kPartPhysical);
  EXPECT_EQ(testing::readTable(table.path()), expectedRows());

  // Statistics and partition values keyed by physical name still skip files.
  using Op = SkippingPredicate::Op;
  EXPECT_EQ(
      liveFiles(snapshot, {SkippingPredicate::compare("id", Op::kGreater, Value::longValue(5))})
          .size(),
      1u);
  EXPECT_EQ(
      liveFiles(snapshot, {SkippingPredicate::compare("part", Op::kEqual, Value::string("x"))})
          .size(),
      1u);
  EXPECT_EQ(
      liveFiles(snapshot, {SkippingPredicate::compare("ID", Op::kEqual, Value::longValue(99))})
          .size(),
      0u);

  // A projection of a nested column alone.
  DeltaTableScan scan(snapshot, {"address"});
  std::vector<Row> addresses = testing::scanRows(scan);
  ASSERT_EQ(addresses.size(), 3u);
  EXPECT_EQ(addresses[0][0].type(), addressType());
}

TEST(ColumnMappingTest, IdModeMatchesColumnsByFieldId) {
  ScratchTable table;
  // The files' names are not the physical names: only the field ids tie them to the schema.
  writeSparkTable(table.path(), "id", {"renamed_a", "renamed_b", "c", "d"}, {1, 2, 3, 4});
  EXPECT_EQ(testing::readTable(table.path()), expectedRows());

  // A file column whose id the schema does not have is not read: the column is NULL.
  ScratchTable other;
  writeSparkTable(other.path(), "id", {"renamed_a", "renamed_b", "c", "d"}, {7, 2, 3, 4});
  for (const Row& read : testing::readTable(other.path()))
    EXPECT_TRUE(read[0].isNull());
}

TEST(ColumnMappingTest, WrittenFilesCarryPhysicalNamesAndFieldIds) {
  ScratchTable table;
  std::vector<StructField> schema{column("id", DataType::longType()),
                                  column("address", addressType()),
                                  column("part", DataType::string())};
  TableWriteOptions options = testing::createOptions(schema, {"part"});
  options.definition->properties["delta.columnMapping.mode"] = "name";
  testing::writeRows(
      table.path(),
      {row(1, std::pair<std::string, int32_t>{"Oslo", 150}, "x"), row(2, std::nullopt, "x"),
       row(10, std::pair<std::string, int32_t>{"Rome", 100}, "y")},
      options);
  Snapshot snapshot = openSnapshot(table.path());
  EXPECT_EQ(snapshot.protocol.min_reader_version, 2);
  EXPECT_EQ(snapshot.protocol.min_writer_version, 5);
  EXPECT_EQ(snapshot.metadata.configuration.at("delta.columnMapping.maxColumnId"), "5");
  ASSERT_EQ(snapshot.files.size(), 2u);
  for (const auto& [path, add] : snapshot.files) {
    ASSERT_EQ(add.partition_values.size(), 1u);
    EXPECT_EQ(add.partition_values[0].first, snapshot.column_mapping.physicalName("part"));
    EXPECT_NE(add.stats->find(snapshot.column_mapping.physicalName("id")), std::string::npos);
    parquet::ParquetReader reader(table.path() + "/" + path);
    const auto& columns = reader.parquetSchema().columns;
    ASSERT_EQ(columns.size(), 2u);
    EXPECT_EQ(columns[0].name, snapshot.column_mapping.physicalName("id"));
    EXPECT_TRUE(columns[0].name.starts_with("col-"));
    EXPECT_EQ(columns[0].field_id, std::optional<int32_t>(1));
    EXPECT_EQ(columns[1].field_id, std::optional<int32_t>(2));
    ASSERT_EQ(columns[1].children.size(), 2u);
    EXPECT_TRUE(columns[1].children[0].name.starts_with("col-"));
    EXPECT_EQ(columns[1].children[1].field_id, std::optional<int32_t>(4));
  }
  EXPECT_EQ(testing::readTable(table.path()), expectedRows());

  // Renames and drops change the schema only; the files read as before under the new names.
  renameColumn(snapshot, "address", "home");
  Snapshot renamed = openSnapshot(table.path());
  EXPECT_EQ(renamed.schema[1].name, "home");
  EXPECT_EQ(renamed.files.size(), 2u);
  EXPECT_EQ(testing::readTable(table.path()), expectedRows());
  dropColumns(renamed, {"home"});
  std::vector<Row> dropped = testing::readTable(table.path());
  ASSERT_EQ(dropped.size(), 3u);
  EXPECT_EQ(dropped[0].size(), 2u);
  EXPECT_EQ(dropped[2][0].getInt64(), 10);
  EXPECT_EQ(dropped[2][1].getString(), "y");
}

}  // namespace
}  // namespace sluice::delta

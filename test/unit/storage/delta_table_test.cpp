// test/unit/storage/delta_table_test.cpp
//
// Writing Delta tables and reading them back: every type, partitions, statistics, overwrite,
// streaming txn actions.

#include <gtest/gtest.h>

#include <filesystem>

#include "common/error/error.hpp"
#include "delta_test_util.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/file_stats.hpp"
#include "storage/parquet/parquet_reader.hpp"

namespace sluice::delta {
namespace {

using testing::column;
using testing::Row;
using testing::ScratchTable;

std::vector<Action> readLog(const ScratchTable& table, int64_t version) {
  return LogStore(table.path()).readCommit(version);
}

template <typename T>
std::vector<T> actionsOf(const std::vector<Action>& actions) {
  std::vector<T> result;
  for (const Action& action : actions) {
    if (const auto* value = std::get_if<T>(&action))
      result.push_back(*value);
  }
  return result;
}

TEST(DeltaTableTest, EveryTypeRoundTripsWithNulls) {
  ScratchTable table;
  DataType point = DataType::structOf(
      {column("x", DataType::doubleType()), column("label", DataType::string())});
  std::vector<StructField> schema = {
      column("id", DataType::longType(), false),
      column("flag", DataType::boolean()),
      column("tiny", DataType::byteType()),
      column("small", DataType::shortType()),
      column("n", DataType::intType()),
      column("ratio", DataType::floatType()),
      column("price", DataType::decimal(10, 2)),
      column("wide", DataType::decimal(38, 6)),
      column("name", DataType::string()),
      column("raw", DataType::binary()),
      column("day", DataType::date()),
      column("at", DataType::timestamp()),
      column("local", DataType::timestampNtz()),
      column("tags", DataType::array(DataType::string())),
      column("scores", DataType::map(DataType::string(), DataType::intType())),
      column("point", point),
  };
  int128_t big = static_cast<int128_t>(1) << 100;
  std::vector<Row> rows = {
      {Value::longValue(1), Value::boolean(true), Value::byteValue(-8), Value::shortValue(300),
       Value::intValue(7), Value::floatValue(1.25f), Value::decimal(12345, 10, 2),
       Value::decimal(big, 38, 6), Value::string("a fairly long string value, past inline"),
       Value::binary(std::string("\x00\x01\xff", 3)), Value::date(19000),
       Value::timestamp(1'700'000'000'123'456), Value::timestampNtz(-5'000'000),
       Value::nested(DataType::array(DataType::string()),
                     {Value::string("x"), Value::null(DataType::string())}),
       Value::nested(
           DataType::map(DataType::string(), DataType::intType()),
           {Value::nested(DataType::map(DataType::string(), DataType::intType()).childType(),
                          {Value::string("k"), Value::intValue(1)})}),
       Value::nested(point, {Value::doubleValue(0.5), Value::string("p")})},
      {Value::longValue(2), Value::null(DataType::boolean()), Value::null(DataType::byteType()),
       Value::null(DataType::shortType()), Value::null(DataType::intType()),
       Value::null(DataType::floatType()), Value::null(DataType::decimal(10, 2)),
       Value::null(DataType::decimal(38, 6)), Value::null(DataType::string()),
       Value::null(DataType::binary()), Value::null(DataType::date()),
       Value::null(DataType::timestamp()), Value::null(DataType::timestampNtz()),
       Value::null(DataType::array(DataType::string())),
       Value::null(DataType::map(DataType::string(), DataType::intType())),
       Value::nested(point,
                     {Value::null(DataType::doubleType()), Value::null(DataType::string())})},
      {Value::longValue(3), Value::boolean(false), Value::byteValue(127), Value::shortValue(-32768),
       Value::intValue(-1), Value::floatValue(-0.5f), Value::decimal(-1, 10, 2),
       Value::decimal(-big, 38, 6), Value::string(""), Value::binary(""), Value::date(-1),
       Value::timestamp(0), Value::timestampNtz(0),
       Value::nested(DataType::array(DataType::string()), {}),
       Value::nested(DataType::map(DataType::string(), DataType::intType()), {}),
       Value::null(point)},
  };
  EXPECT_EQ(testing::writeRows(table.path(), rows, testing::createOptions(schema)), 0);
  EXPECT_EQ(testing::readTable(table.path()), testing::sorted(rows));

  // TIMESTAMP_NTZ needs the timestampNtz table feature.
  std::vector<Protocol> protocols = actionsOf<Protocol>(readLog(table, 0));
  ASSERT_EQ(protocols.size(), 1u);
  EXPECT_EQ(protocols[0].min_reader_version, 3);
  EXPECT_EQ(protocols[0].min_writer_version, 7);
  EXPECT_EQ(protocols[0].reader_features, std::vector<std::string>{"timestampNtz"});
}

TEST(DeltaTableTest, NewTableHasProtocolMetadataAndCommitInfo) {
  ScratchTable table;
  TableWriteOptions options = testing::createOptions({column("id", DataType::longType())});
  options.definition->description = "the ids";
  options.definition->properties = {{"delta.appendOnly", "false"}, {"owner", "ops"}};
  testing::writeRows(table.path(), {{Value::longValue(1)}}, options);
  std::vector<Action> actions = readLog(table, 0);
  ASSERT_TRUE(std::holds_alternative<CommitInfo>(actions[0]));
  const CommitInfo& info = std::get<CommitInfo>(actions[0]);
  EXPECT_EQ(info.operation(), "CREATE TABLE AS SELECT");
  EXPECT_EQ(info.fields["isBlindAppend"], true);
  EXPECT_EQ(info.fields["operationMetrics"]["numOutputRows"], "1");
  EXPECT_EQ(info.fields.begin().key(), "timestamp");
  Protocol protocol = actionsOf<Protocol>(actions).at(0);
  EXPECT_EQ(protocol, (Protocol{1, 2, std::nullopt, std::nullopt}));
  Metadata metadata = actionsOf<Metadata>(actions).at(0);
  EXPECT_EQ(metadata.id.size(), 36u);
  EXPECT_EQ(metadata.description, "the ids");
  EXPECT_EQ(metadata.configuration.at("owner"), "ops");
  EXPECT_TRUE(metadata.created_time.has_value());
  EXPECT_EQ(
      metadata.schema_string,
      R"({"type":"struct","fields":[{"name":"id","type":"long","nullable":true,"metadata":{}}]})");
  std::vector<AddFile> adds = actionsOf<AddFile>(actions);
  ASSERT_EQ(adds.size(), 1u);
  EXPECT_TRUE(adds[0].path.starts_with("part-00000-"));
  EXPECT_TRUE(adds[0].path.ends_with(".c000.zstd.parquet"));
  EXPECT_TRUE(adds[0].data_change);
  EXPECT_EQ(adds[0].size, std::filesystem::file_size(table.path() + "/" + adds[0].path));

  // Creating it again is refused.
  try {
    testing::writeRows(table.path(), {{Value::longValue(1)}}, options);
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::DELTA_LOG_ALREADY_EXISTS);
  }
}

TEST(DeltaTableTest, StatisticsOfASmallFileAreExact) {
  ScratchTable table;
  DataType inner = DataType::structOf({column("a", DataType::intType())});
  std::vector<StructField> schema = {
      column("id", DataType::longType()),      column("name", DataType::string()),
      column("score", DataType::doubleType()), column("day", DataType::date()),
      column("at", DataType::timestamp()),     column("s", inner),
      column("flag", DataType::boolean()),     column("tags", DataType::array(DataType::intType())),
  };
  std::vector<Row> rows = {
      {Value::longValue(1), Value::string("apple"), Value::doubleValue(1.5), Value::date(0),
       Value::timestamp(1'500'123), Value::nested(inner, {Value::intValue(3)}),
       Value::boolean(true), Value::null(DataType::array(DataType::intType()))},
      {Value::longValue(2), Value::null(DataType::string()), Value::null(DataType::doubleType()),
       Value::date(1), Value::null(DataType::timestamp()), Value::null(inner),
       Value::boolean(false), Value::nested(DataType::array(DataType::intType()), {})},
      {Value::longValue(3), Value::string("banana"), Value::doubleValue(-2.0), Value::date(2),
       Value::timestamp(86'400'000'999), Value::nested(inner, {Value::null(DataType::intType())}),
       Value::null(DataType::boolean()),
       Value::nested(DataType::array(DataType::intType()), {Value::null(DataType::intType())})},
  };
  testing::writeRows(table.path(), rows, testing::createOptions(schema));
  AddFile add = actionsOf<AddFile>(readLog(table, 0)).at(0);
  EXPECT_EQ(
      *add.stats,
      R"({"numRecords":3,)"
      R"("minValues":{"id":1,"name":"apple","score":-2.0,"day":"1970-01-01","at":"1970-01-01T00:00:01.500Z","s":{"a":3}},)"
      R"("maxValues":{"id":3,"name":"banana","score":1.5,"day":"1970-01-03","at":"1970-01-02T00:00:00.000Z","s":{"a":3}},)"
      R"("nullCount":{"id":0,"name":1,"score":1,"day":0,"at":1,"s":{"a":2},"flag":1,"tags":1}})");
  FileStats parsed = parseFileStats(*add.stats, schema);
  EXPECT_EQ(parsed.num_records, 3);
  EXPECT_EQ(parsed.columns.at("at").max, Value::timestamp(86'400'000'000));
  EXPECT_EQ(parsed.columns.at("name").null_count, 1);
}

TEST(DeltaTableTest, LongStringStatisticsAreTruncatedAsDeltaDoes) {
  std::string forty(40, 'a');
  EXPECT_EQ(truncateMinString(forty, 32), std::string(32, 'a'));
  EXPECT_EQ(truncateMaxString(forty, 32), std::string(32, 'a') + "\x7F");
  EXPECT_EQ(truncateMaxString(std::string(32, 'a') + "\xC3\xA9zz", 32),
            std::string(32, 'a') + "\xF4\x8F\xBF\xBF");
  EXPECT_EQ(truncateMaxString("short", 32), "short");
  // Characters, not bytes, are counted.
  std::string accents;
  for (int i = 0; i < 33; ++i)
    accents += "\xC3\xA9";
  EXPECT_EQ(truncateMinString(accents, 32).size(), 64u);

  ScratchTable table;
  std::vector<StructField> schema = {column("s", DataType::string())};
  testing::writeRows(table.path(), {{Value::string(forty)}, {Value::string("b")}},
                     testing::createOptions(schema));
  AddFile add = actionsOf<AddFile>(readLog(table, 0)).at(0);
  FileStats stats = parseFileStats(*add.stats, schema);
  EXPECT_EQ(stats.columns.at("s").min, Value::string(std::string(32, 'a')));
  EXPECT_EQ(stats.columns.at("s").max, Value::string("b"));
}

TEST(DeltaTableTest, PartitionsUseHiveFoldersAndKeepValuesOutOfTheFiles) {
  ScratchTable table;
  std::vector<StructField> schema = {column("v", DataType::intType()),
                                     column("p", DataType::string()),
                                     column("q", DataType::intType())};
  std::vector<Row> rows = {
      {Value::intValue(1), Value::string("a/b:c"), Value::intValue(1)},
      {Value::intValue(2), Value::string("a/b:c"), Value::intValue(1)},
      {Value::intValue(3), Value::null(DataType::string()), Value::intValue(2)},
      {Value::intValue(4), Value::string("x y%"), Value::null(DataType::intType())},
      {Value::intValue(5), Value::string(""), Value::intValue(2)},
  };
  testing::writeRows(table.path(), rows, testing::createOptions(schema, {"p", "q"}));

  std::vector<AddFile> adds = actionsOf<AddFile>(readLog(table, 0));
  ASSERT_EQ(adds.size(), 3u);  // "" and NULL share the default partition
  std::map<std::string, PartitionValues> by_folder;
  for (const AddFile& add : adds) {
    std::string path = decodeUriPath(add.path);
    by_folder[path.substr(0, path.rfind('/'))] = add.partition_values;
    EXPECT_TRUE(std::filesystem::exists(table.path() + "/" + path)) << path;
    parquet::ParquetReader reader(table.path() + "/" + path);
    ASSERT_EQ(reader.schema().size(), 1u);
    EXPECT_EQ(reader.schema()[0].name, "v");
  }
  PartitionValues escaped = {{"p", "a/b:c"}, {"q", "1"}};
  PartitionValues nulls = {{"p", std::nullopt}, {"q", "2"}};
  PartitionValues spaced = {{"p", "x y%"}, {"q", std::nullopt}};
  EXPECT_EQ(by_folder.at("p=a%2Fb%3Ac/q=1"), escaped);
  EXPECT_EQ(by_folder.at("p=__HIVE_DEFAULT_PARTITION__/q=2"), nulls);
  EXPECT_EQ(by_folder.at("p=x y%25/q=__HIVE_DEFAULT_PARTITION__"), spaced);
  // The log path is URI-encoded on top of Hive's escaping.
  bool saw_encoded = false;
  for (const AddFile& add : adds)
    saw_encoded |= add.path.starts_with("p=a%252Fb%253Ac/q=1/");
  EXPECT_TRUE(saw_encoded);

  rows[4][1] = Value::null(DataType::string());  // the empty string reads back as NULL
  EXPECT_EQ(testing::readTable(table.path()), testing::sorted(rows));

  Snapshot snapshot = openSnapshot(table.path());
  DeltaTableScan only_partitions(snapshot, {"q", "p"});
  std::vector<Row> projected = testing::scanRows(only_partitions);
  ASSERT_EQ(projected.size(), 5u);
  EXPECT_EQ(projected[0], (Row{Value::null(DataType::intType()), Value::string("x y%")}));
}

TEST(DeltaTableTest, AppendsAndOverwritesCommitNewVersions) {
  ScratchTable table;
  std::vector<StructField> schema = {column("id", DataType::longType())};
  testing::writeRows(table.path(), {{Value::longValue(1)}}, testing::createOptions(schema));
  EXPECT_EQ(testing::writeRows(table.path(), {{Value::longValue(2)}, {Value::longValue(3)}},
                               testing::appendOptions()),
            1);
  EXPECT_EQ(testing::readTable(table.path()).size(), 3u);

  TableWriteOptions overwrite;
  overwrite.mode = WriteMode::kOverwrite;
  EXPECT_EQ(testing::writeRows(table.path(), {{Value::longValue(9)}}, overwrite), 2);
  EXPECT_EQ(testing::readTable(table.path()), (std::vector<Row>{{Value::longValue(9)}}));
  std::vector<Action> actions = readLog(table, 2);
  std::vector<RemoveFile> removes = actionsOf<RemoveFile>(actions);
  EXPECT_EQ(removes.size(), 2u);
  for (const RemoveFile& remove : removes) {
    EXPECT_TRUE(remove.data_change);
    EXPECT_TRUE(remove.deletion_timestamp.has_value());
  }
  EXPECT_EQ(std::get<CommitInfo>(actions[0]).fields["isBlindAppend"], false);
  EXPECT_EQ(std::get<CommitInfo>(actions[0]).fields["operationParameters"]["mode"], "Overwrite");
  // The old version still reads as it was.
  EXPECT_EQ(testing::readTable(table.path(), TimeTravel{1, std::nullopt}).size(), 3u);

  // An empty append commits a version with no files.
  DeltaTableWriter empty(table.path(), testing::appendOptions());
  EXPECT_EQ(empty.commit().version, 3);
  EXPECT_EQ(testing::readTable(table.path()).size(), 1u);
}

TEST(DeltaTableTest, RowLimitSplitsFiles) {
  ScratchTable table;
  TableWriteOptions options = testing::createOptions({column("id", DataType::longType())});
  options.max_rows_per_file = 4;
  std::vector<Row> rows;
  for (int i = 0; i < 10; ++i)
    rows.push_back({Value::longValue(i)});
  DeltaTableWriter writer(table.path(), options);
  writer.write(testing::makeBatch(writer.schema(), {rows.begin(), rows.begin() + 3}));
  writer.write(testing::makeBatch(writer.schema(), {rows.begin() + 3, rows.end()}));
  TableWriteResult result = writer.commit();
  EXPECT_EQ(result.num_files, 3);
  EXPECT_EQ(result.num_rows, 10);
  EXPECT_EQ(testing::readTable(table.path()), rows);
}

TEST(DeltaTableTest, TxnActionsRecordEachApplicationsLastBatch) {
  ScratchTable table;
  std::vector<StructField> schema = {column("id", DataType::longType())};
  testing::writeRows(table.path(), {}, testing::createOptions(schema));
  EXPECT_EQ(lastCommittedVersion(table.path(), "flow-a"), std::nullopt);
  for (int64_t batch = 0; batch < 3; ++batch) {
    TableWriteOptions options = testing::appendOptions();
    options.app_id = "flow-a";
    options.app_version = batch;
    testing::writeRows(table.path(), {{Value::longValue(batch)}}, options);
  }
  TableWriteOptions other = testing::appendOptions();
  other.app_id = "flow-b";
  other.app_version = 17;
  testing::writeRows(table.path(), {{Value::longValue(100)}}, other);
  EXPECT_EQ(lastCommittedVersion(table.path(), "flow-a"), 2);
  EXPECT_EQ(lastCommittedVersion(table.path(), "flow-b"), 17);
  EXPECT_EQ(lastCommittedVersion(table.path() + "/missing", "flow-a"), std::nullopt);
  std::vector<SetTransaction> txns = actionsOf<SetTransaction>(readLog(table, 3));
  ASSERT_EQ(txns.size(), 1u);
  EXPECT_EQ(txns[0].app_id, "flow-a");
  EXPECT_EQ(txns[0].version, 2);
  EXPECT_TRUE(txns[0].last_updated.has_value());
}

TEST(DeltaTableTest, MissingTablesAndBadDefinitionsAreErrors) {
  ScratchTable table;
  try {
    testing::readTable(table.path());
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::DELTA_MISSING_DELTA_TABLE);
  }
  EXPECT_THROW(DeltaTableWriter(table.path(), testing::appendOptions()), Error);
  TableWriteOptions bad = testing::createOptions({column("a", DataType::intType())}, {"zzz"});
  EXPECT_THROW(DeltaTableWriter(table.path(), bad), Error);
  TableWriteOptions both = testing::createOptions(
      {column("a", DataType::intType()), column("b", DataType::intType())}, {"a"});
  both.definition->clustering_columns = {"b"};
  EXPECT_THROW(DeltaTableWriter(table.path(), both), Error);
}

}  // namespace
}  // namespace sluice::delta

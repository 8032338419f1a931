// test/unit/storage/delta_actions_test.cpp
//
// Delta actions to JSON and back, and the errors for malformed commit lines.

#include <gtest/gtest.h>

#include "common/error/error.hpp"
#include "storage/delta/actions.hpp"

namespace sluice::delta {
namespace {

TEST(DeltaActionsTest, EveryActionRoundTripsThroughItsJsonLine) {
  Protocol protocol{3, 7, std::vector<std::string>{"timestampNtz"},
                    std::vector<std::string>{"appendOnly", "invariants", "timestampNtz"}};
  Metadata metadata;
  metadata.id = "af23c9d7-fff1-4a5a-a2c8-55c59bd782aa";
  metadata.description = "orders";
  metadata.schema_string = R"({"type":"struct","fields":[]})";
  metadata.partition_columns = {"date"};
  metadata.created_time = 1700000000000;
  metadata.configuration = {{"delta.appendOnly", "true"}};
  AddFile add;
  add.path = "date=2017-12-10/part-00000-x.c000.zstd.parquet";
  add.partition_values = {{"date", "2017-12-10"}, {"region", std::nullopt}};
  add.size = 841454;
  add.modification_time = 1512909768000;
  add.stats = R"({"numRecords":1})";
  add.clustering_provider = "liquid";
  RemoveFile remove;
  remove.path = "part-00001-y.c000.zstd.parquet";
  remove.deletion_timestamp = 1515488792485;
  remove.data_change = false;
  SetTransaction txn{"flow-1", 42, 1515488792485};
  CommitInfo info;
  info.fields["timestamp"] = 1515491537026;
  info.fields["operation"] = "WRITE";
  DomainMetadata domain{"delta.clustering", R"({"clusteringColumns":[["a"]]})", false};
  AddCdcFile cdc;
  cdc.path = "_change_data/date=2017-12-10/cdc-00000-z.c000.snappy.parquet";
  cdc.partition_values = {{"date", "2017-12-10"}};
  cdc.size = 1213;

  std::vector<Action> actions = {protocol, metadata, add, remove, txn, info, domain, cdc};
  std::string text = serializeActions(actions);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 8);
  std::vector<Action> parsed = parseActions(text, "00000000000000000000.json");
  ASSERT_EQ(parsed.size(), actions.size());
  for (size_t index = 0; index < actions.size(); ++index) {
    EXPECT_EQ(parsed[index], actions[index]) << "action " << index;
  }
  EXPECT_EQ(std::get<CommitInfo>(parsed[5]).operation(), "WRITE");
  EXPECT_EQ(std::get<CommitInfo>(parsed[5]).timestamp(), 1515491537026);
}

TEST(DeltaActionsTest, AddLineHasSparksFieldsAndNullPartitionValues) {
  AddFile add;
  add.path = "p=__HIVE_DEFAULT_PARTITION__/f.parquet";
  add.partition_values = {{"p", std::nullopt}};
  add.size = 10;
  add.modification_time = 5;
  EXPECT_EQ(dumpJson(actionToJson(add)),
            R"({"add":{"path":"p=__HIVE_DEFAULT_PARTITION__/f.parquet",)"
            R"("partitionValues":{"p":null},"size":10,"modificationTime":5,"dataChange":true}})");
}

TEST(DeltaActionsTest, CdcLineHasTheProtocolsFieldsWithDataChangeFalse) {
  AddCdcFile cdc;
  cdc.path = "_change_data/cdc-00001-c.snappy.parquet";
  cdc.size = 1213;
  EXPECT_EQ(dumpJson(actionToJson(cdc)),
            R"({"cdc":{"path":"_change_data/cdc-00001-c.snappy.parquet","partitionValues":{},)"
            R"("size":1213,"dataChange":false}})");
}

TEST(DeltaActionsTest, ReadsSparkLinesAndIgnoresUnknownFieldsAndActions) {
  std::string text =
      R"({"commitInfo":{"timestamp":1,"operation":"WRITE","operationParameters":{"mode":"Append"},"notebook":{"id":"1"}}})"
      "\n"
      R"({"cdc":{"path":"_change_data/x.parquet","partitionValues":{},"size":1,"dataChange":false}})"
      "\n\n"
      R"({"add":{"path":"a.parquet","partitionValues":{"p":""},"size":3,"modificationTime":4,"dataChange":true,"futureField":[1,2]}})"
      "\n"
      R"({"futureAction":{"x":1}})"
      "\n";
  std::vector<Action> actions = parseActions(text, "x.json");
  ASSERT_EQ(actions.size(), 3u);
  EXPECT_EQ(std::get<AddCdcFile>(actions[1]).path, "_change_data/x.parquet");
  const AddFile& add = std::get<AddFile>(actions[2]);
  EXPECT_EQ(add.path, "a.parquet");
  ASSERT_EQ(add.partition_values.size(), 1u);
  EXPECT_FALSE(add.partition_values[0].second.has_value());  // "" is NULL
}

TEST(DeltaActionsTest, ReadsTheV2CheckpointActionsAsSparkWritesThem) {
  std::string text =
      R"({"checkpointMetadata":{"version":364475,"tags":{}}})"
      "\n"
      R"({"sidecar":{"path":"016ae953-37a9-438e-8683-9a9a4a79a395.parquet","sizeInBytes":2304522,"modificationTime":1512909768000,"tags":{}}})"
      "\n"
      R"({"sidecar":{"path":"00000000000000000002.checkpoint.0000000001.0000000001.3a0d65cd.parquet","sizeInBytes":12,"modificationTime":5}})"
      "\n";
  std::vector<Action> actions = parseActions(text, "00000000000000364475.checkpoint.u.json");
  ASSERT_EQ(actions.size(), 3u);
  EXPECT_EQ(std::get<CheckpointMetadata>(actions[0]).version, 364475);
  const SidecarFile& sidecar = std::get<SidecarFile>(actions[1]);
  EXPECT_EQ(sidecar.path, "016ae953-37a9-438e-8683-9a9a4a79a395.parquet");
  EXPECT_EQ(sidecar.size_in_bytes, 2304522);
  EXPECT_EQ(sidecar.modification_time, 1512909768000);
  EXPECT_EQ(sidecar.tags, (std::map<std::string, std::string>{}));
  EXPECT_FALSE(std::get<SidecarFile>(actions[2]).tags.has_value());
  // Written back in the same shape.
  EXPECT_EQ(
      dumpJson(actionToJson(actions[2])),
      R"({"sidecar":{"path":"00000000000000000002.checkpoint.0000000001.0000000001.3a0d65cd.parquet",)"
      R"("sizeInBytes":12,"modificationTime":5}})");
  EXPECT_EQ(dumpJson(actionToJson(CheckpointMetadata{7, std::nullopt})),
            R"({"checkpointMetadata":{"version":7}})");
  EXPECT_THROW(parseActions(R"({"sidecar":{"sizeInBytes":1}})", "x.json"), Error);
  EXPECT_THROW(parseActions(R"({"checkpointMetadata":{"tags":{}}})", "x.json"), Error);
}

TEST(DeltaActionsTest, MalformedLinesNameTheFileAndLine) {
  auto expect_error = [](const std::string& text, const std::string& fragment) {
    try {
      parseActions(text, "/t/_delta_log/00000000000000000003.json");
      FAIL() << "no error for " << text;
    } catch (const Error& error) {
      EXPECT_EQ(error.errorClass(), ErrorClass::FAILED_READ_FILE);
      EXPECT_NE(error.message().find(fragment), std::string::npos) << error.message();
    }
  };
  expect_error("{\"commitInfo\":{}}\n{not json", "00000000000000000003.json:2");
  expect_error("{\"add\":{\"partitionValues\":{},\"size\":1}}", "`add` has no `path`");
  expect_error("{\"add\":{\"path\":\"x\",\"size\":\"big\"}}", "`add.size` is not an integer");
  expect_error("[1,2]", "must be a JSON object");
  expect_error("{\"protocol\":{\"minReaderVersion\":1}}", "`protocol` has no `minWriterVersion`");
}

}  // namespace
}  // namespace sluice::delta

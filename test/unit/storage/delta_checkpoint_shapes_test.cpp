// test/unit/storage/delta_checkpoint_shapes_test.cpp
//
// Checkpoints in every shape Spark and Databricks write them, built by hand with Spark's file
// names and column layouts: multi-part (complete and not), v2 checkpoints (UUID-named JSON and
// Parquet with sidecars, classic-named with a checkpointMetadata row), several checkpoints of
// one version, and a damaged or stale _last_checkpoint. Each is read back with the rows it
// should hold, at the latest version and by time travel; the writer's v2 checkpoints too.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "common/error/error.hpp"
#include "delta_test_util.hpp"
#include "storage/delta/checkpoint.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/table_features.hpp"
#include "storage/parquet/parquet_reader.hpp"
#include "storage/parquet/parquet_writer.hpp"

namespace sluice::delta {
namespace {

using testing::column;
using testing::Row;
using testing::ScratchTable;

// ---- Spark's checkpoint columns (Delta 3.x, Checkpoints.buildCheckpoint) -----------------

StructField nullable(std::string name, DataType type) {
  return StructField{std::move(name), std::move(type), /*nullable=*/true, ""};
}

DataType stringMap() {
  return DataType::map(DataType::string(), DataType::string());
}

DataType sparkDeletionVector() {
  return DataType::structOf(
      {nullable("storageType", DataType::string()), nullable("pathOrInlineDv", DataType::string()),
       nullable("offset", DataType::intType()), nullable("sizeInBytes", DataType::intType()),
       nullable("cardinality", DataType::longType()),
       nullable("maxRowIndex", DataType::longType())});
}

//! Spark puts `stats` last: buildCheckpoint appends it after the other add fields.
StructField sparkAdd() {
  DataType int64 = DataType::longType();
  return nullable(
      "add", DataType::structOf(
                 {nullable("path", DataType::string()), nullable("partitionValues", stringMap()),
                  nullable("size", int64), nullable("modificationTime", int64),
                  nullable("dataChange", DataType::boolean()), nullable("tags", stringMap()),
                  nullable("deletionVector", sparkDeletionVector()), nullable("baseRowId", int64),
                  nullable("defaultRowCommitVersion", int64),
                  nullable("clusteringProvider", DataType::string()),
                  nullable("stats", DataType::string())}));
}

//! The remove of a checkpoint has no stats and no tags.
StructField sparkRemove() {
  DataType int64 = DataType::longType();
  DataType boolean = DataType::boolean();
  return nullable("remove",
                  DataType::structOf(
                      {nullable("path", DataType::string()), nullable("deletionTimestamp", int64),
                       nullable("dataChange", boolean), nullable("extendedFileMetadata", boolean),
                       nullable("partitionValues", stringMap()), nullable("size", int64),
                       nullable("deletionVector", sparkDeletionVector()),
                       nullable("baseRowId", int64), nullable("defaultRowCommitVersion", int64)}));
}

std::vector<StructField> sparkNonFileColumns() {
  DataType string = DataType::string();
  DataType int64 = DataType::longType();
  DataType strings = DataType::array(string);
  return {
      nullable(
          "metaData",
          DataType::structOf(
              {nullable("id", string), nullable("name", string), nullable("description", string),
               nullable("format", DataType::structOf({nullable("provider", string),
                                                      nullable("options", stringMap())})),
               nullable("schemaString", string), nullable("partitionColumns", strings),
               nullable("configuration", stringMap()), nullable("createdTime", int64)})),
      nullable("protocol", DataType::structOf({nullable("minReaderVersion", DataType::intType()),
                                               nullable("minWriterVersion", DataType::intType()),
                                               nullable("readerFeatures", strings),
                                               nullable("writerFeatures", strings)})),
      nullable("domainMetadata",
               DataType::structOf({nullable("domain", string), nullable("configuration", string),
                                   nullable("removed", DataType::boolean())})),
  };
}

StructField sparkTxn() {
  DataType int64 = DataType::longType();
  return nullable(
      "txn", DataType::structOf({nullable("appId", DataType::string()), nullable("version", int64),
                                 nullable("lastUpdated", int64)}));
}

//! A classic or multi-part (v1 spec) checkpoint: txn, add, remove, metaData, protocol,
//! domainMetadata.
std::vector<StructField> sparkV1Columns() {
  std::vector<StructField> columns = {sparkTxn(), sparkAdd(), sparkRemove()};
  for (StructField& other : sparkNonFileColumns())
    columns.push_back(std::move(other));
  return columns;
}

//! A v2 spec Parquet checkpoint (createCheckpointV2ParquetFile): the v1 columns, then
//! checkpointMetadata and sidecar.
std::vector<StructField> sparkV2Columns() {
  std::vector<StructField> columns = sparkV1Columns();
  DataType int64 = DataType::longType();
  columns.push_back(
      nullable("checkpointMetadata",
               DataType::structOf({nullable("version", int64), nullable("tags", stringMap())})));
  columns.push_back(nullable(
      "sidecar",
      DataType::structOf({nullable("path", DataType::string()), nullable("sizeInBytes", int64),
                          nullable("modificationTime", int64), nullable("tags", stringMap())})));
  return columns;
}

//! A sidecar holds add and remove only.
std::vector<StructField> sparkSidecarColumns() {
  return {sparkAdd(), sparkRemove()};
}

//! A JSON value as a Value of `type` (fields the JSON lacks are NULL).
Value jsonValue(const Json& json, const DataType& type) {
  if (json.is_null())
    return Value::null(type);
  switch (type.id()) {
    case TypeId::kString:
      return Value::string(json.get<std::string>());
    case TypeId::kBoolean:
      return Value::boolean(json.get<bool>());
    case TypeId::kInt:
      return Value::intValue(json.get<int32_t>());
    case TypeId::kLong:
      return Value::longValue(json.get<int64_t>());
    case TypeId::kArray: {
      std::vector<Value> elements;
      for (const Json& element : json)
        elements.push_back(jsonValue(element, type.elementType()));
      return Value::nested(type, std::move(elements));
    }
    case TypeId::kMap: {
      std::vector<Value> entries;
      for (auto it = json.begin(); it != json.end(); ++it) {
        entries.push_back(Value::nested(
            type.childType(), {Value::string(it.key()), jsonValue(it.value(), type.valueType())}));
      }
      return Value::nested(type, std::move(entries));
    }
    case TypeId::kStruct: {
      std::vector<Value> children;
      for (const StructField& child : type.fields()) {
        auto it = json.find(child.name);
        children.push_back(it == json.end() ? Value::null(child.type) : jsonValue(*it, child.type));
      }
      return Value::nested(type, std::move(children));
    }
    default:
      ADD_FAILURE() << "no such checkpoint column type";
      return Value::null(type);
  }
}

//! Writes `actions` ({"kind": {...}} each) as the rows of a Parquet file of `columns`.
void writeActionsParquet(const std::string& path, const std::vector<StructField>& columns,
                         const std::vector<Json>& actions) {
  Batch batch;
  for (const StructField& field : columns)
    batch.columns.emplace_back(field.type, std::max<size_t>(actions.size(), 1));
  for (size_t row = 0; row < actions.size(); ++row) {
    for (size_t index = 0; index < columns.size(); ++index) {
      auto it = actions[row].find(columns[index].name);
      if (it == actions[row].end()) {
        batch.columns[index].setNull(row);
      } else {
        batch.columns[index].setValue(row, jsonValue(*it, columns[index].type));
      }
    }
  }
  batch.num_rows = actions.size();
  parquet::ParquetWriterOptions options;
  options.codec = parquet::CompressionCodec::kSnappy;
  parquet::ParquetWriter writer(path, columns, options);
  writer.write(batch);
  writer.close();
}

void writeText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::trunc | std::ios::binary) << text;
}

template <typename Body>
void expectError(Body body, ErrorClass error_class, const std::string& fragment) {
  try {
    body();
    FAIL() << "no error; expected " << errorClassName(error_class);
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), error_class) << error.what();
    EXPECT_NE(error.message().find(fragment), std::string::npos) << error.message();
  }
}

std::vector<Row> ids(int64_t first, int64_t last) {
  std::vector<Row> rows;
  for (int64_t id = first; id < last; ++id)
    rows.push_back({Value::longValue(id)});
  return rows;
}

std::vector<Row> readAt(const std::string& path, std::optional<int64_t> version) {
  return testing::readTable(path, {version, std::nullopt});
}

// ---- a table as Spark lays it out ----------------------------------------------------------

constexpr int64_t kNow = 1733300000000;

//! A one-column table (id BIGINT) written file by file, with its log written line by line.
class SparkTable {
 public:
  SparkTable(const ScratchTable& scratch, Json protocol, Json configuration)
      : path_(scratch.path()) {
    std::filesystem::create_directories(path_ + "/_delta_log/_sidecars");
    protocol_ = Json{{"protocol", std::move(protocol)}};
    metadata_ = Json{{"metaData",
                      {{"id", "7d4e1c2a-93b1-4a55-8f0e-2f4a8b1c9d10"},
                       {"format", {{"provider", "parquet"}, {"options", Json::object()}}},
                       {"schemaString", R"({"type":"struct","fields":[{"name":"id","type":"long",)"
                                        R"("nullable":true,"metadata":{}}]})"},
                       {"partitionColumns", Json::array()},
                       {"configuration", std::move(configuration)},
                       {"createdTime", kNow}}}};
  }

  const std::string& path() const { return path_; }
  std::string log(const std::string& name) const { return path_ + "/_delta_log/" + name; }
  const Json& protocol() const { return protocol_; }
  const Json& metadata() const { return metadata_; }

  //! Writes a data file of ids [first, last) and returns its add action.
  Json addFile(int64_t first, int64_t last) {
    std::string name = fmt::format("part-{:05}-{}-c000.snappy.parquet", files_++, randomUuid());
    {
      std::vector<Row> rows = ids(first, last);
      std::vector<StructField> schema = {column("id", DataType::longType())};
      parquet::ParquetWriter writer(path_ + "/" + name, schema);
      writer.write(testing::makeBatch(schema, rows));
      writer.close();
    }
    std::string stats = fmt::format(
        R"({{"numRecords":{},"minValues":{{"id":{}}},"maxValues":{{"id":{}}},"nullCount":{{"id":0}}}})",
        last - first, first, last - 1);
    return Json{{"add",
                 {{"path", name},
                  {"partitionValues", Json::object()},
                  {"size", static_cast<int64_t>(std::filesystem::file_size(path_ + "/" + name))},
                  {"modificationTime", kNow},
                  {"dataChange", true},
                  {"stats", stats}}}};
  }

  static Json removeOf(const Json& add) {
    const Json& body = add.at("add");
    return Json{{"remove",
                 {{"path", body.at("path")},
                  {"deletionTimestamp", kNow},
                  {"dataChange", true},
                  {"extendedFileMetadata", true},
                  {"partitionValues", Json::object()},
                  {"size", body.at("size")}}}};
  }

  //! The form an action takes in a checkpoint: dataChange false, a remove without stats.
  static Json checkpointed(Json action) {
    for (auto it = action.begin(); it != action.end(); ++it)
      it.value()["dataChange"] = false;
    return action;
  }

  //! Commit `version`: a commitInfo line first, as Spark writes it, then `actions`.
  void commit(int64_t version, const std::vector<Json>& actions) {
    std::string text = dumpJson(Json{{"commitInfo",
                                      {{"timestamp", kNow + version},
                                       {"operation", version == 0 ? "CREATE TABLE" : "WRITE"},
                                       {"operationParameters", {{"mode", "Append"}}},
                                       {"readVersion", version - 1},
                                       {"isolationLevel", "Serializable"},
                                       {"isBlindAppend", true},
                                       {"engineInfo", "Apache-Spark/3.5.3 Delta-Lake/3.3.0"},
                                       {"txnId", randomUuid()}}}}) +
                       "\n";
    for (const Json& action : actions)
      text += dumpJson(action) + "\n";
    writeText(log(commitFileName(version)), text);
  }

  void removeCommits(int64_t first, int64_t last) const {
    for (int64_t version = first; version <= last; ++version)
      std::filesystem::remove(log(commitFileName(version)));
  }

  //! Writes a sidecar of `actions` under _delta_log/_sidecars; returns its sidecar action.
  Json sidecar(int64_t version, int part, int parts, const std::vector<Json>& actions) const {
    std::string name = fmt::format("{:020}.checkpoint.{:010}.{:010}.{}.parquet", version, part,
                                   parts, randomUuid());
    std::string path = path_ + "/_delta_log/_sidecars/" + name;
    writeActionsParquet(path, sparkSidecarColumns(), actions);
    return Json{{"sidecar",
                 {{"path", name},
                  {"sizeInBytes", static_cast<int64_t>(std::filesystem::file_size(path))},
                  {"modificationTime", kNow}}}};
  }

 private:
  std::string path_;
  Json protocol_;
  Json metadata_;
  int files_ = 0;
};

Json v1Protocol() {
  return Json{{"minReaderVersion", 1}, {"minWriterVersion", 2}};
}

Json v2CheckpointProtocol() {
  return Json{{"minReaderVersion", 3},
              {"minWriterVersion", 7},
              {"readerFeatures", {"v2Checkpoint"}},
              {"writerFeatures", {"appendOnly", "invariants", "v2Checkpoint"}}};
}

Json checkpointMetadata(int64_t version) {
  return Json{{"checkpointMetadata", {{"version", version}}}};
}

Json txn(int64_t version) {
  return Json{{"txn", {{"appId", "8c3a8f0e-ingest"}, {"version", version}, {"lastUpdated", kNow}}}};
}

//! Versions 0-3: four files of three ids each; version 2 removes the first file, version 1
//! records a txn. The table holds ids 3-11 at version 3, 3-8 at version 2, 0-5 at version 1.
struct FourCommits {
  Json f0, f1, f2, f3;
};

FourCommits writeFourCommits(SparkTable& table) {
  FourCommits files{table.addFile(0, 3), table.addFile(3, 6), table.addFile(6, 9),
                    table.addFile(9, 12)};
  table.commit(0, {table.protocol(), table.metadata(), files.f0});
  table.commit(1, {files.f1, txn(7)});
  table.commit(2, {files.f2, SparkTable::removeOf(files.f0)});
  table.commit(3, {files.f3});
  return files;
}

//! The file actions of the state at version 2, as a checkpoint holds them.
std::vector<Json> fileActionsAtTwo(const FourCommits& files) {
  Json tombstone = SparkTable::checkpointed(SparkTable::removeOf(files.f0));
  return {SparkTable::checkpointed(files.f1), SparkTable::checkpointed(files.f2), tombstone};
}

void expectStateAtTwoThroughCheckpoint(const SparkTable& table) {
  LogStore store(table.path());
  Snapshot latest = loadSnapshot(store);
  EXPECT_EQ(latest.version, 3);
  EXPECT_EQ(latest.checkpoint_version, 2);
  EXPECT_EQ(latest.transactionVersion("8c3a8f0e-ingest"), 7);
  EXPECT_EQ(latest.tombstones.size(), 1u);
  EXPECT_EQ(readAt(table.path(), std::nullopt), ids(3, 12));
  EXPECT_EQ(readAt(table.path(), 2), ids(3, 9));
}

// ---- multi-part checkpoints ----------------------------------------------------------------

TEST(DeltaCheckpointShapesTest, MultiPartCheckpointReadsAllItsParts) {
  ScratchTable scratch;
  SparkTable table(scratch, v1Protocol(), Json::object());
  FourCommits files = writeFourCommits(table);
  std::vector<Json> file_actions = fileActionsAtTwo(files);
  // Spark hash-partitions by path; the actions without a path go with part 1.
  writeActionsParquet(
      table.log("00000000000000000002.checkpoint.0000000001.0000000002.parquet"), sparkV1Columns(),
      {txn(7), table.protocol(), table.metadata(), file_actions[0], file_actions[2]});
  writeActionsParquet(table.log("00000000000000000002.checkpoint.0000000002.0000000002.parquet"),
                      sparkV1Columns(), {file_actions[1]});

  LogListing listing = LogStore(table.path()).list();
  ASSERT_EQ(listing.checkpoints.size(), 1u);
  EXPECT_EQ(listing.checkpoints[0].kind, CheckpointFiles::Kind::kMultiPart);
  EXPECT_EQ(listing.checkpoints[0].names.size(), 2u);
  expectStateAtTwoThroughCheckpoint(table);
  // Before the checkpoint, the commits alone.
  EXPECT_FALSE(loadSnapshot(LogStore(table.path()), 1).checkpoint_version.has_value());
  EXPECT_EQ(readAt(table.path(), 1), ids(0, 6));

  // Without the commits it replaces, the checkpoint alone rebuilds versions 2 and 3.
  table.removeCommits(0, 2);
  expectStateAtTwoThroughCheckpoint(table);
  expectError([&] { readAt(table.path(), 1); }, ErrorClass::DELTA_VERSION_NOT_FOUND,
              "Available versions: [2, 3]");

  // A part that vanishes between the listing and the read is a missing part, named.
  listing = LogStore(table.path()).list();
  std::filesystem::remove(
      table.log("00000000000000000002.checkpoint.0000000002.0000000002.parquet"));
  expectError([&] { loadSnapshot(LogStore(table.path()), listing, std::nullopt); },
              ErrorClass::DELTA_MISSING_PART_FILES,
              "00000000000000000002.checkpoint.0000000002.0000000002.parquet");
}

TEST(DeltaCheckpointShapesTest, IncompleteMultiPartCheckpointIsSkipped) {
  ScratchTable scratch;
  SparkTable table(scratch, v1Protocol(), Json::object());
  FourCommits files = writeFourCommits(table);
  // Part 1 of 3 and part 3 of 3: part 2 never made it. The parts are never opened.
  writeText(table.log("00000000000000000002.checkpoint.0000000001.0000000003.parquet"),
            "not parquet");
  writeText(table.log("00000000000000000002.checkpoint.0000000003.0000000003.parquet"),
            "not parquet");

  LogListing listing = LogStore(table.path()).list();
  EXPECT_TRUE(listing.checkpoints.empty());
  EXPECT_EQ(listing.incomplete_checkpoints.size(), 2u);
  Snapshot from_commits = loadSnapshot(LogStore(table.path()));
  EXPECT_FALSE(from_commits.checkpoint_version.has_value());
  EXPECT_EQ(readAt(table.path(), std::nullopt), ids(3, 12));

  // With an older classic checkpoint, the replay starts there instead.
  writeActionsParquet(table.log("00000000000000000001.checkpoint.parquet"), sparkV1Columns(),
                      {table.protocol(), table.metadata(), txn(7),
                       SparkTable::checkpointed(files.f0), SparkTable::checkpointed(files.f1)});
  table.removeCommits(0, 0);
  Snapshot from_classic = loadSnapshot(LogStore(table.path()));
  EXPECT_EQ(from_classic.checkpoint_version, 1);
  EXPECT_EQ(readAt(table.path(), std::nullopt), ids(3, 12));
  EXPECT_EQ(readAt(table.path(), 2), ids(3, 9));
  EXPECT_EQ(readAt(table.path(), 1), ids(0, 6));
}

TEST(DeltaCheckpointShapesTest, EmptyCheckpointFilesAreNeverChosen) {
  ScratchTable scratch;
  SparkTable table(scratch, v1Protocol(), Json::object());
  FourCommits files = writeFourCommits(table);
  // A complete two-part checkpoint at version 2, and at the same version an empty classic
  // file and an empty UUID-named one: writes that never finished, which Delta skips too.
  std::vector<Json> file_actions = fileActionsAtTwo(files);
  writeActionsParquet(table.log("00000000000000000002.checkpoint.0000000001.0000000002.parquet"),
                      sparkV1Columns(), {txn(7), table.protocol(), table.metadata()});
  writeActionsParquet(table.log("00000000000000000002.checkpoint.0000000002.0000000002.parquet"),
                      sparkV1Columns(), file_actions);
  writeText(table.log("00000000000000000002.checkpoint.parquet"), "");
  writeText(table.log("00000000000000000002.checkpoint.7d17ac10-5cc3-401b-bd1a-9c82dd2ea032.json"),
            "");
  // A three-part set of the same version is preferred over the two-part one when complete.
  writeActionsParquet(table.log("00000000000000000002.checkpoint.0000000001.0000000003.parquet"),
                      sparkV1Columns(), {txn(7), table.protocol(), table.metadata()});
  writeActionsParquet(table.log("00000000000000000002.checkpoint.0000000002.0000000003.parquet"),
                      sparkV1Columns(), {file_actions[0]});
  writeActionsParquet(table.log("00000000000000000002.checkpoint.0000000003.0000000003.parquet"),
                      sparkV1Columns(), {file_actions[1], file_actions[2]});

  LogListing listing = LogStore(table.path()).list();
  ASSERT_EQ(listing.checkpoints.size(), 2u);
  const CheckpointFiles* chosen = listing.checkpointAtOrBefore(3);
  ASSERT_NE(chosen, nullptr);
  EXPECT_EQ(chosen->kind, CheckpointFiles::Kind::kMultiPart);
  EXPECT_EQ(chosen->names.size(), 3u);
  table.removeCommits(0, 2);
  expectStateAtTwoThroughCheckpoint(table);
}

// ---- v2 checkpoints ------------------------------------------------------------------------

TEST(DeltaCheckpointShapesTest, UuidNamedJsonCheckpointWithSidecars) {
  ScratchTable scratch;
  SparkTable table(scratch, v2CheckpointProtocol(), Json{{"delta.checkpointPolicy", "v2"}});
  FourCommits files = writeFourCommits(table);
  std::vector<Json> file_actions = fileActionsAtTwo(files);
  // Checkpoints.writeTopLevelV2Checkpoint: checkpointMetadata, the sidecars, then the other
  // actions, one JSON line each.
  std::vector<Json> top_level = {checkpointMetadata(2),
                                 table.sidecar(2, 1, 2, {file_actions[0], file_actions[2]}),
                                 table.sidecar(2, 2, 2, {file_actions[1]}),
                                 table.protocol(),
                                 table.metadata(),
                                 txn(7)};
  std::string text;
  for (const Json& action : top_level)
    text += dumpJson(action) + "\n";
  std::string name = "00000000000000000002.checkpoint.80a083e8-7026-4e79-81be-64bd76c43a11.json";
  writeText(table.log(name), text);

  LogListing listing = LogStore(table.path()).list();
  ASSERT_EQ(listing.checkpoints.size(), 1u);
  EXPECT_EQ(listing.checkpoints[0].kind, CheckpointFiles::Kind::kUuidNamed);
  expectStateAtTwoThroughCheckpoint(table);
  EXPECT_EQ(readAt(table.path(), 1), ids(0, 6));
  table.removeCommits(0, 2);
  expectStateAtTwoThroughCheckpoint(table);
  expectError([&] { readAt(table.path(), 0); }, ErrorClass::DELTA_VERSION_NOT_FOUND,
              "Available versions: [2, 3]");

  // A sidecar that is gone fails the read, naming the sidecar and the checkpoint.
  std::string sidecar_name = top_level[2].at("sidecar").at("path").get<std::string>();
  std::filesystem::remove(table.log("_sidecars/" + sidecar_name));
  expectError([&] { readAt(table.path(), std::nullopt); }, ErrorClass::DELTA_MISSING_PART_FILES,
              "_delta_log/_sidecars/" + sidecar_name + " that " + table.log(name));
}

TEST(DeltaCheckpointShapesTest, UuidNamedParquetCheckpointWithSidecarsIsPreferred) {
  ScratchTable scratch;
  SparkTable table(scratch, v2CheckpointProtocol(), Json{{"delta.checkpointPolicy", "v2"}});
  FourCommits files = writeFourCommits(table);
  std::vector<Json> file_actions = fileActionsAtTwo(files);
  writeActionsParquet(
      table.log("00000000000000000002.checkpoint.3a0d65cd-4056-49b8-937b-95f9e3ee90e5.parquet"),
      sparkV2Columns(),
      {checkpointMetadata(2), table.sidecar(2, 1, 1, file_actions), table.protocol(),
       table.metadata(), txn(7)});
  // Two writers raced at version 2; Delta prefers the UUID-named checkpoint over the classic
  // one, so the damaged classic file is never opened.
  writeText(table.log("00000000000000000002.checkpoint.parquet"), "PAR1 truncated");

  LogListing listing = LogStore(table.path()).list();
  ASSERT_EQ(listing.checkpoints.size(), 2u);
  EXPECT_EQ(listing.checkpointAtOrBefore(3)->kind, CheckpointFiles::Kind::kUuidNamed);
  table.removeCommits(0, 2);
  expectStateAtTwoThroughCheckpoint(table);
}

TEST(DeltaCheckpointShapesTest, ClassicNamedV2CheckpointReadsItsSidecar) {
  ScratchTable scratch;
  SparkTable table(scratch, v2CheckpointProtocol(), Json::object());
  FourCommits files = writeFourCommits(table);
  // The compatibility checkpoint Spark names classically: the v2 columns, a checkpointMetadata
  // row, and the file actions in a sidecar.
  writeActionsParquet(table.log("00000000000000000002.checkpoint.parquet"), sparkV2Columns(),
                      {checkpointMetadata(2), table.sidecar(2, 1, 1, fileActionsAtTwo(files)),
                       table.protocol(), table.metadata(), txn(7)});
  LogListing listing = LogStore(table.path()).list();
  ASSERT_EQ(listing.checkpoints.size(), 1u);
  EXPECT_EQ(listing.checkpoints[0].kind, CheckpointFiles::Kind::kClassic);
  table.removeCommits(0, 2);
  expectStateAtTwoThroughCheckpoint(table);
}

TEST(DeltaCheckpointShapesTest, V2CheckpointOfAnotherVersionIsRefused) {
  ScratchTable scratch;
  SparkTable table(scratch, v2CheckpointProtocol(), Json::object());
  FourCommits files = writeFourCommits(table);
  std::vector<Json> actions = {checkpointMetadata(1), table.protocol(), table.metadata()};
  for (const Json& action : fileActionsAtTwo(files))
    actions.push_back(action);
  std::string text;
  for (const Json& action : actions)
    text += dumpJson(action) + "\n";
  writeText(table.log("00000000000000000002.checkpoint.016ae953-37a9-438e-8683-9a9a4a79a395.json"),
            text);
  expectError([&] { readAt(table.path(), std::nullopt); }, ErrorClass::FAILED_READ_FILE,
              "checkpointMetadata gives version 1");
  // The commits before it still read.
  EXPECT_EQ(readAt(table.path(), 1), ids(0, 6));
}

// ---- _last_checkpoint ----------------------------------------------------------------------

TEST(DeltaCheckpointShapesTest, DamagedOrStaleLastCheckpointChangesNothing) {
  ScratchTable scratch;
  SparkTable table(scratch, v1Protocol(), Json{{"delta.checkpointInterval", "5"}});
  FourCommits files = writeFourCommits(table);
  writeActionsParquet(table.log("00000000000000000002.checkpoint.parquet"), sparkV1Columns(),
                      {txn(7), table.protocol(), table.metadata(), fileActionsAtTwo(files)[0],
                       fileActionsAtTwo(files)[1], fileActionsAtTwo(files)[2]});
  table.removeCommits(0, 1);
  LogStore store(table.path());

  for (const std::string& damaged :
       {std::string{'\x89', '\0', 'g', 'a', 'r', 'b', '\xff'},
        std::string(R"({"version":2,"size":6,"sizeIn)"), std::string(R"({"version":"two"})"),
        std::string("[]"), std::string()}) {
    writeText(table.log("_last_checkpoint"), damaged);
    EXPECT_FALSE(store.readLastCheckpoint().has_value());
    expectStateAtTwoThroughCheckpoint(table);
  }
  // Stale: it names a checkpoint that was removed, older or newer than the real one.
  writeText(table.log("_last_checkpoint"),
            R"({"version":1,"size":4,"sizeInBytes":1234,"numOfAddFiles":2})");
  expectStateAtTwoThroughCheckpoint(table);
  writeText(table.log("_last_checkpoint"), R"({"version":40,"size":4,"parts":3})");
  expectStateAtTwoThroughCheckpoint(table);

  // A writer appends over it, and its checkpoint replaces the stale hint.
  testing::writeRows(table.path(), {{Value::longValue(12)}}, testing::appendOptions());
  EXPECT_EQ(testing::readTable(table.path()).size(), 10u);
  EXPECT_FALSE(std::filesystem::exists(table.log("00000000000000000004.checkpoint.parquet")));
  testing::writeRows(table.path(), {{Value::longValue(13)}}, testing::appendOptions());
  ASSERT_TRUE(std::filesystem::exists(table.log("00000000000000000005.checkpoint.parquet")));
  std::optional<LastCheckpoint> last = store.readLastCheckpoint();
  ASSERT_TRUE(last.has_value());
  EXPECT_EQ(last->version, 5);
  EXPECT_EQ(testing::readTable(table.path()), ids(3, 14));

  // Damaged again before a checkpoint: the writer replaces it.
  writeText(table.log("_last_checkpoint"), "{\"vers");
  for (int64_t id = 14; id < 19; ++id)
    testing::writeRows(table.path(), {{Value::longValue(id)}}, testing::appendOptions());
  last = store.readLastCheckpoint();
  ASSERT_TRUE(last.has_value());
  EXPECT_EQ(last->version, 10);
  EXPECT_EQ(testing::readTable(table.path()), ids(3, 19));
}

// ---- writing tables with v2 checkpoints ----------------------------------------------------

//! Every checkpoint file name in the table's _delta_log.
std::vector<std::string> checkpointNames(const std::string& table_path) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(table_path + "/_delta_log")) {
    std::string name = entry.path().filename().string();
    if (name.find(".checkpoint.") != std::string::npos)
      names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

TEST(DeltaCheckpointShapesTest, CheckpointPolicyV2WritesUuidNamedCheckpointsWithSidecars) {
  ScratchTable table;
  TableWriteOptions create = testing::createOptions({column("id", DataType::longType())});
  create.definition->properties = {{"delta.checkpointPolicy", "v2"},
                                   {"delta.checkpointInterval", "2"}};
  testing::writeRows(table.path(), {{Value::longValue(0)}}, create);
  for (int64_t id = 1; id <= 4; ++id) {
    TableWriteOptions options = testing::appendOptions();
    if (id == 3)
      options.mode = WriteMode::kOverwrite;  // a tombstone among the file actions
    testing::writeRows(table.path(), {{Value::longValue(id)}}, options);
  }
  LogStore store(table.path());
  Snapshot latest = loadSnapshot(store);
  ASSERT_TRUE(latest.protocol.reader_features.has_value());
  EXPECT_NE(std::find(latest.protocol.reader_features->begin(),
                      latest.protocol.reader_features->end(), "v2Checkpoint"),
            latest.protocol.reader_features->end());
  EXPECT_EQ(latest.checkpoint_version, 4);

  std::vector<std::string> names = checkpointNames(table.path());
  ASSERT_EQ(names.size(), 2u);
  for (const std::string& name : names) {
    EXPECT_TRUE(name.ends_with(".json")) << name;
    EXPECT_EQ(name.size(), std::string("00000000000000000002.checkpoint.").size() + 36 + 5);
  }
  std::vector<Action> top_level = readCheckpoint(table.log(names[1]));
  ASSERT_GE(top_level.size(), 4u);
  ASSERT_TRUE(std::holds_alternative<CheckpointMetadata>(top_level[0]));
  EXPECT_EQ(std::get<CheckpointMetadata>(top_level[0]).version, 4);
  const auto* sidecar = std::get_if<SidecarFile>(&top_level[1]);
  ASSERT_NE(sidecar, nullptr);
  std::string sidecar_path = table.log("_sidecars/" + sidecar->path);
  EXPECT_EQ(sidecar->size_in_bytes, static_cast<int64_t>(std::filesystem::file_size(sidecar_path)));
  for (const Action& action : top_level) {
    EXPECT_FALSE(std::holds_alternative<AddFile>(action));
    EXPECT_FALSE(std::holds_alternative<RemoveFile>(action));
  }
  // The sidecar holds the files and the tombstones, in Spark's two columns.
  parquet::ParquetReader reader(sidecar_path);
  std::vector<std::string> columns;
  for (const StructField& field : reader.schema())
    columns.push_back(field.name);
  EXPECT_EQ(columns, (std::vector<std::string>{"add", "remove"}));
  std::vector<Action> sidecar_actions = readCheckpoint(sidecar_path);
  EXPECT_EQ(sidecar_actions.size(), 5u);  // versions 3 and 4 live, 0 to 2 removed by 3

  std::optional<LastCheckpoint> last = store.readLastCheckpoint();
  ASSERT_TRUE(last.has_value());
  EXPECT_EQ(last->version, 4);
  EXPECT_EQ(last->num_of_add_files, 2);
  EXPECT_EQ(testing::readTable(table.path()), ids(3, 5));
  for (int64_t version = 0; version <= 4; ++version)
    std::filesystem::remove(table.log(commitFileName(version)));
  EXPECT_EQ(testing::readTable(table.path()), ids(3, 5));
  EXPECT_EQ(loadSnapshot(store).tombstones.size(), 3u);
}

TEST(DeltaCheckpointShapesTest, TableWithV2CheckpointsGetsClassicNamedV2Checkpoints) {
  ScratchTable scratch;
  SparkTable table(scratch, v2CheckpointProtocol(), Json{{"delta.checkpointInterval", "5"}});
  writeFourCommits(table);
  testing::writeRows(table.path(), {{Value::longValue(12)}}, testing::appendOptions());
  testing::writeRows(table.path(), {{Value::longValue(13)}}, testing::appendOptions());
  ASSERT_EQ(checkpointNames(table.path()),
            std::vector<std::string>{"00000000000000000005.checkpoint.parquet"});
  std::string path = table.log("00000000000000000005.checkpoint.parquet");
  parquet::ParquetReader reader(path);
  std::vector<std::string> columns;
  for (const StructField& field : reader.schema())
    columns.push_back(field.name);
  EXPECT_EQ(columns, (std::vector<std::string>{"txn", "add", "remove", "metaData", "protocol",
                                               "domainMetadata", "checkpointMetadata", "sidecar"}));
  std::vector<Action> actions = readCheckpoint(path);
  ASSERT_FALSE(actions.empty());
  ASSERT_TRUE(std::holds_alternative<CheckpointMetadata>(actions[0]));
  EXPECT_EQ(std::get<CheckpointMetadata>(actions[0]).version, 5);
  table.removeCommits(0, 5);
  EXPECT_EQ(testing::readTable(table.path()), ids(3, 14));
  EXPECT_EQ(loadSnapshot(LogStore(table.path())).transactionVersion("8c3a8f0e-ingest"), 7);
}

TEST(DeltaCheckpointShapesTest, CheckpointPolicyV2EnablesTheFeature) {
  Protocol legacy;
  Protocol raised = protocolForProperties(legacy, {{"delta.checkpointPolicy", "v2"}});
  EXPECT_EQ(raised.min_reader_version, 3);
  EXPECT_EQ(raised.min_writer_version, 7);
  EXPECT_EQ(raised.reader_features, std::vector<std::string>{"v2Checkpoint"});
  EXPECT_EQ(raised.writer_features,
            (std::vector<std::string>{"appendOnly", "invariants", "v2Checkpoint"}));
  EXPECT_EQ(protocolForProperties(legacy, {{"delta.checkpointPolicy", "classic"}}), legacy);
  Protocol created = protocolForNewTable({column("id", DataType::longType())}, false,
                                         {{"delta.checkpointPolicy", "v2"}});
  EXPECT_EQ(created, raised);
}

// Deletion vectors survive a checkpoint sluice writes: losing them would bring deleted rows
// back.
TEST(DeltaCheckpointShapesTest, CheckpointKeepsDeletionVectors) {
  ScratchTable scratch;
  SparkTable table(scratch, v1Protocol(), Json{{"delta.checkpointInterval", "2"}});
  Json file = table.addFile(0, 3);
  file["add"]["deletionVector"] =
      Json{{"storageType", "i"},
           {"pathOrInlineDv", "wi5b=000010000siXQKl0rr91000f55c8Xg0@@D72lkbi5=-{L"},
           {"sizeInBytes", 40},
           {"cardinality", 6}};
  table.commit(0, {table.protocol(), table.metadata(), file});
  Snapshot before = loadSnapshot(LogStore(table.path()));
  writeCheckpoint(LogStore(table.path()), before, kNow);
  std::vector<Action> actions =
      readCheckpoint(table.log("00000000000000000000.checkpoint.parquet"));
  bool found = false;
  for (const Action& action : actions) {
    if (const auto* add = std::get_if<AddFile>(&action)) {
      ASSERT_TRUE(add->deletion_vector.has_value());
      EXPECT_EQ(add->deletion_vector->at("cardinality"), 6);
      EXPECT_EQ(add->deletion_vector->at("storageType"), "i");
      found = true;
    }
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace sluice::delta

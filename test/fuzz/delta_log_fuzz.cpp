// test/fuzz/delta_log_fuzz.cpp
//
// libFuzzer target for the Delta log reader: the input is the text of one commit file. It is
// replayed twice in a scratch table: as commit 1 after a valid commit 0 (protocol, a
// partitioned metaData with most column types, two files), and alone as commit 0. Each
// snapshot that loads is then used as a scan would use it: its schema, the partition values
// of its files cast to the columns' types, their statistics, data skipping with predicates
// built from those values, the data paths, and the protocol and table properties a writer
// checks. Only sluice::Error may escape, and never INTERNAL_ERROR; any other exception, a
// crash or a sanitizer report is a bug.
#include <fcntl.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "common/error/error.hpp"
#include "storage/delta/data_skipping.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/file_stats.hpp"
#include "storage/delta/partition_values.hpp"
#include "storage/delta/table_features.hpp"
#include "storage/delta/table_properties.hpp"
#include "storage/delta/table_reader.hpp"

// UBSan only reports by default; make every report fatal so the fuzzer keeps the input.
extern "C" const char* __ubsan_default_options() {
  return "halt_on_error=1:print_stacktrace=1";
}

namespace {

namespace fs = std::filesystem;
using sluice::delta::SkippingPredicate;

//! Commit 0 of the table the input extends: partitioned by a string, a date and an int, with
//! data columns of most types (the ones statistics and skipping understand, and nested ones).
constexpr std::string_view kBaseCommit =
    R"json({"commitInfo":{"timestamp":1705312800123,"operation":"CREATE TABLE","operationParameters":{"partitionBy":"[\"region\",\"day\",\"bucket\"]"},"isBlindAppend":true}}
{"protocol":{"minReaderVersion":1,"minWriterVersion":2}}
{"metaData":{"id":"0b1a8f76-3b4e-4f6a-9e52-6f0c7f0f5c11","format":{"provider":"parquet","options":{}},"schemaString":"{\"type\":\"struct\",\"fields\":[{\"name\":\"id\",\"type\":\"long\",\"nullable\":false,\"metadata\":{}},{\"name\":\"small\",\"type\":\"byte\",\"nullable\":true,\"metadata\":{}},{\"name\":\"amount\",\"type\":\"decimal(10,2)\",\"nullable\":true,\"metadata\":{}},{\"name\":\"big\",\"type\":\"decimal(38,6)\",\"nullable\":true,\"metadata\":{}},{\"name\":\"score\",\"type\":\"double\",\"nullable\":true,\"metadata\":{}},{\"name\":\"ratio\",\"type\":\"float\",\"nullable\":true,\"metadata\":{}},{\"name\":\"flag\",\"type\":\"boolean\",\"nullable\":true,\"metadata\":{}},{\"name\":\"name\",\"type\":\"string\",\"nullable\":true,\"metadata\":{\"comment\":\"who\"}},{\"name\":\"raw\",\"type\":\"binary\",\"nullable\":true,\"metadata\":{}},{\"name\":\"placed_at\",\"type\":\"timestamp\",\"nullable\":true,\"metadata\":{}},{\"name\":\"tags\",\"type\":{\"type\":\"array\",\"elementType\":\"string\",\"containsNull\":true},\"nullable\":true,\"metadata\":{}},{\"name\":\"attrs\",\"type\":{\"type\":\"map\",\"keyType\":\"string\",\"valueType\":\"integer\",\"valueContainsNull\":true},\"nullable\":true,\"metadata\":{}},{\"name\":\"point\",\"type\":{\"type\":\"struct\",\"fields\":[{\"name\":\"x\",\"type\":\"integer\",\"nullable\":true,\"metadata\":{}},{\"name\":\"y\",\"type\":\"short\",\"nullable\":true,\"metadata\":{}}]},\"nullable\":true,\"metadata\":{}},{\"name\":\"region\",\"type\":\"string\",\"nullable\":true,\"metadata\":{}},{\"name\":\"day\",\"type\":\"date\",\"nullable\":true,\"metadata\":{}},{\"name\":\"bucket\",\"type\":\"integer\",\"nullable\":true,\"metadata\":{}}]}","partitionColumns":["region","day","bucket"],"configuration":{"delta.checkpointInterval":"10"},"createdTime":1705312799001}}
{"add":{"path":"region=EU/day=2024-01-15/bucket=3/part-00000-2c7d2a3e.c000.snappy.parquet","partitionValues":{"region":"EU","day":"2024-01-15","bucket":"3"},"size":1108,"modificationTime":1705312800000,"dataChange":true,"stats":"{\"numRecords\":3,\"minValues\":{\"id\":1,\"small\":-4,\"amount\":10.50,\"big\":1.5,\"score\":0.5,\"name\":\"a\",\"placed_at\":\"2024-01-15T08:00:00.000-08:00\",\"point\":{\"x\":1}},\"maxValues\":{\"id\":3,\"small\":9,\"amount\":99.99,\"big\":2.5,\"score\":7.25,\"name\":\"z\",\"placed_at\":\"2024-01-15T09:30:00.000Z\",\"point\":{\"x\":5}},\"nullCount\":{\"id\":0,\"amount\":1,\"placed_at\":0,\"tags\":2,\"point\":{\"x\":0}}}"}}
{"add":{"path":"region=__HIVE_DEFAULT_PARTITION__/day=__HIVE_DEFAULT_PARTITION__/bucket=__HIVE_DEFAULT_PARTITION__/part-00001-7a8b9c0d.c000.snappy.parquet","partitionValues":{"region":null,"day":null,"bucket":null},"size":1108,"modificationTime":1705312800000,"dataChange":true,"stats":"{\"numRecords\":2,\"minValues\":{\"id\":4},\"maxValues\":{\"id\":5},\"nullCount\":{\"id\":0,\"name\":2}}"}}
)json";

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "%s\n%s\n", what, detail.c_str());
  std::abort();
}

//! One scratch table per process, so that parallel fuzzers never share it. The path is never
//! destroyed: the exit handler that removes the folder runs after static destructors.
const fs::path& tableFolder() {
  static const fs::path* folder = [] {
    auto* path = new fs::path(fs::temp_directory_path() /
                              ("sluice_delta_log_fuzz_" + std::to_string(::getpid())) / "table");
    std::error_code ignored;
    fs::remove_all(*path, ignored);
    fs::create_directories(*path / "_delta_log");
    std::atexit([] {
      std::error_code error;
      fs::remove_all(tableFolder().parent_path(), error);
    });
    return path;
  }();
  return *folder;
}

void writeFile(const fs::path& path, std::string_view content) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    fail("cannot create", path.string());
  size_t done = 0;
  while (done < content.size()) {
    ssize_t written = ::write(fd, content.data() + done, content.size() - done);
    if (written <= 0)
      fail("cannot write", path.string());
    done += static_cast<size_t>(written);
  }
  ::close(fd);
}

//! Replaces the log with these commits (versions 0, 1, ...).
void writeLog(const std::vector<std::string_view>& commits) {
  fs::path log = tableFolder() / "_delta_log";
  for (const auto& entry : fs::directory_iterator(log))
    fs::remove(entry.path());
  for (size_t version = 0; version < commits.size(); ++version) {
    writeFile(log / sluice::delta::commitFileName(static_cast<int64_t>(version)), commits[version]);
  }
}

//! Runs `step`; a user-facing error ends only that step, so later steps still run.
template <typename Step>
void tolerate(Step&& step) {
  try {
    step();
  } catch (const sluice::Error& error) {
    if (error.errorClass() == sluice::ErrorClass::INTERNAL_ERROR)
      fail("internal error while reading the Delta log", error.report());
  }
}

//! Predicates on `column` against `value`: every comparison, and the NULL tests.
void addPredicates(const std::string& column, const sluice::Value& value,
                   std::vector<SkippingPredicate>& predicates) {
  using Op = SkippingPredicate::Op;
  for (Op op : {Op::kEqual, Op::kLess, Op::kLessOrEqual, Op::kGreater, Op::kGreaterOrEqual}) {
    predicates.push_back(SkippingPredicate::compare(column, op, value));
  }
  predicates.push_back(SkippingPredicate::isNull(column));
  predicates.push_back(SkippingPredicate::isNotNull(column));
}

void useFile(const sluice::delta::Snapshot& snapshot, const sluice::delta::AddFile& add) {
  (void)sluice::delta::resolveDataPath(snapshot.table_path, add.path);
  std::vector<SkippingPredicate> predicates;
  for (const sluice::StructField& field : snapshot.schema) {
    bool is_partition = false;
    for (const std::string& column : snapshot.metadata.partition_columns) {
      is_partition = is_partition || column == field.name;
    }
    if (!is_partition)
      continue;
    tolerate([&] {
      const std::optional<std::string>* text =
          sluice::delta::findPartitionValue(add.partition_values, field.name);
      sluice::Value value = sluice::delta::parsePartitionValue(text ? *text : std::nullopt,
                                                               field.type, field.name, add.path);
      (void)value.debugString();
      (void)sluice::delta::serializePartitionValue(value);
      addPredicates(field.name, value, predicates);
    });
  }
  if (add.stats) {
    sluice::delta::FileStats stats = sluice::delta::parseFileStats(*add.stats, snapshot.schema);
    for (const auto& [column, bounds] : stats.columns) {
      if (bounds.min) {
        (void)bounds.min->debugString();
        addPredicates(column, *bounds.min, predicates);
      }
      if (bounds.max) {
        (void)bounds.max->debugString();
        addPredicates(column, *bounds.max, predicates);
      }
    }
  }
  for (const SkippingPredicate& predicate : predicates) {
    tolerate([&] {
      (void)sluice::delta::fileMayMatch(add, snapshot.schema, snapshot.metadata.partition_columns,
                                        {predicate});
    });
  }
  tolerate([&] {
    (void)sluice::delta::fileMayMatch(add, snapshot.schema, snapshot.metadata.partition_columns,
                                      predicates);
  });
}

void loadAndUse() {
  sluice::delta::Snapshot snapshot = sluice::delta::openSnapshot(tableFolder().string());
  for (const sluice::StructField& field : snapshot.schema)
    (void)field.type.sql();
  (void)snapshot.dataSchema();
  (void)snapshot.clusteringColumns();
  (void)snapshot.transactionVersion("0c5a3c2e-0f3b-4a8c-9d2f-5e6a7b8c9d0e");
  (void)snapshot.sizeInBytes();
  for (const auto& [path, add] : snapshot.files)
    useFile(snapshot, add);
  tolerate([&] { (void)sluice::delta::liveFiles(snapshot); });
  // What a writer checks and reads of the table before it commits.
  const sluice::delta::Metadata& metadata = snapshot.metadata;
  tolerate([&] {
    sluice::delta::checkWriteSupported(snapshot.protocol, metadata, snapshot.table_path);
  });
  tolerate([&] { (void)sluice::delta::checkpointInterval(metadata); });
  tolerate([&] { (void)sluice::delta::deletedFileRetentionMillis(metadata); });
  tolerate([&] { (void)sluice::delta::isAppendOnly(metadata); });
  tolerate([&] { (void)sluice::delta::dataSkippingNumIndexedCols(metadata); });
  tolerate([&] { (void)sluice::delta::dataSkippingStringPrefixLength(metadata); });
}

void replay(const std::vector<std::string_view>& commits) {
  writeLog(commits);
  try {
    loadAndUse();
  } catch (const sluice::Error& error) {
    if (error.errorClass() == sluice::ErrorClass::INTERNAL_ERROR)
      fail("internal error while reading the Delta log", error.report());
  } catch (const std::exception& error) {
    fail("exception other than sluice::Error while reading the Delta log", error.what());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  replay({kBaseCommit, input});
  replay({input});
  return 0;
}

// src/pipeline/update/file_sink.cpp
#include "pipeline/update/file_sink.hpp"

#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "common/hash/xxhash64.hpp"
#include "common/types/value_text.hpp"
#include "exec/chain/plan_executor.hpp"
#include "exec/parallel/task_scheduler.hpp"
#include "exec/physical_planner.hpp"
#include "exec/plan_optimization.hpp"
#include "pipeline/graph/graph_analysis.hpp"
#include "pipeline/update/crash_point.hpp"
#include "storage/csv/csv_writer.hpp"
#include "storage/json/json_writer.hpp"
#include "storage/parquet/parquet_writer.hpp"

namespace sluice {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kLogFolder = "_sluice_sink_log";

//! The flow's part of its file names: a hash of its appId, in hex.
std::string flowTag(const std::string& app_id) {
  return fmt::format("{:016x}", static_cast<uint64_t>(hash::xxhash64Bytes(app_id, 42)));
}

bool optionIsTrue(const Sink& sink, std::string_view key) {
  std::optional<std::string> value = sinkOption(sink, key);
  return value && sameIdentifier(*value, "true");
}

//! A one-character option (sep, quote, escape); `fallback` when it is not given.
char charOption(const Sink& sink, std::string_view key, char fallback) {
  std::optional<std::string> value = sinkOption(sink, key);
  if (!value)
    return fallback;
  if (value->size() != 1) {
    throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                fmt::format("The option `{}` of the {} is one character, not '{}'.", key,
                            sink.describe(), *value))
        .withLocation(sink.origin);
  }
  return (*value)[0];
}

class FileSink : public SinkDestination {
 public:
  FileSink(const Sink& sink, std::string folder) : sink_(sink), folder_(std::move(folder)) {}

  std::optional<int64_t> lastCommittedBatch(const std::string& app_id) const override {
    std::ifstream log(logPath(app_id));
    int64_t batch_id = 0;
    if (log >> batch_id)
      return batch_id;
    return std::nullopt;
  }

  int64_t write(LogicalOperatorPtr plan, const ExecContext& exec, const SinkBatch& batch) override {
    std::vector<StructField> schema = outputColumns(*plan);
    LogicalOperatorPtr optimized = optimizePlan(std::move(plan), exec);
    PhysicalOperatorPtr physical = createPhysicalPlan(*optimized, exec);
    std::vector<Batch> rows = PlanExecutor(exec, TaskScheduler::shared()).run(*physical);
    int64_t num_rows = 0;
    for (const Batch& part : rows)
      num_rows += static_cast<int64_t>(part.num_rows);

    std::string tag = flowTag(batch.app_id);
    fs::create_directories(folder_);
    std::string name = fmt::format("part-{:05}-{}.{}", batch.batch_id, tag, sink_.format);
    fs::path final_path = fs::path(folder_) / name;
    // A file of this batch from an attempt that did not reach the log is replaced.
    fs::remove(final_path);
    if (num_rows > 0) {
      fs::path hidden = fs::path(folder_) / ("." + name + ".tmp");
      writeFile(hidden.string(), schema, rows, exec);
      fs::rename(hidden, final_path);
    }
    crashPoint("sink-file-written");
    recordBatch(batch);
    return num_rows;
  }

 private:
  std::string logPath(const std::string& app_id) const {
    return (fs::path(folder_) / kLogFolder / flowTag(app_id)).string();
  }

  void recordBatch(const SinkBatch& batch) const {
    fs::path path = logPath(batch.app_id);
    fs::create_directories(path.parent_path());
    fs::path hidden = path.parent_path() / ("." + path.filename().string() + ".tmp");
    {
      std::ofstream out(hidden, std::ios::trunc);
      out << batch.batch_id << '\n';
      if (!out.flush()) {
        throw Error(ErrorClass::INTERNAL_ERROR, fmt::format("Cannot record the batch {} in {}.",
                                                            batch.batch_id, hidden.string()));
      }
    }
    fs::rename(hidden, path);
  }

  void writeFile(const std::string& path, const std::vector<StructField>& schema,
                 const std::vector<Batch>& rows, const ExecContext& exec) const {
    if (sink_.format == "parquet") {
      parquet::ParquetWriter writer(path, schema);
      for (const Batch& part : rows)
        writer.write(part);
      writer.close();
    } else if (sink_.format == "json") {
      json::JsonWriteOptions options;
      options.time_zone = exec.time_zone;
      if (std::optional<std::string> value = sinkOption(sink_, "ignoreNullFields"))
        options.ignore_null_fields = sameIdentifier(*value, "true");
      json::JsonWriter writer(path, schema, options);
      for (const Batch& part : rows)
        writer.write(part);
      writer.close();
    } else {
      csv::CsvWriteOptions options;
      options.header = optionIsTrue(sink_, "header");
      options.separator = charOption(sink_, "sep", charOption(sink_, "delimiter", ','));
      options.quote = charOption(sink_, "quote", '"');
      options.escape = charOption(sink_, "escape", '\\');
      options.null_value = sinkOption(sink_, "nullValue").value_or("");
      options.empty_value = sinkOption(sink_, "emptyValue");
      options.quote_all = optionIsTrue(sink_, "quoteAll");
      options.line_separator = sinkOption(sink_, "lineSep").value_or("\n");
      options.date_format = sinkOption(sink_, "dateFormat").value_or("");
      options.timestamp_format = sinkOption(sink_, "timestampFormat").value_or("");
      options.time_zone = exec.time_zone;
      csv::CsvWriter writer(path, schema, options);
      for (const Batch& part : rows)
        writer.write(part);
      writer.close();
    }
  }

  const Sink& sink_;
  std::string folder_;
};

}  // namespace

std::unique_ptr<SinkDestination> openFileSink(const Sink& sink, std::string folder) {
  return std::make_unique<FileSink>(sink, std::move(folder));
}

}  // namespace sluice

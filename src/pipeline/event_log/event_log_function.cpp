// src/pipeline/event_log/event_log_function.cpp
#include "pipeline/event_log/event_log_function.hpp"

#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "catalog/catalog.hpp"
#include "exec/table_function/builtin_table_functions.hpp"
#include "exec/table_function/delta_table_reader.hpp"
#include "pipeline/event_log/event_log.hpp"
#include "pipeline/update/pipeline_state.hpp"
#include "pipeline/update/pipeline_update.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

namespace {

class EventLogFunction : public TableFunction {
 public:
  explicit EventLogFunction(std::string storage_dir) : storage_dir_(std::move(storage_dir)) {}

  std::string_view name() const override { return "event_log"; }

  bool takesTableArgument() const override { return true; }

  TableFunctionBinding bind(const TableFunctionInput& input) const override {
    if (!input.table_argument.empty()) {
      if (!input.arguments.empty()) {
        throw Error(ErrorClass::WRONG_NUM_ARGS,
                    "event_log takes one argument: event_log(TABLE(t)) or "
                    "event_log('my_pipeline').")
            .withLocation(input.location);
      }
      std::string folder = folderOfPipelineOwning(input);
      return deltaLatestBinding(
          fmt::format("event_log(TABLE({}))", fmt::join(input.table_argument, ".")),
          eventLogLocation(folder));
    }
    std::vector<const TableFunctionArgument*> arguments = input.positional();
    if (arguments.size() != 1 || arguments.size() != input.arguments.size()) {
      throw Error(ErrorClass::WRONG_NUM_ARGS,
                  "event_log takes the name of a pipeline, event_log('my_pipeline'), or one of "
                  "its tables, event_log(TABLE(t)).")
          .withLocation(input.location);
    }
    const Value& name = arguments[0]->value;
    if (name.isNull() || name.type().id() != TypeId::kString) {
      throw Error(ErrorClass::DATATYPE_MISMATCH,
                  "event_log takes the name of a pipeline as a string: event_log('my_pipeline').")
          .withLocation(arguments[0]->location);
    }
    std::string pipeline = name.getString();
    std::string location = eventLogLocation(pipelineFolder(storage_dir_, pipeline));
    std::error_code error;
    if (!std::filesystem::exists(std::filesystem::path(location) / "_delta_log", error)) {
      throw Error(ErrorClass::TABLE_OR_VIEW_NOT_FOUND,
                  fmt::format("The storage folder {} holds no event log of a pipeline named '{}': "
                              "run an update of it first (sluice run).",
                              storage_dir_, pipeline))
          .withLocation(arguments[0]->location);
    }
    return deltaLatestBinding(fmt::format("event_log('{}')", pipeline), location);
  }

 private:
  //! The folder of the pipeline that owns the table of event_log(TABLE(t)), found by the
  //! pipeline id the catalog records for the table.
  std::string folderOfPipelineOwning(const TableFunctionInput& input) const {
    QualifiedTableName name{input.table_argument[0], input.table_argument[1],
                            input.table_argument[2]};
    std::optional<TableEntry> entry;
    if (Catalog::existsIn(storage_dir_))
      entry = Catalog(storage_dir_).findTable(name);
    if (!entry) {
      throw Error(ErrorClass::TABLE_OR_VIEW_NOT_FOUND,
                  fmt::format("The table or view {} cannot be found. Verify the spelling and "
                              "correctness of the schema and catalog.",
                              name.quoted()))
          .withLocation(input.table_argument_location);
    }
    std::error_code error;
    std::filesystem::path pipelines = std::filesystem::path(storage_dir_) / "pipelines";
    if (!entry->pipeline_id.empty() && std::filesystem::is_directory(pipelines, error)) {
      for (const auto& folder : std::filesystem::directory_iterator(pipelines, error)) {
        if (PipelineState::storedPipelineId(folder.path().string()) == entry->pipeline_id &&
            std::filesystem::exists(
                std::filesystem::path(eventLogLocation(folder.path().string())) / "_delta_log",
                error))
          return folder.path().string();
      }
    }
    throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                fmt::format("The table {} is not a table of a pipeline stored in {}: it has no "
                            "event log.",
                            name.quoted(), storage_dir_))
        .withLocation(input.table_argument_location);
  }

  std::string storage_dir_;
};

}  // namespace

std::shared_ptr<const TableFunction> makeEventLogFunction(std::string storage_dir) {
  return std::make_shared<EventLogFunction>(std::move(storage_dir));
}

std::shared_ptr<const TableFunctionRegistry> sessionTableFunctions(const std::string& storage_dir) {
  auto registry = std::make_shared<TableFunctionRegistry>(builtinTableFunctions());
  registry->add(makeEventLogFunction(storage_dir));
  return registry;
}

}  // namespace sluice

// src/pipeline/event_log/event_log_function.cpp
#include "pipeline/event_log/event_log_function.hpp"

#include <filesystem>

#include <fmt/format.h>

#include "exec/table_function/builtin_table_functions.hpp"
#include "exec/table_function/delta_table_reader.hpp"
#include "pipeline/event_log/event_log.hpp"
#include "pipeline/update/pipeline_update.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

namespace {

class EventLogFunction : public TableFunction {
 public:
  explicit EventLogFunction(std::string storage_dir) : storage_dir_(std::move(storage_dir)) {}

  std::string_view name() const override { return "event_log"; }

  TableFunctionBinding bind(const TableFunctionInput& input) const override {
    std::vector<const TableFunctionArgument*> arguments = input.positional();
    if (arguments.size() != 1 || arguments.size() != input.arguments.size()) {
      throw Error(ErrorClass::WRONG_NUM_ARGS,
                  "event_log takes the name of a pipeline: event_log('my_pipeline').")
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
    return deltaSnapshotBinding(
        fmt::format("event_log('{}')", pipeline),
        std::make_shared<const delta::Snapshot>(delta::openSnapshot(location)));
  }

 private:
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

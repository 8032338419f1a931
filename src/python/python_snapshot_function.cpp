// src/python/python_snapshot_function.cpp
#include "python/python_snapshot_function.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <pybind11/stl.h>

#include "catalog/catalog.hpp"
#include "catalog/catalog_entry.hpp"
#include "common/types/time_zone.hpp"
#include "function/cast/cast.hpp"
#include "pipeline/graph/change_capture.hpp"
#include "pipeline/graph/graph_analysis.hpp"
#include "pipeline/update/change_batch.hpp"
#include "pipeline/update/change_state_version.hpp"
#include "python/python_query_producer.hpp"
#include "python/python_statements.hpp"
#include "python/python_values.hpp"
#include "sql/parser/parser.hpp"

namespace py = pybind11;

namespace sluice {

namespace {

// A snapshot's version as the registration module gives it: its kind (BIGINT, STRING, DATE or
// TIMESTAMP) and its text; a timestamp's text without an offset is in the session time zone.
Value snapshotVersion(const std::string& kind, const std::string& text, const ExecContext& exec) {
  if (kind == "BIGINT")
    return Value::longValue(std::stoll(text));
  if (kind == "STRING")
    return Value::string(text);
  return castValue(exec, Value::string(text),
                   kind == "DATE" ? DataType::date() : DataType::timestamp());
}

// The version the function is called with, as pyspark gives a value of its type.
py::object pythonVersion(const std::optional<Value>& latest, const ExecContext& exec) {
  if (!latest)
    return py::none();
  const TimeZone& zone = exec.time_zone != nullptr ? *exec.time_zone : TimeZone::utc();
  return PythonValueConverter(zone, py::none()).convert(*latest);
}

std::shared_ptr<const sql::Statement> parseSnapshotQuery(const std::string& text,
                                                         const Flow& flow) {
  std::vector<sql::StatementPtr> statements =
      sql::parseStatements(text, fmt::format("<AUTO CDC {}>", flow.name.toString()));
  SLUICE_CHECK(statements.size() == 1 && statements[0]->kind() == sql::StatementKind::kQuery);
  return std::shared_ptr<const sql::Statement>(std::move(statements[0]));
}

// The query that stands for a snapshot when the function has no new one: no rows, in the
// columns the state kept (the data columns, then the sequence in the versions' type).
std::string storedColumnsQuery(const SnapshotStateRecord& record) {
  std::vector<std::string> columns;
  for (const StructField& column : record.columns)
    columns.push_back(
        fmt::format("CAST(NULL AS {}) AS {}", column.type.sql(), quoteName(column.name)));
  return fmt::format("SELECT {} WHERE false", fmt::join(columns, ", "));
}

class PythonSnapshotFunction : public SnapshotFunction {
 public:
  PythonSnapshotFunction(py::object flow, std::string source_name, std::string name)
      : flow_(std::move(flow)), source_name_(std::move(source_name)), name_(std::move(name)) {}

  ~PythonSnapshotFunction() override {
    // The object belongs to the interpreter: it is released with the GIL held.
    py::gil_scoped_acquire gil;
    flow_ = py::object();
  }

  std::optional<FunctionSnapshot> next(const std::optional<Value>& latest,
                                       const ExecContext& exec) const override {
    std::string status;
    std::vector<std::string> snapshot;
    std::vector<PythonError> python_errors;
    {
      py::gil_scoped_acquire gil;
      try {
        py::tuple result = py::module_::import("sluice._registration")
                               .attr("next_snapshot")(flow_, pythonVersion(latest, exec));
        status = result[0].cast<std::string>();
        if (status == "snapshot") {
          for (size_t index = 1; index < 4; ++index)
            snapshot.push_back(result[index].cast<std::string>());
        } else if (status == "failed") {
          python_errors = result[1].cast<std::vector<PythonError>>();
        }
      } catch (const std::exception& error) {
        // The registration module reports the errors of user code itself: this is a bug.
        throw Error(ErrorClass::INTERNAL_ERROR,
                    fmt::format("Calling the snapshot function {} of the Python file {} failed: {}",
                                name_, source_name_, error.what()));
      }
    }
    if (status == "failed") {
      std::vector<Error> errors;
      appendPythonErrors(python_errors, source_name_, errors);
      SLUICE_CHECK(!errors.empty());
      throw errors.front();
    }
    if (status != "snapshot")
      return std::nullopt;
    return FunctionSnapshot{snapshot[0], snapshotVersion(snapshot[1], snapshot[2], exec)};
  }

  std::string describe() const override { return name_; }

 private:
  py::object flow_;
  std::string source_name_;
  std::string name_;
};

class PythonSnapshotFlowProducer : public DeferredQueryProducer {
 public:
  PythonSnapshotFlowProducer(py::object flow, std::string function_name, LibraryFile file,
                             RegistrationDefaults defaults, QualifiedTableName target,
                             RegistrationContext context)
      : flow_(std::move(flow)),
        file_(std::move(file)),
        defaults_(std::move(defaults)),
        target_(std::move(target)),
        context_(std::move(context)),
        function_(std::make_shared<PythonSnapshotFunction>(flow_, file_.source_name,
                                                           std::move(function_name))) {}

  ~PythonSnapshotFlowProducer() override {
    py::gil_scoped_acquire gil;
    flow_ = py::object();
  }

  DeferredOutcome produce(const QueryShapeLookup& lookup, DataflowGraph& graph,
                          std::vector<Error>& errors) const override {
    std::optional<SnapshotStateRecord> stored;
    try {
      stored = readSnapshotState(changeStateLocation(file_.pipeline_folder, datasetKey(target_)));
    } catch (Error& error) {
      errors.push_back(std::move(error));
      return DeferredOutcome::kFailed;
    }
    std::optional<Value> latest = stored ? stored->version : std::nullopt;
    ExecContext exec = executionContext(context_);
    std::string status;
    uint32_t line = 0;
    std::string statement;
    std::optional<std::vector<std::string>> snapshot;
    std::vector<PythonError> python_errors;
    {
      py::gil_scoped_acquire gil;
      try {
        py::cpp_function describer(
            [&lookup](const std::string& query) { return describeForPython(lookup, query); });
        py::tuple result =
            py::module_::import("sluice._registration")
                .attr("produce_snapshot_flow")(flow_, pythonVersion(latest, exec), describer);
        status = result[0].cast<std::string>();
        if (status == "registered") {
          line = result[1].cast<uint32_t>();
          statement = result[2].cast<std::string>();
          if (!result[3].is_none()) {
            snapshot = std::vector<std::string>{result[3].cast<std::string>(),
                                                result[4].cast<std::string>(),
                                                result[5].cast<std::string>()};
          }
        } else if (status == "failed") {
          python_errors = result[1].cast<std::vector<PythonError>>();
        }
      } catch (const std::exception& error) {
        errors.push_back(
            Error(ErrorClass::INTERNAL_ERROR,
                  fmt::format("Calling the snapshot function {} of the Python file "
                              "{} failed: {}",
                              function_->describe(), file_.source_name, error.what())));
        return DeferredOutcome::kFailed;
      }
    }
    if (status == "waiting")
      return DeferredOutcome::kWaiting;
    if (status == "failed") {
      appendPythonErrors(python_errors, file_.source_name, errors);
      return DeferredOutcome::kFailed;
    }
    size_t flows = graph.flows.size();
    registerPythonStatement(line, statement, file_.source_name, defaults_, graph, errors);
    if (graph.flows.size() == flows)
      return DeferredOutcome::kFailed;
    Flow& flow = graph.flows.back();
    try {
      // Without a new snapshot the function returned None: a state holds the last one's
      // columns (_next_snapshot refuses None for a flow that never had a snapshot).
      SLUICE_CHECK(snapshot || stored);
      flow.change_query =
          parseSnapshotQuery(snapshot ? (*snapshot)[0] : storedColumnsQuery(*stored), flow);
    } catch (Error& error) {
      errors.push_back(std::move(error.withLocation(flow.origin)));
      graph.flows.pop_back();
      return DeferredOutcome::kFailed;
    }
    flow.query = flow.change_query->as<sql::QueryStatement>().query.get();
    flow.snapshot_function = function_;
    return DeferredOutcome::kRegistered;
  }

 private:
  py::object flow_;
  LibraryFile file_;
  RegistrationDefaults defaults_;
  QualifiedTableName target_;
  RegistrationContext context_;
  std::shared_ptr<const PythonSnapshotFunction> function_;
};

// A snapshot function's flow as the registration module reports it: line and its text,
// description, the target's name parts and the flow itself.
using PythonSnapshotFlow =
    std::tuple<uint32_t, std::string, std::string, std::vector<std::string>, py::object>;

}  // namespace

void addPythonSnapshotFlow(py::handle reported, const LibraryFile& file,
                           const RegistrationDefaults& defaults, DataflowGraph& graph) {
  const auto& [line, line_text, description, target, flow] = reported.cast<PythonSnapshotFlow>();
  DeferredDefinition deferred;
  deferred.description = description;
  deferred.origin = SourceLocation{file.source_name, line, 1, line_text};
  deferred.context.catalog = defaults.catalog;
  deferred.context.schema = defaults.schema;
  deferred.context.settings = defaults.configuration;
  try {
    deferred.target = qualifyTableName(target, defaults.catalog, defaults.schema);
  } catch (Error& error) {
    error.withLocation(deferred.origin);
    throw;
  }
  py::object function = flow.attr("function");
  std::string name = py::hasattr(function, "__name__")
                         ? function.attr("__name__").cast<std::string>()
                         : py::type::of(function).attr("__name__").cast<std::string>();
  deferred.producer = std::make_shared<PythonSnapshotFlowProducer>(
      flow, name, file, defaults, *deferred.target, deferred.context);
  graph.deferred.push_back(std::move(deferred));
}

}  // namespace sluice

// src/python/python_query_producer.cpp
#include "python/python_query_producer.hpp"

#include <fmt/format.h>
#include <pybind11/stl.h>

#include "catalog/catalog.hpp"
#include "python/python_statements.hpp"

namespace py = pybind11;

namespace sluice {

py::tuple describeForPython(const QueryShapeLookup& lookup, const std::string& query) {
  try {
    std::optional<QueryShape> shape = lookup.describe(query);
    if (!shape)
      return py::make_tuple("waiting", "");
    py::list columns;
    for (const StructField& column : shape->columns)
      columns.append(py::make_tuple(column.name, column.type.simpleString()));
    return py::make_tuple("columns", columns, shape->streaming);
  } catch (const Error& error) {
    return py::make_tuple("error", error.fullClassName(), error.message());
  }
}

namespace {

class PythonQueryProducer : public DeferredQueryProducer {
 public:
  PythonQueryProducer(py::object definition, std::string source_name, RegistrationDefaults defaults)
      : definition_(std::move(definition)),
        source_name_(std::move(source_name)),
        defaults_(std::move(defaults)) {}

  ~PythonQueryProducer() override {
    // The object belongs to the interpreter: it is released with the GIL held.
    py::gil_scoped_acquire gil;
    definition_ = py::object();
  }

  DeferredOutcome produce(const QueryShapeLookup& lookup, DataflowGraph& graph,
                          std::vector<Error>& errors) const override {
    std::string status;
    uint32_t line = 0;
    std::string statement;
    std::vector<PythonError> python_errors;
    {
      py::gil_scoped_acquire gil;
      try {
        py::cpp_function describer(
            [&lookup](const std::string& query) { return describeForPython(lookup, query); });
        py::tuple result =
            py::module_::import("sluice._registration").attr("produce")(definition_, describer);
        status = result[0].cast<std::string>();
        if (status == "registered") {
          line = result[1].cast<uint32_t>();
          statement = result[2].cast<std::string>();
        } else if (status == "failed") {
          python_errors = result[1].cast<std::vector<PythonError>>();
        }
      } catch (const std::exception& error) {
        // The registration module reports the errors of user code itself: this is a bug.
        errors.push_back(Error(ErrorClass::INTERNAL_ERROR,
                               fmt::format("Running a query function of the Python file {} "
                                           "again failed: {}",
                                           source_name_, error.what())));
        return DeferredOutcome::kFailed;
      }
    }
    if (status == "waiting")
      return DeferredOutcome::kWaiting;
    if (status == "failed") {
      appendPythonErrors(python_errors, source_name_, errors);
      return DeferredOutcome::kFailed;
    }
    registerPythonStatement(line, statement, source_name_, defaults_, graph, errors);
    return DeferredOutcome::kRegistered;
  }

 private:
  py::object definition_;
  std::string source_name_;
  RegistrationDefaults defaults_;
};

// A waiting definition as the registration module reports it: line and its text, description,
// the dataset's name parts (or None), whether that is a temporary view, the flow's target's
// parts (or None), its spark_conf, and the definition itself.
using PythonDeferred =
    std::tuple<uint32_t, std::string, std::string, std::optional<std::vector<std::string>>, bool,
               std::optional<std::vector<std::string>>,
               std::vector<std::pair<std::string, std::string>>, py::object>;

}  // namespace

void addPythonDeferred(py::handle reported, const LibraryFile& file,
                       const RegistrationDefaults& defaults, DataflowGraph& graph) {
  const auto& [line, line_text, description, dataset, temporary_view, target, settings,
               definition] = reported.cast<PythonDeferred>();
  DeferredDefinition deferred;
  deferred.description = description;
  deferred.origin = SourceLocation{file.source_name, line, 1, line_text};
  deferred.context.catalog = defaults.catalog;
  deferred.context.schema = defaults.schema;
  deferred.context.settings = defaults.configuration;
  for (const auto& [key, value] : settings)
    deferred.context.settings[key] = value;
  // A name that cannot be qualified is an error of the definition.
  auto qualify = [&](const std::vector<std::string>& parts) {
    try {
      return qualifyTableName(parts, defaults.catalog, defaults.schema);
    } catch (Error& error) {
      error.withLocation(deferred.origin);
      throw;
    }
  };
  deferred.temporary_view = temporary_view;
  if (dataset && temporary_view) {
    deferred.dataset = QualifiedTableName{};
    deferred.dataset->table = dataset->back();
  } else if (dataset) {
    deferred.dataset = qualify(*dataset);
  }
  if (target)
    deferred.target = qualify(*target);
  deferred.producer = std::make_shared<PythonQueryProducer>(definition, file.source_name, defaults);
  graph.deferred.push_back(std::move(deferred));
}

}  // namespace sluice

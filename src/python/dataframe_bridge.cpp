// src/python/dataframe_bridge.cpp
//
// A Connection is a session over one catalog; execute() runs a DataFrame's SQL text in it with
// the GIL released and keeps the result in sluice's batches. A QueryResult hands the rows to
// Python only in the form an action asks for: Python values (collect), show() cells, or Arrow
// batches (toArrow).
#include "python/dataframe_bridge.hpp"

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/error/error.hpp"
#include "common/types/time_zone.hpp"
#include "pipeline/query_session_options.hpp"
#include "python/arrow_export.hpp"
#include "python/pretty_string.hpp"
#include "python/python_values.hpp"
#include "session/session.hpp"

namespace py = pybind11;

namespace sluice {

namespace {

namespace fs = std::filesystem;

//! The Python class of sluice's errors, sluice._sluice.EngineError(error_class, message,
//! sqlstate); the shim raises pyspark's exception classes from it.
PyObject* engine_error_class = nullptr;

class QueryResult {
 public:
  explicit QueryResult(StatementResult result) : result_(std::move(result)) {}

  py::list columns() const {
    py::list names;
    for (const std::string& name : result_.columnNames())
      names.append(name);
    return names;
  }

  py::list types() const {
    py::list names;
    for (const DataType& type : result_.columnTypes())
      names.append(type.simpleString());
    return names;
  }

  idx_t numRows() const { return result_.numRows(); }

  //! The first `limit` rows as `make_row(names, values)` objects.
  py::list rows(const py::object& make_row, idx_t limit) const {
    PythonValueConverter converter(zone(), make_row);
    py::list names = columns();
    py::list rows;
    forEachRow(limit, [&](const Batch& batch, idx_t row) {
      py::tuple values(batch.columns.size());
      for (size_t column = 0; column < batch.columns.size(); ++column)
        values[column] = converter.convert(batch.columns[column].getValue(row));
      rows.append(converter.row(names, values));
    });
    return rows;
  }

  //! The first `limit` rows as show() prints their cells, untruncated.
  py::list prettyRows(idx_t limit) const {
    py::list rows;
    forEachRow(limit, [&](const Batch& batch, idx_t row) {
      py::list cells;
      for (const Vector& column : batch.columns)
        cells.append(prettyString(column.getValue(row), zone()));
      rows.append(cells);
    });
    return rows;
  }

  idx_t numBatches() const { return result_.batches().size(); }

  //! Writes the result's schema into the ArrowSchema at `address` (a consumer's struct).
  void exportSchema(uintptr_t address) const {
    exportArrowSchema(result_.columnNames(), result_.columnTypes(), zone().name(),
                      reinterpret_cast<ArrowSchema*>(address));
  }

  //! Writes batch `index` into the ArrowArray at `address`.
  void exportBatch(idx_t index, uintptr_t address) const {
    if (index >= result_.batches().size())
      throw py::index_error("no such batch");
    exportArrowBatch(result_.batches()[index], result_.columnTypes(),
                     reinterpret_cast<ArrowArray*>(address));
  }

 private:
  const TimeZone& zone() const {
    return result_.timeZone() ? *result_.timeZone() : TimeZone::utc();
  }

  template <typename Visit>
  void forEachRow(idx_t limit, Visit&& visit) const {
    idx_t visited = 0;
    for (const Batch& batch : result_.batches()) {
      for (idx_t row = 0; row < batch.num_rows; ++row) {
        if (visited++ >= limit)
          return;
        visit(batch, row);
      }
    }
  }

  StatementResult result_;
};

//! A folder of its own under the system's temporary folder, removed with the connection.
std::string makeTemporaryStorage() {
  std::string pattern = (fs::temp_directory_path() / "sluice-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr)
    throw Error(ErrorClass::PATH_NOT_FOUND,
                fmt::format("Cannot create a temporary storage folder in {}.",
                            fs::temp_directory_path().string()));
  return pattern;
}

class Connection {
 public:
  //! A session over `storage_dir`, or over the storage of the pipeline whose spec is `spec`,
  //! or, with neither, over a temporary folder of its own. A non-empty `catalog` / `schema`
  //! becomes the current one.
  Connection(const std::string& storage_dir, const std::string& spec, const std::string& catalog,
             const std::string& schema) {
    std::string storage = storage_dir;
    if (storage.empty() && spec.empty()) {
      temporary_storage_ = makeTemporaryStorage();
      storage = *temporary_storage_;
    }
    SessionOptions options = querySessionOptions(storage, spec);
    if (!catalog.empty())
      options.current_catalog = catalog;
    if (!schema.empty())
      options.current_schema = schema;
    storage_dir_ = options.storage_dir;
    session_ = std::make_unique<Session>(std::move(options));
  }

  ~Connection() {
    session_.reset();
    if (temporary_storage_) {
      std::error_code ignored;
      fs::remove_all(*temporary_storage_, ignored);
    }
  }

  const std::string& storageDir() const { return storage_dir_; }

  //! Runs the statements of `sql`; returns the last one's result.
  QueryResult execute(const std::string& sql) {
    std::vector<StatementResult> results;
    {
      py::gil_scoped_release released;
      results = session_->execute(sql);
    }
    return QueryResult(results.empty() ? StatementResult() : std::move(results.back()));
  }

 private:
  std::optional<std::string> temporary_storage_;
  std::string storage_dir_;
  std::unique_ptr<Session> session_;
};

}  // namespace

void defineDataFrameBridge(py::module_& module) {
  if (engine_error_class == nullptr) {
    // Lives as long as the process: every module that installs the bridge raises this class.
    engine_error_class = PyErr_NewException("sluice._sluice.EngineError", PyExc_Exception, nullptr);
    py::register_exception_translator([](std::exception_ptr pointer) {
      try {
        if (pointer)
          std::rethrow_exception(pointer);
      } catch (const Error& error) {
        py::tuple arguments = py::make_tuple(error.fullClassName(), error.message(),
                                             std::string(errorClassSqlState(error.errorClass())));
        PyErr_SetObject(engine_error_class, arguments.ptr());
      }
    });
  }
  module.attr("EngineError") = py::handle(engine_error_class);

  py::class_<QueryResult>(module, "QueryResult")
      .def_property_readonly("columns", &QueryResult::columns)
      .def_property_readonly("types", &QueryResult::types)
      .def_property_readonly("num_rows", &QueryResult::numRows)
      .def_property_readonly("num_batches", &QueryResult::numBatches)
      .def("rows", &QueryResult::rows, py::arg("make_row"), py::arg("limit"))
      .def("pretty_rows", &QueryResult::prettyRows, py::arg("limit"))
      .def("export_schema", &QueryResult::exportSchema, py::arg("address"))
      .def("export_batch", &QueryResult::exportBatch, py::arg("index"), py::arg("address"));

  py::class_<Connection>(module, "Connection")
      .def(py::init<const std::string&, const std::string&, const std::string&,
                    const std::string&>(),
           py::arg("storage") = "", py::arg("spec") = "", py::arg("catalog") = "",
           py::arg("schema") = "")
      .def_property_readonly("storage", &Connection::storageDir)
      .def("execute", &Connection::execute, py::arg("sql"));
}

}  // namespace sluice

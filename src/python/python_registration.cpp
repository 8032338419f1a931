// src/python/python_registration.cpp
#include "python/python_registration.hpp"

#include <mutex>

#include <fmt/format.h>
#include <pybind11/embed.h>
#include <pybind11/stl.h>

#include "catalog/catalog.hpp"
#include "python/embedded_modules.hpp"
#include "python/python_query_producer.hpp"
#include "python/python_statements.hpp"

namespace py = pybind11;

namespace sluice {

namespace {

// Loads the embedded modules into a fresh interpreter and points the pyspark imports at them.
void loadEmbeddedModules() {
  py::module_ sys = py::module_::import("sys");
  py::module_ types = py::module_::import("types");
  py::dict modules = sys.attr("modules");
  py::object builtins = py::module_::import("builtins");
  for (const EmbeddedModule& embedded : embeddedPythonModules()) {
    py::str name(embedded.name.data(), embedded.name.size());
    py::object module = types.attr("ModuleType")(name);
    module.attr("__file__") = py::str(embedded.file_name.data(), embedded.file_name.size());
    if (embedded.name == "sluice")
      module.attr("__path__") = py::list();
    modules[name] = module;
    py::object code = builtins.attr("compile")(
        py::str(embedded.source.data(), embedded.source.size()), module.attr("__file__"), "exec");
    builtins.attr("exec")(code, module.attr("__dict__"));
  }
  py::module_::import("sluice._aliases").attr("install")();
}

// Starts the interpreter once per process. It lives until the process ends; the main
// thread gives up the GIL, and every call into Python takes it.
void ensureInterpreter() {
  static std::once_flag started;
  std::call_once(started, [] {
    // sluice keeps its own signal handling (Ctrl-C ends an update through the CLI).
    py::initialize_interpreter(/*init_signal_handlers=*/false);
    loadEmbeddedModules();
    PyEval_SaveThread();
  });
}

// A waiting definition as the registration module reports it: line and its text, description,
// the dataset's name parts (or None), whether that is a temporary view, the flow's target's
// parts (or None), its spark_conf, and the definition itself.
using PythonDeferred =
    std::tuple<uint32_t, std::string, std::string, std::optional<std::vector<std::string>>, bool,
               std::optional<std::vector<std::string>>,
               std::vector<std::pair<std::string, std::string>>, py::object>;

// Adds a waiting definition to the graph, which produces it when it is resolved.
void addDeferred(const PythonDeferred& python_deferred, const LibraryFile& file,
                 const RegistrationDefaults& defaults, DataflowGraph& graph) {
  const auto& [line, line_text, description, dataset, temporary_view, target, settings,
               definition] = python_deferred;
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
  deferred.producer = makePythonQueryProducer(definition, file.source_name, defaults);
  graph.deferred.push_back(std::move(deferred));
}

}  // namespace

void registerPythonFile(const LibraryFile& file, const RegistrationDefaults& defaults,
                        DataflowGraph& graph, std::vector<Error>& errors) {
  ensureInterpreter();
  using Element = std::pair<uint32_t, std::string>;
  std::vector<Element> elements;
  std::vector<PythonError> python_errors;
  {
    py::gil_scoped_acquire gil;
    try {
      py::tuple result = py::module_::import("sluice._registration")
                             .attr("register_file")(file.path, file.source_name, file.root,
                                                    defaults.configuration);
      elements = result[0].cast<std::vector<Element>>();
      python_errors = result[1].cast<std::vector<PythonError>>();
      for (py::handle deferred : result[2]) {
        try {
          addDeferred(deferred.cast<PythonDeferred>(), file, defaults, graph);
        } catch (Error& error) {
          errors.push_back(std::move(error));
        }
      }
    } catch (const std::exception& error) {
      // The registration module reports the errors of user code itself: this is a bug.
      errors.push_back(
          Error(ErrorClass::INTERNAL_ERROR, fmt::format("Registering the Python file {} failed: {}",
                                                        file.source_name, error.what())));
      return;
    }
  }
  appendPythonErrors(python_errors, file.source_name, errors);
  for (const auto& [line, statement] : elements)
    registerPythonStatement(line, statement, file.source_name, defaults, graph, errors);
}

void installPythonRegistration() {
  installLibraryFileRegistration(".py", registerPythonFile);
}

}  // namespace sluice

#if defined(__SANITIZE_ADDRESS__)
// The interpreter is never finalized (Python does not free everything it allocates even
// then), so LeakSanitizer is told to leave the allocations of libpython alone.
extern "C" const char* __lsan_default_suppressions() {
  return "leak:libpython\n";
}
#endif

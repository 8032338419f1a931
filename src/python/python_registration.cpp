// src/python/python_registration.cpp
#include "python/python_registration.hpp"

#include <map>
#include <mutex>

#include <fmt/format.h>
#include <pybind11/embed.h>
#include <pybind11/stl.h>

#include "pipeline/registration/sink_registration.hpp"
#include "python/dataframe_bridge.hpp"
#include "python/embedded_modules.hpp"
#include "python/python_query_producer.hpp"
#include "python/python_snapshot_function.hpp"
#include "python/python_statements.hpp"

namespace py = pybind11;

namespace sluice {

namespace {

// Loads the embedded modules into a fresh interpreter and points the pyspark imports at them.
// The DataFrame bridge is built in as sluice._sluice, where the extension module of the
// `sluice` package puts it.
void loadEmbeddedModules() {
  py::module_ sys = py::module_::import("sys");
  py::module_ types = py::module_::import("types");
  py::dict modules = sys.attr("modules");
  py::object builtins = py::module_::import("builtins");
  static py::module_::module_def bridge_definition;
  py::module_ bridge =
      py::module_::create_extension_module("sluice._sluice", nullptr, &bridge_definition);
  defineDataFrameBridge(bridge);
  modules["sluice._sluice"] = bridge;
  for (const EmbeddedModule& embedded : embeddedPythonModules()) {
    py::str name(embedded.name.data(), embedded.name.size());
    py::object module = types.attr("ModuleType")(name);
    module.attr("__file__") = py::str(embedded.file_name.data(), embedded.file_name.size());
    if (embedded.name == "sluice") {
      module.attr("__path__") = py::list();
      module.attr("_sluice") = bridge;
    }
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

}  // namespace

void registerPythonFile(const LibraryFile& file, const RegistrationDefaults& defaults,
                        DataflowGraph& graph, std::vector<Error>& errors) {
  ensureInterpreter();
  using Element = std::pair<uint32_t, std::string>;
  using PythonSink = std::tuple<uint32_t, std::string, std::string,
                                std::map<std::string, std::string>, std::string>;
  std::vector<Element> elements;
  std::vector<PythonSink> sinks;
  std::vector<PythonError> python_errors;
  {
    py::gil_scoped_acquire gil;
    try {
      py::tuple result =
          py::module_::import("sluice._registration")
              .attr("register_file")(file.path, file.source_name, file.root, defaults.configuration,
                                     file.storage_dir, defaults.catalog, defaults.schema);
      elements = result[0].cast<std::vector<Element>>();
      sinks = result[1].cast<std::vector<PythonSink>>();
      python_errors = result[2].cast<std::vector<PythonError>>();
      for (py::handle deferred : result[3]) {
        try {
          addPythonDeferred(deferred, file, defaults, graph);
        } catch (Error& error) {
          errors.push_back(std::move(error));
        }
      }
      for (py::handle flow : result[4]) {
        try {
          addPythonSnapshotFlow(flow, file, defaults, graph);
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
  for (auto& [line, name, format, options, line_text] : sinks) {
    SinkDefinition sink{std::move(name), std::move(format), std::move(options),
                        SourceLocation{file.source_name, line, 1, std::move(line_text)}};
    registerSink(sink, defaults, graph, errors);
  }
  for (const auto& [line, statement] : elements)
    registerPythonStatement(line, statement, file.source_name, defaults, graph, errors);
}

void installPythonRegistration() {
  installLibraryFileRegistration(".py", registerPythonFile);
}

}  // namespace sluice

#if defined(__SANITIZE_ADDRESS__)
// For the programs that link this layer (the sqllogictest runner, the unit tests); the
// `sluice` binary, which loads it as a plugin, defines its own in src/main.cpp.
extern "C" const char* __lsan_default_suppressions() {
  return sluice::kPythonLeakSuppressions;
}
#endif

// src/python_plugin.cpp
//
// The Python plugin of the `sluice` binary (sluice_python.so, src/cli/python_plugin.hpp): the
// python layer and libpython, loaded only by a pipeline that has a Python file.
#include <type_traits>

#include "cli/python_plugin.hpp"
#include "python/python_registration.hpp"

extern "C" void sluice_register_python_file(const sluice::LibraryFile& file,
                                            const sluice::RegistrationDefaults& defaults,
                                            sluice::DataflowGraph& graph,
                                            std::vector<sluice::Error>& errors) {
  sluice::registerPythonFile(file, defaults, graph, errors);
}

// The binary names the entry by this type; a change of either signature fails here.
static_assert(std::is_same_v<sluice::PythonPluginEntry, decltype(&sluice_register_python_file)>);

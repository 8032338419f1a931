// src/cli/python_plugin.hpp
//
// The `sluice` binary does not link the Python layer or libpython: they live in a plugin,
// sluice_python.so beside the binary, loaded the first time a pipeline has a Python file. A
// pipeline of SQL files, `sluice query` and the other commands thus never load libpython
// (17 shared libraries instead of 19, a fifth fewer relocations at start). The plugin holds
// only the Python layer's own code; every other symbol it uses is the binary's, which exports
// them (ENABLE_EXPORTS in src/CMakeLists.txt), so registries and singletons exist once.
#pragma once

#include <vector>

#include "common/error/error.hpp"
#include "pipeline/registration/library_registration.hpp"

namespace sluice {

//! The plugin's entry point, a C symbol found with dlsym: the Python layer's
//! registerPythonFile.
inline constexpr const char* kPythonPluginEntry = "sluice_register_python_file";
using PythonPluginEntry = void (*)(const LibraryFile& file, const RegistrationDefaults& defaults,
                                   DataflowGraph& graph, std::vector<Error>& errors);

//! The plugin's file name, looked up in the folder of the running binary.
inline constexpr const char* kPythonPluginFile = "sluice_python.so";

//! Makes the pipelines of this process register their `.py` files through the plugin, which
//! is loaded (once) when the first such file is registered. A plugin that cannot be loaded is
//! reported as an error of that file.
void installPythonPlugin();

}  // namespace sluice

// src/cli/python_plugin.cpp
#include "cli/python_plugin.hpp"

#include <dlfcn.h>

#include <filesystem>
#include <mutex>
#include <string>

#include <fmt/format.h>

namespace sluice {

namespace {

// The plugin's registration of `.py` files, or why it could not be loaded.
struct LoadedPlugin {
  PythonPluginEntry entry = nullptr;
  std::string failure;
};

// The folder of the running binary (a symbolic link to it on PATH is followed).
std::string binaryFolder() {
  std::error_code error;
  std::filesystem::path binary = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::string(".") : binary.parent_path().string();
}

// RTLD_GLOBAL puts libpython's symbols in the process's global scope, where the extension
// modules the interpreter loads later (Python's own, from lib-dynload, which do not link
// libpython) look for them, as they do in python3. RTLD_NOW reports a symbol the binary does
// not export here rather than at its first call.
LoadedPlugin loadPlugin() {
  LoadedPlugin plugin;
  std::string path = binaryFolder() + "/" + kPythonPluginFile;
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (handle == nullptr) {
    plugin.failure = ::dlerror();
    return plugin;
  }
  plugin.entry = reinterpret_cast<PythonPluginEntry>(::dlsym(handle, kPythonPluginEntry));
  if (plugin.entry == nullptr)
    plugin.failure = ::dlerror();
  return plugin;
}

}  // namespace

void installPythonPlugin() {
  installLibraryFileRegistration(
      ".py", [](const LibraryFile& file, const RegistrationDefaults& defaults, DataflowGraph& graph,
                std::vector<Error>& errors) {
        // Loaded once, by the first Python file; never unloaded (the interpreter lives until the
        // process ends).
        static const LoadedPlugin plugin = loadPlugin();
        if (plugin.entry == nullptr) {
          errors.push_back(Error(ErrorClass::NOT_SUPPORTED,
                                 fmt::format("Cannot register the Python file {}: sluice's Python "
                                             "support did not load ({}).",
                                             file.source_name, plugin.failure)));
          return;
        }
        plugin.entry(file, defaults, graph, errors);
      });
}

}  // namespace sluice

// src/python/embedded_modules.hpp
//
// The pure-Python modules of sluice (src/python/sluice/*.py), compiled into the library as
// text so that the `sluice` binary needs no file beside it. The build generates the list.
#pragma once

#include <string_view>
#include <vector>

namespace sluice {

struct EmbeddedModule {
  //! The module's name, e.g. "sluice.pipelines"; "sluice" is the package.
  std::string_view name;
  //! The name tracebacks show for the module's frames, e.g. "<sluice>/pipelines.py".
  std::string_view file_name;
  std::string_view source;
};

//! Every module, dependencies before the modules that import them.
const std::vector<EmbeddedModule>& embeddedPythonModules();

}  // namespace sluice

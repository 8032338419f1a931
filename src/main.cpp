// src/main.cpp
//
// The entry point of the `sluice` command; everything else lives in src/cli.
#include <iostream>

#include "cli/cli_app.hpp"
#include "cli/python_plugin.hpp"
#include "python/python_registration.hpp"

int main(int argc, char** argv) {
  // Python files register through the plugin, loaded only by a pipeline that has one.
  sluice::installPythonPlugin();
  return sluice::runCli(argc, argv, std::cout, std::cerr);
}

#if defined(__SANITIZE_ADDRESS__)
// LeakSanitizer finds this function in the binary only, not in the plugin that embeds the
// interpreter; the binary answers for it.
extern "C" const char* __lsan_default_suppressions() {
  return sluice::kPythonLeakSuppressions;
}
#endif

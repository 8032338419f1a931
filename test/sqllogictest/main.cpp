// test/sqllogictest/main.cpp
//
// sluice_slt [--complete] FILE[:LINE]...: runs sqllogictest files against the engine in this
// process. Exit status 0 when every record passed, 1 when any failed, 2 for a usage error.
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "python/python_registration.hpp"
#include "sqllogictest/slt_runner.hpp"

namespace {

constexpr std::string_view kUsage =
    "usage: sluice_slt [--complete] [--scratch DIR] FILE[:LINE]...\n"
    "  --complete     rewrite failing expected blocks with the actual results\n"
    "  --scratch DIR  the root of the per-file scratch folders\n"
    "  FILE:LINE      run the file's records up to and including the one at LINE\n";

struct Target {
  std::filesystem::path file;
  int stop_line = 0;
};

//! Splits "path:123" when the part after the last ':' is a line number; a path that itself
//! exists is taken whole.
Target parseTarget(const std::string& argument) {
  size_t colon = argument.rfind(':');
  if (colon == std::string::npos || colon + 1 == argument.size() ||
      std::filesystem::exists(argument)) {
    return {argument, 0};
  }
  std::string digits = argument.substr(colon + 1);
  if (digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 9) {
    return {argument, 0};
  }
  return {argument.substr(0, colon), std::stoi(digits)};
}

}  // namespace

int main(int argc, char** argv) {
  // Pipeline scenarios mix Python and SQL files.
  sluice::installPythonRegistration();
  sluice::slt::RunOptions options;
  options.scratch_root = SLUICE_SLT_SCRATCH_ROOT;
  options.test_root = SLUICE_TEST_ROOT;
  std::vector<Target> targets;
  for (int i = 1; i < argc; ++i) {
    std::string argument = argv[i];
    if (argument == "--complete") {
      options.complete = true;
    } else if (argument == "--scratch" && i + 1 < argc) {
      options.scratch_root = argv[++i];
    } else if (argument == "--help" || argument == "-h") {
      std::cout << kUsage;
      return 0;
    } else if (!argument.empty() && argument[0] == '-') {
      std::cerr << fmt::format("sluice_slt: unknown option '{}'\n", argument) << kUsage;
      return 2;
    } else {
      targets.push_back(parseTarget(argument));
    }
  }
  if (targets.empty()) {
    std::cerr << kUsage;
    return 2;
  }
  for (const Target& target : targets) {
    if (!std::filesystem::is_regular_file(target.file)) {
      std::cerr << fmt::format("sluice_slt: no such file: {}\n", target.file.string());
      return 2;
    }
  }

  int files_failed = 0;
  int records_passed = 0;
  int records_failed = 0;
  for (const Target& target : targets) {
    options.stop_line = target.stop_line;
    sluice::slt::FileOutcome outcome = sluice::slt::runTestFile(target.file, options, std::cout);
    records_passed += outcome.passed;
    records_failed += outcome.failed;
    if (outcome.failed > 0)
      ++files_failed;
  }
  if (targets.size() > 1) {
    std::cout << fmt::format("{} files: {} records passed, {} failed; {} files failed\n",
                             targets.size(), records_passed, records_failed, files_failed);
  }
  return files_failed > 0 ? 1 : 0;
}

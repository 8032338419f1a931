// src/pipeline/update/crash_point.cpp
#include "pipeline/update/crash_point.hpp"

#include <csignal>
#include <cstdlib>
#include <string>

namespace sluice {

namespace {

struct CrashPlan {
  std::string name;
  long remaining = 0;
};

CrashPlan& plan() {
  static CrashPlan crash = [] {
    CrashPlan parsed;
    const char* text = std::getenv("SLUICE_CRASH_POINT");
    if (text == nullptr)
      return parsed;
    std::string value(text);
    size_t colon = value.find(':');
    parsed.name = value.substr(0, colon);
    parsed.remaining = colon == std::string::npos ? 1 : std::atol(value.c_str() + colon + 1);
    return parsed;
  }();
  return crash;
}

}  // namespace

void crashPoint(std::string_view name) {
  CrashPlan& crash = plan();
  if (crash.name.empty() || crash.name != name)
    return;
  if (--crash.remaining == 0)
    std::raise(SIGKILL);
}

}  // namespace sluice

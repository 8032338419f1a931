// src/pipeline/update/crash_point.cpp
#include "pipeline/update/crash_point.hpp"

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <string>

namespace sluice {

namespace {

struct CrashPlan {
  std::string name;
  long count = 0;  // the update dies when it reaches the point for the count-th time
};

const CrashPlan& plan() {
  static CrashPlan crash = [] {
    CrashPlan parsed;
    const char* text = std::getenv("SLUICE_CRASH_POINT");
    if (text == nullptr)
      return parsed;
    std::string value(text);
    size_t colon = value.find(':');
    parsed.name = value.substr(0, colon);
    parsed.count = colon == std::string::npos ? 1 : std::atol(value.c_str() + colon + 1);
    return parsed;
  }();
  return crash;
}

}  // namespace

void crashPoint(std::string_view name) {
  // Flows reach crash points from several threads.
  static std::atomic<long> reached = 0;
  const CrashPlan& crash = plan();
  if (crash.name.empty() || crash.name != name)
    return;
  if (reached.fetch_add(1) + 1 == crash.count)
    std::raise(SIGKILL);
}

}  // namespace sluice

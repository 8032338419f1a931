// src/pipeline/update/crash_point.hpp
//
// Named places of an update where a crash is the hardest to recover from (a batch recorded but
// not written, written but not marked committed, a sink's files written but not recorded in
// its log, a table truncated but its flows not reset).
// The crash test kills `sluice run` exactly there by naming the point in the environment:
// SLUICE_CRASH_POINT=<name>[:<n>] kills the process with SIGKILL the n-th time (default the
// first) the point is reached. Unset, a point costs one comparison.
#pragma once

#include <string_view>

namespace sluice {

void crashPoint(std::string_view name);

}  // namespace sluice

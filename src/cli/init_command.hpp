// src/cli/init_command.hpp
//
// `sluice init NAME`: writes a starter pipeline into a new folder NAME (a spec, SQL source
// files under transformations/, a little sample data) that `sluice run` runs at once, as
// Spark's `spark-pipelines init` does.
#pragma once

#include <memory>

#include "cli/command.hpp"

namespace sluice {

std::unique_ptr<Command> makeInitCommand();

}  // namespace sluice

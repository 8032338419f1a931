// src/planner/logical/logical_window.hpp
//
// The EXPLAIN line of a window operator.
#pragma once

#include <string>

#include "planner/logical/logical_operator.hpp"

namespace sluice {

//! "Window [partition #0] [order #1 ASC NULLS FIRST] [rank(), sum(#2) ROWS BETWEEN ...]".
std::string explainWindow(const LogicalOperator& window);

}  // namespace sluice

// src/exec/table_function/range_function.hpp
//
// range(end), range(start, end[, step[, numPartitions]]): the BIGINT column `id`.
#pragma once

#include <memory>

#include "function/table/table_function.hpp"

namespace sluice {

std::shared_ptr<const TableFunction> makeRangeFunction();

//! The source of range(start, end, step), as the function binds it; `step` is not 0.
std::shared_ptr<const TableSource> makeRangeSource(int64_t start, int64_t end, int64_t step);

}  // namespace sluice

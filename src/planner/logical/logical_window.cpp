#include "planner/logical/logical_window.hpp"

#include <fmt/format.h>

namespace sluice {

std::string explainWindow(const LogicalOperator& window) {
  std::string partition;
  for (idx_t column : window.partition_columns)
    partition += fmt::format("{}#{}", partition.empty() ? "" : ", ", column);
  std::string order;
  for (const SortSpec& key : window.order_keys) {
    order += fmt::format("{}#{} {} NULLS {}", order.empty() ? "" : ", ", key.column,
                         key.ascending ? "ASC" : "DESC", key.nulls_first ? "FIRST" : "LAST");
  }
  std::string functions;
  for (const BoundWindowFunction& function : window.window_functions)
    functions += (functions.empty() ? "" : ", ") + function.toString();
  return fmt::format("Window [partition {}] [order {}] [{}]", partition, order, functions);
}

}  // namespace sluice

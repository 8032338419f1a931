// src/planner/expression/bound_aggregate.cpp
#include "planner/expression/bound_aggregate.hpp"

namespace sluice {

std::vector<const AggregateFunction*> functionsOf(const std::vector<BoundAggregate>& aggregates) {
  std::vector<const AggregateFunction*> functions;
  for (const BoundAggregate& aggregate : aggregates)
    functions.push_back(aggregate.function.get());
  return functions;
}

}  // namespace sluice

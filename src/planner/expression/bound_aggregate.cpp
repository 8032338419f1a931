// src/planner/expression/bound_aggregate.cpp
#include "planner/expression/bound_aggregate.hpp"

#include "function/aggregate/aggregate_registry.hpp"

namespace sluice {

std::vector<const AggregateFunction*> functionsOf(const std::vector<BoundAggregate>& aggregates) {
  std::vector<const AggregateFunction*> functions;
  for (const BoundAggregate& aggregate : aggregates)
    functions.push_back(aggregate.function.get());
  return functions;
}

std::optional<std::string> mergeAggregateName(const BoundAggregate& aggregate) {
  if (aggregate.distinct)
    return std::nullopt;
  const std::string& name = aggregate.function->name();
  if (name == "count" || name == "sum")
    return "sum";
  if (name == "min" || name == "max")
    return name;
  return std::nullopt;
}

BoundAggregate aggregateOverColumn(const std::string& name, size_t column, const DataType& type,
                                   const std::string& column_name) {
  AggregateBindRequest request;
  request.name = name + "(" + column_name + ")";
  request.argument_types = {type};
  request.argument_sql = {column_name};
  request.argument_constants = {nullptr};
  BoundAggregate call;
  call.function = AggregateRegistry::builtin().find(name)->bind(request);
  call.arguments.push_back(BoundExpression::makeColumn(column, type));
  return call;
}

}  // namespace sluice

// src/function/aggregate/aggregate_registry.cpp
#include "function/aggregate/aggregate_registry.hpp"

#include <algorithm>
#include <cmath>

#include "common/error/error.hpp"
#include "common/text/ascii_case.hpp"

namespace sluice {

// Registered here rather than in the header, which every aggregate file includes.
void registerApproxCountDistinctAggregates(AggregateRegistry& registry);
void registerApproxPercentileAggregates(AggregateRegistry& registry);
void registerUnsupportedAggregates(AggregateRegistry& registry);
void registerShapeMomentAggregates(AggregateRegistry& registry);
void registerBitAggregates(AggregateRegistry& registry);
void registerListAggAggregates(AggregateRegistry& registry);
void registerBitmapAggregates(AggregateRegistry& registry);
void registerCountMinSketchAggregates(AggregateRegistry& registry);
void registerHistogramNumericAggregates(AggregateRegistry& registry);
void registerSchemaOfVariantAggregates(AggregateRegistry& registry);

namespace {}  // namespace

const AggregateRegistry& AggregateRegistry::builtin() {
  static const AggregateRegistry registry = [] {
    AggregateRegistry built;
    registerCountAggregates(built);
    registerSumAggregates(built);
    registerAverageAggregates(built);
    registerMinMaxAggregates(built);
    registerFirstLastAggregates(built);
    registerBooleanAggregates(built);
    registerCentralMomentAggregates(built);
    registerMinMaxByAggregates(built);
    registerCovarianceAggregates(built);
    registerCollectAggregates(built);
    registerSchemaOfVariantAggregates(built);
    registerPercentileAggregates(built);
    registerModeAggregates(built);
    registerApproxCountDistinctAggregates(built);
    registerApproxPercentileAggregates(built);
    registerUnsupportedAggregates(built);
    registerShapeMomentAggregates(built);
    registerBitAggregates(built);
    registerListAggAggregates(built);
    registerBitmapAggregates(built);
    registerCountMinSketchAggregates(built);
    registerHistogramNumericAggregates(built);
    return built;
  }();
  return registry;
}

void AggregateRegistry::add(AggregateFunctionEntry entry, std::vector<std::string> aliases) {
  for (const std::string& alias : aliases)
    entries_[foldIdentifier(alias)] = entry;
  std::string key = foldIdentifier(entry.name);
  entries_[key] = std::move(entry);
}

const AggregateFunctionEntry* AggregateRegistry::find(std::string_view name) const {
  auto found = entries_.find(foldIdentifier(name));
  return found == entries_.end() ? nullptr : &found->second;
}

void raiseAggregateInputType(const AggregateBindRequest& request, size_t index,
                             std::string_view expected) {
  throw Error(
      ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
      fmt::format("Cannot resolve \"{}\" due to data type mismatch: The {} parameter requires "
                  "the {} type, however \"{}\" has the type \"{}\".",
                  request.name, ordinalName(index), expected, request.argument_sql[index],
                  request.argument_types[index].sql()));
}

void raiseNonFoldableInput(const AggregateBindRequest& request, size_t index,
                           std::string_view input, std::string_view type) {
  throw Error(ErrorClass::DATATYPE_MISMATCH, "NON_FOLDABLE_INPUT",
              fmt::format("Cannot resolve \"{}\" due to data type mismatch: the input `{}` should "
                          "be a foldable \"{}\" expression; however, got \"{}\".",
                          request.name, input, type, request.argument_sql[index]));
}

std::string doubleLiteral(double value) {
  std::string text = fmt::format("{}", value);
  if (text.find_first_of(".en") == std::string::npos)
    text += ".0";
  return text + "D";
}

void raiseUnorderableInput(const AggregateBindRequest& request, std::string_view function,
                           size_t index) {
  throw Error(
      ErrorClass::DATATYPE_MISMATCH, "INVALID_ORDERING_TYPE",
      fmt::format(
          "Cannot resolve \"{}\" due to data type mismatch: The `{}` does not support ordering on "
          "type \"{}\".",
          request.name, function, request.argument_types[index].sql()));
}

void refuseCollatedInput(const AggregateBindRequest& request, std::string_view function,
                         size_t index) {
  const DataType& type = request.argument_types[index];
  if (type.isCollatedString()) {
    throw Error(
        ErrorClass::NOT_SUPPORTED,
        fmt::format("`{}` over strings of type {} is not supported yet.", function, type.sql()));
  }
}

double numericConstant(const Value& value) {
  switch (value.type().id()) {
    case TypeId::kFloat:
      return value.getFloat();
    case TypeId::kDouble:
      return value.getDouble();
    case TypeId::kDecimal:
      return static_cast<double>(value.getDecimalUnscaled()) / std::pow(10.0, value.type().scale());
    default:
      return static_cast<double>(value.getInt64());
  }
}

}  // namespace sluice

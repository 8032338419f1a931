// src/function/aggregate/aggregate_registry.hpp
//
// Aggregate functions by name. An entry binds itself to argument types as scalar functions do
// (function/function_registry.hpp): it picks the types the binder casts the arguments to, the
// return type and the kernels, or raises DATATYPE_MISMATCH. Families register themselves from
// their own files.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "common/types/value.hpp"
#include "function/aggregate/aggregate_function.hpp"

namespace sluice {

//! An aggregate call to resolve, after its arguments are bound.
struct AggregateBindRequest {
  std::string name;  // the call as Spark prints it in messages: "sum(x)"
  std::vector<DataType> argument_types;
  std::vector<std::string> argument_sql;         // each argument as Spark prints it: "x", "(a + 1)"
  std::vector<const Value*> argument_constants;  // the value of a constant argument, else null
};

using AggregateResolver = std::function<AggregateFunctionPtr(const AggregateBindRequest& request)>;

struct AggregateFunctionEntry {
  std::string name;
  int min_arguments = 1;
  int max_arguments = 1;  // -1: any number
  AggregateResolver bind;
  //! An inverse distribution function, `f(p) WITHIN GROUP (ORDER BY value [DESC])`: it is
  //! bound to (value, the call's own arguments..., DESC as a BOOLEAN constant), and the
  //! argument counts above are the call's own.
  bool orders_within_group = false;
  //! Refuses a window with ORDER BY or a frame other than the whole partition.
  bool needs_whole_partition = false;
  //! With orders_within_group: the clause may be left out (listagg), and the ordering value is
  //! then a NULL constant.
  bool within_group_optional = false;
};

class AggregateRegistry {
 public:
  //! The built-in aggregates; built once, on first use.
  static const AggregateRegistry& builtin();

  void add(AggregateFunctionEntry entry, std::vector<std::string> aliases = {});
  //! Looks an aggregate up by name, case-insensitively; null when unknown.
  const AggregateFunctionEntry* find(std::string_view name) const;
  //! Every entry by registered name, aliases included, in name order.
  const std::map<std::string, AggregateFunctionEntry, std::less<>>& entries() const {
    return entries_;
  }

 private:
  std::map<std::string, AggregateFunctionEntry, std::less<>> entries_;
};

// One registration function per family, each in its own file.
void registerCountAggregates(AggregateRegistry& registry);
void registerSumAggregates(AggregateRegistry& registry);
void registerAverageAggregates(AggregateRegistry& registry);
void registerMinMaxAggregates(AggregateRegistry& registry);
void registerFirstLastAggregates(AggregateRegistry& registry);
void registerBooleanAggregates(AggregateRegistry& registry);
void registerCentralMomentAggregates(AggregateRegistry& registry);
void registerMinMaxByAggregates(AggregateRegistry& registry);
void registerCovarianceAggregates(AggregateRegistry& registry);
void registerCollectAggregates(AggregateRegistry& registry);
void registerPercentileAggregates(AggregateRegistry& registry);
void registerModeAggregates(AggregateRegistry& registry);

//! Raises DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE for argument `index` of `request`, which
//! should have been one of `expected` (as Spark lists it: "NUMERIC", "BOOLEAN").
//! Raises DATATYPE_MISMATCH.INVALID_ORDERING_TYPE for argument `index` (a MAP).
[[noreturn]] void raiseUnorderableInput(const AggregateBindRequest& request,
                                        std::string_view function, size_t index);

//! Raises NOT_SUPPORTED when argument `index` is a STRING of a collation other than
//! UTF8_BINARY, for the aggregates that would compare its values by their bytes.
void refuseCollatedInput(const AggregateBindRequest& request, std::string_view function,
                         size_t index);

//! A numeric constant argument (integral, floating or DECIMAL) as a DOUBLE.
double numericConstant(const Value& value);

[[noreturn]] void raiseAggregateInputType(const AggregateBindRequest& request, size_t index,
                                          std::string_view expected);

//! Raises DATATYPE_MISMATCH.NON_FOLDABLE_INPUT for argument `index`, which Spark names `input`
//! and requires to be a constant of type `type`.
[[noreturn]] void raiseNonFoldableInput(const AggregateBindRequest& request, size_t index,
                                        std::string_view input, std::string_view type);

//! Spark's toSQLValue of a DOUBLE in messages: "0.5D", "1.0D".
std::string doubleLiteral(double value);

}  // namespace sluice

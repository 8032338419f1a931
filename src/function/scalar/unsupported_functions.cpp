// src/function/scalar/unsupported_functions.cpp
//
// Spark's built-in functions that sluice does not implement: they resolve, so that a query
// names what is missing instead of an unknown routine, and fail with NOT_SUPPORTED when bound.
// They call into the JVM (reflect), need formats sluice does not read (Avro, Protobuf, XML), or
// produce sketches in the binary layouts of the DataSketches library (hll_*, theta_*, kll_*,
// and the frequent-items sketches of approx_top_k*, whose results and ties follow the sketch).
#include <fmt/format.h>

#include "common/error/error.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/function_doc.hpp"
#include "function/function_registry.hpp"

namespace sluice {

namespace {

struct UnsupportedFamily {
  std::string_view reason;
  std::vector<const char*> names;
};

bool isUnsupportedAggregate(std::string_view name) {
  return name.ends_with("_agg") || name.starts_with("kll_sketch_agg_") || name == "approx_top_k" ||
         name == "approx_top_k_accumulate" || name == "approx_top_k_combine";
}

[[noreturn]] void refuseUnsupportedFunction(std::string_view name, std::string_view reason) {
  throwError(ErrorClass::NOT_SUPPORTED, "The function `{}` is not supported by sluice: {}.", name,
             reason);
}

const std::vector<UnsupportedFamily>& unsupportedFamilies() {
  static const std::vector<UnsupportedFamily> kFamilies = {
      {"it calls Java methods", {"java_method", "reflect", "try_reflect"}},
      {"Avro is not supported", {"from_avro", "to_avro", "schema_of_avro"}},
      {"Protobuf is not supported", {"from_protobuf", "to_protobuf"}},
      {"XML is not supported",
       {"xpath", "xpath_boolean", "xpath_double", "xpath_number", "xpath_float", "xpath_int",
        "xpath_long", "xpath_short", "xpath_string", "from_xml", "to_xml", "schema_of_xml"}},
      {"DataSketches HLL sketches are not supported",
       {"hll_sketch_agg", "hll_union_agg", "hll_sketch_estimate", "hll_union"}},
      {"DataSketches theta sketches are not supported",
       {"theta_sketch_agg", "theta_union_agg", "theta_intersection_agg", "theta_sketch_estimate",
        "theta_union", "theta_difference", "theta_intersection"}},
      {"DataSketches frequent-items sketches are not supported",
       {"approx_top_k", "approx_top_k_accumulate", "approx_top_k_combine",
        "approx_top_k_estimate"}},
      {"DataSketches KLL sketches are not supported",
       {"kll_sketch_agg_bigint", "kll_sketch_agg_float", "kll_sketch_agg_double",
        "kll_sketch_to_string_bigint", "kll_sketch_to_string_float", "kll_sketch_to_string_double",
        "kll_sketch_get_n_bigint", "kll_sketch_get_n_float", "kll_sketch_get_n_double",
        "kll_sketch_merge_bigint", "kll_sketch_merge_float", "kll_sketch_merge_double",
        "kll_sketch_get_quantile_bigint", "kll_sketch_get_quantile_float",
        "kll_sketch_get_quantile_double", "kll_sketch_get_rank_bigint", "kll_sketch_get_rank_float",
        "kll_sketch_get_rank_double"}},
  };
  return kFamilies;
}

}  // namespace

bool isUnsupportedFunction(std::string_view name) {
  for (const UnsupportedFamily& family : unsupportedFamilies()) {
    for (const char* listed : family.names) {
      if (name == listed)
        return true;
    }
  }
  return false;
}

void registerUnsupportedFunctions(FunctionRegistry& registry) {
  for (const UnsupportedFamily& family : unsupportedFamilies()) {
    for (const char* name : family.names) {
      if (isUnsupportedAggregate(name))
        continue;
      std::string_view reason = family.reason;
      ScalarBinder refuse = [name, reason](const BindRequest&) -> BoundScalarFunction {
        refuseUnsupportedFunction(name, reason);
      };
      registry.addScalar({name, 0, -1, std::move(refuse)});
    }
  }
}

// The aggregates among them are refused by the aggregate binder, before their arguments are
// checked against the GROUP BY.
void registerUnsupportedAggregates(AggregateRegistry& registry) {
  for (const UnsupportedFamily& family : unsupportedFamilies()) {
    for (const char* name : family.names) {
      if (!isUnsupportedAggregate(name))
        continue;
      std::string_view reason = family.reason;
      AggregateResolver refuse = [name,
                                  reason](const AggregateBindRequest&) -> AggregateFunctionPtr {
        refuseUnsupportedFunction(name, reason);
      };
      registry.add({name, 0, -1, std::move(refuse), false, false});
    }
  }
}

}  // namespace sluice

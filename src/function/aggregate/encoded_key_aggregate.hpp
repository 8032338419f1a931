// src/function/aggregate/encoded_key_aggregate.hpp
//
// An aggregate over STRUCT or ARRAY values that compares them (min, max, the ordering of
// max_by / min_by): it runs the same aggregate over their key encodings, BINARY values whose
// bytes compare as Spark orders the values (function/scalar/nested_key_encoding.hpp), and
// decodes the result. The encoded arguments are made a batch at a time before the inner
// aggregate sees them; its states hold encodings only.
#pragma once

#include <vector>

#include "function/aggregate/aggregate_function.hpp"

namespace sluice {

//! `inner` bound to the argument types with every argument flagged in `encoded` as BINARY;
//! the result is `inner`'s, decoded into `return_type` when `decode_result` is set.
AggregateFunctionPtr makeEncodedKeyAggregate(AggregateFunctionPtr inner,
                                             std::vector<DataType> argument_types,
                                             std::vector<bool> encoded, DataType return_type,
                                             bool decode_result);

}  // namespace sluice

// src/function/aggregate/bit_aggregates.cpp
//
// bit_and, bit_or and bit_xor over an integral type, in that type: the bitwise combination of
// a group's non-NULL values; NULL for a group without one.
#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/physical_type.hpp"

namespace sluice {

namespace {

enum class BitOperation : uint8_t { kAnd, kOr, kXor };

template <typename T, BitOperation kOperation>
struct BitAggregateOp {
  struct State {
    T bits;
    bool seen;
  };
  static constexpr bool kSkipNulls = true;
  static T apply(T a, T b) {
    if constexpr (kOperation == BitOperation::kAnd)
      return static_cast<T>(a & b);
    else if constexpr (kOperation == BitOperation::kOr)
      return static_cast<T>(a | b);
    else
      return static_cast<T>(a ^ b);
  }
  static void update(State& state, const T& value, StringHeap&) {
    state.bits = state.seen ? apply(state.bits, value) : value;
    state.seen = true;
  }
  static void combine(State& target, const State& source) {
    if (!source.seen)
      return;
    target.bits = target.seen ? apply(target.bits, source.bits) : source.bits;
    target.seen = true;
  }
  static void finalize(const State& state, Vector& result, idx_t row) {
    if (!state.seen) {
      result.setNull(row);
      return;
    }
    result.mutableData<T>()[row] = state.bits;
  }
};

template <BitOperation kOperation>
AggregateResolver bitAggregateBinder(const char* name) {
  return [name](const AggregateBindRequest& request) -> AggregateFunctionPtr {
    const DataType& input = request.argument_types[0];
    if (input.isVoid()) {
      return std::make_shared<UnaryAggregate<int32_t, BitAggregateOp<int32_t, kOperation>>>(
          name, std::vector<DataType>{DataType::intType()}, DataType::intType());
    }
    if (!input.isIntegral())
      raiseAggregateInputType(request, 0, "\"INTEGRAL\"");
    return visitNumericType(input, [&]<typename T>() -> AggregateFunctionPtr {
      if constexpr (std::is_integral_v<T>) {
        return std::make_shared<UnaryAggregate<T, BitAggregateOp<T, kOperation>>>(
            name, std::vector<DataType>{input}, input);
      } else {
        return nullptr;
      }
    });
  };
}

}  // namespace

void registerBitAggregates(AggregateRegistry& registry) {
  registry.add({"bit_and", 1, 1, bitAggregateBinder<BitOperation::kAnd>("bit_and"), false, false});
  registry.add({"bit_or", 1, 1, bitAggregateBinder<BitOperation::kOr>("bit_or"), false, false});
  registry.add({"bit_xor", 1, 1, bitAggregateBinder<BitOperation::kXor>("bit_xor"), false, false});
}

}  // namespace sluice

// src/function/aggregate/mode.cpp
//
// mode(expr [, deterministic]) (Spark's Mode): the most frequent non-NULL value of the group,
// of the input's type; NULL for a group without a non-NULL value. The values are kept
// (collected_values.hpp) and counted when finalized by sorting them; of equally frequent values
// the smallest is returned, which is what Spark returns with deterministic = true and one of
// the answers it may give without.
#include <algorithm>
#include <vector>

#include "common/error/error.hpp"
#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/aggregate/collected_values.hpp"
#include "function/aggregate/value_ordering.hpp"
#include "function/physical_type.hpp"

namespace sluice {

namespace {

template <typename T>
class ModeAggregate : public AggregateFunction {
 public:
  ModeAggregate(std::vector<DataType> argument_types, DataType result)
      : AggregateFunction("mode", std::move(argument_types), std::move(result),
                          sizeof(CollectedValues), alignof(CollectedValues)) {}

  void update(const AggregateInput& input, uint8_t* const* groups, idx_t offset,
              StringHeap& heap) const override {
    VectorReader<T> values(*input.arguments[0]);
    forEachRow(input.rows, [&](idx_t row) {
      if (values.isValid(row))
        add(stateAt<CollectedValues>(groups[row], offset), values[row], heap);
    });
  }

  void updateSingle(const AggregateInput& input, uint8_t* state, StringHeap& heap) const override {
    VectorReader<T> values(*input.arguments[0]);
    CollectedValues& collected = stateAt<CollectedValues>(state, 0);
    forEachRow(input.rows, [&](idx_t row) {
      if (values.isValid(row))
        add(collected, values[row], heap);
    });
  }

  void combine(uint8_t* const*, uint8_t* const*, idx_t, idx_t) const override {
    SLUICE_UNREACHABLE("mode combines through combineWithHeap");
  }

  void combineWithHeap(uint8_t* const* sources, uint8_t* const* targets, idx_t count, idx_t offset,
                       StringHeap& heap) const override {
    combineCollectedValues(sources, targets, count, offset, sizeof(T), heap);
  }

  void finalize(uint8_t* const* states, idx_t count, idx_t offset, Vector& result,
                idx_t first_row) const override {
    std::vector<T> sorted;
    for (idx_t i = 0; i < count; ++i) {
      const CollectedValues& state = stateAt<CollectedValues>(states[i], offset);
      idx_t row = first_row + i;
      if (state.count == 0) {
        result.setNull(row);
        continue;
      }
      state.copyTo(sorted);
      std::sort(sorted.begin(), sorted.end(), sortsBefore<T>);
      // The first value of the longest run of equal values: the smallest of the most frequent.
      size_t best = 0;
      size_t best_length = 0;
      for (size_t start = 0; start < sorted.size();) {
        size_t end = start + 1;
        while (end < sorted.size() && !sortsBefore(sorted[start], sorted[end]))
          ++end;
        if (end - start > best_length) {
          best = start;
          best_length = end - start;
        }
        start = end;
      }
      writeResult(result, row, sorted[best]);
    }
  }

 private:
  static void add(CollectedValues& state, const T& value, StringHeap& heap) {
    if constexpr (std::is_same_v<T, StringView>) {
      StringView kept = keepString(value, heap);
      state.append(reinterpret_cast<const uint8_t*>(&kept), sizeof(T), heap);
    } else {
      state.append(reinterpret_cast<const uint8_t*>(&value), sizeof(T), heap);
    }
  }
};

AggregateFunctionPtr bindMode(const AggregateBindRequest& request) {
  const DataType& input = request.argument_types[0];
  std::vector<DataType> argument_types{input};
  if (request.argument_types.size() == 2) {
    // Ties are always broken towards the smallest value, so the flag only has to be valid.
    if (request.argument_types[1].id() != TypeId::kBoolean)
      raiseAggregateInputType(request, 1, "\"BOOLEAN\"");
    if (request.argument_constants[1] == nullptr) {
      throw Error(ErrorClass::DATATYPE_MISMATCH, "NON_FOLDABLE_INPUT",
                  fmt::format("Cannot resolve \"{}\" due to data type mismatch: the input "
                              "`deterministic` should be a foldable \"BOOLEAN\" expression; "
                              "however, got \"{}\".",
                              request.name, request.argument_sql[1]));
    }
    argument_types.push_back(request.argument_types[1]);
  }
  refuseCollatedInput(request, "mode", 0);
  if (input.isVoid())
    return std::make_shared<NullAggregate>("mode", argument_types);
  if (input.isNested()) {
    throwError(ErrorClass::NOT_SUPPORTED, "mode of a value of type {} is not supported yet.",
               input.sql());
  }
  return visitScalarType(input, [&]<typename T>() -> AggregateFunctionPtr {
    return std::make_shared<ModeAggregate<T>>(argument_types, input);
  });
}

}  // namespace

void registerModeAggregates(AggregateRegistry& registry) {
  registry.add({"mode", 1, 2, bindMode});
}

}  // namespace sluice

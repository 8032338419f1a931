// src/function/aggregate/aggregate_kernels.hpp
//
// The loops shared by the aggregate functions. A function supplies a small stateless `Op` with
// its state type and what happens to one value; UnaryAggregate<T, Op> turns that into the
// vector kernels of AggregateFunction, instantiated per physical type at compile time:
//
//   struct Op {
//     using State = ...;                          // all-zero bytes = the empty state
//     static constexpr bool kSkipNulls = true;    // false: updateNull is called for NULLs
//     static void update(State&, const T& value, StringHeap& heap);
//     static void updateNull(State&);             // only when !kSkipNulls
//     static void combine(State& target, const State& source);
//     static void finalize(const State&, Vector& result, idx_t row);
//   };
#pragma once

#include <cstring>
#include <type_traits>

#include "common/types/string_view.hpp"
#include "function/aggregate/aggregate_function.hpp"

namespace sluice {

//! Typed access to a flat or constant vector without a branch on the vector's kind per call
//! site: the slot mask is 0 for a constant vector and all ones for a flat one.
template <typename T>
class VectorReader {
 public:
  explicit VectorReader(const Vector& vector)
      : data_(vector.type().physicalSize() > 0 ? vector.data<T>() : nullptr),
        validity_(vector.validity()),
        mask_(vector.isConstant() ? 0 : ~idx_t{0}),
        all_null_(vector.type().isVoid()) {}

  bool isValid(idx_t row) const {
    if (validity_ == nullptr)
      return !all_null_;
    idx_t slot = row & mask_;
    return ((validity_[slot >> 6] >> (slot & 63)) & 1) != 0;
  }
  const T& operator[](idx_t row) const { return data_[row & mask_]; }
  bool hasNulls() const { return validity_ != nullptr || all_null_; }

 private:
  const T* data_;
  const uint64_t* validity_;
  idx_t mask_;
  bool all_null_;
};

//! The state at `row + offset`, typed.
template <typename State>
inline State& stateAt(uint8_t* row, idx_t offset) {
  return *reinterpret_cast<State*>(row + offset);
}

//! Copies a string a state keeps into `heap` (long strings only: short ones are inline).
inline StringView keepString(const StringView& value, StringHeap& heap) {
  if (value.isInline())
    return value;
  char* bytes = heap.allocate(value.size());
  std::memcpy(bytes, value.data(), value.size());
  return StringView(bytes, value.size());
}

//! Writes a value of physical type T into `result` at `row` (strings are copied in).
template <typename T>
inline void writeResult(Vector& result, idx_t row, const T& value) {
  if constexpr (std::is_same_v<T, StringView>) {
    result.mutableData<StringView>()[row] = result.addString(value.view());
  } else {
    result.mutableData<T>()[row] = value;
  }
}

template <typename T, typename Op>
class UnaryAggregate : public AggregateFunction {
 public:
  using State = typename Op::State;
  static_assert(std::is_trivially_copyable_v<State>, "aggregate states are plain bytes");

  UnaryAggregate(std::string name, std::vector<DataType> argument_types, DataType return_type)
      : AggregateFunction(std::move(name), std::move(argument_types), std::move(return_type),
                          sizeof(State), alignof(State)) {}

  void update(const AggregateInput& input, uint8_t* const* groups, idx_t offset,
              StringHeap& heap) const override {
    VectorReader<T> values(*input.arguments[0]);
    if (!values.hasNulls()) {
      forEachRow(input.rows, [&](idx_t row) {
        Op::update(stateAt<State>(groups[row], offset), values[row], heap);
      });
      return;
    }
    forEachRow(input.rows, [&](idx_t row) {
      State& state = stateAt<State>(groups[row], offset);
      if (values.isValid(row)) {
        Op::update(state, values[row], heap);
      } else if constexpr (!Op::kSkipNulls) {
        Op::updateNull(state);
      }
    });
  }

  void updateSingle(const AggregateInput& input, uint8_t* state_bytes,
                    StringHeap& heap) const override {
    // A local copy lets the compiler keep the state in registers across the loop.
    State state;
    std::memcpy(&state, state_bytes, sizeof(State));
    VectorReader<T> values(*input.arguments[0]);
    if (!values.hasNulls()) {
      forEachRow(input.rows, [&](idx_t row) { Op::update(state, values[row], heap); });
    } else {
      forEachRow(input.rows, [&](idx_t row) {
        if (values.isValid(row)) {
          Op::update(state, values[row], heap);
        } else if constexpr (!Op::kSkipNulls) {
          Op::updateNull(state);
        }
      });
    }
    std::memcpy(state_bytes, &state, sizeof(State));
  }

  void combine(uint8_t* const* sources, uint8_t* const* targets, idx_t count,
               idx_t offset) const override {
    for (idx_t i = 0; i < count; ++i) {
      Op::combine(stateAt<State>(targets[i], offset), stateAt<State>(sources[i], offset));
    }
  }

  void finalize(uint8_t* const* states, idx_t count, idx_t offset, Vector& result,
                idx_t first_row) const override {
    for (idx_t i = 0; i < count; ++i)
      Op::finalize(stateAt<State>(states[i], offset), result, first_row + i);
  }
};

//! An aggregate whose result is always NULL (min, first, ... of a NULL-typed argument).
class NullAggregate : public AggregateFunction {
 public:
  NullAggregate(std::string name, std::vector<DataType> argument_types,
                DataType return_type = DataType::voidType())
      : AggregateFunction(std::move(name), std::move(argument_types), std::move(return_type), 1,
                          1) {}
  void update(const AggregateInput&, uint8_t* const*, idx_t, StringHeap&) const override {}
  void updateSingle(const AggregateInput&, uint8_t*, StringHeap&) const override {}
  void combine(uint8_t* const*, uint8_t* const*, idx_t, idx_t) const override {}
  void finalize(uint8_t* const*, idx_t count, idx_t, Vector& result,
                idx_t first_row) const override {
    for (idx_t i = 0; i < count; ++i)
      result.setNull(first_row + i);
  }
};

}  // namespace sluice

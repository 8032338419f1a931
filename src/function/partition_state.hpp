// src/function/partition_state.hpp
//
// What a kernel keeps from one batch to the next within a partition, as Spark's
// Nondeterministic expressions do (rand() draws from a generator seeded per partition,
// monotonically_increasing_id() counts the rows it has seen). A partition is a run of rows one
// thread computes in order (exec/physical/physical_operator.hpp says what a partition is for
// each source); each chain task owns one PartitionState and reaches kernels through its
// ExecContext. The task enters a partition before each morsel; entering a different one resets
// every state. The state belongs to one call of the plan (its node, which the evaluator names
// before it runs a non-deterministic kernel), so two copies of a call (a SQL function's
// argument used twice) each count their own rows. The cost is a short scan of the few
// stateful calls per batch, nothing per row.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "function/function.hpp"

namespace sluice {

class PartitionState {
 public:
  //! The largest partition number: monotonically_increasing_id() keeps 31 bits for it.
  static constexpr uint32_t kMaxPartition = 0x7fffffff;

  uint32_t partition() const { return partition_; }

  //! Called before each morsel; a partition other than the current one starts afresh.
  void enter(uint32_t partition) {
    if (partition == partition_ && entered_)
      return;
    partition_ = partition;
    entered_ = true;
    ++generation_;
  }

  //! Names the call whose kernel runs next.
  void enterCall(const void* call) { call_ = call; }

  //! The state the current call keeps in the current partition, made by `make(partition)` on
  //! its first use in the partition.
  template <typename State, typename Make>
  State& stateOf(Make&& make) {
    for (Slot& slot : slots_) {
      if (slot.call != call_)
        continue;
      auto& held = static_cast<Held<State>&>(*slot.state);
      if (slot.generation != generation_) {
        held.value = make(partition_);
        slot.generation = generation_;
      }
      return held.value;
    }
    auto held = std::make_unique<Held<State>>(make(partition_));
    State& value = held->value;
    slots_.push_back(Slot{call_, generation_, std::move(held)});
    return value;
  }

 private:
  struct Base {
    virtual ~Base() = default;
  };
  template <typename State>
  struct Held : Base {
    explicit Held(State value) : value(std::move(value)) {}
    State value;
  };
  struct Slot {
    const void* call;
    uint64_t generation;
    std::unique_ptr<Base> state;
  };

  uint32_t partition_ = 0;
  bool entered_ = false;
  uint64_t generation_ = 0;
  const void* call_ = nullptr;
  std::vector<Slot> slots_;
};

//! Runs `body(state, partition)` with the state the current call keeps in the context's
//! partition. Outside a chain (constant folding, a single-row evaluation) the partition is
//! 0 and the state lasts this call only.
template <typename State, typename Make, typename Body>
void withPartitionState(const ExecContext& context, Make&& make, Body&& body) {
  if (context.partition == nullptr) {
    State state = make(uint32_t{0});
    body(state, uint32_t{0});
    return;
  }
  State& state = context.partition->stateOf<State>(make);
  body(state, context.partition->partition());
}

}  // namespace sluice

// src/function/aggregate/aggregate_function.hpp
//
// An aggregate function bound to argument types: the fixed-width state it keeps per group and
// the vector-at-a-time kernels that update, combine and finalize those states. States live
// inside the rows of the hash aggregate (exec/aggregate), at an offset the operator chooses; a
// kernel is one virtual call per vector and aggregate, never one per value. DISTINCT and FILTER
// are the operator's business: it hands a kernel only the rows to add (and, for DISTINCT, each
// distinct argument tuple once), so no function knows about them.
//
// Every state is valid when all of its bytes are zero: that is the state of an empty group, so
// the operator creates groups by zeroing memory and never calls a function to initialize one.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/vector/buffer.hpp"
#include "common/vector/vector.hpp"
#include "function/function.hpp"

namespace sluice {

//! The arguments of one batch for an aggregate: evaluated vectors (flat or constant) and the
//! rows of the batch to add.
struct AggregateInput {
  std::vector<const Vector*> arguments;
  RowSet rows;
};

class AggregateFunction {
 public:
  AggregateFunction(std::string name, std::vector<DataType> argument_types, DataType return_type,
                    idx_t state_size, idx_t state_alignment)
      : name_(std::move(name)),
        argument_types_(std::move(argument_types)),
        return_type_(std::move(return_type)),
        state_size_(state_size),
        state_alignment_(state_alignment) {}
  virtual ~AggregateFunction() = default;
  AggregateFunction(const AggregateFunction&) = delete;
  AggregateFunction& operator=(const AggregateFunction&) = delete;

  //! Spark's name, as it appears in plans and column names ("sum", "count").
  const std::string& name() const { return name_; }
  //! The types the binder casts the arguments to.
  const std::vector<DataType>& argumentTypes() const { return argument_types_; }
  const DataType& returnType() const { return return_type_; }
  idx_t stateSize() const { return state_size_; }
  idx_t stateAlignment() const { return state_alignment_; }
  //! Whether adding a value twice leaves the state as adding it once (min, max, bool_and):
  //! DISTINCT then changes nothing and the operator skips its deduplication.
  virtual bool ignoresDuplicates() const { return false; }

  //! Adds input row r to the state at groups[r] + offset, for every row r of input.rows;
  //! `groups` is aligned with the batch. Long strings a state keeps are copied into `heap`.
  virtual void update(const AggregateInput& input, uint8_t* const* groups, idx_t offset,
                      StringHeap& heap) const = 0;
  //! Adds every row of input.rows to the one state at `state` (a global aggregate).
  virtual void updateSingle(const AggregateInput& input, uint8_t* state,
                            StringHeap& heap) const = 0;
  //! Merges the state at sources[i] + offset into the state at targets[i] + offset.
  virtual void combine(uint8_t* const* sources, uint8_t* const* targets, idx_t count,
                       idx_t offset) const = 0;
  //! As combine(), for states that keep values outside their fixed bytes (collect_list): what
  //! a target copies from its source is allocated in `heap`, which outlives the targets and is
  //! used by one thread at a time. The sources are left unchanged.
  virtual void combineWithHeap(uint8_t* const* sources, uint8_t* const* targets, idx_t count,
                               idx_t offset, StringHeap& /*heap*/) const {
    combine(sources, targets, count, offset);
  }
  //! Writes the result of the state at states[i] + offset into row first_row + i of `result`,
  //! a flat vector of the return type; strings are copied into the vector.
  virtual void finalize(uint8_t* const* states, idx_t count, idx_t offset, Vector& result,
                        idx_t first_row) const = 0;

 private:
  std::string name_;
  std::vector<DataType> argument_types_;
  DataType return_type_;
  idx_t state_size_;
  idx_t state_alignment_;
};

using AggregateFunctionPtr = std::shared_ptr<const AggregateFunction>;

}  // namespace sluice

// src/exec/physical/physical_operator.hpp
//
// Physical operators and the roles they play in a chain (exec/chain/operator_chain.hpp):
//   - a source produces the chain's input one morsel at a time; many threads pull morsels
//     from one global state at once, each with a local state of its own;
//   - an operator transforms a batch into zero or more batches, with a per-thread state;
//   - a sink consumes batches into a per-thread local state, combines the local states into a
//     global one when a thread runs out of input, and finalizes it once all threads are done.
// An operator that breaks the chain (aggregate, sort, join build) is the sink of the
// chain below it and the source of the chain above it, reading its own sink state.
//
// Every morsel carries an index, kept by the operators it flows through, so that sinks that
// care about order (the result collector, LIMIT) put the rows back in the order of the source.
//
// It also carries its partition, Spark's unit of rows computed in order by one thread, which
// rand(seed), monotonically_increasing_id() and spark_partition_id() depend on. A partition's
// number comes from the input alone (not the thread count or who ran first) and grows in
// the order of the source:
//   - file and table scans: one part of a file (all of its batches, read in order by one
//     thread) is a partition, numbered file * parts per file + part (a few Parquet files are
//     cut into more parts on more threads: file_morsels.hpp);
//   - range: one 2048-row morsel is a partition, numbered by its place in the range;
//   - VALUES and an ungrouped aggregate's row: partition 0;
//   - a hash aggregate's output: one of its row partitions (merged and emitted by one thread);
//   - the outputs of sort, window, LIMIT and TOP N: one output batch is a partition, in order
//     (a window that spilled: the output of one of its spill files);
//   - a FULL join's never-matched build rows: one 2048-row stretch of the build side is one.
// The chain numbers partitions from a base of its own: the children of a union one after
// the other in the union's order, then the final rows of its operators (plan_executor.cpp).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/vector/vector.hpp"
#include "function/function.hpp"

namespace sluice {

struct GlobalSourceState {
  virtual ~GlobalSourceState() = default;
  //! How many threads can usefully pull morsels at once.
  virtual size_t maxThreads() const { return 1; }
  //! How many partitions the morsels are numbered in (Morsel::partition is below it).
  virtual uint64_t partitions() const { return 1; }
};
struct LocalSourceState {
  virtual ~LocalSourceState() = default;
};
struct OperatorState {
  virtual ~OperatorState() = default;
};
struct GlobalSinkState {
  virtual ~GlobalSinkState() = default;
};
struct LocalSinkState {
  virtual ~LocalSinkState() = default;
};

//! What an operator tells the chain after a call to execute().
enum class OperatorResult : uint8_t {
  kNeedMoreInput,   // the input is used up; `output` holds its last rows (maybe none)
  kHaveMoreOutput,  // call again with the same input for more rows
};

//! What a sink tells the chain after a call to sink().
enum class SinkResult : uint8_t {
  kNeedMoreInput,
  kFinished,  // the sink needs no more rows (a LIMIT that is full): the chain may stop
};

//! A batch of a source morsel and its index in the order of the source.
struct Morsel {
  Batch batch;
  uint64_t index = 0;
  uint64_t partition = 0;  // within the source's partitions (see above)
};

class PhysicalOperator;
using PhysicalOperatorPtr = std::unique_ptr<PhysicalOperator>;

class PhysicalOperator {
 public:
  PhysicalOperator(std::string name, std::vector<DataType> types)
      : name_(std::move(name)), types_(std::move(types)) {}
  virtual ~PhysicalOperator() = default;
  PhysicalOperator(const PhysicalOperator&) = delete;
  PhysicalOperator& operator=(const PhysicalOperator&) = delete;

  const std::string& name() const { return name_; }
  const std::vector<DataType>& types() const { return types_; }

  std::vector<PhysicalOperatorPtr> children;

  // The source role.
  virtual bool isSource() const { return false; }
  //! For an operator that is also the sink of the chain below, `own_sink_state` is its
  //! finalized sink state, from which it reads; otherwise null.
  virtual std::unique_ptr<GlobalSourceState> makeGlobalSourceState(
      const ExecContext& context, GlobalSinkState* own_sink_state) const;
  virtual std::unique_ptr<LocalSourceState> makeLocalSourceState(const ExecContext& context,
                                                                 GlobalSourceState& global) const;
  //! Fills `morsel` with the next rows; returns false when the source has no more.
  virtual bool getData(const ExecContext& context, Morsel& morsel, GlobalSourceState& global,
                       LocalSourceState& local) const;

  // The operator role.
  virtual bool isStreaming() const { return false; }
  virtual std::unique_ptr<OperatorState> makeOperatorState(const ExecContext& context) const;
  virtual OperatorResult execute(const ExecContext& context, const Batch& input, Batch& output,
                                 OperatorState& state) const;
  //! The per-thread state of an operator that is also the sink of another chain (a hash
  //! join probes the table its build chain made): `own_sink_state` is that sink's state.
  virtual std::unique_ptr<OperatorState> makeOperatorStateOver(
      const ExecContext& context, GlobalSinkState& own_sink_state) const {
    (void)own_sink_state;
    return makeOperatorState(context);
  }
  //! Rows an operator emits of its own once every thread has pushed all of its input through
  //! it (a FULL join's never-matched build rows): a source for them, or null for none. Threads
  //! pull them with getFinalData and push them through the operators after this one.
  virtual std::unique_ptr<GlobalSourceState> makeFinalSourceState(
      const ExecContext& context, GlobalSinkState* own_sink_state) const {
    (void)context;
    (void)own_sink_state;
    return nullptr;
  }
  virtual bool getFinalData(const ExecContext& context, Morsel& morsel, GlobalSourceState& global,
                            OperatorState& state) const {
    (void)context, (void)morsel, (void)global, (void)state;
    return false;
  }

  // The sink role.
  virtual bool isSink() const { return false; }
  virtual std::unique_ptr<GlobalSinkState> makeGlobalSinkState(const ExecContext& context) const;
  virtual std::unique_ptr<LocalSinkState> makeLocalSinkState(const ExecContext& context,
                                                             GlobalSinkState& global) const;
  virtual SinkResult sink(const ExecContext& context, Morsel& morsel, GlobalSinkState& global,
                          LocalSinkState& local) const;
  //! Merges a thread's local state into the global state; called once per thread, under no lock.
  virtual void combine(const ExecContext& context, GlobalSinkState& global,
                       LocalSinkState& local) const;
  //! Called once after every thread has combined.
  virtual void finalize(const ExecContext& context, GlobalSinkState& global) const;

  //! The operator and its children as indented text.
  std::string explain(int depth = 0) const;

 protected:
  //! The operator's own line in explain(), after its name (e.g. the filter's condition).
  virtual std::string details() const { return {}; }

 private:
  std::string name_;
  std::vector<DataType> types_;
};

}  // namespace sluice

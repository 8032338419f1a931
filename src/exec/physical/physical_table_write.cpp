// src/exec/physical/physical_table_write.cpp
#include "exec/physical/physical_table_write.hpp"

#include <algorithm>

#include "exec/spill/memory_limit.hpp"

namespace sluice {

namespace {

//! Row groups no larger than a sixteenth of the memory limit (and no smaller than 4 MiB): each
//! thread's writer holds one in memory until it is full, which the limit must have room for.
uint64_t rowGroupSizeUnder(uint64_t memory_limit, uint64_t row_group_size) {
  return std::min(row_group_size, std::max(memory_limit / 16, uint64_t{4} << 20));
}

struct TableWriteGlobal : GlobalSinkState {
  TableWriteGlobal(const std::string& path, const delta::TableWriteOptions& options)
      : writer(path, options) {}

  delta::DeltaTableWriter writer;
  delta::TableWriteResult result;
  //! The row groups the threads' writers are building, which other operators make room for.
  HeldMemory held;
};

struct TableWriteLocal : LocalSinkState {
  std::unique_ptr<delta::DeltaTableWriter::ThreadWriter> writer;
  //! The writer's buffered bytes counted in TableWriteGlobal::held.
  uint64_t counted_bytes = 0;
};

//! Brings the thread's share of `held` up to what its writer buffers now.
void countBufferedRows(TableWriteGlobal& global, TableWriteLocal& local) {
  uint64_t bytes = local.writer->bufferedBytes();
  if (bytes > local.counted_bytes)
    global.held.add(bytes - local.counted_bytes);
  else
    global.held.release(local.counted_bytes - bytes);
  local.counted_bytes = bytes;
}

}  // namespace

PhysicalTableWrite::PhysicalTableWrite(std::string table_path, delta::TableWriteOptions options,
                                       std::vector<DataType> types)
    : PhysicalOperator("TableWrite", std::move(types)),
      table_path_(std::move(table_path)),
      options_(std::move(options)) {}

std::unique_ptr<GlobalSinkState> PhysicalTableWrite::makeGlobalSinkState(
    const ExecContext& context) const {
  delta::TableWriteOptions options = options_;
  uint64_t& row_group_size = options.file_options.parquet.row_group_size;
  row_group_size = rowGroupSizeUnder(memoryLimitOf(context), row_group_size);
  return std::make_unique<TableWriteGlobal>(table_path_, options);
}

std::unique_ptr<LocalSinkState> PhysicalTableWrite::makeLocalSinkState(
    const ExecContext&, GlobalSinkState& global) const {
  auto local = std::make_unique<TableWriteLocal>();
  local->writer = static_cast<TableWriteGlobal&>(global).writer.threadWriter();
  return local;
}

SinkResult PhysicalTableWrite::sink(const ExecContext&, Morsel& morsel, GlobalSinkState& global,
                                    LocalSinkState& local) const {
  // Constant vectors (a literal column, a file scan's partition values) are written flat.
  for (Vector& column : morsel.batch.columns) {
    if (column.isConstant())
      column.flatten(morsel.batch.num_rows);
  }
  auto& thread = static_cast<TableWriteLocal&>(local);
  thread.writer->write(morsel.batch);
  countBufferedRows(static_cast<TableWriteGlobal&>(global), thread);
  return SinkResult::kNeedMoreInput;
}

void PhysicalTableWrite::combine(const ExecContext&, GlobalSinkState& global,
                                 LocalSinkState& local) const {
  auto& thread = static_cast<TableWriteLocal&>(local);
  thread.writer->finish();
  countBufferedRows(static_cast<TableWriteGlobal&>(global), thread);
}

void PhysicalTableWrite::finalize(const ExecContext&, GlobalSinkState& global_state) const {
  auto& global = static_cast<TableWriteGlobal&>(global_state);
  global.result = global.writer.commit();
}

const delta::TableWriteResult& PhysicalTableWrite::result(const GlobalSinkState& global) {
  return static_cast<const TableWriteGlobal&>(global).result;
}

}  // namespace sluice

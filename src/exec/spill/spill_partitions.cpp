// src/exec/spill/spill_partitions.cpp
#include "exec/spill/spill_partitions.hpp"

#include "exec/expression/vector_copy.hpp"

namespace sluice {

void splitBySpillPartition(const uint64_t* hashes, idx_t count,
                           std::vector<std::vector<uint32_t>>& rows, int level) {
  rows.resize(kSpillPartitions);
  for (std::vector<uint32_t>& partition_rows : rows)
    partition_rows.clear();
  for (idx_t row = 0; row < count; ++row)
    rows[spillPartitionOf(hashes[row], level)].push_back(static_cast<uint32_t>(row));
}

PartitionedSpill::PartitionedSpill(std::vector<DataType> types, uint64_t row_group_rows)
    : types_(std::move(types)),
      row_group_rows_(row_group_rows),
      files_(kSpillPartitions),
      writers_(kSpillPartitions),
      bytes_(kSpillPartitions, 0) {}

void PartitionedSpill::write(idx_t partition, const Batch& batch) {
  if (!writers_[partition]) {
    files_[partition] = std::make_unique<SpillFile>();
    writers_[partition] =
        std::make_unique<SpillWriter>(*files_[partition], types_, row_group_rows_);
  }
  writers_[partition]->write(batch);
  bytes_[partition] += batchMemoryBytes(batch);
}

void PartitionedSpill::writeByHash(const Batch& batch, const uint64_t* hashes, int level) {
  splitBySpillPartition(hashes, batch.num_rows, rows_, level);
  for (idx_t partition = 0; partition < kSpillPartitions; ++partition) {
    const std::vector<uint32_t>& rows = rows_[partition];
    if (!rows.empty())
      write(partition,
            gatherBatch(batch.columns, RowSet{rows.data(), static_cast<idx_t>(rows.size())}));
  }
}

void PartitionedSpill::close() {
  for (std::unique_ptr<SpillWriter>& writer : writers_) {
    if (writer)
      writer->close();
    writer.reset();
  }
}

}  // namespace sluice

// src/exec/physical/physical_sort.cpp
//
// The rows are sorted as references (batch, row) into the gathered batches, then copied out
// in order, a vector at a time.
#include "exec/physical/physical_sort.hpp"

#include <algorithm>

#include "exec/expression/vector_copy.hpp"

namespace sluice {

namespace {

struct RowReference {
  uint32_t batch;
  uint32_t row;
};

}  // namespace

PhysicalSort::PhysicalSort(std::vector<DataType> types, std::vector<SortKey> keys)
    : MaterializingBreaker("Sort", std::move(types)), keys_(std::move(keys)) {}

std::vector<Batch> PhysicalSort::produce(std::vector<Batch> input) const {
  // The input comes in source order, so the stable sort keeps that order among equal keys.
  std::vector<RowReference> rows;
  for (size_t batch = 0; batch < input.size(); ++batch)
    for (idx_t row = 0; row < input[batch].num_rows; ++row)
      rows.push_back({static_cast<uint32_t>(batch), static_cast<uint32_t>(row)});

  RowComparator comparator(keys_, types());
  std::stable_sort(rows.begin(), rows.end(), [&](const RowReference& a, const RowReference& b) {
    return comparator.compare(input[a.batch], a.row, input[b.batch], b.row) < 0;
  });

  std::vector<Batch> output;
  for (size_t start = 0; start < rows.size(); start += kVectorSize) {
    idx_t count = static_cast<idx_t>(std::min<size_t>(kVectorSize, rows.size() - start));
    Batch batch;
    batch.num_rows = count;
    for (size_t column = 0; column < types().size(); ++column) {
      Vector target(types()[column], count);
      for (idx_t i = 0; i < count; ++i) {
        const RowReference& ref = rows[start + i];
        copyValue(input[ref.batch].columns[column], ref.row, target, i);
      }
      batch.columns.push_back(std::move(target));
    }
    output.push_back(std::move(batch));
  }
  return output;
}

std::string PhysicalSort::details() const {
  return describeSortKeys(keys_);
}

}  // namespace sluice

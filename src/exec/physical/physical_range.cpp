// src/exec/physical/physical_range.cpp
#include "exec/physical/physical_range.hpp"

#include <fmt/format.h>

#include <atomic>

#include "common/types/data_type.hpp"

namespace sluice {

namespace {

struct RangeState : GlobalSourceState {
  explicit RangeState(uint64_t count) : count(count) {}
  size_t maxThreads() const override { return (count + kVectorSize - 1) / kVectorSize; }
  uint64_t partitions() const override { return (count + kVectorSize - 1) / kVectorSize; }

  uint64_t count;
  std::atomic<uint64_t> next_morsel{0};
};

}  // namespace

uint64_t PhysicalRange::count(int64_t start, int64_t end, int64_t step) {
  // In 128 bits, since end - start overflows 64 bits for the widest ranges.
  __int128 span = static_cast<__int128>(end) - start;
  if (span == 0 || (span > 0) != (step > 0))
    return 0;
  __int128 magnitude = span > 0 ? span : -span;
  __int128 stride = step > 0 ? static_cast<__int128>(step) : -static_cast<__int128>(step);
  return static_cast<uint64_t>((magnitude + stride - 1) / stride);
}

PhysicalRange::PhysicalRange(int64_t start, int64_t end, int64_t step)
    : PhysicalOperator("Range", {DataType::longType()}),
      start_(start),
      end_(end),
      step_(step),
      count_(count(start, end, step)) {}

std::unique_ptr<GlobalSourceState> PhysicalRange::makeGlobalSourceState(const ExecContext&,
                                                                        GlobalSinkState*) const {
  return std::make_unique<RangeState>(count_);
}

bool PhysicalRange::getData(const ExecContext&, Morsel& morsel, GlobalSourceState& global,
                            LocalSourceState&) const {
  auto& state = static_cast<RangeState&>(global);
  uint64_t index = state.next_morsel.fetch_add(1);
  uint64_t first = index * kVectorSize;
  if (first >= count_)
    return false;
  idx_t rows = static_cast<idx_t>(std::min<uint64_t>(kVectorSize, count_ - first));
  Vector ids(DataType::longType(), rows);
  int64_t* out = ids.mutableData<int64_t>();
  // Wrapping arithmetic: every value lies between start and end, so the true result fits.
  uint64_t value = static_cast<uint64_t>(start_) + first * static_cast<uint64_t>(step_);
  for (idx_t row = 0; row < rows; ++row) {
    out[row] = static_cast<int64_t>(value);
    value += static_cast<uint64_t>(step_);
  }
  morsel.index = index;
  morsel.partition = index;
  morsel.batch.columns.clear();
  morsel.batch.columns.push_back(std::move(ids));
  morsel.batch.num_rows = rows;
  return true;
}

std::string PhysicalRange::details() const {
  return fmt::format("(start={}, end={}, step={})", start_, end_, step_);
}

}  // namespace sluice

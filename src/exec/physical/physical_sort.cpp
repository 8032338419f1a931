// src/exec/physical/physical_sort.cpp
//
// The rows are sorted as references (batch, row) into the gathered batches, then copied out
// in order, a vector at a time.
#include "exec/physical/physical_sort.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cstring>

#include "common/check.hpp"
#include "common/types/string_view.hpp"
#include "exec/physical/ordered_batches.hpp"

namespace sluice {

namespace {

struct SortGlobal : GlobalSinkState {
  OrderedBatches batches;
  std::vector<Batch> output;  // after finalize: the rows in order
};

struct SortLocal : LocalSinkState {
  OrderedBatches batches;
};

struct SortSource : GlobalSourceState {
  explicit SortSource(SortGlobal& sink) : sink(sink) {}
  SortGlobal& sink;
  std::atomic<size_t> next{0};
};

struct RowReference {
  uint32_t batch;
  uint32_t row;
};

// target[target_row] = source[row], for a flat or constant source.
void copyValue(const Vector& source, idx_t row, Vector& target, idx_t target_row) {
  if (source.isNull(row)) {
    target.setNull(target_row);
    return;
  }
  const DataType& type = source.type();
  if (type.isNested()) {
    target.setValue(target_row, source.getValue(row));
    return;
  }
  if (type.isStringLike()) {
    target.mutableData<StringView>()[target_row] = target.addString(source.at<StringView>(row).view());
    return;
  }
  if (type.isVoid()) {
    target.setNull(target_row);
    return;
  }
  idx_t width = type.physicalSize();
  std::memcpy(target.mutableData<uint8_t>() + target_row * width,
              source.data<uint8_t>() + source.slot(row) * width, width);
}

}  // namespace

PhysicalSort::PhysicalSort(std::vector<DataType> types, std::vector<SortKey> keys)
    : PhysicalOperator("Sort", std::move(types)), keys_(std::move(keys)) {}

std::unique_ptr<GlobalSinkState> PhysicalSort::makeGlobalSinkState(const ExecContext&) const {
  return std::make_unique<SortGlobal>();
}

std::unique_ptr<LocalSinkState> PhysicalSort::makeLocalSinkState(const ExecContext&, GlobalSinkState&) const {
  return std::make_unique<SortLocal>();
}

SinkResult PhysicalSort::sink(const ExecContext&, Morsel& morsel, GlobalSinkState&,
                              LocalSinkState& local) const {
  static_cast<SortLocal&>(local).batches.add(morsel);
  return SinkResult::kNeedMoreInput;
}

void PhysicalSort::combine(const ExecContext&, GlobalSinkState& global, LocalSinkState& local) const {
  static_cast<SortGlobal&>(global).batches.merge(static_cast<SortLocal&>(local).batches);
}

void PhysicalSort::finalize(const ExecContext&, GlobalSinkState& global_state) const {
  auto& global = static_cast<SortGlobal&>(global_state);
  // Source order first, so that the stable sort keeps it among equal keys.
  std::vector<Batch> input = global.batches.takeInOrder();
  std::vector<RowReference> rows;
  for (size_t batch = 0; batch < input.size(); ++batch)
    for (idx_t row = 0; row < input[batch].num_rows; ++row)
      rows.push_back({static_cast<uint32_t>(batch), static_cast<uint32_t>(row)});

  RowComparator comparator(keys_, types());
  std::stable_sort(rows.begin(), rows.end(), [&](const RowReference& a, const RowReference& b) {
    return comparator.compare(input[a.batch], a.row, input[b.batch], b.row) < 0;
  });

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
    global.output.push_back(std::move(batch));
  }
}

std::unique_ptr<GlobalSourceState> PhysicalSort::makeGlobalSourceState(const ExecContext&,
                                                                       GlobalSinkState* own_sink_state) const {
  SLUICE_CHECK(own_sink_state != nullptr);
  return std::make_unique<SortSource>(static_cast<SortGlobal&>(*own_sink_state));
}

bool PhysicalSort::getData(const ExecContext&, Morsel& morsel, GlobalSourceState& global,
                           LocalSourceState&) const {
  auto& source = static_cast<SortSource&>(global);
  size_t index = source.next.fetch_add(1);
  if (index >= source.sink.output.size()) return false;
  morsel.index = index;
  morsel.batch = std::move(source.sink.output[index]);
  return true;
}

std::string PhysicalSort::details() const {
  std::string text;
  for (const SortKey& key : keys_) {
    if (!text.empty()) text += ", ";
    text += fmt::format("#{} {} NULLS {}", key.column, key.ascending ? "ASC" : "DESC",
                        key.nulls_first ? "FIRST" : "LAST");
  }
  return text;
}

}  // namespace sluice

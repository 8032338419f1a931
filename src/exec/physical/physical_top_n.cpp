// src/exec/physical/physical_top_n.cpp
#include "exec/physical/physical_top_n.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <mutex>

#include "common/check.hpp"
#include "exec/expression/vector_copy.hpp"

namespace sluice {

namespace {

//! Where a row came from: its morsel's index and its row in the morsel. Rows with equal keys
//! are ordered by this, which is the order of the source.
struct SourcePosition {
  uint64_t morsel = 0;
  uint32_t row = 0;

  bool operator<(const SourcePosition& other) const {
    return morsel != other.morsel ? morsel < other.morsel : row < other.row;
  }
};

//! Rows held by a thread or by the whole operator: compact batches and each row's position.
struct CandidateRows {
  std::vector<Batch> batches;
  std::vector<std::vector<SourcePosition>> positions;  // per batch, per row
  size_t rows = 0;

  void add(Batch batch, std::vector<SourcePosition> batch_positions) {
    rows += batch.num_rows;
    batches.push_back(std::move(batch));
    positions.push_back(std::move(batch_positions));
  }
  void append(CandidateRows&& other) {
    for (size_t i = 0; i < other.batches.size(); ++i) {
      add(std::move(other.batches[i]), std::move(other.positions[i]));
    }
    other = CandidateRows();
  }
};

struct RowReference {
  uint32_t batch;
  uint32_t row;
};

//! Orders rows by the keys, then by source position.
class CandidateOrder {
 public:
  CandidateOrder(const RowComparator& comparator, const CandidateRows& rows)
      : comparator_(comparator), rows_(rows) {}
  bool operator()(const RowReference& a, const RowReference& b) const {
    int order = comparator_.compare(rows_.batches[a.batch], a.row, rows_.batches[b.batch], b.row);
    if (order != 0)
      return order < 0;
    return rows_.positions[a.batch][a.row] < rows_.positions[b.batch][b.row];
  }

 private:
  const RowComparator& comparator_;
  const CandidateRows& rows_;
};

std::vector<RowReference> allRows(const CandidateRows& rows) {
  std::vector<RowReference> references;
  references.reserve(rows.rows);
  for (size_t batch = 0; batch < rows.batches.size(); ++batch) {
    for (idx_t row = 0; row < rows.batches[batch].num_rows; ++row) {
      references.push_back({static_cast<uint32_t>(batch), static_cast<uint32_t>(row)});
    }
  }
  return references;
}

//! The rows of `references` copied out of `rows`, in that order, in batches of at most a
//! vector each; with their positions when `positions` is given.
std::vector<Batch> copyOut(const CandidateRows& rows, const std::vector<RowReference>& references,
                           size_t begin, size_t end, const std::vector<DataType>& types,
                           std::vector<std::vector<SourcePosition>>* positions) {
  std::vector<Batch> output;
  for (size_t start = begin; start < end; start += kVectorSize) {
    idx_t count = static_cast<idx_t>(std::min<size_t>(kVectorSize, end - start));
    Batch batch;
    batch.num_rows = count;
    for (size_t column = 0; column < types.size(); ++column) {
      Vector target(types[column], count);
      for (idx_t i = 0; i < count; ++i) {
        const RowReference& ref = references[start + i];
        copyValue(rows.batches[ref.batch].columns[column], ref.row, target, i);
      }
      batch.columns.push_back(std::move(target));
    }
    if (positions) {
      std::vector<SourcePosition> batch_positions(count);
      for (idx_t i = 0; i < count; ++i) {
        const RowReference& ref = references[start + i];
        batch_positions[i] = rows.positions[ref.batch][ref.row];
      }
      positions->push_back(std::move(batch_positions));
    }
    output.push_back(std::move(batch));
  }
  return output;
}

struct TopNLocal : LocalSinkState {
  CandidateRows candidates;
  //! After the first compaction: the worst row kept (one row) and its position. Rows that
  //! sort after it cannot be among the best.
  std::optional<Batch> boundary;
  SourcePosition boundary_position;
};

struct TopNGlobal : GlobalSinkState {
  std::mutex mutex;
  CandidateRows candidates;
  std::vector<Batch> output;  // after finalize
};

struct TopNSource : GlobalSourceState {
  explicit TopNSource(TopNGlobal& sink) : sink(sink) {}
  uint64_t partitions() const override { return sink.output.size(); }
  TopNGlobal& sink;
  std::atomic<size_t> next{0};
};

//! Keeps only the best `keep` rows of `rows` (in no particular order).
void compact(CandidateRows& rows, size_t keep, const RowComparator& comparator,
             const std::vector<DataType>& types, TopNLocal* local) {
  std::vector<RowReference> references = allRows(rows);
  CandidateOrder order(comparator, rows);
  if (references.size() > keep) {
    std::nth_element(references.begin(), references.begin() + static_cast<std::ptrdiff_t>(keep),
                     references.end(), order);
    references.resize(keep);
  }
  CandidateRows kept;
  std::vector<std::vector<SourcePosition>> positions;
  std::vector<Batch> batches = copyOut(rows, references, 0, references.size(), types, &positions);
  if (local && !references.empty()) {
    auto worst = std::max_element(references.begin(), references.end(), order);
    std::vector<RowReference> one{*worst};
    std::vector<std::vector<SourcePosition>> worst_position;
    local->boundary = std::move(copyOut(rows, one, 0, 1, types, &worst_position)[0]);
    local->boundary_position = worst_position[0][0];
  }
  for (size_t i = 0; i < batches.size(); ++i)
    kept.add(std::move(batches[i]), std::move(positions[i]));
  rows = std::move(kept);
}

}  // namespace

PhysicalTopN::PhysicalTopN(std::vector<DataType> types, std::vector<SortKey> keys, int64_t limit,
                           int64_t offset)
    : PhysicalOperator("TopN", std::move(types)),
      keys_(std::move(keys)),
      limit_(static_cast<size_t>(limit)),
      offset_(static_cast<size_t>(offset)) {
  SLUICE_CHECK(limit >= 0 && offset >= 0);
}

std::unique_ptr<GlobalSinkState> PhysicalTopN::makeGlobalSinkState(const ExecContext&) const {
  return std::make_unique<TopNGlobal>();
}

std::unique_ptr<LocalSinkState> PhysicalTopN::makeLocalSinkState(const ExecContext&,
                                                                 GlobalSinkState&) const {
  return std::make_unique<TopNLocal>();
}

SinkResult PhysicalTopN::sink(const ExecContext&, Morsel& morsel, GlobalSinkState&,
                              LocalSinkState& local_state) const {
  auto& local = static_cast<TopNLocal&>(local_state);
  size_t keep = limit_ + offset_;
  const Batch& input = morsel.batch;
  if (keep == 0 || input.num_rows == 0)
    return SinkResult::kNeedMoreInput;
  RowComparator comparator(keys_, types());
  // The rows that may still be among the best.
  std::vector<uint32_t> selected;
  selected.reserve(input.num_rows);
  for (idx_t row = 0; row < input.num_rows; ++row) {
    if (local.boundary) {
      int order = comparator.compare(input, row, *local.boundary, 0);
      SourcePosition position{morsel.index, static_cast<uint32_t>(row)};
      if (order > 0 || (order == 0 && local.boundary_position < position))
        continue;
    }
    selected.push_back(static_cast<uint32_t>(row));
  }
  if (selected.empty())
    return SinkResult::kNeedMoreInput;
  RowSet rows{selected.data(), static_cast<idx_t>(selected.size())};
  Batch compacted;
  compacted.num_rows = rows.count;
  for (const Vector& column : input.columns) {
    Vector target(column.type(), std::max<idx_t>(rows.count, 1));
    gatherRows(column, rows, target);
    compacted.columns.push_back(std::move(target));
  }
  std::vector<SourcePosition> positions(selected.size());
  for (size_t i = 0; i < selected.size(); ++i)
    positions[i] = {morsel.index, selected[i]};
  local.candidates.add(std::move(compacted), std::move(positions));
  if (local.candidates.rows >= std::max<size_t>(2 * keep, kVectorSize)) {
    compact(local.candidates, keep, comparator, types(), &local);
  }
  return SinkResult::kNeedMoreInput;
}

void PhysicalTopN::combine(const ExecContext&, GlobalSinkState& global_state,
                           LocalSinkState& local_state) const {
  auto& global = static_cast<TopNGlobal&>(global_state);
  auto& local = static_cast<TopNLocal&>(local_state);
  RowComparator comparator(keys_, types());
  compact(local.candidates, limit_ + offset_, comparator, types(), nullptr);
  std::lock_guard lock(global.mutex);
  global.candidates.append(std::move(local.candidates));
}

void PhysicalTopN::finalize(const ExecContext&, GlobalSinkState& global_state) const {
  auto& global = static_cast<TopNGlobal&>(global_state);
  RowComparator comparator(keys_, types());
  std::vector<RowReference> references = allRows(global.candidates);
  std::sort(references.begin(), references.end(), CandidateOrder(comparator, global.candidates));
  size_t begin = std::min(offset_, references.size());
  size_t end = std::min(offset_ + limit_, references.size());
  global.output = copyOut(global.candidates, references, begin, end, types(), nullptr);
  global.candidates = CandidateRows();
}

std::unique_ptr<GlobalSourceState> PhysicalTopN::makeGlobalSourceState(
    const ExecContext&, GlobalSinkState* own_sink_state) const {
  SLUICE_CHECK(own_sink_state != nullptr);
  return std::make_unique<TopNSource>(static_cast<TopNGlobal&>(*own_sink_state));
}

bool PhysicalTopN::getData(const ExecContext&, Morsel& morsel, GlobalSourceState& global,
                           LocalSourceState&) const {
  auto& source = static_cast<TopNSource&>(global);
  size_t index = source.next.fetch_add(1);
  if (index >= source.sink.output.size())
    return false;
  morsel.index = index;
  morsel.partition = index;
  morsel.batch = std::move(source.sink.output[index]);
  return true;
}

std::string PhysicalTopN::details() const {
  return fmt::format("{} limit {} offset {}", describeSortKeys(keys_), limit_, offset_);
}

}  // namespace sluice

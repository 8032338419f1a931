#include "exec/expression/vector_copy.hpp"

#include <algorithm>
#include <cstring>

#include "common/types/string_view.hpp"
#include "function/physical_type.hpp"

namespace sluice {

namespace {

template <typename TargetIndex>
void copyWithIndex(const Vector& source, const RowSet& rows, Vector& target,
                   TargetIndex&& target_index) {
  const DataType& type = source.type();
  if (type.isNested() || type.isVoid()) {
    for (idx_t i = 0; i < rows.count; ++i) {
      idx_t row = rows.row(i);
      target.setValue(target_index(i, row), source.getValue(row));
    }
    return;
  }
  visitScalarType(type, [&]<typename T>() {
    if constexpr (std::is_same_v<T, StringView>)
      target.shareStringsOf(source);
    T* out = target.mutableData<T>();
    if (!source.mayHaveNulls()) {
      // The common case: no validity to look at, and the target's rows stay valid.
      const T* in = source.data<T>();
      bool constant = source.isConstant();
      if (target.mayHaveNulls()) {
        for (idx_t i = 0; i < rows.count; ++i)
          target.setNull(target_index(i, rows.row(i)), false);
      }
      for (idx_t i = 0; i < rows.count; ++i) {
        idx_t row = rows.row(i);
        out[target_index(i, row)] = in[constant ? 0 : row];
      }
      return;
    }
    for (idx_t i = 0; i < rows.count; ++i) {
      idx_t row = rows.row(i);
      idx_t destination = target_index(i, row);
      if (source.isNull(row)) {
        target.setNull(destination);
      } else {
        target.setNull(destination, false);
        out[destination] = source.at<T>(row);
      }
    }
  });
}

}  // namespace

void copyRows(const Vector& source, const RowSet& rows, Vector& target) {
  copyWithIndex(source, rows, target, [](idx_t, idx_t row) { return row; });
}

void gatherRows(const Vector& source, const RowSet& rows, Vector& target) {
  copyWithIndex(source, rows, target, [](idx_t index, idx_t) { return index; });
}

Vector gatherColumn(const Vector& source, const RowSet& rows) {
  if (source.isConstant())
    return source;
  Vector target(source.type(), std::max<idx_t>(rows.count, 1));
  gatherRows(source, rows, target);
  return target;
}

Batch gatherBatch(const std::vector<Vector>& columns, const RowSet& rows) {
  Batch batch;
  batch.num_rows = rows.count;
  for (const Vector& column : columns)
    batch.columns.push_back(gatherColumn(column, rows));
  return batch;
}

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
  if (type.hasStringValues()) {
    target.mutableData<StringView>()[target_row] =
        target.addString(source.at<StringView>(row).view());
    target.setNull(target_row, false);
    return;
  }
  if (type.isVoid()) {
    target.setNull(target_row);
    return;
  }
  idx_t width = type.physicalSize();
  std::memcpy(target.mutableData<uint8_t>() + target_row * width,
              source.data<uint8_t>() + source.slot(row) * width, width);
  target.setNull(target_row, false);
}

void appendRows(const Vector& source, idx_t count, Vector& target, idx_t offset,
                Vector* string_owner) {
  if (!source.type().hasStringValues()) {
    copyWithIndex(source, RowSet{nullptr, count}, target,
                  [offset](idx_t, idx_t row) { return offset + row; });
    return;
  }
  // Long strings are copied into the target's own heap, so that a column built from many
  // batches keeps one heap rather than one per batch.
  Vector& owner = string_owner != nullptr ? *string_owner : target;
  auto* out = target.mutableData<StringView>();
  for (idx_t row = 0; row < count; ++row) {
    if (source.isNull(row)) {
      target.setNull(offset + row);
      continue;
    }
    const StringView& view = source.at<StringView>(row);
    out[offset + row] = owner.addString(std::string_view(view.data(), view.size()));
  }
}

}  // namespace sluice

#include "exec/expression/vector_copy.hpp"

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

}  // namespace sluice

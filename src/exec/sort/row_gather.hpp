// src/exec/sort/row_gather.hpp
//
// Builds a batch from rows picked out of other batches, a column at a time: the sort's output
// from its sorted entries, the merge of spilled runs from the rows it takes in order.
#pragma once

#include <algorithm>
#include <type_traits>
#include <vector>

#include "common/types/string_view.hpp"
#include "exec/expression/vector_copy.hpp"
#include "function/physical_type.hpp"

namespace sluice {

//! The first `types.size()` columns of picks[0 .. count): pick p is row `p.row` of batch
//! `batch_of(p)`. Long strings are copied, since sharing every source batch's heap would
//! cost more.
template <typename Pick, typename BatchOf>
Batch gatherPickedRows(const std::vector<DataType>& types, const Pick* picks, idx_t count,
                       const BatchOf& batch_of) {
  Batch batch;
  batch.num_rows = count;
  for (size_t column = 0; column < types.size(); ++column) {
    const DataType& type = types[column];
    Vector target(type, std::max<idx_t>(count, 1));
    if (type.isNested() || type.isVoid()) {
      for (idx_t i = 0; i < count; ++i)
        copyValue(batch_of(picks[i]).columns[column], picks[i].row, target, i);
      batch.columns.push_back(std::move(target));
      continue;
    }
    visitScalarType(type, [&]<typename T>() {
      T* out = target.mutableData<T>();
      for (idx_t i = 0; i < count; ++i) {
        const Vector& source = batch_of(picks[i]).columns[column];
        idx_t row = picks[i].row;
        if (source.isNull(row)) {
          target.setNull(i);
          continue;
        }
        if constexpr (std::is_same_v<T, StringView>) {
          const StringView& view = source.at<StringView>(row);
          out[i] = view.isInline() ? view : target.addString(view.view());
        } else {
          out[i] = source.at<T>(row);
        }
      }
    });
    batch.columns.push_back(std::move(target));
  }
  return batch;
}

}  // namespace sluice

// src/exec/physical/sort_key.hpp
//
// Comparison of rows by sort keys with Spark's ordering: NULLs first for ASC and last for DESC
// unless NULLS FIRST / LAST says otherwise; NaN above every other floating-point value and
// equal to itself, -0.0 equal to 0.0; strings by their type's collation (bytes for UTF8_BINARY),
// binaries by their bytes; false before true.
#pragma once

#include <string>
#include <vector>

#include "common/vector/vector.hpp"

namespace sluice {

struct SortKey {
  idx_t column = 0;
  bool ascending = true;
  bool nulls_first = true;
};

//! "#0 ASC NULLS FIRST, #2 DESC NULLS LAST", for plans.
std::string describeSortKeys(const std::vector<SortKey>& keys);

//! Compares the values of two rows of flat vectors of one type: negative, zero or positive.
using ValueComparator = int (*)(const Vector& left, idx_t left_row, const Vector& right,
                                idx_t right_row);

//! The comparator for values of `type` (not NULL), or null when the type cannot be ordered
//! here (MAP; ARRAY and STRUCT for now). Strings compare by their bytes; RowComparator orders
//! the strings of a collation by it.
ValueComparator valueComparatorFor(const DataType& type);

//! Orders rows by a list of keys; rows are (vectors, row) pairs of batches with one layout.
class RowComparator {
 public:
  RowComparator(std::vector<SortKey> keys, const std::vector<DataType>& column_types);

  //! Negative when (left, left_row) sorts before (right, right_row).
  int compare(const Batch& left, idx_t left_row, const Batch& right, idx_t right_row) const;

 private:
  std::vector<SortKey> keys_;
  std::vector<ValueComparator> comparators_;
  //! The collation of a key that is a STRING of another collation than UTF8_BINARY, which
  //! orders it instead of its comparator; null for the others.
  std::vector<const Collation*> collations_;
};

}  // namespace sluice

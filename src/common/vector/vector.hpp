// src/common/vector/vector.hpp
//
// A column of values in the Arrow layout: a validity bitmap (bit set = valid; absent = no
// NULLs), a data buffer of fixed-width values, StringViews or ListEntries, and child vectors
// for ARRAY, MAP and STRUCT. A constant vector holds one value that stands for every row.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "common/check.hpp"
#include "common/types/data_type.hpp"
#include "common/types/string_view.hpp"
#include "common/types/value.hpp"
#include "common/vector/buffer.hpp"

namespace sluice {

//! The number of rows in one vector (the batch of one morsel).
inline constexpr idx_t kVectorSize = 2048;

class Vector {
 public:
  Vector() = default;
  //! A flat vector with room for `capacity` rows, all valid and zero.
  Vector(DataType type, idx_t capacity);
  //! A constant vector: `value` stands for every row.
  static Vector constant(const Value& value);
  static Vector nullConstant(DataType type) { return constant(Value::null(std::move(type))); }
  //! Turns a vector whose row 0 holds the value into a constant vector.
  static Vector constantOf(Vector single_row) {
    single_row.constant_ = true;
    return single_row;
  }

  const DataType& type() const { return type_; }
  idx_t capacity() const { return capacity_; }
  bool isConstant() const { return constant_; }
  //! Maps a row to the physical slot that holds it (always 0 for a constant vector).
  idx_t slot(idx_t row) const { return constant_ ? 0 : row; }

  template <typename T>
  T* mutableData() {
    return reinterpret_cast<T*>(data_->data());
  }
  template <typename T>
  const T* data() const {
    return reinterpret_cast<const T*>(data_->data());
  }
  //! The typed value at `row` of a flat or constant vector.
  template <typename T>
  const T& at(idx_t row) const {
    return data<T>()[slot(row)];
  }

  bool isNull(idx_t row) const {
    if (!validity_)
      return false;
    idx_t index = slot(row);
    const auto* words = reinterpret_cast<const uint64_t*>(validity_->data());
    return ((words[index >> 6] >> (index & 63)) & 1) == 0;
  }
  void setNull(idx_t row, bool is_null = true);
  //! False when no row can be NULL; true does not promise that one is.
  bool mayHaveNulls() const { return validity_ != nullptr; }
  //! The validity words, created all-valid on first use.
  uint64_t* mutableValidity();
  const uint64_t* validity() const {
    return validity_ ? reinterpret_cast<const uint64_t*>(validity_->data()) : nullptr;
  }

  //! Returns a view of `text` that lives as long as this vector (long strings are copied into
  //! its heap).
  StringView addString(std::string_view text);
  //! Keeps `other`'s string bytes alive for views copied from it.
  void shareStringsOf(const Vector& other);

  std::vector<Vector>& children() { return children_; }
  const std::vector<Vector>& children() const { return children_; }
  Vector& child(idx_t index) { return children_[index]; }
  const Vector& child(idx_t index) const { return children_[index]; }

  //! Grows the capacity to at least `capacity` rows, keeping the content.
  void reserve(idx_t capacity);

  //! The value at `row`, boxed (slow: for constants, tests and printing).
  Value getValue(idx_t row) const;
  //! Sets `row` from a boxed value of this vector's type (slow path, as getValue).
  void setValue(idx_t row, const Value& value);
  //! Appends `values` as new elements of this ARRAY / MAP vector's child; returns the entry.
  ListEntry appendChildren(const std::vector<Value>& values);
  //! ARRAY / MAP: the number of elements in use in the child vector. Code that fills the child
  //! directly (readers) sets it, so that later appends go after those elements.
  idx_t childSize() const { return child_size_; }
  void setChildSize(idx_t size) { child_size_ = size; }

  //! Makes this a flat vector of `count` rows (expanding a constant).
  void flatten(idx_t count);

  //! Gives the vector `type`, which differs from its own only in the names of STRUCT fields
  //! (at any depth): the values stay as they are.
  void relabel(const DataType& type);

 private:
  DataType type_;
  idx_t capacity_ = 0;
  bool constant_ = false;
  BufferPtr data_;
  BufferPtr validity_;
  std::shared_ptr<StringHeap> heap_;
  std::vector<std::shared_ptr<StringHeap>> shared_heaps_;
  std::vector<Vector> children_;
  idx_t child_size_ = 0;  // ARRAY / MAP: elements used in children_[0]
};

//! A set of equally long columns: the unit that flows between operators.
struct Batch {
  std::vector<Vector> columns;
  idx_t num_rows = 0;
};

//! Whether row `row` of a BOOLEAN vector is TRUE (not FALSE, not NULL).
inline bool isTrue(const Vector& vector, idx_t row) {
  return !vector.isNull(row) && vector.at<uint8_t>(row) != 0;
}

}  // namespace sluice

// src/exec/aggregate/group_keys.hpp
//
// Group keys a column at a time: hashing a key vector, writing keys into group rows, comparing
// a key vector (or other rows) with the keys of candidate rows, and reading keys back out.
// Each function dispatches on the key type once per call and then runs a loop specialised for
// it. Keys follow Spark's grouping semantics: NULL is a value of its own (equal to NULL), and
// floating-point keys are normalized (-0.0 is 0.0, every NaN is one NaN), as Spark's
// NormalizeFloatingNumbers does before grouping; strings of a collation other than
// UTF8_BINARY are equal and hash alike as their collation says (common/text/collation.hpp), and
// a group keeps the first of its values that arrives.
#pragma once

#include <cstdint>

#include "common/vector/buffer.hpp"
#include "common/vector/vector.hpp"
#include "exec/aggregate/group_row_layout.hpp"

namespace sluice {

//! hashes[r] for r < count: the hash of key[r] when `combine` is false, else hashes[r] combined
//! with it (for the second and later key columns). `key` is flat.
void hashKeyColumn(const Vector& key, idx_t count, uint64_t* hashes, bool combine);

//! Writes key[r] into the key slot `column` of rows[r], for each r in sel[0..count); long
//! strings are copied into `heap`.
void scatterKeyColumn(const Vector& key, const uint32_t* sel, idx_t count, uint8_t* const* rows,
                      const GroupRowLayout& layout, idx_t column, StringHeap& heap);

//! Compares key[r] with key `column` of rows[r] for each r in sel[0..count): keeps the equal
//! ones in sel (in order) and returns how many; appends the others to mismatches.
idx_t matchKeyColumn(const Vector& key, uint32_t* sel, idx_t count, uint8_t* const* rows,
                     const GroupRowLayout& layout, idx_t column, uint32_t* mismatches,
                     idx_t& mismatch_count);

//! As matchKeyColumn, comparing key `column` of probes[r] (laid out by `probe_layout`) with key
//! `column` of rows[r] (laid out by `layout`).
idx_t matchRowKeyColumn(uint8_t* const* probes, const GroupRowLayout& probe_layout, uint32_t* sel,
                        idx_t count, uint8_t* const* rows, const GroupRowLayout& layout,
                        idx_t column, uint32_t* mismatches, idx_t& mismatch_count);

//! Reads key `column` of rows[i] into result[first_row + i] for i < count (strings are copied
//! into the vector).
void gatherKeyColumn(uint8_t* const* rows, idx_t count, const GroupRowLayout& layout, idx_t column,
                     Vector& result, idx_t first_row);

}  // namespace sluice

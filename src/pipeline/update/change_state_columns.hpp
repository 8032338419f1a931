// src/pipeline/update/change_state_columns.hpp
//
// The columns of an AUTO CDC flow's state table (`cdc/<target>`, change_batch.hpp) after its
// data columns and its sequence (__sluice_cdc_sequence): what kind of row each is, and when it
// was applied. A FROM SNAPSHOT flow's state has one row of the kind SNAPSHOT, whose sequence is
// the version of the last snapshot applied.
#pragma once

namespace sluice {

inline constexpr const char* kCdcKindColumn = "__sluice_cdc_kind";
inline constexpr const char* kCdcAppliedAtColumn = "__sluice_cdc_applied_at";
//! The kind of the state's row that records the last snapshot's version.
inline constexpr const char* kCdcSnapshotKind = "SNAPSHOT";

}  // namespace sluice

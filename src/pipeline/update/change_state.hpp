// src/pipeline/update/change_state.hpp
//
// The state of an AUTO CDC target in memory: per key, the events that decide its rows, and the
// sequence of the last TRUNCATE. The target's rows of a key are a function of that key's
// events alone, so a batch loads the events of the keys it touches, applies its own, and
// replaces the target's rows of the keys whose events changed (changedKeys()).
//
// SCD type 1 keeps one event per key, the one with the highest sequence: an upsert (the row,
// after IGNORE NULL UPDATES kept the old values of its NULL columns) or a delete (a tombstone,
// so that a late event with a lower sequence never brings the key back; dropped once older
// than the tombstone retention). An event whose sequence is not above the kept one's changes
// nothing, so replaying events is harmless and the first of two events with one sequence wins.
// IGNORE NULL UPDATES merges an upsert with the row it replaces when it is applied; a late
// event lower than the kept one is dropped, so with it the result may depend on arrival.
// A TRUNCATE at sequence T removes every key whose event is below T and every later event
// below T.
//
// SCD type 2 keeps every event of a key with a sequence of its own, in sequence order, and
// derives the versions from them: an upsert opens a version or, when it changes no tracked
// column, updates the open one in place; a change to a tracked column closes the open version
// at its sequence and opens the next; a delete closes the open version. A late event takes its
// place in the order, so the result never depends on how the events were split into batches.
//
// A snapshot becomes events by comparison (diffSnapshot): each key it adds or whose row it
// changes is an upsert, each current key it lacks a delete, all sequenced by the snapshot's
// version; applied like any events, they give SCD type 1 and 2 their usual meaning.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "common/types/value.hpp"
#include "pipeline/graph/change_capture.hpp"
#include "pipeline/update/change_keys.hpp"

namespace sluice {

struct ChangeEvent {
  enum class Kind : uint8_t { kUpsert, kDelete, kTruncate };
  Kind kind = Kind::kUpsert;
  Value sequence;
  //! The layout's data columns (NULLs for a TRUNCATE).
  std::vector<Value> row;
  //! When the event was applied, in microseconds since the epoch (tombstone retention).
  int64_t applied_at = 0;
};

struct ChangeCounts {
  int64_t upserted = 0;
  int64_t deleted = 0;
};

//! What a snapshot (AUTO CDC FROM SNAPSHOT) changes against the state.
struct SnapshotDiff {
  //! An upsert per key that is new or whose row differs, a delete per key the snapshot lacks,
  //! all at the snapshot's version.
  std::vector<ChangeEvent> events;
  //! A key the snapshot holds more than once (the first in key order), and how many times.
  std::optional<std::vector<Value>> duplicate_key;
  int64_t duplicate_count = 0;
};

class ChangeState {
 public:
  explicit ChangeState(const ChangeCaptureLayout& layout) : layout_(layout) {}

  //! Applies a batch's events, given in arrival order, at time `now` (microseconds); with a
  //! retention, SCD type 1 tombstones applied longer than it before `now` are dropped first.
  ChangeCounts apply(std::vector<ChangeEvent> events, int64_t now,
                     std::optional<int64_t> tombstone_retention);

  //! Compares a whole snapshot (rows in the layout's data columns) with the keys' current rows:
  //! an unchanged row gives no event, so applying the diff rewrites nothing it keeps.
  SnapshotDiff diffSnapshot(std::vector<std::vector<Value>> rows, const Value& version) const;

  //! Which keys targetRows() and events() cover.
  enum class Keys : uint8_t { kAll, kChanged };

  //! The target's rows, in the layout's target columns, ordered by key.
  std::vector<std::vector<Value>> targetRows(Keys keys = Keys::kAll) const;

  //! The events of the keys the state keeps, to be stored; restore() takes them back, and the
  //! truncation() too.
  std::vector<ChangeEvent> events(Keys keys = Keys::kAll) const;
  //! The last TRUNCATE, if any.
  std::optional<ChangeEvent> truncation() const;
  void restore(ChangeEvent event);

  //! The key of an event (its key columns).
  std::vector<Value> keyOf(const ChangeEvent& event) const;
  //! The keys whose events apply() changed (an event kept, a tombstone dropped, a TRUNCATE's
  //! removals), ordered: theirs are the only rows of the state and of the target a batch
  //! rewrites.
  std::vector<std::vector<Value>> changedKeys() const;
  //! Whether apply() changed the events of `key`.
  bool changed(const std::vector<Value>& key) const;

 private:
  using History = std::vector<ChangeEvent>;  // ascending sequences
  //! A key's events; a key whose events were all removed keeps an empty history, marked
  //! changed, so that its stored rows are replaced.
  struct KeyEvents {
    History history;
    bool changed = false;
  };

  //! Calls `visit(history)` for each key with events, in key order (`keys`: all or the changed).
  template <typename Visit>
  void forEachHistory(Keys keys, Visit visit) const;

  void applyTruncate(const ChangeEvent& event, ChangeCounts& counts);
  void applyType1(ChangeEvent event, ChangeCounts& counts);
  void applyType2(ChangeEvent event, ChangeCounts& counts);
  //! The versions of one key (SCD type 2), appended to `rows`.
  void versionsOf(const History& history, std::vector<std::vector<Value>>& rows) const;
  //! `row` with the NULLs of IGNORE NULL UPDATES columns taken from `previous`.
  std::vector<Value> keepIgnoredNulls(std::vector<Value> row,
                                      const std::vector<Value>& previous) const;

  const ChangeCaptureLayout& layout_;
  std::map<std::vector<Value>, KeyEvents, KeyLess> keys_;
  std::optional<Value> truncated_before_;
};

//! Spark's ordering of sequence values: NULL first, structs field by field.
int compareSequences(const Value& a, const Value& b);

}  // namespace sluice

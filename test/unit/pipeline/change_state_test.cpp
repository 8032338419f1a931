// test/unit/pipeline/change_state_test.cpp
//
// ChangeState against a reference model of AUTO CDC's semantics: random change streams
// (upserts, deletes, truncates, repeated and out-of-order sequences) cut into random batches,
// with the state stored and restored between some of them, give the rows the model gives for
// the whole stream at once. Random snapshots (FROM SNAPSHOT) give their rows, and for SCD type 2
// the tracked columns each snapshot had at its version.
#include "pipeline/update/change_state.hpp"

#include <algorithm>
#include <map>
#include <random>
#include <set>

#include <gtest/gtest.h>

namespace sluice {
namespace {

ChangeCaptureLayout layoutOf(int scd_type) {
  ChangeCaptureLayout layout;
  layout.scd_type = scd_type;
  layout.data = {StructField{"id", DataType::intType(), true, {}},
                 StructField{"v", DataType::string(), true, {}},
                 StructField{"w", DataType::string(), true, {}}};
  layout.keys = {0};
  layout.ignore_null = {false, false, false};
  layout.tracked = {false, true, false};  // a change of w updates the open version in place
  layout.sequence_type = DataType::intType();
  layout.target = layout.data;
  if (scd_type == 2) {
    layout.target.push_back(StructField{kScdStartColumn, DataType::intType(), true, {}});
    layout.target.push_back(StructField{kScdEndColumn, DataType::intType(), true, {}});
  }
  return layout;
}

ChangeEvent event(ChangeEvent::Kind kind, int id, int sequence, std::optional<std::string> v,
                  std::optional<std::string> w) {
  auto text = [](const std::optional<std::string>& value) {
    return value ? Value::string(*value) : Value::null(DataType::string());
  };
  ChangeEvent made;
  made.kind = kind;
  made.sequence = Value::intValue(sequence);
  made.row = {
      kind == ChangeEvent::Kind::kTruncate ? Value::null(DataType::intType()) : Value::intValue(id),
      text(v), text(w)};
  return made;
}

using Rows = std::vector<std::vector<std::string>>;

Rows printed(std::vector<std::vector<Value>> rows) {
  Rows out;
  for (const std::vector<Value>& row : rows) {
    std::vector<std::string> cells;
    for (const Value& value : row)
      cells.push_back(value.isNull()                       ? "NULL"
                      : value.type() == DataType::string() ? value.getString()
                                                           : std::to_string(value.getInt64()));
    out.push_back(std::move(cells));
  }
  std::sort(out.begin(), out.end());
  return out;
}

//! The semantics, computed from the whole stream in arrival order.
Rows referenceRows(const std::vector<ChangeEvent>& stream, int scd_type) {
  std::optional<int> truncated;
  for (const ChangeEvent& change : stream) {
    if (change.kind == ChangeEvent::Kind::kTruncate)
      truncated = std::max(truncated.value_or(change.sequence.getInt64()),
                           static_cast<int>(change.sequence.getInt64()));
  }
  // Per key, the first event of each sequence at or above the truncation.
  std::map<int64_t, std::map<int64_t, const ChangeEvent*>> keys;
  for (const ChangeEvent& change : stream) {
    int64_t sequence = change.sequence.getInt64();
    if (change.kind == ChangeEvent::Kind::kTruncate || (truncated && sequence < *truncated))
      continue;
    keys[change.row[0].getInt64()].emplace(sequence, &change);  // emplace keeps the first
  }
  std::vector<std::vector<Value>> rows;
  for (const auto& [id, history] : keys) {
    if (scd_type == 1) {
      const ChangeEvent* last = history.rbegin()->second;
      if (last->kind == ChangeEvent::Kind::kUpsert)
        rows.push_back(last->row);
      continue;
    }
    std::optional<std::vector<Value>> open;
    int64_t opened_at = 0;
    for (const auto& [sequence, change] : history) {
      bool closes =
          change->kind == ChangeEvent::Kind::kDelete || (open && change->row[1] != (*open)[1]);
      if (open && closes) {
        std::vector<Value> version = *open;
        version.push_back(Value::intValue(static_cast<int32_t>(opened_at)));
        version.push_back(Value::intValue(static_cast<int32_t>(sequence)));
        rows.push_back(version);
        open.reset();
      }
      if (change->kind == ChangeEvent::Kind::kDelete)
        continue;
      if (!open)
        opened_at = sequence;
      open = change->row;
    }
    if (open) {
      std::vector<Value> version = *open;
      version.push_back(Value::intValue(static_cast<int32_t>(opened_at)));
      version.push_back(Value::null(DataType::intType()));
      rows.push_back(version);
    }
  }
  return printed(std::move(rows));
}

std::vector<ChangeEvent> randomStream(std::mt19937& random, int scd_type) {
  std::uniform_int_distribution<int> length(0, 40);
  std::uniform_int_distribution<int> key(0, 5);
  std::uniform_int_distribution<int> sequence(0, 15);
  std::uniform_int_distribution<int> percent(0, 99);
  const std::vector<std::optional<std::string>> values = {"a", "b", "c", std::nullopt};
  std::uniform_int_distribution<size_t> value(0, values.size() - 1);
  std::vector<ChangeEvent> stream;
  int count = length(random);
  for (int index = 0; index < count; ++index) {
    // Some events repeat an earlier one (a replay).
    if (!stream.empty() && percent(random) < 15) {
      stream.push_back(stream[std::uniform_int_distribution<size_t>(0, stream.size() - 1)(random)]);
      continue;
    }
    int roll = percent(random);
    ChangeEvent::Kind kind = roll < 70                    ? ChangeEvent::Kind::kUpsert
                             : roll < 95 || scd_type == 2 ? ChangeEvent::Kind::kDelete
                                                          : ChangeEvent::Kind::kTruncate;
    stream.push_back(
        event(kind, key(random), sequence(random), values[value(random)], values[value(random)]));
  }
  return stream;
}

//! Applies `stream` in random batches, storing and restoring the state between some.
Rows appliedRows(const std::vector<ChangeEvent>& stream, int scd_type, std::mt19937& random) {
  ChangeCaptureLayout layout = layoutOf(scd_type);
  auto state = std::make_unique<ChangeState>(layout);
  std::uniform_int_distribution<size_t> batch_size(0, 8);
  std::uniform_int_distribution<int> coin(0, 1);
  size_t next = 0;
  int64_t now = 1;
  while (next < stream.size()) {
    size_t end = std::min(stream.size(), next + batch_size(random));
    state->apply(std::vector<ChangeEvent>(stream.begin() + next, stream.begin() + end), now++,
                 std::nullopt);
    next = end;
    if (coin(random)) {
      auto restored = std::make_unique<ChangeState>(layout);
      for (ChangeEvent& kept : state->events())
        restored->restore(std::move(kept));
      if (std::optional<ChangeEvent> truncation = state->truncation())
        restored->restore(std::move(*truncation));
      state = std::move(restored);
    }
  }
  return printed(state->targetRows());
}

//! Applies `stream` in random batches the way a pipeline batch reads and stores its state by
//! key: it loads the events of the keys it touches (and the TRUNCATE), and stores back the
//! events of the keys it changed in place of their old ones; a batch with a TRUNCATE loads and
//! stores every key, the TRUNCATE with them.
Rows appliedByKey(const std::vector<ChangeEvent>& stream, int scd_type, std::mt19937& random) {
  ChangeCaptureLayout layout = layoutOf(scd_type);
  std::vector<ChangeEvent> stored;  // the state table's rows
  std::uniform_int_distribution<size_t> batch_size(0, 8);
  size_t next = 0;
  int64_t now = 1;
  while (next < stream.size()) {
    size_t end = std::min(stream.size(), next + batch_size(random));
    std::vector<ChangeEvent> batch(stream.begin() + next, stream.begin() + end);
    next = end;
    ChangeState state(layout);
    bool truncates = std::any_of(batch.begin(), batch.end(), [](const ChangeEvent& event) {
      return event.kind == ChangeEvent::Kind::kTruncate;
    });
    std::set<std::vector<Value>, KeyLess> touched;
    for (const ChangeEvent& event : batch)
      touched.insert(state.keyOf(event));
    for (const ChangeEvent& event : stored) {
      if (truncates || event.kind == ChangeEvent::Kind::kTruncate ||
          touched.count(state.keyOf(event)) > 0)
        state.restore(event);
    }
    state.apply(std::move(batch), now++, std::nullopt);
    if (truncates) {
      stored = state.events();
      if (std::optional<ChangeEvent> truncation = state.truncation())
        stored.push_back(std::move(*truncation));
      continue;
    }
    std::erase_if(stored, [&](const ChangeEvent& event) {
      return event.kind != ChangeEvent::Kind::kTruncate && state.changed(state.keyOf(event));
    });
    for (ChangeEvent& event : state.events(ChangeState::Keys::kChanged))
      stored.push_back(std::move(event));
  }
  ChangeState whole(layout);
  for (ChangeEvent& event : stored)
    whole.restore(std::move(event));
  return printed(whole.targetRows());
}

TEST(ChangeStateTest, RandomStreamsMatchTheModelWhateverTheBatches) {
  for (int scd_type : {1, 2}) {
    std::mt19937 random(20261203 + scd_type);
    for (int trial = 0; trial < 400; ++trial) {
      std::vector<ChangeEvent> stream = randomStream(random, scd_type);
      Rows expected = referenceRows(stream, scd_type);
      for (int split = 0; split < 3; ++split) {
        ASSERT_EQ(appliedRows(stream, scd_type, random), expected)
            << "SCD type " << scd_type << ", trial " << trial << ", split " << split;
        ASSERT_EQ(appliedByKey(stream, scd_type, random), expected)
            << "by key: SCD type " << scd_type << ", trial " << trial << ", split " << split;
      }
    }
  }
}

TEST(ChangeStateTest, DeleteKeepsATombstoneUntilItsRetentionEnds) {
  ChangeCaptureLayout layout = layoutOf(1);
  ChangeState state(layout);
  state.apply({event(ChangeEvent::Kind::kUpsert, 1, 1, "a", "x"),
               event(ChangeEvent::Kind::kDelete, 1, 3, std::nullopt, std::nullopt)},
              /*now=*/100, /*tombstone_retention=*/50);
  // Late, while the tombstone lives: stays deleted.
  state.apply({event(ChangeEvent::Kind::kUpsert, 1, 2, "b", "y")}, 150, 50);
  EXPECT_TRUE(state.targetRows().empty());
  // Late, after the tombstone expired: the key is back.
  state.apply({event(ChangeEvent::Kind::kUpsert, 1, 2, "b", "y")}, 151, 50);
  EXPECT_EQ(printed(state.targetRows()), (Rows{{"1", "b", "y"}}));
}

TEST(ChangeStateTest, IgnoreNullUpdatesKeepsTheOldValues) {
  ChangeCaptureLayout layout = layoutOf(1);
  layout.ignore_null = {false, true, false};
  ChangeState state(layout);
  ChangeCounts counts =
      state.apply({event(ChangeEvent::Kind::kUpsert, 1, 1, "a", "x"),
                   event(ChangeEvent::Kind::kUpsert, 1, 2, std::nullopt, std::nullopt)},
                  1, std::nullopt);
  EXPECT_EQ(counts.upserted, 2);
  EXPECT_EQ(printed(state.targetRows()), (Rows{{"1", "a", "NULL"}}));
}

TEST(ChangeStateTest, TruncateRemovesLowerSequencesOnly) {
  ChangeCaptureLayout layout = layoutOf(1);
  ChangeState state(layout);
  ChangeCounts counts =
      state.apply({event(ChangeEvent::Kind::kUpsert, 1, 1, "a", "x"),
                   event(ChangeEvent::Kind::kUpsert, 2, 5, "b", "y"),
                   event(ChangeEvent::Kind::kTruncate, 0, 3, std::nullopt, std::nullopt)},
                  1, std::nullopt);
  EXPECT_EQ(counts.deleted, 1);
  // An event below the truncation that arrives later is dropped too.
  state.apply({event(ChangeEvent::Kind::kUpsert, 3, 2, "c", "z")}, 2, std::nullopt);
  EXPECT_EQ(printed(state.targetRows()), (Rows{{"2", "b", "y"}}));
}

//! A random snapshot: some of keys 1..6, each with a v and a w of few values.
std::vector<std::vector<Value>> randomSnapshot(std::mt19937& random) {
  std::vector<std::vector<Value>> rows;
  for (int id = 1; id <= 6; ++id) {
    if (random() % 3 == 0)
      continue;
    auto text = [&]() {
      int pick = static_cast<int>(random() % 3);
      return pick == 0 ? Value::null(DataType::string()) : Value::string(pick == 1 ? "a" : "b");
    };
    Value v = text();
    rows.push_back({Value::intValue(id), v, text()});
  }
  std::shuffle(rows.begin(), rows.end(), random);
  return rows;
}

//! Rows of `rows` (target columns) whose interval holds `version`, as (id, v): what the tracked
//! column was at that version.
Rows validAt(const std::vector<std::vector<Value>>& rows, int version) {
  std::vector<std::vector<Value>> kept;
  for (const std::vector<Value>& row : rows) {
    bool started = row[3].getInt64() <= version;
    bool open = row[4].isNull() || row[4].getInt64() > version;
    if (started && open)
      kept.push_back({row[0], row[1]});
  }
  return printed(std::move(kept));
}

TEST(ChangeStateTest, SnapshotsGiveTheirRowsAndHistory) {
  for (int scd_type : {1, 2}) {
    std::mt19937 random(20261204 + scd_type);
    for (int trial = 0; trial < 200; ++trial) {
      ChangeCaptureLayout layout = layoutOf(scd_type);
      ChangeState state(layout);
      std::vector<Rows> tracked_at;  // per version, the snapshot's (id, v)
      std::vector<std::vector<Value>> last;
      for (int version = 1; version <= 6; ++version) {
        std::vector<std::vector<Value>> snapshot = randomSnapshot(random);
        SnapshotDiff diff = state.diffSnapshot(snapshot, Value::intValue(version));
        ASSERT_FALSE(diff.duplicate_key);
        state.apply(std::move(diff.events), version, std::nullopt);
        // The same snapshot again changes nothing.
        EXPECT_TRUE(state.diffSnapshot(snapshot, Value::intValue(version)).events.empty());
        std::vector<std::vector<Value>> pairs;
        for (const std::vector<Value>& row : snapshot)
          pairs.push_back({row[0], row[1]});
        tracked_at.push_back(printed(std::move(pairs)));
        last = std::move(snapshot);
      }
      std::vector<std::vector<Value>> target = state.targetRows();
      if (scd_type == 1) {
        ASSERT_EQ(printed(target), printed(last)) << "trial " << trial;
        continue;
      }
      for (int version = 1; version <= 6; ++version) {
        ASSERT_EQ(validAt(target, version), tracked_at[version - 1])
            << "trial " << trial << ", version " << version;
      }
      // The open versions are the last snapshot, w included (it changes in place).
      std::vector<std::vector<Value>> open;
      for (const std::vector<Value>& row : target) {
        if (row[4].isNull())
          open.push_back({row[0], row[1], row[2]});
      }
      ASSERT_EQ(printed(std::move(open)), printed(last)) << "trial " << trial;
    }
  }
}

TEST(ChangeStateTest, SnapshotFindsADuplicateKey) {
  ChangeCaptureLayout layout = layoutOf(1);
  ChangeState state(layout);
  SnapshotDiff diff =
      state.diffSnapshot({{Value::intValue(1), Value::string("a"), Value::string("x")},
                          {Value::intValue(2), Value::string("b"), Value::string("y")},
                          {Value::intValue(2), Value::string("c"), Value::string("z")}},
                         Value::intValue(1));
  ASSERT_TRUE(diff.duplicate_key);
  EXPECT_EQ(printed({*diff.duplicate_key}), (Rows{{"2"}}));
  EXPECT_EQ(diff.duplicate_count, 2);
}

}  // namespace
}  // namespace sluice

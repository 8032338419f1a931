// src/pipeline/update/change_state.cpp
#include "pipeline/update/change_state.hpp"

#include <algorithm>

#include "function/scalar/collection/collection_common.hpp"

namespace sluice {

int compareSequences(const Value& a, const Value& b) {
  return compareElements(a, b);
}

template <typename Visit>
void ChangeState::forEachHistory(Keys keys, Visit visit) const {
  for (const auto& [key, entry] : keys_) {
    if (!entry.history.empty() && (keys == Keys::kAll || entry.changed))
      visit(entry.history);
  }
}

std::vector<std::vector<Value>> ChangeState::changedKeys() const {
  std::vector<std::vector<Value>> keys;
  for (const auto& [key, entry] : keys_) {
    if (entry.changed)
      keys.push_back(key);
  }
  return keys;
}

bool ChangeState::changed(const std::vector<Value>& key) const {
  auto found = keys_.find(key);
  return found != keys_.end() && found->second.changed;
}

std::vector<Value> ChangeState::keyOf(const ChangeEvent& event) const {
  std::vector<Value> key;
  for (size_t column : layout_.keys)
    key.push_back(event.row[column]);
  return key;
}

ChangeCounts ChangeState::apply(std::vector<ChangeEvent> events, int64_t now,
                                std::optional<int64_t> tombstone_retention) {
  // In sequence order; events of one sequence keep their arrival order, so the first wins.
  std::stable_sort(events.begin(), events.end(), [](const ChangeEvent& a, const ChangeEvent& b) {
    return compareSequences(a.sequence, b.sequence) < 0;
  });
  // Tombstones past their retention go before the batch: its late events may bring their
  // keys back.
  if (layout_.scd_type == 1 && tombstone_retention) {
    for (auto& [key, entry] : keys_) {
      if (entry.history.empty())
        continue;
      const ChangeEvent& last = entry.history.back();
      if (last.kind == ChangeEvent::Kind::kDelete && last.applied_at + *tombstone_retention < now) {
        entry.history.clear();
        entry.changed = true;
      }
    }
  }
  ChangeCounts counts;
  for (ChangeEvent& event : events) {
    event.applied_at = now;
    if (event.kind == ChangeEvent::Kind::kTruncate) {
      applyTruncate(event, counts);
      continue;
    }
    if (truncated_before_ && compareSequences(event.sequence, *truncated_before_) < 0)
      continue;
    if (layout_.scd_type == 2)
      applyType2(std::move(event), counts);
    else
      applyType1(std::move(event), counts);
  }
  return counts;
}

void ChangeState::applyTruncate(const ChangeEvent& event, ChangeCounts& counts) {
  if (truncated_before_ && compareSequences(event.sequence, *truncated_before_) <= 0)
    return;
  truncated_before_ = event.sequence;
  for (auto& [key, entry] : keys_) {
    History& history = entry.history;
    auto kept = std::remove_if(history.begin(), history.end(), [&](const ChangeEvent& past) {
      bool removed = compareSequences(past.sequence, event.sequence) < 0;
      if (removed && past.kind == ChangeEvent::Kind::kUpsert)
        ++counts.deleted;
      return removed;
    });
    if (kept != history.end())
      entry.changed = true;
    history.erase(kept, history.end());
  }
}

void ChangeState::applyType1(ChangeEvent event, ChangeCounts& counts) {
  KeyEvents& entry = keys_[keyOf(event)];
  History& history = entry.history;
  const ChangeEvent* current = history.empty() ? nullptr : &history.back();
  if (current != nullptr && compareSequences(event.sequence, current->sequence) <= 0)
    return;  // older than, or as old as, what the key holds
  bool live = current != nullptr && current->kind == ChangeEvent::Kind::kUpsert;
  if (event.kind == ChangeEvent::Kind::kDelete) {
    if (live)
      ++counts.deleted;
  } else {
    if (live)
      event.row = keepIgnoredNulls(std::move(event.row), current->row);
    ++counts.upserted;
  }
  history.assign(1, std::move(event));
  entry.changed = true;
}

void ChangeState::applyType2(ChangeEvent event, ChangeCounts& counts) {
  KeyEvents& entry = keys_[keyOf(event)];
  History& history = entry.history;
  auto position = std::lower_bound(history.begin(), history.end(), event,
                                   [](const ChangeEvent& a, const ChangeEvent& b) {
                                     return compareSequences(a.sequence, b.sequence) < 0;
                                   });
  if (position != history.end() && compareSequences(position->sequence, event.sequence) == 0)
    return;  // this sequence of the key is applied already
  if (event.kind == ChangeEvent::Kind::kDelete)
    ++counts.deleted;
  else
    ++counts.upserted;
  history.insert(position, std::move(event));
  entry.changed = true;
}

std::vector<Value> ChangeState::keepIgnoredNulls(std::vector<Value> row,
                                                 const std::vector<Value>& previous) const {
  for (size_t column = 0; column < row.size(); ++column) {
    if (layout_.ignore_null[column] && row[column].isNull())
      row[column] = previous[column];
  }
  return row;
}

void ChangeState::versionsOf(const History& history, std::vector<std::vector<Value>>& rows) const {
  std::optional<std::vector<Value>> open;
  Value opened_at;
  auto close = [&](const Value& ended_at) {
    std::vector<Value> version = std::move(*open);
    version.push_back(opened_at);
    version.push_back(ended_at);
    rows.push_back(std::move(version));
    open.reset();
  };
  for (const ChangeEvent& event : history) {
    if (event.kind == ChangeEvent::Kind::kDelete) {
      if (open)
        close(event.sequence);
      continue;
    }
    if (!open) {
      open = event.row;
      opened_at = event.sequence;
      continue;
    }
    std::vector<Value> row = keepIgnoredNulls(event.row, *open);
    bool tracked_change = false;
    for (size_t column = 0; column < row.size(); ++column) {
      if (layout_.tracked[column] && compareElements(row[column], (*open)[column]) != 0)
        tracked_change = true;
    }
    if (tracked_change) {
      close(event.sequence);
      opened_at = event.sequence;
    }
    open = std::move(row);
  }
  if (open)
    close(Value::null(layout_.sequence_type));
}

SnapshotDiff ChangeState::diffSnapshot(std::vector<std::vector<Value>> rows,
                                       const Value& version) const {
  SnapshotDiff diff;
  std::map<std::vector<Value>, int64_t, KeyLess> seen;
  auto event = [&](ChangeEvent::Kind kind, std::vector<Value> row) {
    ChangeEvent change;
    change.kind = kind;
    change.sequence = version;
    change.row = std::move(row);
    diff.events.push_back(std::move(change));
  };
  for (std::vector<Value>& row : rows) {
    ChangeEvent probe;
    probe.row = std::move(row);
    std::vector<Value> key = keyOf(probe);
    if (++seen[key] > 1)
      continue;
    auto found = keys_.find(key);
    const ChangeEvent* current = found == keys_.end() || found->second.history.empty()
                                     ? nullptr
                                     : &found->second.history.back();
    bool unchanged =
        current != nullptr && current->kind == ChangeEvent::Kind::kUpsert &&
        std::equal(current->row.begin(), current->row.end(), probe.row.begin(), probe.row.end(),
                   [](const Value& a, const Value& b) { return compareElements(a, b) == 0; });
    if (!unchanged)
      event(ChangeEvent::Kind::kUpsert, std::move(probe.row));
  }
  for (const auto& [key, count] : seen) {
    if (count > 1) {
      diff.duplicate_key = key;
      diff.duplicate_count = count;
      return diff;
    }
  }
  for (const auto& [key, entry] : keys_) {
    if (entry.history.empty())
      continue;
    const ChangeEvent& current = entry.history.back();
    if (current.kind == ChangeEvent::Kind::kUpsert && seen.find(key) == seen.end())
      event(ChangeEvent::Kind::kDelete, current.row);
  }
  return diff;
}

std::vector<std::vector<Value>> ChangeState::targetRows(Keys keys) const {
  std::vector<std::vector<Value>> rows;
  forEachHistory(keys, [&](const History& history) {
    if (layout_.scd_type == 2) {
      versionsOf(history, rows);
    } else if (history.back().kind == ChangeEvent::Kind::kUpsert) {
      rows.push_back(history.back().row);
    }
  });
  return rows;
}

std::optional<ChangeEvent> ChangeState::truncation() const {
  if (!truncated_before_)
    return std::nullopt;
  ChangeEvent truncate;
  truncate.kind = ChangeEvent::Kind::kTruncate;
  truncate.sequence = *truncated_before_;
  for (const StructField& column : layout_.data)
    truncate.row.push_back(Value::null(column.type));
  return truncate;
}

std::vector<ChangeEvent> ChangeState::events(Keys keys) const {
  std::vector<ChangeEvent> events;
  forEachHistory(keys, [&](const History& history) {
    events.insert(events.end(), history.begin(), history.end());
  });
  return events;
}

void ChangeState::restore(ChangeEvent event) {
  if (event.kind == ChangeEvent::Kind::kTruncate) {
    if (!truncated_before_ || compareSequences(event.sequence, *truncated_before_) > 0)
      truncated_before_ = event.sequence;
    return;
  }
  History& history = keys_[keyOf(event)].history;
  auto position = std::upper_bound(history.begin(), history.end(), event,
                                   [](const ChangeEvent& a, const ChangeEvent& b) {
                                     return compareSequences(a.sequence, b.sequence) < 0;
                                   });
  history.insert(position, std::move(event));
}

}  // namespace sluice

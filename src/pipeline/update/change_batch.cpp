// src/pipeline/update/change_batch.cpp
#include "pipeline/update/change_batch.hpp"

#include <filesystem>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "catalog/catalog_entry.hpp"
#include "common/clock.hpp"
#include "common/text/ascii_case.hpp"
#include "exec/aggregate/group_keys.hpp"
#include "exec/chain/plan_executor.hpp"
#include "exec/parallel/task_scheduler.hpp"
#include "exec/physical_planner.hpp"
#include "exec/plan_optimization.hpp"
#include "function/cast/cast.hpp"
#include "function/scalar/collection/collection_common.hpp"
#include "pipeline/update/change_state.hpp"
#include "pipeline/update/change_state_columns.hpp"
#include "pipeline/update/crash_point.hpp"
#include "pipeline/update/keyed_rows.hpp"
#include "pipeline/update/pipeline_update.hpp"
#include "storage/delta/log_store.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

namespace {

// The properties recording the flow in the state table.
constexpr const char* kKeysProperty = "sluice.cdc.keys";
constexpr const char* kScdTypeProperty = "sluice.cdc.scdType";
constexpr const char* kSequenceTypeProperty = "sluice.cdc.sequenceType";
constexpr const char* kTrackHistoryProperty = "sluice.cdc.trackHistory";
constexpr const char* kTombstoneProperty = "pipelines.cdc.tombstoneGCThresholdInSeconds";
constexpr const char* kEventsPerSliceSetting = "sluice.cdc.eventsPerSlice";
constexpr int64_t kDefaultTombstoneSeconds = 2 * 24 * 60 * 60;

std::string_view kindName(ChangeEvent::Kind kind) {
  switch (kind) {
    case ChangeEvent::Kind::kUpsert:
      return "UPSERT";
    case ChangeEvent::Kind::kDelete:
      return "DELETE";
    case ChangeEvent::Kind::kTruncate:
      return "TRUNCATE";
  }
  return "";
}

std::string lowerJoined(const std::vector<std::string>& names) {
  std::vector<std::string> folded;
  for (const std::string& name : names)
    folded.push_back(foldIdentifier(name));
  return fmt::format("{}", fmt::join(folded, ","));
}

std::map<std::string, std::string> stateProperties(const ChangeCaptureLayout& layout) {
  return {{kKeysProperty, lowerJoined(layout.keyNames())},
          {kScdTypeProperty, std::to_string(layout.scd_type)},
          {kSequenceTypeProperty, layout.sequence_type.sql()},
          {kTrackHistoryProperty, layout.scd_type == 2 ? lowerJoined(layout.trackedNames()) : ""}};
}

//! The state's columns: the data columns (in `data_types`), the sequence, the kind, the time.
std::vector<StructField> stateSchema(const ChangeCaptureLayout& layout,
                                     const std::vector<DataType>& data_types) {
  std::vector<StructField> schema = layout.data;
  for (size_t column = 0; column < schema.size(); ++column)
    schema[column].type = data_types[column];
  schema.push_back(StructField{kCdcSequenceColumn, layout.sequence_type, true, {}});
  schema.push_back(StructField{kCdcKindColumn, DataType::string(), false, {}});
  schema.push_back(StructField{kCdcAppliedAtColumn, DataType::timestamp(), false, {}});
  return schema;
}

//! The options of a commit of the batch to the table at `location`.
delta::TableWriteOptions batchWriteOptions(const delta::TableDefinition& definition,
                                           const ChangeBatch& batch) {
  delta::TableWriteOptions options;
  options.definition = definition;
  options.app_id = batch.app_id;
  options.app_version = batch.batch_id;
  options.operation = "STREAMING UPDATE";
  return options;
}

//! Writes `rows` (in the definition's columns) as the whole content of the table at `location`.
delta::TableWriteResult overwriteTable(const std::string& location,
                                       const delta::TableDefinition& definition,
                                       const std::vector<std::vector<Value>>& rows,
                                       const ChangeBatch& batch) {
  delta::TableWriteOptions options = batchWriteOptions(definition, batch);
  options.mode = delta::WriteMode::kOverwrite;
  delta::DeltaTableWriter writer(location, std::move(options));
  writeBoxedRows(writer, rows);
  return writer.commit();
}

bool sameColumns(const std::vector<StructField>& a, const std::vector<StructField>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const StructField& x, const StructField& y) {
                      return x.name == y.name && x.type.sameStructure(y.type);
                    });
}

//! Which rows of the state table a batch loads.
enum class StateRows : uint8_t {
  kAll,          // every key's events and the bookkeeping rows
  kKeys,         // the events of some keys
  kBookkeeping,  // the last TRUNCATE and the last snapshot's version
};

//! What checking a batch's rows found.
struct EventCount {
  int64_t events = 0;
  bool truncates = false;
};

class ChangeBatchRun {
 public:
  ChangeBatchRun(const ChangeBatch& batch, const ExecContext& exec) : batch_(batch), exec_(exec) {
    // Values are kept in the target's column types: the table may hold a column wider than
    // the flow's query gives it now (a narrower number), or wider than the state stored it
    // (a column widened since).
    for (const StructField& column : batch.layout.data) {
      DataType type = column.type;
      for (const StructField& field : batch.target_definition.schema) {
        if (sameIdentifier(field.name, column.name))
          type = field.type;
      }
      data_types_.push_back(type);
    }
  }

  ChangeBatchResult run(LogicalOperatorPtr plan) {
    if (delta::tableExists(batch_.state_location)) {
      state_snapshot_ = delta::openSnapshot(batch_.state_location);
      checkUnchanged(state_snapshot_->metadata.configuration);
    }
    // An update that stopped after storing this batch's state left the target behind: the
    // target is rewritten whole from the state.
    std::optional<int64_t> stored =
        state_snapshot_ ? state_snapshot_->transactionVersion(batch_.app_id) : std::nullopt;
    if (stored && *stored >= batch_.batch_id) {
      ChangeState state(batch_.layout);
      loadState(state, StateRows::kAll);
      return overwriteTarget(state, ChangeBatchResult{});
    }
    std::vector<Batch> rows = queryRows(std::move(plan));
    EventCount count = checkEvents(rows);
    // Only the keys a batch changes are rewritten, unless a TRUNCATE may change them all.
    if (!count.truncates && keyedReplacementApplies())
      return replaceByKey(rows, count);
    return rewriteWhole(rows);
  }

 private:
  std::string flowName() const { return batch_.flow->name.quoted(); }
  std::string targetName() const { return batch_.flow->target.quoted(); }

  std::vector<std::string> keyNames() const { return batch_.layout.keyNames(); }
  std::vector<DataType> keyTypes() const {
    std::vector<DataType> types;
    for (size_t column : batch_.layout.keys)
      types.push_back(data_types_[column]);
    return types;
  }

  delta::TableDefinition stateDefinition() const {
    delta::TableDefinition definition;
    definition.schema = stateSchema(batch_.layout, data_types_);
    definition.properties = stateProperties(batch_.layout);
    // Batches replace the rows of their keys by deletion vector.
    definition.properties["delta.enableDeletionVectors"] = "true";
    return definition;
  }

  //! Whether the batch can replace the rows of the keys it changes, in the state and in the
  //! target, rather than rewrite both: the keys hash a batch at a time, and both tables have
  //! the columns the batch writes (a column added or retyped since rewrites them whole).
  bool keyedReplacementApplies() {
    if (!ChangeKeySet::supports(keyTypes()))
      return false;
    if (state_snapshot_ &&
        !sameColumns(state_snapshot_->schema, stateSchema(batch_.layout, data_types_)))
      return false;
    if (!delta::tableExists(batch_.target_location))
      return false;
    target_snapshot_ = delta::openSnapshot(batch_.target_location);
    return sameColumns(target_snapshot_->schema, batch_.target_definition.schema) &&
           keyColumnIndexes(target_snapshot_->schema, keyNames(), keyTypes());
  }

  //! Applies the batch to every key and overwrites the state and the target.
  ChangeBatchResult rewriteWhole(const std::vector<Batch>& rows) {
    ChangeState state(batch_.layout);
    loadState(state, StateRows::kAll);
    std::vector<ChangeEvent> events = boxEvents(rows, 0, 1);
    if (batch_.layout.from_snapshot)
      events = snapshotEvents(state, std::move(events));
    ChangeCounts counts = state.apply(std::move(events), epochMicros(), batch_.tombstone_retention);
    std::vector<std::vector<Value>> state_rows = bookkeepingRows(state.truncation());
    for (std::vector<Value>& row : stateRows(state.events()))
      state_rows.push_back(std::move(row));
    overwriteTable(batch_.state_location, stateDefinition(), state_rows, batch_);
    crashPoint("cdc-state-written");
    ChangeBatchResult result;
    result.num_upserted_rows = counts.upserted;
    result.num_deleted_rows = counts.deleted;
    // A batch that upserts and deletes nothing (replayed or stale events, a snapshot equal to
    // the target) leaves the target's rows as they are: no commit, so that readers of the
    // target see no change.
    if (counts.upserted == 0 && counts.deleted == 0)
      return result;
    return overwriteTarget(state, result);
  }

  //! Overwrites the target with the rows of `state` (every key).
  ChangeBatchResult overwriteTarget(const ChangeState& state, ChangeBatchResult result) {
    delta::TableWriteResult written =
        overwriteTable(batch_.target_location, batch_.target_definition,
                       targetRows(state, ChangeState::Keys::kAll), batch_);
    result.committed_version = written.version;
    result.num_output_rows = written.num_rows;
    return result;
  }

  //! Applies the batch a slice of its keys at a time, replacing in the state and in the target
  //! the rows of the keys whose events changed, in one commit to each.
  ChangeBatchResult replaceByKey(const std::vector<Batch>& rows, const EventCount& count) {
    const delta::Snapshot* stored = state_snapshot_ ? &*state_snapshot_ : nullptr;
    KeyedReplacement state_out(batch_.state_location, stored,
                               batchWriteOptions(stateDefinition(), batch_));
    KeyedReplacement target_out(batch_.target_location, &*target_snapshot_,
                                batchWriteOptions(batch_.target_definition, batch_));
    // The bookkeeping rows hold for every key: read once, stored again by this commit.
    std::optional<ChangeEvent> truncation;
    if (stored != nullptr) {
      ChangeState bookkeeping(batch_.layout);
      KeyedRows found = loadState(bookkeeping, StateRows::kBookkeeping);
      state_out.deleteRows(found.positionsOf([](const KeyedRow&) { return true; }));
      truncation = bookkeeping.truncation();
    }
    // A snapshot is compared with every key at once.
    int64_t per_slice = batch_.events_per_slice;
    int64_t slices = batch_.layout.from_snapshot
                         ? 1
                         : std::max<int64_t>(1, (count.events + per_slice - 1) / per_slice);
    ChangeCounts counts;
    for (int64_t slice = 0; slice < slices; ++slice) {
      ChangeState state(batch_.layout);
      if (truncation)
        state.restore(*truncation);
      std::vector<ChangeEvent> events = boxEvents(rows, slice, slices);
      KeyedRows loaded;
      if (batch_.layout.from_snapshot) {
        loaded = loadState(state, StateRows::kAll);
        events = snapshotEvents(state, std::move(events));
      } else if (stored != nullptr && !stored->files.empty()) {
        ChangeKeySet touched(keyTypes());
        for (const ChangeEvent& event : events)
          touched.add(state.keyOf(event));
        touched.seal();
        loaded = loadState(state, StateRows::kKeys, &touched);
      }
      ChangeCounts applied =
          state.apply(std::move(events), epochMicros(), batch_.tombstone_retention);
      counts.upserted += applied.upserted;
      counts.deleted += applied.deleted;
      std::vector<std::vector<Value>> changed = state.changedKeys();
      if (changed.empty())
        continue;
      state_out.deleteRows(
          loaded.positionsOf([&](const KeyedRow& row) { return state.changed(row.values); }));
      state_out.append(stateRows(state.events(ChangeState::Keys::kChanged)));
      target_out.deleteRows(targetPositions(std::move(changed)));
      target_out.append(targetRows(state, ChangeState::Keys::kChanged));
    }
    state_out.append(bookkeepingRows(truncation));
    state_out.commit();
    crashPoint("cdc-state-written");
    ChangeBatchResult result;
    result.num_upserted_rows = counts.upserted;
    result.num_deleted_rows = counts.deleted;
    if (counts.upserted == 0 && counts.deleted == 0)
      return result;  // as in rewriteWhole: no commit to the target
    delta::TableWriteResult written = target_out.commit();
    result.committed_version = written.version;
    result.num_output_rows = written.num_rows;
    return result;
  }

  //! Loads the stored state's rows `which` (with kKeys, those of `keys`) into `state`, and
  //! returns where they are, each with its key (a bookkeeping row with none).
  KeyedRows loadState(ChangeState& state, StateRows which, const ChangeKeySet* keys = nullptr) {
    if (!state_snapshot_)
      return {};
    const delta::Snapshot& snapshot = *state_snapshot_;
    auto column = [&](std::string_view name) -> std::optional<size_t> {
      for (size_t index = 0; index < snapshot.schema.size(); ++index) {
        if (sameIdentifier(snapshot.schema[index].name, name))
          return index;
      }
      return std::nullopt;
    };
    std::vector<std::optional<size_t>> data_columns;
    for (const StructField& field : batch_.layout.data)
      data_columns.push_back(column(field.name));
    const std::vector<StructField>& stored = snapshot.schema;
    size_t sequence = *column(kCdcSequenceColumn);
    size_t kind = *column(kCdcKindColumn);
    size_t applied_at = *column(kCdcAppliedAtColumn);

    KeyedRowsRequest request;
    // Bookkeeping rows are those whose key is NULL: an empty key set finds only them.
    ChangeKeySet no_keys(keyTypes());
    if (which == StateRows::kBookkeeping) {
      no_keys.seal();
      request.keys = &no_keys;
      request.with_null_keys = true;
    } else if (which == StateRows::kKeys) {
      request.keys = keys;
    }
    for (size_t key : batch_.layout.keys) {
      // A key column the state lacks is caught by checkUnchanged() (the keys changed).
      request.key_columns.push_back(data_columns[key].value_or(0));
    }
    KeyedRows rows = findKeyedRows(snapshot, request);
    for (KeyedRow& row : rows.rows) {
      std::vector<Value>& values = row.values;
      ChangeEvent event;
      std::string kind_name = values[kind].getString();
      if (kind_name == kCdcSnapshotKind) {
        last_snapshot_version_ = values[sequence];
        values.clear();
        continue;
      }
      event.kind = kind_name == "DELETE"     ? ChangeEvent::Kind::kDelete
                   : kind_name == "TRUNCATE" ? ChangeEvent::Kind::kTruncate
                                             : ChangeEvent::Kind::kUpsert;
      event.sequence = values[sequence];
      event.applied_at = values[applied_at].getInt64();
      for (size_t index = 0; index < data_columns.size(); ++index) {
        event.row.push_back(
            data_columns[index]
                ? asDataType(values[*data_columns[index]], stored[*data_columns[index]].type, index)
                : Value::null(data_types_[index]));
      }
      // The row keeps only its key, which decides whether the batch replaces it.
      values =
          event.kind == ChangeEvent::Kind::kTruncate ? std::vector<Value>{} : state.keyOf(event);
      state.restore(std::move(event));
    }
    return rows;
  }

  //! The keys, SCD type, sequence type and tracked columns may not change while the state
  //! lives: its events were ordered and versioned by them. A full refresh starts over.
  void checkUnchanged(const std::map<std::string, std::string>& stored) const {
    std::map<std::string, std::string> now = stateProperties(batch_.layout);
    auto check = [&](const char* property, const char* sub_class, std::string_view what) {
      auto found = stored.find(property);
      std::string before = found == stored.end() ? "" : found->second;
      if (before == now[property])
        return;
      throw Error(ErrorClass::AUTOCDC_INVALID_STATE, sub_class,
                  fmt::format("The AUTO CDC flow {} now has {} '{}', but the state of {} was "
                              "built with '{}'. Run a full refresh of {} to rebuild it.",
                              flowName(), what, now[property], targetName(), before, targetName()));
    };
    check(kKeysProperty, "KEY_SCHEMA_DRIFT", "the keys");
    check(kScdTypeProperty, "SCD_TYPE_DRIFT", "the SCD type");
    check(kSequenceTypeProperty, "SEQUENCING_TYPE_DRIFT", "the sequence type");
    check(kTrackHistoryProperty, "TRACK_HISTORY_DRIFT", "the tracked columns");
  }
  //! The rows of the flow's query over the batch's input.
  std::vector<Batch> queryRows(LogicalOperatorPtr plan) {
    LogicalOperatorPtr optimized = optimizePlan(std::move(plan), exec_);
    PhysicalOperatorPtr physical = createPhysicalPlan(*optimized, exec_);
    return PlanExecutor(exec_, TaskScheduler::shared()).run(*physical);
  }

  //! The kind of event row `row` of `batch` is; none for a change feed's pre-image, which says
  //! what an update replaced rather than a change of its own.
  std::optional<ChangeEvent::Kind> eventKind(const Batch& batch, idx_t row) const {
    const ChangeCaptureLayout& layout = batch_.layout;
    std::optional<std::string_view> change_type;
    if (layout.change_type_in_query) {
      const Vector& types = batch.columns[*layout.change_type_in_query];
      if (!types.isNull(row))
        change_type = types.at<StringView>(row).view();
    }
    if (change_type == "update_preimage")
      return std::nullopt;
    if (layout.truncate_in_query && isTrue(batch.columns[*layout.truncate_in_query], row))
      return ChangeEvent::Kind::kTruncate;
    bool deletes = layout.delete_in_query ? isTrue(batch.columns[*layout.delete_in_query], row)
                                          : change_type == "delete";
    return deletes ? ChangeEvent::Kind::kDelete : ChangeEvent::Kind::kUpsert;
  }

  //! Counts the batch's events after checking them: no NULL sequence, no NULL key (but in a
  //! TRUNCATE, which concerns no key).
  EventCount checkEvents(const std::vector<Batch>& batches) const {
    const ChangeCaptureLayout& layout = batch_.layout;
    EventCount count;
    int64_t null_sequences = 0;
    std::vector<int64_t> null_keys(layout.keys.size(), 0);
    for (const Batch& batch : batches) {
      for (idx_t row = 0; row < batch.num_rows; ++row) {
        std::optional<ChangeEvent::Kind> kind = eventKind(batch, row);
        if (!kind)
          continue;
        ++count.events;
        if (batch.columns[layout.sequence_in_query].isNull(row))
          ++null_sequences;
        if (*kind == ChangeEvent::Kind::kTruncate) {
          count.truncates = true;
          continue;
        }
        for (size_t key = 0; key < layout.keys.size(); ++key) {
          if (batch.columns[layout.data_in_query[layout.keys[key]]].isNull(row))
            ++null_keys[key];
        }
      }
    }
    if (null_sequences > 0) {
      throw Error(ErrorClass::AUTOCDC_MICROBATCH_VALIDATION, "NULL_SEQUENCE",
                  fmt::format("Batch {} of the AUTO CDC flow into {} has {} rows whose SEQUENCE "
                              "BY value is NULL; every change needs a sequence.",
                              batch_.batch_id, targetName(), null_sequences));
    }
    std::vector<std::string> counts;
    for (size_t key = 0; key < layout.keys.size(); ++key) {
      if (null_keys[key] > 0) {
        counts.push_back(
            fmt::format("{}={}", quoteName(layout.data[layout.keys[key]].name), null_keys[key]));
      }
    }
    if (!counts.empty()) {
      throw Error(ErrorClass::AUTOCDC_MICROBATCH_VALIDATION, "NULL_KEY",
                  fmt::format("Batch {} of the AUTO CDC flow into {} has rows with a NULL key "
                              "({}); every change needs its key.",
                              batch_.batch_id, targetName(), fmt::join(counts, ", ")));
    }
    return count;
  }

  //! The events of slice `slice` of `slices` of the batch's rows (the rows whose key hashes to
  //! it), in arrival order.
  std::vector<ChangeEvent> boxEvents(const std::vector<Batch>& batches, int64_t slice,
                                     int64_t slices) const {
    const ChangeCaptureLayout& layout = batch_.layout;
    std::vector<ChangeEvent> events;
    std::vector<uint64_t> hashes;
    for (const Batch& batch : batches) {
      if (slices > 1) {
        hashes.assign(batch.num_rows, 0);
        for (size_t key = 0; key < layout.keys.size(); ++key) {
          Vector column = batch.columns[layout.data_in_query[layout.keys[key]]];
          column.flatten(batch.num_rows);
          hashKeyColumn(column, batch.num_rows, hashes.data(), key > 0);
        }
      }
      for (idx_t row = 0; row < batch.num_rows; ++row) {
        if (slices > 1 &&
            static_cast<int64_t>(hashes[row] % static_cast<uint64_t>(slices)) != slice)
          continue;
        std::optional<ChangeEvent::Kind> kind = eventKind(batch, row);
        if (!kind)
          continue;
        ChangeEvent event;
        event.kind = *kind;
        event.sequence = batch.columns[layout.sequence_in_query].getValue(row);
        for (size_t column = 0; column < layout.data.size(); ++column) {
          const Vector& vector = batch.columns[layout.data_in_query[column]];
          event.row.push_back(event.kind == ChangeEvent::Kind::kTruncate
                                  ? Value::null(data_types_[column])
                                  : asDataType(vector.getValue(row), vector.type(), column));
        }
        events.push_back(std::move(event));
      }
    }
    return events;
  }

  //! The events that turn the target into the snapshot whose rows are `rows` (read as upserts):
  //! checked for duplicate keys and for a version above the last snapshot's.
  std::vector<ChangeEvent> snapshotEvents(const ChangeState& state, std::vector<ChangeEvent> rows) {
    Value version = batch_.snapshot_version ? *batch_.snapshot_version
                    : rows.empty()          ? Value::timestamp(epochMicros())
                                            : rows.front().sequence;
    if (last_snapshot_version_ && compareSequences(version, *last_snapshot_version_) <= 0) {
      throw Error(
          ErrorClass::APPLY_CHANGES_FROM_SNAPSHOT_ERROR, "OUT_OF_ORDER_SNAPSHOT_VERSION",
          fmt::format("The AUTO CDC FROM SNAPSHOT flow {} got the snapshot version {} "
                      "after {}; snapshots are processed in increasing version order.",
                      flowName(), elementText(version), elementText(*last_snapshot_version_)));
    }
    std::vector<std::vector<Value>> snapshot;
    for (ChangeEvent& row : rows)
      snapshot.push_back(std::move(row.row));
    SnapshotDiff diff = state.diffSnapshot(std::move(snapshot), version);
    if (diff.duplicate_key) {
      std::vector<std::string> parts;
      for (const Value& value : *diff.duplicate_key)
        parts.push_back(elementText(value));
      throw Error(ErrorClass::APPLY_CHANGES_FROM_SNAPSHOT_ERROR, "DUPLICATE_KEY_VIOLATION",
                  fmt::format("Found {} rows for key '{}' in the snapshot of the flow {}. Expected "
                              "at most 1 row per key.",
                              diff.duplicate_count, fmt::join(parts, ", "), flowName()));
    }
    last_snapshot_version_ = version;
    return std::move(diff.events);
  }

  //! The state table's rows of `events`.
  std::vector<std::vector<Value>> stateRows(std::vector<ChangeEvent> events) const {
    std::vector<std::vector<Value>> rows;
    for (ChangeEvent& event : events) {
      std::vector<Value> row = std::move(event.row);
      row.push_back(event.sequence);
      row.push_back(Value::string(std::string(kindName(event.kind))));
      row.push_back(Value::timestamp(event.applied_at));
      rows.push_back(std::move(row));
    }
    return rows;
  }

  //! The state table's bookkeeping rows: the last snapshot's version, the last TRUNCATE.
  std::vector<std::vector<Value>> bookkeepingRows(std::optional<ChangeEvent> truncation) const {
    std::vector<ChangeEvent> events;
    if (truncation)
      events.push_back(std::move(*truncation));
    std::vector<std::vector<Value>> rows = stateRows(std::move(events));
    if (last_snapshot_version_) {
      std::vector<Value> row;
      for (const DataType& type : data_types_)
        row.push_back(Value::null(type));
      row.push_back(*last_snapshot_version_);
      row.push_back(Value::string(kCdcSnapshotKind));
      row.push_back(Value::timestamp(epochMicros()));
      rows.push_back(std::move(row));
    }
    return rows;
  }

  //! Where the target's rows of the `changed` keys are.
  std::map<std::string, std::vector<uint64_t>> targetPositions(
      std::vector<std::vector<Value>> changed) const {
    const delta::Snapshot& target = *target_snapshot_;
    if (target.files.empty())
      return {};
    ChangeKeySet keys(keyTypes());
    for (std::vector<Value>& key : changed)
      keys.add(std::move(key));
    keys.seal();
    KeyedRowsRequest request;
    request.key_columns = *keyColumnIndexes(target.schema, keyNames(), keyTypes());
    request.keys = &keys;
    request.with_values = false;
    return findKeyedRows(target, request).positionsOf([](const KeyedRow&) { return true; });
  }

  //! The target's rows `state` gives for `keys` (all or the changed ones), in the target's
  //! columns, matched by name (a column the flow no longer selects is NULL).
  std::vector<std::vector<Value>> targetRows(const ChangeState& state,
                                             ChangeState::Keys keys) const {
    const std::vector<StructField>& layout_columns = batch_.layout.target;
    const std::vector<StructField>& table_columns = batch_.target_definition.schema;
    std::vector<std::optional<size_t>> source;
    for (const StructField& column : table_columns) {
      std::optional<size_t> found;
      for (size_t index = 0; index < layout_columns.size(); ++index) {
        if (sameIdentifier(layout_columns[index].name, column.name))
          found = index;
      }
      source.push_back(found);
    }
    std::vector<std::vector<Value>> rows;
    for (std::vector<Value>& row : state.targetRows(keys)) {
      std::vector<Value> out;
      for (size_t column = 0; column < table_columns.size(); ++column) {
        out.push_back(source[column] ? std::move(row[*source[column]])
                                     : Value::null(table_columns[column].type));
      }
      rows.push_back(std::move(out));
    }
    return rows;
  }

  //! `value`, of type `type`, in the type the batch keeps data column `column` in.
  Value asDataType(Value value, const DataType& type, size_t column) const {
    if (value.isNull() || type.sameStructure(data_types_[column]))
      return value;
    return castValue(exec_, value, data_types_[column]);
  }

  const ChangeBatch& batch_;
  const ExecContext& exec_;
  //! Per data column of the layout: the type its values are kept in, the target's.
  std::vector<DataType> data_types_;
  //! The state table as the batch read it (absent before the first batch).
  std::optional<delta::Snapshot> state_snapshot_;
  //! The target as read, when the batch replaces rows by key.
  std::optional<delta::Snapshot> target_snapshot_;
  //! FROM SNAPSHOT: the version of the last snapshot applied.
  std::optional<Value> last_snapshot_version_;
};

}  // namespace

ChangeBatchResult applyChangeBatch(const ChangeBatch& batch, LogicalOperatorPtr plan,
                                   const ExecContext& exec) {
  return ChangeBatchRun(batch, exec).run(std::move(plan));
}

std::string changeStateLocation(const std::string& pipeline_folder, const std::string& target_key) {
  return (std::filesystem::path(pipeline_folder) / "cdc" / escapedFileName(target_key)).string();
}

int64_t tombstoneRetention(const Dataset& target, const Flow& flow) {
  std::optional<std::string> text;
  if (target.spec != nullptr) {
    for (const sql::Property& property : target.spec->properties) {
      if (property.key == kTombstoneProperty)
        text = property.value;
    }
  }
  if (!text) {
    auto setting = flow.context.settings.find(kTombstoneProperty);
    if (setting != flow.context.settings.end())
      text = setting->second;
  }
  if (!text)
    return kDefaultTombstoneSeconds * 1000000;
  try {
    size_t used = 0;
    int64_t seconds = std::stoll(*text, &used);
    if (used != text->size() || seconds < 0)
      throw std::invalid_argument(*text);
    return seconds * 1000000;
  } catch (const std::exception&) {
    throw Error(
        ErrorClass::INVALID_CONF_VALUE,
        fmt::format("The value '{}' of {} is not a number of seconds.", *text, kTombstoneProperty));
  }
}

int64_t eventsPerSlice(const Flow& flow) {
  auto setting = flow.context.settings.find(kEventsPerSliceSetting);
  if (setting == flow.context.settings.end())
    return ChangeBatch{}.events_per_slice;
  try {
    size_t used = 0;
    int64_t events = std::stoll(setting->second, &used);
    if (used != setting->second.size() || events <= 0)
      throw std::invalid_argument(setting->second);
    return events;
  } catch (const std::exception&) {
    throw Error(ErrorClass::INVALID_CONF_VALUE,
                fmt::format("The value '{}' of {} is not a positive number of events.",
                            setting->second, kEventsPerSliceSetting));
  }
}

}  // namespace sluice

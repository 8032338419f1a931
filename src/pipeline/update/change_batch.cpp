// src/pipeline/update/change_batch.cpp
#include "pipeline/update/change_batch.hpp"

#include <filesystem>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "catalog/catalog_entry.hpp"
#include "common/clock.hpp"
#include "common/text/ascii_case.hpp"
#include "exec/chain/plan_executor.hpp"
#include "exec/parallel/task_scheduler.hpp"
#include "exec/physical_planner.hpp"
#include "exec/plan_optimization.hpp"
#include "function/cast/cast.hpp"
#include "function/scalar/collection/collection_common.hpp"
#include "pipeline/update/change_state.hpp"
#include "pipeline/update/change_state_columns.hpp"
#include "pipeline/update/crash_point.hpp"
#include "pipeline/update/pipeline_update.hpp"
#include "storage/delta/log_store.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

namespace {

// The state table's columns after the data columns, and the properties recording the flow.
constexpr const char* kKindColumn = kCdcKindColumn;
constexpr const char* kAppliedAtColumn = kCdcAppliedAtColumn;
constexpr const char* kSnapshotKind = kCdcSnapshotKind;
constexpr const char* kKeysProperty = "sluice.cdc.keys";
constexpr const char* kScdTypeProperty = "sluice.cdc.scdType";
constexpr const char* kSequenceTypeProperty = "sluice.cdc.sequenceType";
constexpr const char* kTrackHistoryProperty = "sluice.cdc.trackHistory";
constexpr const char* kTombstoneProperty = "pipelines.cdc.tombstoneGCThresholdInSeconds";
constexpr int64_t kDefaultTombstoneSeconds = 2 * 24 * 60 * 60;
constexpr idx_t kRowsPerBatch = 2048;

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
  schema.push_back(StructField{kKindColumn, DataType::string(), false, {}});
  schema.push_back(StructField{kAppliedAtColumn, DataType::timestamp(), false, {}});
  return schema;
}

//! Writes `rows` (in `schema`'s columns) as the whole content of the table at `location`.
int64_t overwriteTable(const std::string& location, const delta::TableDefinition& definition,
                       const std::vector<std::vector<Value>>& rows, const ChangeBatch& batch,
                       delta::TableWriteResult* written = nullptr) {
  delta::TableWriteOptions options;
  options.mode = delta::WriteMode::kOverwrite;
  options.definition = definition;
  options.app_id = batch.app_id;
  options.app_version = batch.batch_id;
  options.operation = "STREAMING UPDATE";
  delta::DeltaTableWriter writer(location, std::move(options));
  const std::vector<StructField>& schema = definition.schema;
  for (size_t first = 0; first < rows.size(); first += kRowsPerBatch) {
    idx_t count = std::min<size_t>(kRowsPerBatch, rows.size() - first);
    Batch out;
    out.num_rows = count;
    for (size_t column = 0; column < schema.size(); ++column) {
      Vector vector(schema[column].type, count);
      for (idx_t row = 0; row < count; ++row)
        vector.setValue(row, rows[first + row][column]);
      out.columns.push_back(std::move(vector));
    }
    writer.write(out);
  }
  delta::TableWriteResult result = writer.commit();
  if (written != nullptr)
    *written = result;
  return result.version;
}

class ChangeBatchRun {
 public:
  ChangeBatchRun(const ChangeBatch& batch, const ExecContext& exec)
      : batch_(batch), exec_(exec), state_(batch.layout) {
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
    ChangeBatchResult result;
    bool applied = loadState();
    if (!applied) {
      std::vector<ChangeEvent> events = readEvents(std::move(plan));
      if (batch_.layout.from_snapshot)
        events = snapshotEvents(std::move(events));
      ChangeCounts counts =
          state_.apply(std::move(events), epochMicros(), batch_.tombstone_retention);
      result.num_upserted_rows = counts.upserted;
      result.num_deleted_rows = counts.deleted;
      writeState();
      crashPoint("cdc-state-written");
      // A batch that upserts and deletes nothing (replayed or stale events, a snapshot equal
      // to the target) leaves the target's rows as they are: no commit, so that readers of the
      // target see no change. A recovery that finds the state applied rewrites it anyway.
      if (counts.upserted == 0 && counts.deleted == 0)
        return result;
    }
    std::vector<std::vector<Value>> rows = targetRows();
    delta::TableWriteResult written;
    result.committed_version =
        overwriteTable(batch_.target_location, batch_.target_definition, rows, batch_, &written);
    result.num_output_rows = written.num_rows;
    return result;
  }

 private:
  std::string flowName() const { return batch_.flow->name.quoted(); }
  std::string targetName() const { return batch_.flow->target.quoted(); }

  //! Reads the stored state; true when it holds this batch already (an update stopped after
  //! writing it).
  bool loadState() {
    if (!delta::tableExists(batch_.state_location))
      return false;
    delta::Snapshot snapshot = delta::openSnapshot(batch_.state_location);
    checkUnchanged(snapshot.metadata.configuration);
    std::vector<std::string> names;
    for (const StructField& field : snapshot.schema)
      names.push_back(field.name);
    auto column = [&](std::string_view name) -> std::optional<size_t> {
      for (size_t index = 0; index < names.size(); ++index) {
        if (sameIdentifier(names[index], name))
          return index;
      }
      return std::nullopt;
    };
    std::vector<std::optional<size_t>> data_columns;
    for (const StructField& field : batch_.layout.data)
      data_columns.push_back(column(field.name));
    const std::vector<StructField>& stored = snapshot.schema;
    size_t sequence = *column(kCdcSequenceColumn);
    size_t kind = *column(kKindColumn);
    size_t applied_at = *column(kAppliedAtColumn);
    delta::DeltaTableScan scan(snapshot);
    Batch rows;
    while (scan.next(rows)) {
      for (idx_t row = 0; row < rows.num_rows; ++row) {
        ChangeEvent event;
        std::string kind_name = rows.columns[kind].getValue(row).getString();
        if (kind_name == kSnapshotKind) {
          last_snapshot_version_ = rows.columns[sequence].getValue(row);
          continue;
        }
        event.kind = kind_name == "DELETE"     ? ChangeEvent::Kind::kDelete
                     : kind_name == "TRUNCATE" ? ChangeEvent::Kind::kTruncate
                                               : ChangeEvent::Kind::kUpsert;
        event.sequence = rows.columns[sequence].getValue(row);
        event.applied_at = rows.columns[applied_at].getValue(row).getInt64();
        for (size_t index = 0; index < data_columns.size(); ++index) {
          event.row.push_back(data_columns[index]
                                  ? asDataType(rows.columns[*data_columns[index]].getValue(row),
                                               stored[*data_columns[index]].type, index)
                                  : Value::null(data_types_[index]));
        }
        state_.restore(std::move(event));
      }
    }
    std::optional<int64_t> applied = snapshot.transactionVersion(batch_.app_id);
    return applied && *applied >= batch_.batch_id;
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

  //! The events of the batch's rows, in arrival order, after checking them.
  std::vector<ChangeEvent> readEvents(LogicalOperatorPtr plan) {
    const ChangeCaptureLayout& layout = batch_.layout;
    LogicalOperatorPtr optimized = optimizePlan(std::move(plan), exec_);
    PhysicalOperatorPtr physical = createPhysicalPlan(*optimized, exec_);
    std::vector<Batch> batches = PlanExecutor(exec_, TaskScheduler::shared()).run(*physical);
    std::vector<ChangeEvent> events;
    int64_t null_sequences = 0;
    std::vector<int64_t> null_keys(layout.keys.size(), 0);
    for (const Batch& batch : batches) {
      for (idx_t row = 0; row < batch.num_rows; ++row) {
        ChangeEvent event;
        std::optional<std::string> change_type;
        if (layout.change_type_in_query) {
          Value value = batch.columns[*layout.change_type_in_query].getValue(row);
          if (!value.isNull())
            change_type = value.getString();
        }
        // A change feed's pre-image says what an update replaced, not a change of its own.
        if (change_type == "update_preimage")
          continue;
        event.sequence = batch.columns[layout.sequence_in_query].getValue(row);
        if (layout.truncate_in_query && isTrue(batch.columns[*layout.truncate_in_query], row))
          event.kind = ChangeEvent::Kind::kTruncate;
        else if (layout.delete_in_query ? isTrue(batch.columns[*layout.delete_in_query], row)
                                        : change_type == "delete")
          event.kind = ChangeEvent::Kind::kDelete;
        for (size_t column = 0; column < layout.data.size(); ++column) {
          const Vector& vector = batch.columns[layout.data_in_query[column]];
          event.row.push_back(event.kind == ChangeEvent::Kind::kTruncate
                                  ? Value::null(data_types_[column])
                                  : asDataType(vector.getValue(row), vector.type(), column));
        }
        if (event.sequence.isNull())
          ++null_sequences;
        // A TRUNCATE concerns no key: its key columns may be NULL.
        for (size_t key = 0; key < layout.keys.size(); ++key) {
          if (event.kind != ChangeEvent::Kind::kTruncate && event.row[layout.keys[key]].isNull())
            ++null_keys[key];
        }
        events.push_back(std::move(event));
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
    return events;
  }

  //! The events that turn the target into the snapshot whose rows are `rows` (read as upserts):
  //! checked for duplicate keys and for a version above the last snapshot's.
  std::vector<ChangeEvent> snapshotEvents(std::vector<ChangeEvent> rows) {
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
    SnapshotDiff diff = state_.diffSnapshot(std::move(snapshot), version);
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

  void writeState() {
    std::vector<std::vector<Value>> rows;
    if (last_snapshot_version_) {
      std::vector<Value> row;
      for (const DataType& type : data_types_)
        row.push_back(Value::null(type));
      row.push_back(*last_snapshot_version_);
      row.push_back(Value::string(kSnapshotKind));
      row.push_back(Value::timestamp(epochMicros()));
      rows.push_back(std::move(row));
    }
    for (ChangeEvent& event : state_.events()) {
      std::vector<Value> row = std::move(event.row);
      row.push_back(event.sequence);
      row.push_back(Value::string(std::string(kindName(event.kind))));
      row.push_back(Value::timestamp(event.applied_at));
      rows.push_back(std::move(row));
    }
    delta::TableDefinition definition;
    definition.schema = stateSchema(batch_.layout, data_types_);
    definition.properties = stateProperties(batch_.layout);
    overwriteTable(batch_.state_location, definition, rows, batch_);
  }

  //! The state's rows in the target's columns, matched by name (a column the flow no longer
  //! selects is NULL).
  std::vector<std::vector<Value>> targetRows() const {
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
    for (std::vector<Value>& row : state_.targetRows()) {
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
  ChangeState state_;
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

}  // namespace sluice

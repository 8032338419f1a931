// src/pipeline/graph/change_capture.hpp
//
// What an AUTO CDC flow reads and writes, decided from its clauses and its source's columns.
// The flow's query is made from the clauses: `SELECT *, <SEQUENCE BY> AS __sluice_cdc_sequence,
// <APPLY AS DELETE WHEN> AS __sluice_cdc_delete, <APPLY AS TRUNCATE WHEN> AS
// __sluice_cdc_truncate FROM <source>`, so the source and the conditions bind like any flow's
// query. The layout then says which of its columns the target keeps (COLUMNS), which are the
// keys, which columns IGNORE NULL UPDATES and TRACK HISTORY cover, and the target's columns:
// the kept ones, then __START_AT and __END_AT of the sequence's type for SCD type 2.
//
// A source that is a Delta change data feed (it has `_change_type`, as `STREAM t WITH
// (readChangeFeed = true)` and table_changes give) is read as a changelog: its pre-images
// (`update_preimage`) are passed over, and without APPLY AS DELETE WHEN a row is a delete when
// its `_change_type` is `delete`.
//
// FROM SNAPSHOT reads its source whole at each update: `SELECT *, current_timestamp() AS
// __sluice_cdc_sequence FROM <source>`, the snapshot's version being the time it was taken.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "pipeline/graph/dataflow_graph.hpp"

namespace sluice {

inline constexpr const char* kCdcSequenceColumn = "__sluice_cdc_sequence";
inline constexpr const char* kCdcDeleteColumn = "__sluice_cdc_delete";
inline constexpr const char* kCdcTruncateColumn = "__sluice_cdc_truncate";
inline constexpr const char* kScdStartColumn = "__START_AT";
inline constexpr const char* kScdEndColumn = "__END_AT";

//! An AUTO CDC FROM SNAPSHOT flow.
bool isSnapshotFlow(const Flow& flow);

//! The query of an AUTO CDC flow (see above), parsed.
std::shared_ptr<const sql::Statement> makeChangeQuery(const sql::AutoCdcSpec& cdc,
                                                      const std::string& source_name);

struct ChangeCaptureLayout {
  int scd_type = 1;
  //! FROM SNAPSHOT: each batch is a whole snapshot, compared with the target by key.
  bool from_snapshot = false;
  //! The columns the target keeps, in the source's order, and where each is in the query.
  std::vector<StructField> data;
  std::vector<size_t> data_in_query;
  //! The keys, as indexes into `data`, in KEYS order.
  std::vector<size_t> keys;
  //! Per data column: whether IGNORE NULL UPDATES keeps its old value, whether a change to it
  //! opens a new version (SCD type 2).
  std::vector<bool> ignore_null;
  std::vector<bool> tracked;
  //! Where the query has the sequence and the conditions (none when the clause is absent).
  size_t sequence_in_query = 0;
  std::optional<size_t> delete_in_query;
  std::optional<size_t> truncate_in_query;
  //! Where the query has `_change_type` when its source is a change data feed.
  std::optional<size_t> change_type_in_query;
  DataType sequence_type;
  //! The target's columns: `data`, then __START_AT and __END_AT for SCD type 2.
  std::vector<StructField> target;

  //! The key columns' names, for messages and the state's record of them.
  std::vector<std::string> keyNames() const;
  std::vector<std::string> trackedNames() const;
};

//! The layout of `flow` (AUTO CDC) over its query's columns; raises the AUTOCDC_* errors of
//! names the source does not have, a key COLUMNS leaves out, an unorderable sequence and a
//! source column SCD type 2 reserves.
ChangeCaptureLayout resolveChangeCapture(const Flow& flow,
                                         const std::vector<StructField>& query_columns);

}  // namespace sluice

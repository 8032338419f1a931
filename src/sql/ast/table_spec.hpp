// src/sql/ast/table_spec.hpp
//
// The parts of the pipeline statements that describe a dataset and its flows: a TableSpec (the
// column list with expectations and keys, and the table clauses) and a FlowSpec (what a flow
// writes: AS query, INSERT ... BY NAME query, or AUTO CDC). CREATE TABLE, CREATE STREAMING
// TABLE, CREATE MATERIALIZED VIEW and CREATE FLOW share them, so that the pipeline layer reads
// every dataset and every flow the same way. Every part keeps the position of its first token.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sql/ast/query.hpp"

namespace sluice::sql {

//! What happens to a row that fails an expectation.
enum class ExpectationAction : uint8_t {
  kWarn,        // no ON VIOLATION: keep the row, count the failure
  kDropRow,     // ON VIOLATION DROP ROW
  kFailUpdate,  // ON VIOLATION FAIL UPDATE
};

//! CONSTRAINT name EXPECT (condition) [ON VIOLATION DROP ROW | FAIL UPDATE].
struct Expectation {
  std::string name;
  ExprPtr condition;
  ExpectationAction action = ExpectationAction::kWarn;
  SourcePosition position;

  bool equals(const Expectation& other) const;
};

//! An informational PRIMARY KEY or FOREIGN KEY; sluice records it and never enforces it. As a
//! column property it applies to that column and `columns` is empty.
struct KeyConstraint {
  enum class Kind : uint8_t { kPrimaryKey, kForeignKey };
  Kind kind = Kind::kPrimaryKey;
  std::string name;                             // CONSTRAINT name; empty when not written
  std::vector<std::string> columns;             // PRIMARY KEY (a, b) / FOREIGN KEY (a)
  std::vector<std::string> referenced_table;    // REFERENCES t
  std::vector<std::string> referenced_columns;  // REFERENCES t (c); may be empty
  SourcePosition position;

  bool operator==(const KeyConstraint& other) const {
    return kind == other.kind && name == other.name && columns == other.columns &&
           referenced_table == other.referenced_table &&
           referenced_columns == other.referenced_columns;
  }
};

//! GENERATED { ALWAYS | BY DEFAULT } AS IDENTITY [(START WITH n INCREMENT BY m)].
struct IdentitySpec {
  bool always = true;
  std::optional<std::string> start;  // the integer as written, sign included
  std::optional<std::string> increment;

  bool operator==(const IdentitySpec& other) const = default;
};

//! name [type] [NOT NULL] [GENERATED ALWAYS AS (expr) | GENERATED ... AS IDENTITY]
//! [DEFAULT expr] [COMMENT 'text'] [MASK f [USING COLUMNS (c, ...)]] [PRIMARY KEY | REFERENCES].
//! The type may be left out only where the statement allows it (a materialized view's list);
//! the pipeline layer decides.
struct ColumnSpec {
  std::string name;
  std::optional<DataType> type;
  bool not_null = false;
  ExprPtr generated;  // GENERATED ALWAYS AS (expr)
  std::optional<IdentitySpec> identity;
  ExprPtr default_value;
  std::optional<std::string> comment;
  std::vector<std::string> mask;                // MASK function; empty when none
  std::vector<std::string> mask_using_columns;  // MASK f USING COLUMNS (c, ...)
  std::optional<KeyConstraint> key;             // PRIMARY KEY or REFERENCES on this column
  SourcePosition position;

  bool equals(const ColumnSpec& other) const;
};

//! CLUSTER BY (columns) | CLUSTER BY AUTO | CLUSTER BY NONE.
struct Clustering {
  enum class Kind : uint8_t { kColumns, kAuto, kNone };
  Kind kind = Kind::kColumns;
  std::vector<std::string> columns;
  SourcePosition position;

  bool operator==(const Clustering& other) const {
    return kind == other.kind && columns == other.columns;
  }
};

//! WITH ROW FILTER function ON (columns).
struct RowFilter {
  std::vector<std::string> function;
  std::vector<std::string> columns;  // may be empty: ON ()
  SourcePosition position;

  bool operator==(const RowFilter& other) const {
    return function == other.function && columns == other.columns;
  }
};

//! The column list and the table clauses of a dataset, in any order the statement allows.
//! REFRESH POLICY of a materialized view: whether its refreshes may, should or must be
//! incremental (Databricks' clause; AUTO when it is not written).
enum class RefreshPolicy : uint8_t { kAuto, kIncremental, kIncrementalStrict, kFull };

//! "AUTO", "INCREMENTAL", "INCREMENTAL STRICT", "FULL".
std::string_view refreshPolicyName(RefreshPolicy policy);

struct TableSpec {
  bool has_column_list = false;  // a parenthesised list was written, even one of constraints only
  std::vector<ColumnSpec> columns;
  std::vector<Expectation> expectations;
  std::vector<KeyConstraint> keys;  // table-level PRIMARY KEY / FOREIGN KEY

  bool using_delta = false;  // USING DELTA (the only format sluice writes)
  std::vector<std::string> partition_columns;
  std::optional<Clustering> clustering;
  std::optional<std::string> location;
  std::optional<std::string> comment;
  std::vector<Property> properties;  // TBLPROPERTIES
  std::optional<RowFilter> row_filter;
  std::optional<RefreshPolicy> refresh_policy;
  SourcePosition refresh_policy_position;

  bool equals(const TableSpec& other) const;
};

//! Which columns an AUTO CDC clause names: *, (a, b), or * EXCEPT (a, b).
struct ColumnSelection {
  enum class Kind : uint8_t { kAll, kList, kAllExcept };
  Kind kind = Kind::kAll;
  std::vector<std::string> columns;
  SourcePosition position;

  bool operator==(const ColumnSelection& other) const {
    return kind == other.kind && columns == other.columns;
  }
};

//! The change-data-capture part of AUTO CDC (and of the legacy APPLY CHANGES INTO):
//!   FROM source KEYS (k, ...) [IGNORE NULL UPDATES [ON selection]]
//!   [APPLY AS DELETE WHEN cond] [APPLY AS TRUNCATE WHEN cond] SEQUENCE BY expr
//!   [COLUMNS selection] [STORED AS SCD TYPE 1 | 2] [TRACK HISTORY ON selection]
//! With FROM SNAPSHOT (sluice's SQL spelling of create_auto_cdc_from_snapshot_flow) the source
//! is a snapshot table and only KEYS, STORED AS and TRACK HISTORY apply.
struct AutoCdcSpec {
  bool from_snapshot = false;
  TableRefPtr source;  // a NamedTableRef or TableFunctionRef, `stream` set for STREAM(...)
  std::vector<std::string> keys;
  bool ignore_null_updates = false;
  std::optional<ColumnSelection> ignore_null_updates_on;
  ExprPtr apply_as_delete;
  ExprPtr apply_as_truncate;
  ExprPtr sequence_by;
  std::optional<ColumnSelection> columns;
  std::optional<int> scd_type;  // STORED AS SCD TYPE n; nullopt when not written (type 1)
  std::optional<ColumnSelection> track_history;
  SourcePosition position;

  bool equals(const AutoCdcSpec& other) const;
};

//! What a flow writes into its target.
struct FlowSpec {
  enum class Kind : uint8_t {
    kNone,     // CREATE STREAMING TABLE t with no query: flows come from CREATE FLOW
    kQuery,    // AS query
    kInsert,   // [FLOW] INSERT [ONCE] ... BY NAME query
    kAutoCdc,  // [FLOW] AUTO CDC [ONCE] ...
  };
  Kind kind = Kind::kNone;
  bool once = false;
  bool by_name = false;  // BY NAME; CREATE FLOW ... INSERT INTO t query may leave it out
  QueryPtr query;        // kQuery, kInsert
  AutoCdcSpec cdc;       // kAutoCdc
  SourcePosition position;

  bool equals(const FlowSpec& other) const;
};

}  // namespace sluice::sql

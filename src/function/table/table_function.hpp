// src/function/table/table_function.hpp
//
// Table functions (range, read_files, table_changes, event_log) and the reader of stored tables,
// found by name in a TableFunctionRegistry. The binder folds a call's arguments to constants and
// hands them over; the function checks them, decides its columns (reading files to infer a schema
// if it must) and returns a TableSource, which the planner treats as opaque apart from the
// few facts it asks of it (EXPLAIN text, a size, whether it skips data by predicates). The
// execution layer, which implements every function, turns the source into a physical scan.
//
// So the planner binds every kind of scan through this interface and includes nothing of the
// storage layer.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/error/error.hpp"
#include "common/types/data_type.hpp"
#include "common/types/value.hpp"
#include "function/function.hpp"

namespace sluice {

//! One argument of a call, folded: `name` is empty for a positional argument.
struct TableFunctionArgument {
  std::string name;
  Value value;
  SourceLocation location;  // of the argument, for errors about it
};

//! Chooses what a streaming read of files takes in the current batch of its flow (STREAM
//! read_files(...) in a pipeline): the files of the listing that no earlier batch read.
class FileStreamSelector {
 public:
  virtual ~FileStreamSelector() = default;
  //! Of `paths` (absolute, sorted), listed for the read of `location`, those to read now.
  virtual std::vector<std::string> selectFiles(const std::string& location,
                                               const std::vector<std::string>& paths) const = 0;
};

//! A stored table found by its name.
struct StoredTableName {
  std::string location;
  std::string display_name;
};

//! What a table function is bound with.
struct TableFunctionInput {
  std::vector<TableFunctionArgument> arguments;
  //! The call, for errors about it as a whole.
  SourceLocation location;
  const ExecContext* exec = nullptr;
  //! Parses a DDL column list ("a INT, b STRUCT<c: STRING>"), as the schema options of
  //! read_files take it; raises the parser's errors.
  std::function<std::vector<StructField>(std::string_view ddl)> parse_columns;
  //! STREAM function(...): a streaming read.
  bool stream = false;
  //! The folder relative file paths are read from (a pipeline's spec folder); empty: the
  //! process's current folder.
  std::string relative_path_base;
  //! Where a pipeline flow's streaming reads of files are decided; null outside a pipeline.
  const FileStreamSelector* file_stream = nullptr;
  //! f(TABLE(t)): t qualified as catalog, schema, table; empty without a TABLE argument.
  std::vector<std::string> table_argument;
  SourceLocation table_argument_location;

  //! Finds the stored table a name names as a query would ("t", "s.t", delta.`/path`):
  //! its location and its name for plans and errors. Raises TABLE_OR_VIEW_NOT_FOUND, and
  //! EXPECT_TABLE_NOT_VIEW for a view. Unset where no table can be named.
  std::function<StoredTableName(std::string_view name)> resolve_table;

  //! The positional arguments, in order.
  std::vector<const TableFunctionArgument*> positional() const;
};

//! A bound table function call or stored table: what a scan of the plan reads.
class TableSource {
 public:
  virtual ~TableSource() = default;
  //! The EXPLAIN line: "FileScan json [a, b] 3 files", "Range [BIGINT 0, BIGINT 9, BIGINT 1]".
  //! `read_columns` lists the columns read, comma-separated.
  virtual std::string explain(const std::string& read_columns) const = 0;
  //! The bytes stored behind the source, when it reads files; nullopt otherwise.
  virtual std::optional<double> storedBytes() const { return std::nullopt; }
  //! The rows the source makes, when known without reading data.
  virtual std::optional<double> rowCount() const { return std::nullopt; }
  //! Whether the scan uses pushed-down predicates to skip files or row groups.
  virtual bool skipsByPredicates() const { return false; }
  //! How many of the last columns `*` leaves out (read_files' `_metadata`).
  virtual size_t hiddenColumns() const { return 0; }
  //! Names the data the source reads (a table's version, files' sizes and modification
  //! times): two bindings with the same text read the same rows. Nullopt when the source
  //! cannot tell, so that a reader always counts it as changed (a materialized view's refresh).
  virtual std::optional<std::string> contentVersion() const { return std::nullopt; }
};

//! A table function call, bound: its output columns and the source that makes them.
struct TableFunctionBinding {
  std::vector<std::string> column_names;
  std::vector<DataType> column_types;
  std::shared_ptr<const TableSource> source;
};

class TableFunction {
 public:
  virtual ~TableFunction() = default;
  //! The name it is called by, lower case.
  virtual std::string_view name() const = 0;
  //! Checks the arguments and decides the output; raises the function's errors, located at
  //! the argument or the call.
  virtual TableFunctionBinding bind(const TableFunctionInput& input) const = 0;
  //! Whether it takes a table as its first argument, f(TABLE(t), ...).
  virtual bool takesTableArgument() const { return false; }
};

//! A version of a stored table to read: the latest, a version number or the last version
//! committed at or before a time (VERSION AS OF, TIMESTAMP AS OF).
struct TableVersion {
  std::optional<int64_t> version;
  std::optional<int64_t> timestamp_ms;
};

//! Reads the tables that the catalog names (Delta tables, by location).
class StoredTableReader {
 public:
  virtual ~StoredTableReader() = default;
  //! The table at `location` at `version`; `display_name` names it in plans and errors.
  virtual TableFunctionBinding bindTable(const std::string& location,
                                         const std::string& display_name,
                                         const TableVersion& version) const = 0;
};

//! The table functions known by name, and the reader of stored tables. Copies share the
//! functions, so that a pipeline can extend the built-in set with its own.
class TableFunctionRegistry {
 public:
  //! Adds `function`, replacing one of the same name.
  void add(std::shared_ptr<const TableFunction> function);
  //! The function named `name` (case-insensitive), or null.
  const TableFunction* find(std::string_view name) const;

  void setTableReader(std::shared_ptr<const StoredTableReader> reader) {
    table_reader_ = std::move(reader);
  }
  //! The reader of stored tables; null when none was set.
  const StoredTableReader* tableReader() const { return table_reader_.get(); }

 private:
  std::map<std::string, std::shared_ptr<const TableFunction>, std::less<>> functions_;
  std::shared_ptr<const StoredTableReader> table_reader_;
};

}  // namespace sluice

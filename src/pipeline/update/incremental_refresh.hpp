// src/pipeline/update/incremental_refresh.hpp
//
// The incremental techniques of a materialized view's refresh, over pipeline tables that only
// had files appended since the view's last refresh. The query is bound twice: over its
// inputs as they stand, and over only the rows appended to the changed tables (the others
// whole, at the same versions).
//
// APPEND_ONLY: the changed rows pass only through projections, filters, generators and joins
// whose other side did not change (for an outer join, the changed side is the preserved
// one), and each changed table is read once: the query over the new rows is appended to the
// view.
//
// GROUP_AGGREGATE: the query is an aggregate of count, count(DISTINCT), sum, min and max (no
// HAVING) whose keys and results are the view's columns as they are: the aggregate over the new
// rows and the view's rows are aggregated again (counts and sums summed, min of mins, max of
// maxes), so that the update reads only the new rows and the view. A count(DISTINCT) keeps the
// distinct (group keys, values) pairs it has counted as state, a table beside the view
// (view_distinct_state.hpp): the new rows' pairs that the state lacks are added to it, and
// their number per group to the count.
//
// GENERIC_AGGREGATE: the query is a grouped aggregate (with its HAVING and final projection)
// over such an input, and every group key is a column of the view: the keys of the new rows
// are computed, those groups recomputed from the whole input restricted to them (a semi
// join), and the view overwritten in one commit with its other rows (an anti join) and the
// recomputed groups. Any aggregate works this way: count(DISTINCT), percentiles, avg.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "pipeline/update/flow_inputs.hpp"
#include "pipeline/update/view_refresh_planning.hpp"
#include "storage/delta/actions.hpp"

namespace sluice {

//! The bytes of some files of a table, and their rows when every file's statistics count them.
struct FilesSize {
  double bytes = 0;
  std::optional<double> rows;
};
FilesSize filesSize(const std::vector<delta::AddFile>& files);

//! Reads each pipeline table a materialized view's query reads whole, at its latest version
//! (or at `versions` when given), and of the tables in `appended` only those files. Remembers
//! what it read.
class ViewInputReads : public DatasetReads {
 public:
  explicit ViewInputReads(const DatasetLocations& locations,
                          std::map<std::string, int64_t> versions = {},
                          std::map<std::string, std::vector<delta::AddFile>> appended = {});

  TableFunctionBinding read(const Dataset& dataset, const std::vector<StructField>& schema,
                            const DatasetReadMode& mode) const override;
  TableFunctionBinding streamTable(const QualifiedTableName& name, const std::string& location,
                                   const DatasetReadMode& mode) const override;

  //! The version each table was read at, by dataset key.
  const std::map<std::string, int64_t>& versions() const { return versions_; }
  //! The folder and the size of each table read (of its live files), by dataset key.
  const std::map<std::string, std::string>& locations() const { return locations_read_; }
  const std::map<std::string, FilesSize>& sizes() const { return sizes_; }
  //! The sources of the scans of the tables in `keys` (all tables read when null).
  std::set<const TableSource*> scansOf(const std::set<std::string>* keys) const;

 private:
  const DatasetLocations& locations_;
  std::map<std::string, std::vector<delta::AddFile>> appended_;
  mutable std::map<std::string, int64_t> versions_;
  mutable std::map<std::string, std::string> locations_read_;
  mutable std::map<std::string, FilesSize> sizes_;
  mutable std::map<const TableSource*, std::string> scans_;
};

//! How the tables `now` read changed since `last` read them; the files appended to each
//! changed table go to `appended`.
SourceChanges sourceChanges(const ViewRefreshRecord& last, const ViewInputReads& now,
                            std::map<std::string, std::vector<delta::AddFile>>& appended);

//! APPEND_ONLY, GROUP_AGGREGATE and GENERIC_AGGREGATE, each with the issues of `plan`'s shape that
//! rule it out; `changed_scans` are the scans of the changed tables. A view with expectations is
//! only appended to (its other rows would be counted again). Without `distinct_states_current`
//! (the states of its count(DISTINCT)s are not as the last refresh left them),
//! GROUP_AGGREGATE does not apply to a view with a count(DISTINCT).
std::vector<TechniqueInformation> incrementalTechniques(
    const LogicalOperator& plan, const std::set<const TableSource*>& changed_scans,
    bool has_expectations, const std::vector<StructField>& view_schema,
    bool distinct_states_current = true);

//! GROUP_AGGREGATE's plan, giving every row of the refreshed view: `new_rows` is the query
//! bound over the new rows, `view_rows` the view's table as it stands (columns `view_schema`),
//! `unseen_pairs` for each count(DISTINCT) of the query the new rows' pairs that its state had
//! not seen (unseenPairsPlan's rows, as written to the state). Without `view_rows`, over all
//! rows and each whole state, it is a recompute that takes the count(DISTINCT)s from the
//! states rather than count them again.
LogicalOperatorPtr groupAggregatePlan(LogicalOperatorPtr new_rows,
                                      std::optional<TableFunctionBinding> view_rows,
                                      const std::vector<StructField>& view_schema,
                                      std::vector<TableFunctionBinding> unseen_pairs = {});

//! The columns of the state of each count(DISTINCT) of a view GROUP_AGGREGATE can refresh
//! (none for another shape): the group keys `key0`, `key1`, ..., then the counted values
//! `value0`, ...
std::vector<std::vector<StructField>> distinctStateSchemas(
    const LogicalOperator& plan, const std::vector<StructField>& view_schema);

//! The rows of the state of the `index`-th count(DISTINCT) of `view_plan` (the view's query,
//! bound over the rows to count): the distinct pairs of group keys and counted values, without
//! NULL values and rows its FILTER passes over.
LogicalOperatorPtr distinctPairsPlan(LogicalOperatorPtr view_plan,
                                     const std::vector<StructField>& view_schema, size_t index);

//! The pairs of `pairs` (distinctPairsPlan over the new rows) that `state` lacks;
//! `pairs_again` is a second binding of them.
LogicalOperatorPtr unseenPairsPlan(LogicalOperatorPtr pairs, LogicalOperatorPtr pairs_again,
                                   TableFunctionBinding state);

//! GENERIC_AGGREGATE's plan, giving every row of the refreshed view: `whole` is the query
//! over all its input, `new_rows` and `new_rows_again` two bindings of it over the new rows,
//! `view_rows` the view's table as it stands (columns `view_schema`).
LogicalOperatorPtr genericAggregatePlan(LogicalOperatorPtr whole, LogicalOperatorPtr new_rows,
                                        LogicalOperatorPtr new_rows_again,
                                        TableFunctionBinding view_rows,
                                        const std::vector<StructField>& view_schema);

}  // namespace sluice

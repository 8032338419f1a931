// src/session/insert_statement.cpp
//
// INSERT in a query session, as Spark and Delta run it:
//   INSERT INTO t [(c, ...) | BY NAME] query        appends the query's rows;
//   INSERT OVERWRITE t query                        replaces every row;
//   INSERT { INTO | OVERWRITE } t PARTITION (p = v) query
//       the query gives the other columns; OVERWRITE replaces the rows of that partition;
//   INSERT INTO t REPLACE WHERE condition query     replaces the rows the condition matches,
//       and every row written must match it (DELTA_REPLACE_WHERE_MISMATCH).
// The query's columns go to the table's by position (or the column list, or by name), each cast
// by ANSI store assignment (INCOMPATIBLE_DATA_FOR_TABLE.CANNOT_SAFELY_CAST when it may not);
// columns the query does not give are NULL. Everything is written in one commit ("WRITE"); the
// files a replacement removes are rewritten copy-on-write like DELETE's. On a table with
// delta.enableChangeDataFeed, a replacement also records the rows it deletes and inserts in
// change data files of the same commit.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <set>

#include "exec/dml/matched_files.hpp"
#include "exec/table_sink.hpp"
#include "planner/binder/constant_folding.hpp"
#include "planner/binder/expression_binder.hpp"
#include "planner/expression/expression_rewriting.hpp"
#include "session/catalog_statements.hpp"
#include "session/dml_target.hpp"
#include "session/result_rows_builder.hpp"
#include "sql/printer.hpp"
#include "storage/delta/deletion_vector.hpp"

namespace sluice {

namespace {

std::string quotedColumns(const std::vector<std::string>& names) {
  std::vector<std::string> quoted;
  for (const std::string& name : names)
    quoted.push_back(quoteName(name));
  return fmt::format("{}", fmt::join(quoted, ", "));
}

[[noreturn]] void arityMismatch(const std::string& table, bool too_many,
                                const std::vector<std::string>& table_columns,
                                const std::vector<std::string>& data_columns) {
  throw Error(ErrorClass::INSERT_COLUMN_ARITY_MISMATCH,
              too_many ? "TOO_MANY_DATA_COLUMNS" : "NOT_ENOUGH_DATA_COLUMNS",
              fmt::format("Cannot write to {}, the reason is {} data columns: Table columns: {}. "
                          "Data columns: {}.",
                          table, too_many ? "too many" : "not enough", quotedColumns(table_columns),
                          quotedColumns(data_columns)));
}

//! The insert's rows at the table's width: for each table column, the query column that feeds
//! it, a static partition value, or NULL.
class InsertBinder {
 public:
  InsertBinder(const sql::InsertStatement& insert, const DmlTarget& target,
               const BindContext& context)
      : insert_(insert), target_(target), context_(context) {}

  LogicalOperatorPtr bind(LogicalOperatorPtr query) {
    const std::vector<StructField>& schema = target_.schema();
    std::vector<BoundExpressionPtr> values(schema.size());
    bindStaticPartitions(values);
    std::vector<size_t> fed = fedColumns(*query, values);
    for (size_t index = 0; index < fed.size(); ++index) {
      auto column = BoundExpression::makeColumn(index, query->column_types[index]);
      values[fed[index]] =
          storeAssignmentCast(std::move(column), schema[fed[index]], target_.display_name);
    }
    auto project = makeOperator(LogicalOperatorKind::kProject);
    for (size_t column = 0; column < schema.size(); ++column) {
      if (!values[column]) {
        values[column] = BoundExpression::makeConstant(Value::null(schema[column].type));
      }
      project->column_names.push_back(schema[column].name);
      project->column_types.push_back(schema[column].type);
      project->expressions.push_back(std::move(values[column]));
    }
    project->children.push_back(std::move(query));
    return project;
  }

  //! The condition static partition values stand for: p1 <=> v1 AND ...; null without any.
  BoundExpressionPtr staticPartitionCondition() const {
    BoundExpressionPtr condition;
    for (const auto& [column, value] : static_values_) {
      std::vector<BoundExpressionPtr> arguments;
      arguments.push_back(BoundExpression::makeColumn(column, target_.schema()[column].type));
      arguments.push_back(BoundExpression::makeConstant(value));
      BoundExpressionPtr term = ExpressionBinder::bindBuiltin("<=>", std::move(arguments));
      if (!condition) {
        condition = std::move(term);
        continue;
      }
      auto conjunction = std::make_unique<BoundExpression>();
      conjunction->kind = BoundExpressionKind::kAnd;
      conjunction->type = DataType::boolean();
      conjunction->children.push_back(std::move(condition));
      conjunction->children.push_back(std::move(term));
      condition = std::move(conjunction);
    }
    return condition;
  }

  //! "p = 1 AND q = 'x'", for the commit's predicate parameter.
  std::string staticPartitionText() const {
    return fmt::format("{}", fmt::join(static_texts_, " AND "));
  }

 private:
  [[noreturn]] void fail(Error error, sql::SourcePosition at) const {
    throw error.withLocation(insert_.locate(at));
  }

  std::optional<size_t> findColumn(const std::string& name) const {
    const std::vector<StructField>& schema = target_.schema();
    for (size_t column = 0; column < schema.size(); ++column) {
      if (foldIdentifier(schema[column].name) == foldIdentifier(name))
        return column;
    }
    return std::nullopt;
  }

  void bindStaticPartitions(std::vector<BoundExpressionPtr>& values) {
    const std::vector<std::string>& partitions = target_.snapshot->metadata.partition_columns;
    Scope no_columns;
    for (const sql::PartitionValue& partition : insert_.partition) {
      std::optional<size_t> column = findColumn(partition.column);
      bool is_partition = column && std::find(partitions.begin(), partitions.end(),
                                              target_.schema()[*column].name) != partitions.end();
      if (!is_partition) {
        fail(Error(ErrorClass::NON_PARTITION_COLUMN,
                   fmt::format("PARTITION clause cannot contain the non-partition column: {}.",
                               quoteName(partition.column))),
             partition.position);
      }
      if (values[*column] || dynamic_.count(*column)) {
        fail(Error(ErrorClass::INVALID_SQL_SYNTAX,
                   fmt::format("The partition column {} is given twice.",
                               quoteName(partition.column))),
             partition.position);
      }
      if (!partition.value) {
        dynamic_.insert(*column);
        continue;
      }
      BoundExpressionPtr bound =
          ExpressionBinder(context_, insert_, no_columns).bind(*partition.value);
      // Spark converts partition values as a CAST does ('2024' into an INT partition).
      bound = ExpressionBinder::castTo(std::move(bound), target_.schema()[*column].type);
      std::optional<Value> value = foldBoundConstant(*bound, context_.exec);
      if (!value) {
        fail(Error(ErrorClass::INVALID_SQL_SYNTAX, "A partition value must be a constant."),
             partition.position);
      }
      static_values_.emplace_back(*column, *value);
      static_texts_.push_back(fmt::format("{} = {}", quoteName(target_.schema()[*column].name),
                                          sql::printExpression(*partition.value)));
      values[*column] = BoundExpression::makeConstant(std::move(*value));
    }
  }

  //! The table column each query column feeds, in query column order.
  std::vector<size_t> fedColumns(const LogicalOperator& query,
                                 const std::vector<BoundExpressionPtr>& values) const {
    const std::vector<StructField>& schema = target_.schema();
    std::vector<size_t> fed;
    std::vector<std::string> table_columns;
    if (insert_.by_name) {
      std::vector<std::string> extra;
      std::set<size_t> seen;
      for (const std::string& name : query.column_names) {
        std::optional<size_t> column = findColumn(name);
        if (!column || values[*column]) {
          extra.push_back(name);
          continue;
        }
        if (!seen.insert(*column).second) {
          throw Error(ErrorClass::COLUMN_ALREADY_EXISTS,
                      fmt::format("The column {} already exists. Choose another name or rename "
                                  "the existing column.",
                                  quoteName(name)));
        }
        fed.push_back(*column);
      }
      if (!extra.empty()) {
        throw Error(ErrorClass::INCOMPATIBLE_DATA_FOR_TABLE, "EXTRA_COLUMNS",
                    fmt::format("Cannot write incompatible data for the table {}: Cannot write "
                                "extra columns {}.",
                                target_.display_name, quotedColumns(extra)));
      }
      return fed;
    }
    if (!insert_.columns.empty()) {
      std::set<size_t> seen;
      for (const std::string& name : insert_.columns) {
        std::optional<size_t> column = findColumn(name);
        if (!column) {
          throw Error(ErrorClass::UNRESOLVED_COLUMN, "WITH_SUGGESTION",
                      fmt::format("A column, variable, or function parameter with name {} "
                                  "cannot be resolved. Did you mean one of the following? [{}].",
                                  quoteName(name), quotedColumns(columnNames())));
        }
        if (!seen.insert(*column).second || values[*column]) {
          throw Error(ErrorClass::COLUMN_ALREADY_EXISTS,
                      fmt::format("The column {} already exists. Choose another name or rename "
                                  "the existing column.",
                                  quoteName(name)));
        }
        fed.push_back(*column);
        table_columns.push_back(schema[*column].name);
      }
    } else {
      for (size_t column = 0; column < schema.size(); ++column) {
        if (values[column])
          continue;  // a static partition value
        fed.push_back(column);
        table_columns.push_back(schema[column].name);
      }
    }
    if (query.column_names.size() != fed.size()) {
      arityMismatch(target_.display_name, query.column_names.size() > fed.size(), table_columns,
                    query.column_names);
    }
    return fed;
  }

  std::vector<std::string> columnNames() const {
    std::vector<std::string> names;
    for (const StructField& field : target_.schema())
      names.push_back(field.name);
    return names;
  }

  const sql::InsertStatement& insert_;
  const DmlTarget& target_;
  const BindContext& context_;
  std::vector<std::pair<size_t, Value>> static_values_;
  std::vector<std::string> static_texts_;
  std::set<size_t> dynamic_;
};

}  // namespace

StatementResult runInsert(const sql::InsertStatement& insert, CatalogSession& session) {
  DmlTarget target = resolveDmlTarget(insert.target, session, "INSERT");
  BindContext context = session.bindContext();
  InsertBinder binder(insert, target, context);
  LogicalOperatorPtr rows = binder.bind(session.bindQuery(insert, *insert.query));

  delta::TableWriteOptions options;
  options.mode = delta::WriteMode::kAppend;
  options.read_version = target.snapshot->version;
  delta::Json parameters = delta::Json::object();
  parameters["mode"] = insert.overwrite ? "Overwrite" : "Append";
  delta::Json partition_by = delta::Json::array();
  for (const std::string& column : target.snapshot->metadata.partition_columns)
    partition_by.push_back(column);
  parameters["partitionBy"] = delta::dumpJson(partition_by);

  // What the insert replaces: the rows a REPLACE WHERE condition or an overwritten partition
  // matches; every row for a plain INSERT OVERWRITE.
  BoundExpressionPtr replaced;
  std::string replaced_text;
  if (insert.replace_where) {
    Scope scope = targetScope(target, insert.target, "");
    refuseSubqueries(*insert.replace_where, insert, "replaceWhere");
    replaced = bindCondition(*insert.replace_where, scope, context, insert);
    replaced_text = sql::printExpression(*insert.replace_where);
    // Every row written must match the condition it replaces.
    auto check = makeOperator(LogicalOperatorKind::kFilter);
    check->column_names = rows->column_names;
    check->column_types = rows->column_types;
    check->expressions.push_back(requireTrue(
        copyExpression(*replaced), ErrorClass::DELTA_REPLACE_WHERE_MISMATCH,
        fmt::format("Written data does not conform to partial table overwrite condition or "
                    "constraint '{}'.",
                    replaced_text)));
    check->children.push_back(std::move(rows));
    rows = std::move(check);
  } else if (insert.overwrite) {
    replaced = binder.staticPartitionCondition();
    replaced_text = binder.staticPartitionText();
    if (!replaced)
      options.mode = delta::WriteMode::kOverwrite;
  }
  int64_t copied_rows = 0;
  if (replaced) {
    MatchedFiles matched = findMatchedFiles(target.snapshot, replaced.get(), context.exec);
    for (const delta::AddFile& file : matched.files) {
      copied_rows += delta::liveRecordCount(file).value_or(0);
    }
    copied_rows -= matched.num_matched_rows;
    options.replaced_files = matched.files;
    options.reads_table = true;
    delta::Json predicate = delta::Json::array();
    predicate.push_back(replaced_text);
    parameters["mode"] = "Overwrite";
    parameters["predicate"] = delta::dumpJson(predicate);
    options.change_data = recordsChanges(target);
    if (options.change_data) {
      // The new rows are inserts; each read row is deleted when the condition matches it.
      std::vector<BoundExpressionPtr> no_old_image;
      for (const StructField& field : target.schema())
        no_old_image.push_back(BoundExpression::makeConstant(Value::null(field.type)));
      rows = withChangeKind(std::move(rows), target,
                            BoundExpression::makeConstant(Value::string(delta::kChangeKindInsert)),
                            std::move(no_old_image));
    }
    if (!matched.files.empty() && options.change_data) {
      LogicalOperatorPtr scan =
          scanOfFiles(target.snapshot, std::move(matched.files), target.display_name);
      LogicalOperatorPtr read = withChangeKind(
          std::move(scan), target, changeKindWhere(std::move(replaced), delta::kChangeKindDelete),
          readRowImage(target));
      auto both = makeOperator(LogicalOperatorKind::kUnion);
      both->column_names = rows->column_names;
      both->column_types = rows->column_types;
      both->children.push_back(std::move(rows));
      both->children.push_back(std::move(read));
      rows = std::move(both);
    } else if (!matched.files.empty()) {
      // The rows of the replaced files that the condition does not match stay.
      auto kept = makeOperator(LogicalOperatorKind::kFilter);
      LogicalOperatorPtr scan =
          scanOfFiles(target.snapshot, std::move(matched.files), target.display_name);
      kept->column_names = scan->column_names;
      kept->column_types = scan->column_types;
      kept->expressions.push_back(notMatching(std::move(replaced)));
      kept->children.push_back(std::move(scan));
      auto both = makeOperator(LogicalOperatorKind::kUnion);
      both->column_names = rows->column_names;
      both->column_types = rows->column_types;
      both->children.push_back(std::move(rows));
      both->children.push_back(std::move(kept));
      rows = std::move(both);
    }
  }
  options.operation = "WRITE";
  options.operation_parameters = parameters;
  delta::TableWriteResult written =
      writeToTable(rows.get(), context.exec, target.location, std::move(options));

  // Databricks answers an INSERT with the rows it wrote.
  ResultRowsBuilder result({"num_affected_rows", "num_inserted_rows"},
                           {DataType::longType(), DataType::longType()});
  int64_t inserted = written.num_rows - copied_rows;
  result.addRow({Value::longValue(inserted), Value::longValue(inserted)});
  return result.finish();
}

}  // namespace sluice

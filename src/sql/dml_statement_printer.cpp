// src/sql/dml_statement_printer.cpp
//
// The SQL printer for INSERT, DELETE, UPDATE and MERGE. In the multi-line layout each clause
// starts a line: the target, then REPLACE WHERE / the query, SET, WHERE; MERGE's USING, ON and
// each WHEN clause.
#include "sql/printer_core.hpp"

namespace sluice::sql {

void SqlPrinter::dmlStatement(const Statement& s) {
  switch (s.kind()) {
    case StatementKind::kInsert: {
      const auto& insert = s.as<InsertStatement>();
      out_ += insert.overwrite ? "INSERT OVERWRITE " : "INSERT INTO ";
      out_ += joinName(insert.target);
      if (!insert.partition.empty()) {
        out_ += " PARTITION (";
        for (size_t i = 0; i < insert.partition.size(); ++i) {
          if (i > 0)
            out_ += ", ";
          out_ += quoteIdentifier(insert.partition[i].column);
          if (insert.partition[i].value) {
            out_ += " = ";
            // A partition value is a value expression: predicates need parentheses.
            expr(*insert.partition[i].value, kComparisonLevel + 1);
          }
        }
        out_ += ')';
      }
      if (!insert.columns.empty()) {
        out_ += ' ';
        nameList(insert.columns);
      }
      if (insert.by_name)
        out_ += " BY NAME";
      if (insert.replace_where) {
        lineBreak();
        out_ += "REPLACE WHERE ";
        expr(*insert.replace_where, kLambdaLevel);
      }
      lineBreak();
      query(*insert.query);
      return;
    }
    case StatementKind::kDelete: {
      const auto& del = s.as<DeleteStatement>();
      out_ += "DELETE FROM " + joinName(del.target);
      if (!del.alias.empty())
        out_ += " AS " + quoteIdentifier(del.alias);
      if (del.condition) {
        lineBreak();
        out_ += "WHERE ";
        expr(*del.condition, kLambdaLevel);
      }
      return;
    }
    case StatementKind::kUpdate: {
      const auto& update = s.as<UpdateStatement>();
      out_ += "UPDATE " + joinName(update.target);
      if (!update.alias.empty())
        out_ += " AS " + quoteIdentifier(update.alias);
      lineBreak();
      out_ += "SET ";
      for (size_t i = 0; i < update.assignments.size(); ++i) {
        if (i > 0)
          out_ += ", ";
        out_ += joinName(update.assignments[i].column) + " = ";
        expr(*update.assignments[i].value, kLambdaLevel);
      }
      if (update.condition) {
        lineBreak();
        out_ += "WHERE ";
        expr(*update.condition, kLambdaLevel);
      }
      return;
    }
    case StatementKind::kMerge:
      mergeStatement(s.as<MergeStatement>());
      return;
    default:
      SLUICE_UNREACHABLE("not a DML statement");
  }
}

void SqlPrinter::mergeStatement(const MergeStatement& merge) {
  out_ += "MERGE ";
  if (merge.schema_evolution)
    out_ += "WITH SCHEMA EVOLUTION ";
  out_ += "INTO " + joinName(merge.target);
  if (!merge.alias.empty())
    out_ += " AS " + quoteIdentifier(merge.alias);
  lineBreak();
  out_ += "USING ";
  tableRef(*merge.source, /*as_join_right=*/false);
  lineBreak();
  out_ += "ON ";
  expr(*merge.condition, kLambdaLevel);
  for (const MergeClause& clause : merge.clauses) {
    lineBreak();
    switch (clause.kind) {
      case MergeClauseKind::kMatched:
        out_ += "WHEN MATCHED";
        break;
      case MergeClauseKind::kNotMatched:
        out_ += "WHEN NOT MATCHED";
        break;
      case MergeClauseKind::kNotMatchedBySource:
        out_ += "WHEN NOT MATCHED BY SOURCE";
        break;
    }
    if (clause.condition) {
      out_ += " AND ";
      expr(*clause.condition, kLambdaLevel);
    }
    out_ += " THEN ";
    switch (clause.action) {
      case MergeActionKind::kDelete:
        out_ += "DELETE";
        break;
      case MergeActionKind::kUpdateAll:
        out_ += "UPDATE SET *";
        break;
      case MergeActionKind::kInsertAll:
        out_ += "INSERT *";
        break;
      case MergeActionKind::kUpdate:
        out_ += "UPDATE SET ";
        for (size_t i = 0; i < clause.assignments.size(); ++i) {
          if (i > 0)
            out_ += ", ";
          out_ += joinName(clause.assignments[i].column) + " = ";
          expr(*clause.assignments[i].value, kLambdaLevel);
        }
        break;
      case MergeActionKind::kInsert:
        out_ += "INSERT (";
        for (size_t i = 0; i < clause.assignments.size(); ++i) {
          if (i > 0)
            out_ += ", ";
          out_ += joinName(clause.assignments[i].column);
        }
        out_ += ") VALUES (";
        for (size_t i = 0; i < clause.assignments.size(); ++i) {
          if (i > 0)
            out_ += ", ";
          expr(*clause.assignments[i].value, kLambdaLevel);
        }
        out_ += ')';
        break;
    }
  }
}

}  // namespace sluice::sql

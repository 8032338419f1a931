// src/sql/dml_statement_printer.cpp
//
// The SQL printer for INSERT, DELETE and UPDATE. In the multi-line layout each clause starts a
// line: the target, then REPLACE WHERE / the query, SET, WHERE.
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
    default:
      SLUICE_UNREACHABLE("not a DML statement");
  }
}

}  // namespace sluice::sql

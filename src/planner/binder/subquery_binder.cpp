// src/planner/binder/subquery_binder.cpp
//
// Subquery expressions are bound where they are written, against the outer query's names, but
// planned later: the node keeps the subquery's plan and the correlation, and the optimizer's
// subquery rule joins the plan in. Widening the subquery's plan to carry the columns that the
// correlation reads happens here, while the operators that must carry them are known.
#include "planner/binder/subquery_binder.hpp"

#include <cstddef>
#include <cstring>
#include <memory>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/check.hpp"
#include "common/types/type_coercion.hpp"
#include "function/function_registry.hpp"
#include "planner/binder/expression_binder.hpp"
#include "planner/binder/query_binder.hpp"
#include "planner/expression/bound_subquery.hpp"
#include "planner/expression/expression_rewriting.hpp"

namespace sluice {

namespace {

bool readsParameter(const BoundExpression& expr, idx_t width) {
  auto [low, high] = columnRange(expr);
  return low <= high && high >= width;
}

bool readsOnlyBelow(const BoundExpression& expr, idx_t width) {
  return readsOnly(expr, [width](idx_t column) { return column < width; });
}

bool readsOnlyFrom(const BoundExpression& expr, idx_t width) {
  return readsOnly(expr, [width](idx_t column) { return column >= width; });
}

//! Makes `exprs` (over the columns of `from`) available as columns of `slot`'s output, by
//! appending them to every operator between; returns them as columns of `slot`. With
//! `group_aggregate`, an aggregate on the way is grouped by them (a correlated scalar
//! subquery); otherwise an aggregate with calls cannot carry them.
std::vector<BoundExpressionPtr> expose(LogicalOperatorPtr& slot, const LogicalOperator* from,
                                       const std::vector<BoundExpressionPtr>& exprs,
                                       bool group_aggregate, const Error& unsupported,
                                       bool beside_keys = false) {
  LogicalOperator& op = *slot;
  std::vector<BoundExpressionPtr> out;
  if (&op == from) {
    for (const auto& expr : exprs)
      out.push_back(copyExpression(*expr));
    return out;
  }
  auto appendColumns = [&](std::vector<BoundExpressionPtr> inner, LogicalOperator& target,
                           std::vector<BoundExpressionPtr>& list) {
    for (auto& expr : inner) {
      idx_t index = target.column_names.size();
      target.column_names.push_back(fmt::format("__correlated{}", index));
      target.column_types.push_back(expr->type);
      out.push_back(BoundExpression::makeColumn(index, expr->type));
      list.push_back(std::move(expr));
    }
  };
  switch (op.kind) {
    case LogicalOperatorKind::kProject: {
      auto inner = expose(op.children[0], from, exprs, group_aggregate, unsupported, beside_keys);
      appendColumns(std::move(inner), op, op.expressions);
      return out;
    }
    case LogicalOperatorKind::kFilter:
    case LogicalOperatorKind::kSort: {
      out = expose(op.children[0], from, exprs, group_aggregate, unsupported, beside_keys);
      op.column_names = op.children[0]->column_names;
      op.column_types = op.children[0]->column_types;
      return out;
    }
    case LogicalOperatorKind::kAggregate: {
      auto inner = expose(op.children[0], from, exprs, group_aggregate, unsupported, beside_keys);
      if (op.aggregates.empty()) {
        // DISTINCT: one more grouping key keeps the rows apart by it.
        idx_t groups = op.expressions.size();
        for (idx_t i = 0; i < inner.size(); ++i) {
          op.column_names.insert(op.column_names.begin() + static_cast<std::ptrdiff_t>(groups + i),
                                 fmt::format("__correlated{}", groups + i));
          op.column_types.insert(op.column_types.begin() + static_cast<std::ptrdiff_t>(groups + i),
                                 inner[i]->type);
          out.push_back(BoundExpression::makeColumn(groups + i, inner[i]->type));
          op.expressions.push_back(std::move(inner[i]));
        }
        return out;
      }
      if (!group_aggregate || (!op.expressions.empty() && !beside_keys))
        throw unsupported;
      // Group by the keys, then put the old columns (keys, calls) back first: the columns above
      // keep their index.
      idx_t keys = inner.size();
      idx_t calls = op.column_names.size();
      std::vector<std::string> names;
      std::vector<DataType> types;
      for (idx_t i = 0; i < keys; ++i) {
        names.push_back(fmt::format("__correlated{}", i));
        types.push_back(inner[i]->type);
        // The new keys come first in the aggregate's output, before its own keys.
        op.expressions.insert(op.expressions.begin() + static_cast<std::ptrdiff_t>(i),
                              std::move(inner[i]));
      }
      names.insert(names.end(), op.column_names.begin(), op.column_names.end());
      types.insert(types.end(), op.column_types.begin(), op.column_types.end());
      op.column_names = names;
      op.column_types = types;
      auto reorder = makeOperator(LogicalOperatorKind::kProject);
      for (idx_t i = 0; i < calls + keys; ++i) {
        idx_t source = i < calls ? keys + i : i - calls;
        reorder->expressions.push_back(BoundExpression::makeColumn(source, types[source]));
        reorder->column_names.push_back(names[source]);
        reorder->column_types.push_back(types[source]);
        if (i >= calls)
          out.push_back(BoundExpression::makeColumn(i, types[source]));
      }
      reorder->children.push_back(std::move(slot));
      slot = std::move(reorder);
      return out;
    }
    default:
      throw unsupported;
  }
}

//! The values of the one row a correlated scalar subquery's plan yields over no input rows (its
//! aggregate's calls over nothing: count is 0), and the condition for that row to exist (its
//! HAVING), both without column references; nullopt when the plan has no such row.
struct EmptyRow {
  std::vector<BoundExpressionPtr> values;
  BoundExpressionPtr condition;
};

EmptyRow emptyRow(const LogicalOperator& op) {
  EmptyRow row;
  switch (op.kind) {
    case LogicalOperatorKind::kAggregate: {
      for (const BoundExpressionPtr& key : op.expressions)
        row.values.push_back(BoundExpression::makeConstant(Value::null(key->type)));
      for (const BoundAggregate& aggregate : op.aggregates) {
        const AggregateFunction& function = *aggregate.function;
        // An aggregate's state over no rows is all zero bytes.
        std::vector<std::max_align_t> storage(function.stateSize() / sizeof(std::max_align_t) + 1);
        std::memset(storage.data(), 0, storage.size() * sizeof(std::max_align_t));
        uint8_t* state = reinterpret_cast<uint8_t*>(storage.data());
        Vector result(function.returnType(), 1);
        function.finalize(&state, 1, 0, result, 0);
        row.values.push_back(BoundExpression::makeConstant(result.getValue(0)));
      }
      return row;
    }
    case LogicalOperatorKind::kProject: {
      EmptyRow below = emptyRow(*op.children[0]);
      for (const auto& expr : op.expressions)
        row.values.push_back(substituteColumns(*expr, below.values));
      row.condition = std::move(below.condition);
      return row;
    }
    case LogicalOperatorKind::kFilter: {
      row = emptyRow(*op.children[0]);
      BoundExpressionPtr test = substituteColumns(*op.expressions[0], row.values);
      if (row.condition) {
        auto both = std::make_unique<BoundExpression>();
        both->kind = BoundExpressionKind::kAnd;
        both->type = DataType::boolean();
        both->children.push_back(std::move(row.condition));
        both->children.push_back(std::move(test));
        test = std::move(both);
      }
      row.condition = std::move(test);
      return row;
    }
    default:
      return emptyRow(*op.children[0]);
  }
}

//! Whether an aggregate with calls sits between `op` and `from`.
const LogicalOperator* findAggregate(const LogicalOperator& op, const LogicalOperator* from) {
  if (&op == from)
    return nullptr;
  if (op.kind == LogicalOperatorKind::kAggregate && !op.aggregates.empty())
    return &op;
  if (op.children.size() != 1)
    return nullptr;
  return findAggregate(*op.children[0], from);
}

std::string operandText(const sql::Expr& operand) {
  if (operand.is<sql::RowExpr>()) {
    std::vector<std::string> names;
    for (const auto& field : operand.as<sql::RowExpr>().fields)
      names.push_back(ExpressionBinder::autoName(*field));
    return fmt::format("named_struct({})", fmt::join(names, ", "));
  }
  return ExpressionBinder::autoName(operand);
}

}  // namespace

std::vector<BoundExpressionPtr> exposeColumns(LogicalOperatorPtr& slot, const LogicalOperator* from,
                                              const std::vector<BoundExpressionPtr>& exprs,
                                              const Error& unsupported) {
  return expose(slot, from, exprs, /*group_aggregate=*/true, unsupported, /*beside_keys=*/true);
}

BoundExpressionPtr callBuiltin(std::string_view name, std::vector<BoundExpressionPtr> arguments) {
  const ScalarFunctionEntry* entry = FunctionRegistry::builtin().findScalar(name);
  SLUICE_CHECK(entry != nullptr);
  return ExpressionBinder::bindBuiltinCall(*entry, name, std::move(arguments));
}

BoundExpressionPtr caseWhen(BoundExpressionPtr condition, BoundExpressionPtr value) {
  auto expr = std::make_unique<BoundExpression>();
  expr->kind = BoundExpressionKind::kCase;
  expr->type = value->type;
  expr->children.push_back(std::move(condition));
  expr->children.push_back(std::move(value));
  return expr;
}

void OuterQuery::enterWhere(const sql::SelectBody& body, const Scope& scope) {
  if (&body != select)
    return;
  where_scope = &scope;
  where_width = scope.size();
}

BoundExpressionPtr OuterQuery::takeCorrelation(const sql::SelectBody& body,
                                               BoundExpressionPtr predicate) {
  if (&body != select || parameters.empty())
    return predicate;
  std::vector<BoundExpressionPtr> local;
  for (auto& conjunct : splitConjuncts(std::move(predicate))) {
    if (!readsParameter(*conjunct, where_width)) {
      local.push_back(std::move(conjunct));
      continue;
    }
    if (containsSubquery(*conjunct) || !isDeterministic(*conjunct)) {
      throw Error(ErrorClass::UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY, "CORRELATED_REFERENCE",
                  "Unsupported subquery expression: Expressions referencing the outer query "
                  "are not supported outside of WHERE/HAVING clauses: a correlated condition that "
                  "holds a subquery or a "
                  "nondeterministic call.");
    }
    correlation.push_back(std::move(conjunct));
  }
  return combineConjuncts(std::move(local));
}

void OuterQuery::leaveWhere(const sql::SelectBody& body, LogicalOperator* plan) {
  if (&body != select)
    return;
  where_scope = nullptr;
  from_plan = plan;
}

BoundExpressionPtr bindOuterColumn(const sql::ColumnRefExpr& expr, const Scope& scope,
                                   OuterQuery& outer) {
  if (outer.lateral != OuterQuery::Lateral::kNone && outer.lateral_blocked)
    return nullptr;
  // A subquery inside a LATERAL subquery sees the LATERAL subquery's names, not the left's.
  OuterQuery* around = outer.binder->outerQuery();
  bool block = around != nullptr && around->lateral != OuterQuery::Lateral::kNone &&
               outer.lateral == OuterQuery::Lateral::kNone;
  bool was_blocked = block && around->lateral_blocked;
  if (block)
    around->lateral_blocked = true;
  BoundExpressionPtr bound;
  try {
    bound = outer.binder->bind(expr);
  } catch (Error& error) {
    if (block)
      around->lateral_blocked = was_blocked;
    if (error.errorClass() == ErrorClass::UNRESOLVED_COLUMN)
      return nullptr;
    throw;
  } catch (...) {
    if (block)
      around->lateral_blocked = was_blocked;
    throw;
  }
  if (block)
    around->lateral_blocked = was_blocked;
  if (outer.lateral == OuterQuery::Lateral::kProbe)
    throw LateralReferenceFound{};
  if (outer.lateral == OuterQuery::Lateral::kBind) {
    if (outer.lateral_scope != &scope) {
      throw Error(ErrorClass::NOT_SUPPORTED,
                  fmt::format("{} {} is not supported yet.", outer.lateral_refusal,
                              fmt::join(expr.name, ".")));
    }
    shiftColumns(*bound, static_cast<int64_t>(outer.lateral_offset));
    return bound;
  }
  if (outer.where_scope != &scope) {
    throw Error(ErrorClass::UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY, "CORRELATED_REFERENCE",
                fmt::format("Unsupported subquery expression: Expressions referencing the outer "
                            "query are not supported outside "
                            "of WHERE/HAVING clauses: {}.",
                            fmt::join(expr.name, ".")));
  }
  std::string key = bound->toString();
  for (idx_t p = 0; p < outer.parameter_keys.size(); ++p) {
    if (outer.parameter_keys[p] == key)
      return BoundExpression::makeColumn(scope.size() + p, outer.parameters[p]->type);
  }
  DataType type = bound->type;
  outer.parameter_keys.push_back(key);
  outer.parameters.push_back(std::move(bound));
  return BoundExpression::makeColumn(scope.size() + outer.parameters.size() - 1, type);
}

bool containsSubquery(const sql::Expr& expr) {
  switch (expr.kind()) {
    case sql::ExprKind::kExists:
    case sql::ExprKind::kInSubquery:
    case sql::ExprKind::kScalarSubquery:
      return true;
    default:
      break;
  }
  bool found = false;
  sql::forEachChild(expr,
                    [&](const sql::Expr& child) { found = found || containsSubquery(child); });
  return found;
}

BoundExpressionPtr bindSubqueryExpression(const sql::Expr& expr, const BindContext& context,
                                          const sql::Statement& statement,
                                          ExpressionBinder& outer_binder) {
  auto subquery = std::make_shared<BoundSubquery>();
  subquery->location = statement.locate(expr.position);
  const sql::Query* query = nullptr;
  const sql::Expr* operand = nullptr;
  bool negated = false;
  switch (expr.kind()) {
    case sql::ExprKind::kExists:
      subquery->kind = BoundSubquery::Kind::kExists;
      query = expr.as<sql::ExistsExpr>().query.get();
      break;
    case sql::ExprKind::kInSubquery: {
      const auto& in = expr.as<sql::InSubqueryExpr>();
      subquery->kind = BoundSubquery::Kind::kIn;
      query = in.query.get();
      operand = in.operand.get();
      negated = in.negated;
      break;
    }
    default:
      subquery->kind = BoundSubquery::Kind::kScalar;
      query = expr.as<sql::ScalarSubqueryExpr>().query.get();
      break;
  }

  // The operands of IN are values of the outer rows.
  std::vector<BoundExpressionPtr> operands;
  std::vector<const sql::Expr*> operand_exprs;
  if (operand != nullptr) {
    if (operand->is<sql::RowExpr>()) {
      for (const auto& field : operand->as<sql::RowExpr>().fields)
        operand_exprs.push_back(field.get());
    } else {
      operand_exprs.push_back(operand);
    }
    for (const sql::Expr* each : operand_exprs)
      operands.push_back(outer_binder.bind(*each));
  }

  OuterQuery outer;
  outer.binder = &outer_binder;
  if (query->body->kind() == sql::QueryBodyKind::kSelect)
    outer.select = &query->body->as<sql::SelectBody>();
  BindContext inner_context = context;
  inner_context.outer = &outer;
  QueryBinder binder(inner_context, statement, context.ctes != nullptr ? *context.ctes : nullptr);
  LogicalOperatorPtr plan = binder.bindQuery(*query);
  idx_t width = plan->column_names.size();
  subquery->visible = width;

  auto fail = [&](ErrorClass error_class, std::string sub_class, std::string message) {
    Error error = sub_class.empty() ? Error(error_class, std::move(message))
                                    : Error(error_class, std::move(sub_class), std::move(message));
    throw error.withLocation(*subquery->location);
  };
  if (subquery->kind == BoundSubquery::Kind::kScalar && width != 1) {
    fail(ErrorClass::INVALID_SUBQUERY_EXPRESSION,
         "SCALAR_SUBQUERY_RETURN_MORE_THAN_ONE_OUTPUT_COLUMN",
         fmt::format("Invalid subquery: Scalar subquery must return only one column, but got {}.",
                     width));
  }
  std::string in_text;
  if (subquery->kind == BoundSubquery::Kind::kIn) {
    in_text = fmt::format("({} IN (listquery()))", operandText(*operand));
    std::vector<std::string> left;
    std::vector<std::string> right;
    for (const sql::Expr* each : operand_exprs)
      left.push_back(fmt::format("\"{}\"", ExpressionBinder::autoName(*each)));
    for (const std::string& name : plan->column_names)
      right.push_back(fmt::format("\"{}\"", name));
    if (operands.size() != width) {
      fail(ErrorClass::DATATYPE_MISMATCH, "IN_SUBQUERY_LENGTH_MISMATCH",
           fmt::format("Cannot resolve \"{}\" due to data type mismatch: The number of columns in "
                       "the left hand side of an IN subquery does not match the number of "
                       "columns in the output of subquery. Left hand side columns(length: {}): "
                       "[{}], right hand side columns(length: {}): [{}].",
                       in_text, operands.size(), fmt::join(left, ", "), width,
                       fmt::join(right, ", ")));
    }
    std::vector<std::string> mismatched;
    std::vector<std::string> left_types;
    std::vector<std::string> right_types;
    for (idx_t i = 0; i < width; ++i) {
      std::optional<DataType> wider = findWiderType(operands[i]->type, plan->column_types[i]);
      left_types.push_back(operands[i]->type.sql());
      right_types.push_back(plan->column_types[i].sql());
      if (!wider) {
        mismatched.push_back(fmt::format("({}:{}, {}:{})", left[i], operands[i]->type.sql(),
                                         right[i], plan->column_types[i].sql()));
      }
    }
    if (!mismatched.empty()) {
      fail(ErrorClass::DATATYPE_MISMATCH, "IN_SUBQUERY_DATA_TYPE_MISMATCH",
           fmt::format("Cannot resolve \"{}\" due to data type mismatch: The data type of one or "
                       "more elements in the left hand side of an IN subquery is not compatible "
                       "with the data type of the output of the subquery. Mismatched columns: "
                       "[{}], left side: [{}], right side: [{}].",
                       in_text, fmt::join(mismatched, ", "), fmt::join(left_types, ", "),
                       fmt::join(right_types, ", ")));
    }
  }

  bool correlated = !outer.correlation.empty();
  if (correlated) {
    if (query->limit || query->offset) {
      fail(ErrorClass::NOT_SUPPORTED, "",
           "LIMIT or OFFSET in a correlated subquery is not supported yet.");
    }
    SLUICE_CHECK(outer.from_plan != nullptr);
    Error unsupported(ErrorClass::NOT_SUPPORTED,
                      "A correlated subquery over a window, set operation or aggregate of IN / "
                      "EXISTS is not supported yet.");
    unsupported.withLocation(*subquery->location);
    idx_t where_width = outer.where_width;
    std::vector<BoundExpressionPtr> inner_keys;  // over the WHERE's columns
    std::vector<BoundExpressionPtr> conditions;  // over the WHERE's columns and the parameters
    if (subquery->kind == BoundSubquery::Kind::kScalar) {
      std::vector<int> inner_sides;
      const LogicalOperator* aggregate = findAggregate(*plan, outer.from_plan);
      if (aggregate == nullptr) {
        fail(ErrorClass::UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY,
             "MUST_AGGREGATE_CORRELATED_SCALAR_SUBQUERY",
             "Unsupported subquery expression: Correlated scalar subqueries must be aggregated to "
             "return at most one row.");
      }
      if (!aggregate->expressions.empty()) {
        std::vector<std::string> keys;
        for (const auto& key : aggregate->expressions)
          keys.push_back(key->toString());
        fail(ErrorClass::UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY,
             "NON_CORRELATED_COLUMNS_IN_GROUP_BY",
             fmt::format("Unsupported subquery expression: A GROUP BY clause in a scalar "
                         "correlated subquery cannot contain "
                         "non-correlated columns: {}.",
                         fmt::join(keys, ", ")));
      }
      // Each condition must equal an inner value with an outer one: the aggregate is grouped
      // by the inner values, so at most one group matches an outer row.
      for (auto& conjunct : outer.correlation) {
        bool equality = conjunct->kind == BoundExpressionKind::kCall &&
                        conjunct->children.size() == 2 &&
                        (conjunct->function.name == "=" || conjunct->function.name == "<=>");
        int inner_side = -1;
        if (equality) {
          for (int side = 0; side < 2 && inner_side < 0; ++side) {
            const BoundExpression& mine = *conjunct->children[side];
            const BoundExpression& theirs = *conjunct->children[1 - side];
            auto [low, high] = columnRange(mine);
            if (low <= high && readsOnlyBelow(mine, where_width) &&
                readsOnlyFrom(theirs, where_width))
              inner_side = side;
          }
        }
        if (inner_side < 0) {
          fail(ErrorClass::UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY,
               "CORRELATED_COLUMN_IS_NOT_ALLOWED_IN_PREDICATE",
               fmt::format("Unsupported subquery expression: Correlated column is not allowed in "
                           "predicate: {}.",
                           ExpressionBinder::autoName(*outer.select->where)));
        }
        inner_keys.push_back(std::move(conjunct->children[inner_side]));
        inner_sides.push_back(inner_side);
        conditions.push_back(std::move(conjunct));
      }
      std::vector<BoundExpressionPtr> keys =
          expose(plan, outer.from_plan, inner_keys, true, unsupported);
      for (size_t i = 0; i < conditions.size(); ++i)
        conditions[i]->children[inner_sides[i]] = std::move(keys[i]);
      EmptyRow empty = emptyRow(*plan);
      BoundExpressionPtr value = std::move(empty.values[0]);
      if (empty.condition) {
        auto guarded = std::make_unique<BoundExpression>();
        guarded->kind = BoundExpressionKind::kCase;
        guarded->type = value->type;
        guarded->has_else = true;
        guarded->children.push_back(std::move(empty.condition));
        guarded->children.push_back(std::move(value));
        guarded->children.push_back(BoundExpression::makeConstant(Value::null(guarded->type)));
        value = std::move(guarded);
      }
      subquery->empty_value = std::move(value);
      // HAVING decides per group whether the subquery has a row; a group it rejects must not
      // look like a missing group (whose value is the one over no rows), so it becomes a column.
      for (LogicalOperatorPtr* slot = &plan; (*slot)->children.size() == 1;
           slot = &(*slot)->children[0]) {
        if ((*slot)->kind == LogicalOperatorKind::kAggregate)
          break;
        if ((*slot)->kind != LogicalOperatorKind::kFilter)
          continue;
        BoundExpressionPtr passes = std::move((*slot)->expressions[0]);
        LogicalOperatorPtr below = std::move((*slot)->children[0]);
        const LogicalOperator* below_op = below.get();
        *slot = std::move(below);
        std::vector<BoundExpressionPtr> lifted;
        lifted.push_back(std::move(passes));
        std::vector<BoundExpressionPtr> column = expose(plan, below_op, lifted, false, unsupported);
        subquery->having = column[0]->column_index;
        break;
      }
      // A column TRUE on every row tells the outer join's matches from its NULL rows.
      auto marked = makeOperator(LogicalOperatorKind::kProject);
      for (idx_t i = 0; i < plan->column_names.size(); ++i) {
        marked->expressions.push_back(BoundExpression::makeColumn(i, plan->column_types[i]));
        marked->column_names.push_back(plan->column_names[i]);
        marked->column_types.push_back(plan->column_types[i]);
      }
      subquery->marker = marked->expressions.size();
      marked->expressions.push_back(BoundExpression::makeConstant(Value::boolean(true)));
      marked->column_names.push_back("__marker");
      marked->column_types.push_back(DataType::boolean());
      marked->children.push_back(std::move(plan));
      plan = std::move(marked);
      // The conditions read the widened plan's columns; parameters go after them.
      idx_t full = plan->column_names.size();
      for (size_t i = 0; i < conditions.size(); ++i) {
        shiftColumns(
            *conditions[i]->children[1 - inner_sides[i]],
            static_cast<int64_t>(full + operands.size()) - static_cast<int64_t>(where_width));
      }
    } else {
      if (findAggregate(*plan, outer.from_plan) != nullptr)
        throw unsupported;
      // Carry the inner columns the conditions read.
      std::vector<bool> read(where_width, false);
      for (const auto& conjunct : outer.correlation) {
        std::vector<bool> columns;
        markColumns(*conjunct, columns);
        for (idx_t column = 0; column < columns.size() && column < where_width; ++column)
          read[column] = read[column] || columns[column];
      }
      std::vector<idx_t> read_columns;
      for (idx_t column = 0; column < where_width; ++column) {
        if (read[column]) {
          read_columns.push_back(column);
          inner_keys.push_back(
              BoundExpression::makeColumn(column, (*outer.from_plan).column_types[column]));
        }
      }
      std::vector<BoundExpressionPtr> carried =
          expose(plan, outer.from_plan, inner_keys, false, unsupported);
      idx_t full = plan->column_names.size();
      std::vector<BoundExpressionPtr> replacements(where_width + outer.parameters.size());
      for (size_t i = 0; i < read_columns.size(); ++i)
        replacements[read_columns[i]] = std::move(carried[i]);
      for (idx_t p = 0; p < outer.parameters.size(); ++p) {
        replacements[where_width + p] =
            BoundExpression::makeColumn(full + operands.size() + p, outer.parameters[p]->type);
      }
      for (auto& conjunct : outer.correlation)
        conditions.push_back(substituteColumns(*conjunct, replacements));
    }
    subquery->correlation = combineConjuncts(std::move(conditions));
  }

  idx_t full = plan->column_names.size();
  if (subquery->kind == BoundSubquery::Kind::kIn) {
    for (idx_t i = 0; i < operands.size(); ++i) {
      std::optional<DataType> common = findWiderType(operands[i]->type, plan->column_types[i]);
      std::vector<BoundExpressionPtr> arguments;
      arguments.push_back(ExpressionBinder::castTo(
          BoundExpression::makeColumn(full + i, operands[i]->type), *common));
      arguments.push_back(
          ExpressionBinder::castTo(BoundExpression::makeColumn(i, plan->column_types[i]), *common));
      subquery->in_equalities.push_back(callBuiltin("=", std::move(arguments)));
    }
    subquery->operands = operands.size();
  }

  DataType type =
      subquery->kind == BoundSubquery::Kind::kScalar ? plan->column_types[0] : DataType::boolean();
  std::vector<BoundExpressionPtr> children;
  for (auto& each : operands)
    children.push_back(std::move(each));
  for (auto& parameter : outer.parameters)
    children.push_back(std::move(parameter));
  subquery->plan = std::move(plan);
  BoundExpressionPtr node =
      makeSubqueryNode(std::move(subquery), std::move(type), std::move(children));
  if (!negated)
    return node;
  std::vector<BoundExpressionPtr> arguments;
  arguments.push_back(std::move(node));
  return callBuiltin("not", std::move(arguments));
}

}  // namespace sluice

// src/planner/binder/lateral_binder.cpp
//
// LATERAL subqueries and functions: `FROM l, LATERAL (SELECT ... l.c ...)`, `l [INNER | CROSS
// | LEFT [OUTER]] JOIN LATERAL (...) [ON cond]`, `l, LATERAL explode(l.arr)`.
//
// A LATERAL subquery that reads none of the left's columns is an ordinary join. One that does
// is decorrelated into a join under its own SELECT, as Spark's DecorrelateInnerQuery does: the
// SELECT runs over its FROM joined with the left's rows, so that the left's columns are plain
// columns of its input wherever the SELECT reads them (WHERE, the select list, GROUP BY, the
// arguments of aggregates). Its WHERE becomes the condition of that join (equi keys where it
// compares columns of both sides). An aggregating SELECT is grouped by the left's row (a row
// id, and the left's columns carried beside it); without GROUP BY, the left's rows are kept by
// an outer join and the aggregates skip the rows it pads with NULLs, so that a left row without
// matches gets the aggregates' values over no rows (count's 0: Spark's COUNT bug handling).
// What cannot be decorrelated so (set operations, LIMIT, windows, names of the left read from a
// nested FROM item) is refused rather than run row by row.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/error/error.hpp"
#include "planner/binder/aggregate_binder.hpp"
#include "planner/binder/expression_binder.hpp"
#include "planner/binder/generator_binder.hpp"
#include "planner/binder/join_binder.hpp"
#include "planner/binder/lateral_aliases.hpp"
#include "planner/binder/query_binder.hpp"
#include "planner/binder/star_expansion.hpp"
#include "planner/binder/subquery_binder.hpp"
#include "planner/binder/window_binder.hpp"
#include "planner/expression/bound_subquery.hpp"
#include "planner/expression/expression_rewriting.hpp"

namespace sluice {

namespace {

//! `plan`'s columns, then `extra` named `name`.
LogicalOperatorPtr appendColumn(LogicalOperatorPtr plan, BoundExpressionPtr extra,
                                std::string name) {
  auto project = makeOperator(LogicalOperatorKind::kProject);
  for (idx_t column = 0; column < plan->column_names.size(); ++column) {
    project->expressions.push_back(BoundExpression::makeColumn(column, plan->column_types[column]));
  }
  project->column_names = plan->column_names;
  project->column_types = plan->column_types;
  project->column_names.push_back(std::move(name));
  project->column_types.push_back(extra->type);
  project->expressions.push_back(std::move(extra));
  project->children.push_back(std::move(plan));
  return project;
}

//! Whether `plan` makes at most one row (Spark's maxRows <= 1), which lets a LATERAL subquery
//! joined to it be nondeterministic.
bool atMostOneRow(const LogicalOperator& plan) {
  switch (plan.kind) {
    case LogicalOperatorKind::kSingleRow:
      return true;
    case LogicalOperatorKind::kValues:
      return plan.rows.size() <= 1;
    case LogicalOperatorKind::kAggregate:
      return plan.expressions.empty();
    case LogicalOperatorKind::kLimit:
      return (plan.limit >= 0 && plan.limit <= 1) || atMostOneRow(*plan.children[0]);
    case LogicalOperatorKind::kProject:
    case LogicalOperatorKind::kFilter:
    case LogicalOperatorKind::kSort:
      return atMostOneRow(*plan.children[0]);
    default:
      return false;
  }
}

bool isDeterministicPlan(const LogicalOperator& plan);

//! Whether `expr` is deterministic, looking into the plans of its subqueries (whose nodes are
//! nondeterministic calls only so that nothing folds or moves them before they become joins).
bool isDeterministicExpression(const BoundExpression& expr) {
  if (const BoundSubquery* subquery = subqueryOf(expr)) {
    if (subquery->plan && !isDeterministicPlan(*subquery->plan))
      return false;
  } else if (expr.kind == BoundExpressionKind::kCall && !expr.function.deterministic) {
    return false;
  }
  for (const BoundExpressionPtr& child : expr.children) {
    if (!isDeterministicExpression(*child))
      return false;
  }
  return true;
}

//! Whether every expression of `plan` is deterministic.
bool isDeterministicPlan(const LogicalOperator& plan) {
  for (const auto& expr : plan.expressions) {
    if (!isDeterministicExpression(*expr))
      return false;
  }
  for (const BoundAggregate& aggregate : plan.aggregates) {
    for (const auto& argument : aggregate.arguments) {
      if (!isDeterministicExpression(*argument))
        return false;
    }
  }
  for (const auto& child : plan.children) {
    if (!isDeterministicPlan(*child))
      return false;
  }
  return true;
}

[[noreturn]] void raiseNondeterministic(const sql::Statement& statement,
                                        sql::SourcePosition position) {
  throw Error(ErrorClass::UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY,
              "NON_DETERMINISTIC_LATERAL_SUBQUERIES",
              "Unsupported subquery expression: Non-deterministic lateral subqueries are not "
              "supported when joining with outer relations that produce more than one row.")
      .withLocation(statement.locate(position));
}

//! The ON condition of a LATERAL join, which must be deterministic.
BoundExpressionPtr bindLateralCondition(const sql::Expr& condition, const BindContext& context,
                                        const sql::Statement& statement, const Scope& scope) {
  BoundExpressionPtr bound = JoinBinder::bindCondition(condition, context, statement, scope);
  if (!isDeterministicExpression(*bound)) {
    throw Error(ErrorClass::UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY,
                "LATERAL_JOIN_CONDITION_NON_DETERMINISTIC",
                fmt::format("Unsupported subquery expression: Lateral join condition cannot be "
                            "non-deterministic: \"{}\".",
                            ExpressionBinder::autoName(condition)))
        .withLocation(statement.locate(condition.position));
  }
  return bound;
}

//! `left` joined with `right`, a LATERAL relation that reads none of the left's columns (its
//! names are `right_scope`), as an ordinary join with the ON `condition`, if any; `scope`
//! gains the right's names.
LogicalOperatorPtr joinUncorrelated(LogicalOperatorPtr left, LogicalOperatorPtr right,
                                    const Scope& right_scope, Scope& scope, bool left_outer,
                                    const sql::Expr* condition, const BindContext& context,
                                    const sql::Statement& statement) {
  Scope combined = scope;
  combined.insert(combined.end(), right_scope.begin(), right_scope.end());
  BoundExpressionPtr bound;
  if (condition != nullptr)
    bound = bindLateralCondition(*condition, context, statement, combined);
  scope = std::move(combined);
  return JoinBinder::makeJoin(left_outer ? LogicalJoinType::kLeft : LogicalJoinType::kInner,
                              std::move(left), std::move(right), std::move(bound));
}

//! Whether the SELECT item list calls a window function.
bool callsWindow(const sql::SelectBody& select) {
  for (const sql::SelectItem& item : select.items) {
    if (WindowBinder::findWindowCall(*item.expr) != nullptr)
      return true;
  }
  return false;
}

//! Whether `query` is one SELECT with a star among its items.
bool selectsStar(const sql::Query& query) {
  if (query.body->kind() != sql::QueryBodyKind::kSelect)
    return false;
  const auto& items = query.body->as<sql::SelectBody>().items;
  return std::any_of(items.begin(), items.end(),
                     [](const sql::SelectItem& item) { return item.expr->is<sql::StarExpr>(); });
}

}  // namespace

LogicalOperatorPtr QueryBinder::bindLateralJoin(LogicalOperatorPtr left, Scope& scope,
                                                const sql::TableRef& right, bool left_outer,
                                                const sql::Expr* condition) {
  if (right.kind() == sql::TableRefKind::kFunction) {
    return bindLateralFunction(std::move(left), scope, right.as<sql::TableFunctionRef>(),
                               left_outer, condition);
  }
  const auto& ref = right.as<sql::SubqueryRef>();
  // A subquery that reads no column of the left is an ordinary join.
  LogicalOperatorPtr uncorrelated;
  // Names of the subquery resolve in its own FROM, then on the left, and no further out.
  BindContext left_context = context_;
  left_context.outer = nullptr;
  {
    ExpressionBinder left_binder(left_context, statement_, scope);
    OuterQuery probe;
    probe.binder = &left_binder;
    probe.lateral = OuterQuery::Lateral::kProbe;
    BindContext probe_context = context_;
    probe_context.outer = &probe;
    QueryBinder probe_binder(probe_context, statement_, ctes_);
    try {
      uncorrelated = probe_binder.bindQuery(*ref.query);
    } catch (const LateralReferenceFound&) {
      uncorrelated = nullptr;
    } catch (const Error& error) {
      // The probe does not look left for stars: t1.* of the left and a SELECT * without FROM
      // (nothing, in a LATERAL subquery, as Spark) fail there; the correlated path resolves
      // them, and raises the error again if it was no such star.
      bool star_error = error.errorClass() == ErrorClass::INVALID_SQL_SYNTAX ||
                        error.errorClass() == ErrorClass::CANNOT_RESOLVE_STAR_EXPAND;
      if (!star_error || !selectsStar(*ref.query))
        throw;
      uncorrelated = nullptr;
    }
  }
  if (!uncorrelated)
    return bindCorrelatedLateral(std::move(left), scope, ref, left_outer, condition);
  Scope right_scope;
  nameRelation(*uncorrelated, ref, ref.alias.name, right_scope);
  if (!isDeterministicPlan(*uncorrelated) && !atMostOneRow(*left))
    raiseNondeterministic(statement_, ref.position);
  return joinUncorrelated(std::move(left), std::move(uncorrelated), right_scope, scope, left_outer,
                          condition, context_, statement_);
}

LogicalOperatorPtr QueryBinder::bindCorrelatedLateral(LogicalOperatorPtr left, Scope& scope,
                                                      const sql::SubqueryRef& ref, bool left_outer,
                                                      const sql::Expr* condition) {
  const sql::Query& query = *ref.query;
  if (query.body->kind() != sql::QueryBodyKind::kSelect || !query.ctes.empty() ||
      !query.order_by.empty() || !query.sort_by.empty() || query.limit || query.offset ||
      !query.windows.empty() || !query.cluster_by.empty() || !query.distribute_by.empty()) {
    notSupported(ref.position,
                 "A LATERAL subquery that reads the columns to its left and is not one SELECT "
                 "(set operations, WITH, ORDER BY, LIMIT)");
  }
  const auto& select = query.body->as<sql::SelectBody>();
  if (!select.lateral_views.empty() || select.qualify || !select.windows.empty() ||
      select.quantifier == sql::SetQuantifier::kDistinct || callsWindow(select) ||
      GeneratorBinder(context_, statement_).findInSelectList(select.items)) {
    notSupported(ref.position,
                 "A LATERAL subquery that reads the columns to its left with DISTINCT, window "
                 "functions, QUALIFY, LATERAL VIEW or a generator");
  }
  bool aggregating = AggregateBinder::needsAggregate(select);
  bool grouped = select.group_by.has_value();
  if (grouped) {
    for (const sql::GroupingElement& element : select.group_by->elements) {
      if (element.kind != sql::GroupingElement::Kind::kExpression)
        notSupported(ref.position,
                     "GROUPING SETS, ROLLUP or CUBE in a correlated LATERAL subquery");
    }
    if (select.group_by->all)
      notSupported(ref.position, "GROUP BY ALL in a correlated LATERAL subquery");
  }
  if (left_outer && aggregating && select.having)
    notSupported(ref.position, "LEFT JOIN LATERAL over a correlated subquery with HAVING");
  if (left_outer && grouped && condition != nullptr) {
    notSupported(ref.position, "LEFT JOIN LATERAL ... ON over a correlated subquery with GROUP BY");
  }

  const idx_t left_width = left->column_names.size();
  SLUICE_CHECK_EQ(left_width, scope.size());
  // The left's rows, told apart by a row id when they are grouped.
  if (aggregating) {
    left = appendColumn(std::move(left), callBuiltin("monotonically_increasing_id", {}),
                        "__lateral_row");
  }
  const idx_t keyed_width = left->column_names.size();

  BindContext left_context = context_;
  left_context.outer = nullptr;
  ExpressionBinder left_binder(left_context, statement_, scope);
  OuterQuery lateral;
  lateral.binder = &left_binder;
  lateral.lateral = OuterQuery::Lateral::kBind;
  lateral.lateral_refusal =
      "A column of the left of a LATERAL join read from inside a FROM item "
      "or an aggregate's result of the LATERAL subquery:";
  BindContext inner_context = context_;
  inner_context.outer = &lateral;
  QueryBinder inner(inner_context, statement_, ctes_);

  Scope from_scope;
  LogicalOperatorPtr from = select.from.empty()
                                ? makeOperator(LogicalOperatorKind::kSingleRow)
                                : inner.joinBinder().bindFromList(select.from, from_scope);
  const idx_t from_width = from->column_names.size();
  SLUICE_CHECK_EQ(from_width, from_scope.size());
  // Input layout: the FROM's columns, a marker that is TRUE on its rows (NULL on the left rows
  // an outer join keeps without a match), then the left's columns.
  const idx_t marker = from_width;
  const idx_t left_at = from_width + 1;
  lateral.lateral_scope = &from_scope;
  lateral.lateral_offset = left_at;
  from = appendColumn(std::move(from), BoundExpression::makeConstant(Value::boolean(true)),
                      "__lateral_match");
  auto markerColumn = [&] { return BoundExpression::makeColumn(marker, DataType::boolean()); };
  auto leftColumn = [&](idx_t column) {
    return BoundExpression::makeColumn(left_at + column, left->column_types[column]);
  };

  BoundExpressionPtr predicate;
  if (select.where)
    predicate = bindWhere(*select.where, inner_context, statement_, from_scope);
  bool one_row_left = atMostOneRow(*left);
  if (predicate && !isDeterministicExpression(*predicate) && !one_row_left)
    raiseNondeterministic(statement_, ref.position);

  // Joins the FROM (with its marker) and the left: an outer join that keeps every left row
  // when `keep_left`, with `condition` (the WHERE, and for LEFT JOIN the ON condition).
  auto joinInput = [&](bool keep_left, BoundExpressionPtr join_condition) {
    if (keep_left) {
      return JoinBinder::makeJoin(LogicalJoinType::kRight, std::move(from), std::move(left),
                                  std::move(join_condition));
    }
    LogicalOperatorPtr cross =
        JoinBinder::makeJoin(LogicalJoinType::kInner, std::move(from), std::move(left), nullptr);
    if (!join_condition)
      return cross;
    auto filter = makeOperator(LogicalOperatorKind::kFilter);
    filter->column_names = cross->column_names;
    filter->column_types = cross->column_types;
    filter->expressions.push_back(std::move(join_condition));
    filter->children.push_back(std::move(cross));
    return JoinBinder::pushFilterIntoJoins(std::move(filter));
  };

  std::string qualifier = ref.alias.name;
  auto outputScope = [&](LogicalOperator& output) {
    // The left's columns keep their scope; the subquery's follow under its alias.
    Scope right_scope;
    auto names = std::make_unique<LogicalOperator>();
    names->kind = LogicalOperatorKind::kProject;
    names->column_names.assign(
        output.column_names.begin() + static_cast<std::ptrdiff_t>(left_width),
        output.column_names.end());
    names->column_types.assign(
        output.column_types.begin() + static_cast<std::ptrdiff_t>(left_width),
        output.column_types.end());
    nameRelation(*names, ref, qualifier, right_scope);
    std::copy(names->column_names.begin(), names->column_names.end(),
              output.column_names.begin() + static_cast<std::ptrdiff_t>(left_width));
    Scope combined = scope;
    combined.insert(combined.end(), right_scope.begin(), right_scope.end());
    return combined;
  };

  if (aggregating) {
    // A grouped subquery keeps the left rows only for LEFT JOIN: the groups of a left row
    // without matches are then one group of padded rows, told apart by the marker.
    const bool mark_groups = grouped && left_outer;
    LogicalOperatorPtr input = joinInput(!grouped || left_outer, std::move(predicate));
    const LogicalOperator* input_op = input.get();
    LogicalOperatorPtr plan = AggregateBinder(inner_context, statement_, from_scope)
                                  .bind(select, std::move(input), nullptr);
    // The aggregates read the FROM's rows only, not the left rows the outer join padded.
    for (LogicalOperator* op = plan.get(); op != nullptr && op != input_op;
         op = op->children.empty() ? nullptr : op->children[0].get()) {
      if (op->kind != LogicalOperatorKind::kAggregate || op->children[0].get() != input_op)
        continue;
      for (BoundAggregate& aggregate : op->aggregates) {
        BoundExpressionPtr matched = markerColumn();
        if (aggregate.filter) {
          auto both = std::make_unique<BoundExpression>();
          both->kind = BoundExpressionKind::kAnd;
          both->type = DataType::boolean();
          both->children.push_back(std::move(matched));
          both->children.push_back(std::move(aggregate.filter));
          matched = std::move(both);
        }
        aggregate.filter = std::move(matched);
      }
    }
    idx_t visible = plan->column_names.size();
    std::vector<BoundExpressionPtr> carried;
    for (idx_t column = 0; column < keyed_width; ++column) {
      carried.push_back(
          BoundExpression::makeColumn(left_at + column, input_op->column_types[left_at + column]));
    }
    if (mark_groups)
      carried.push_back(markerColumn());
    Error unsupported(ErrorClass::NOT_SUPPORTED,
                      "This correlated LATERAL subquery is not supported yet: its plan cannot "
                      "carry the columns to its left.");
    unsupported.withLocation(statement_.locate(ref.position));
    std::vector<BoundExpressionPtr> exposed = exposeColumns(plan, input_op, carried, unsupported);
    // The left's columns (without the row id), then the subquery's.
    auto project = makeOperator(LogicalOperatorKind::kProject);
    for (idx_t column = 0; column < left_width; ++column) {
      project->expressions.push_back(copyExpression(*exposed[column]));
      project->column_names.push_back(scope[column].name);
      project->column_types.push_back(exposed[column]->type);
    }
    for (idx_t column = 0; column < visible; ++column) {
      BoundExpressionPtr value = BoundExpression::makeColumn(column, plan->column_types[column]);
      // The padded group of a left row without matches is NULLs, as LEFT JOIN pads.
      if (mark_groups)
        value = caseWhen(copyExpression(*exposed[keyed_width]), std::move(value));
      project->expressions.push_back(std::move(value));
      project->column_names.push_back(plan->column_names[column]);
      project->column_types.push_back(plan->column_types[column]);
    }
    project->children.push_back(std::move(plan));
    LogicalOperatorPtr result = std::move(project);
    Scope combined = outputScope(*result);
    if (condition != nullptr) {
      BoundExpressionPtr on = bindLateralCondition(*condition, context_, statement_, combined);
      if (left_outer) {
        // One row per left row: the subquery's values where the condition holds, else NULLs.
        BoundExpressionPtr holds = substituteColumns(*on, result->expressions);
        for (idx_t column = left_width; column < result->expressions.size(); ++column) {
          result->expressions[column] =
              caseWhen(copyExpression(*holds), std::move(result->expressions[column]));
        }
      } else {
        auto filter = makeOperator(LogicalOperatorKind::kFilter);
        filter->column_names = result->column_names;
        filter->column_types = result->column_types;
        filter->expressions.push_back(std::move(on));
        filter->children.push_back(std::move(result));
        result = std::move(filter);
      }
    }
    scope = std::move(combined);
    return result;
  }

  // A SELECT without aggregates: its items over the joined rows.
  ExpressionBinder binder(inner_context, statement_, from_scope);
  LateralAliases lateral_aliases;
  binder.setLateralAliases(&lateral_aliases);
  std::vector<BoundExpressionPtr> items;
  std::vector<std::string> names;
  for (const sql::SelectItem& item : select.items) {
    if (item.expr->is<sql::StarExpr>()) {
      const auto& star = item.expr->as<sql::StarExpr>();
      if (!star.except_columns.empty())
        notSupported(item.position, "* EXCEPT in a correlated LATERAL subquery");
      StarColumns named = starColumns(star, from_scope);
      for (idx_t index : named.columns) {
        items.push_back(BoundExpression::makeColumn(index, from_scope[index].type));
        names.push_back(from_scope[index].name);
      }
      // t.* of the left (SELECT t1.*): its columns, as Spark resolves the star there.
      bool any = named.any;
      if (!any && !star.qualifier.empty()) {
        StarColumns left = starColumns(star, scope);
        for (idx_t index : left.columns) {
          items.push_back(leftColumn(index));
          names.push_back(scope[index].name);
        }
        any = left.any;
      }
      // s.*: the fields of a struct column. SELECT * without FROM expands to nothing here, as
      // in Spark.
      if (!any && !star.qualifier.empty()) {
        for (StructStarField& field : expandStructStar(star, binder, from_scope, statement_)) {
          items.push_back(binder.bind(*field.reference));
          names.push_back(field.name);
        }
      } else if (!any && !from_scope.empty()) {
        throw Error(ErrorClass::INVALID_SQL_SYNTAX, "Invalid usage of '*'.")
            .withLocation(statement_.locate(item.position));
      }
      continue;
    }
    BoundExpressionPtr expr = binder.bind(*item.expr);
    if (item.alias)
      lateral_aliases.add(*item.alias, *expr);
    names.push_back(item.alias ? *item.alias : ExpressionBinder::autoName(*item.expr));
    items.push_back(std::move(expr));
  }
  for (const auto& item : items) {
    if (!isDeterministicExpression(*item) && !one_row_left)
      raiseNondeterministic(statement_, ref.position);
  }

  // The output: the left's columns, then the items; for LEFT JOIN the items are NULL on the
  // left rows the outer join kept without a match.
  auto project = makeOperator(LogicalOperatorKind::kProject);
  for (idx_t column = 0; column < left_width; ++column) {
    project->expressions.push_back(leftColumn(column));
    project->column_names.push_back(scope[column].name);
    project->column_types.push_back(left->column_types[column]);
  }
  for (idx_t index = 0; index < items.size(); ++index) {
    project->column_names.push_back(names[index]);
    project->column_types.push_back(items[index]->type);
  }
  Scope combined = outputScope(*project);
  BoundExpressionPtr join_condition = std::move(predicate);
  if (condition != nullptr) {
    // The ON condition reads the output; over the join's rows it reads the items' values.
    BoundExpressionPtr on = bindLateralCondition(*condition, context_, statement_, combined);
    std::vector<BoundExpressionPtr> values;
    for (idx_t column = 0; column < left_width; ++column)
      values.push_back(leftColumn(column));
    for (const auto& item : items)
      values.push_back(copyExpression(*item));
    on = substituteColumns(*on, values);
    std::vector<BoundExpressionPtr> both;
    if (join_condition)
      both.push_back(std::move(join_condition));
    both.push_back(std::move(on));
    join_condition = combineConjuncts(std::move(both));
  }
  for (auto& item : items) {
    project->expressions.push_back(left_outer ? caseWhen(markerColumn(), std::move(item))
                                              : std::move(item));
  }
  project->children.push_back(joinInput(left_outer, std::move(join_condition)));
  scope = std::move(combined);
  return project;
}

LogicalOperatorPtr QueryBinder::bindLateralFunction(LogicalOperatorPtr left, Scope& scope,
                                                    const sql::TableFunctionRef& ref,
                                                    bool left_outer, const sql::Expr* condition) {
  const sql::FunctionCallExpr& call = *ref.call;
  std::string name = call.name.size() == 1 ? foldIdentifier(call.name[0]) : "";
  if (!isGeneratorName(name)) {
    // Another table function (range, read_files) cannot read the left: an ordinary join.
    Scope right_scope;
    LogicalOperatorPtr right = bindTableRef(ref, right_scope);
    return joinUncorrelated(std::move(left), std::move(right), right_scope, scope, left_outer,
                            condition, context_, statement_);
  }
  if (left_outer && condition != nullptr) {
    notSupported(ref.position,
                 "LEFT JOIN LATERAL over a generator with an ON condition (use LATERAL VIEW "
                 "OUTER, or an inner join)");
  }
  // The generator over each left row: LATERAL VIEW [OUTER] under the function's alias.
  LogicalOperatorPtr plan = GeneratorBinder(context_, statement_)
                                .bindOverRows(call, left_outer, ref.alias.name, ref.alias.columns,
                                              std::move(left), scope);
  if (condition == nullptr)
    return plan;
  BoundExpressionPtr on = bindLateralCondition(*condition, context_, statement_, scope);
  auto filter = makeOperator(LogicalOperatorKind::kFilter);
  filter->column_names = plan->column_names;
  filter->column_types = plan->column_types;
  filter->expressions.push_back(std::move(on));
  filter->children.push_back(std::move(plan));
  return filter;
}

}  // namespace sluice

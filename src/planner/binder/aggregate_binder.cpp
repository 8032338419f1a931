// src/planner/binder/aggregate_binder.cpp
#include "planner/binder/aggregate_binder.hpp"
#include "planner/binder/constant_folding.hpp"
#include "planner/binder/order_by_all.hpp"
#include "planner/binder/sort_spec.hpp"
#include "planner/binder/star_expansion.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/error/error.hpp"
#include "common/types/type_contents.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/nested_key_encoding.hpp"
#include "planner/binder/set_operation_binder.hpp"
#include "planner/binder/time_window_rows.hpp"
#include "planner/binder/window_binder.hpp"
#include "planner/binder/within_group.hpp"
#include "planner/expression/bound_lambda.hpp"
#include "planner/expression/expression_rewriting.hpp"

namespace sluice {

namespace {

bool sameOptional(const BoundExpressionPtr& a, const BoundExpressionPtr& b) {
  if (!a || !b)
    return !a && !b;
  return sameExpression(*a, *b);
}

bool referencesColumns(const BoundExpression& expr) {
  if (expr.kind == BoundExpressionKind::kColumn)
    return true;
  for (const auto& child : expr.children) {
    if (referencesColumns(*child))
      return true;
  }
  return false;
}

//! The first aggregate call in `expr`, depth first, or null.
const sql::Expr* findAggregateCall(const sql::Expr& expr) {
  if (AggregateBinder::isAggregateCall(expr))
    return &expr;
  const sql::Expr* found = nullptr;
  sql::forEachChild(expr, [&](const sql::Expr& child) {
    if (found == nullptr)
      found = findAggregateCall(child);
  });
  return found;
}

bool containsAggregate(const sql::Expr& expr) {
  return findAggregateCall(expr) != nullptr;
}

void collectAggregateCalls(const sql::Expr& expr, std::vector<const sql::Expr*>& calls) {
  if (AggregateBinder::isAggregateCall(expr)) {
    calls.push_back(&expr);
    return;
  }
  sql::forEachChild(expr, [&](const sql::Expr& child) { collectAggregateCalls(child, calls); });
}

//! The column name Spark gives an aggregate call: "count(1)" for count(*), "sum(DISTINCT a)",
//! "count(a) FILTER (WHERE (a > 1))"; other expressions as ExpressionBinder::autoName.
std::string columnName(const sql::Expr& expr) {
  if (!AggregateBinder::isAggregateCall(expr))
    return ExpressionBinder::autoName(expr);
  const auto& call = expr.as<sql::FunctionCallExpr>();
  std::string text = foldIdentifier(call.name.back()) + "(" + (call.distinct ? "DISTINCT " : "");
  for (size_t i = 0; i < call.args.size(); ++i) {
    if (i > 0)
      text += ", ";
    text += call.args[i]->is<sql::StarExpr>() ? std::string(call.distinct ? "*" : "1")
                                              : ExpressionBinder::autoName(*call.args[i]);
  }
  text += ")" + withinGroupSql(call);
  if (call.filter)
    text += " FILTER (WHERE " + ExpressionBinder::autoName(*call.filter) + ")";
  return text;
}

bool isFirstOrLast(std::string_view name) {
  return name == "first" || name == "first_value" || name == "last" || name == "last_value" ||
         name == "any_value";
}

[[noreturn]] void raiseNotBoolean(std::string_view clause, const sql::Expr& expr,
                                  const DataType& type) {
  throw Error(
      ErrorClass::DATATYPE_MISMATCH, "FILTER_NOT_BOOLEAN",
      fmt::format(
          "Cannot resolve \"{}\" due to data type mismatch: {} expression \"{}\" of type \"{}\" "
          "is not a boolean.",
          ExpressionBinder::autoName(expr), clause, ExpressionBinder::autoName(expr), type.sql()));
}

//! A predicate of HAVING or FILTER: BOOLEAN, or NULL / STRING cast to it as WHERE does.
BoundExpressionPtr booleanPredicate(BoundExpressionPtr predicate, std::string_view clause,
                                    const sql::Expr& expr) {
  if (predicate->type.id() == TypeId::kBoolean)
    return predicate;
  if (predicate->type.isVoid() || predicate->type.id() == TypeId::kString) {
    return ExpressionBinder::castTo(std::move(predicate), DataType::boolean());
  }
  raiseNotBoolean(clause, expr, predicate->type);
}

//! `aggregate`'s columns, its last ones (the aggregates' results) cast to `result_types`.
LogicalOperatorPtr castAggregateResults(LogicalOperatorPtr aggregate,
                                        const std::vector<DataType>& result_types) {
  auto project = makeOperator(LogicalOperatorKind::kProject);
  project->column_names = aggregate->column_names;
  size_t first_result = aggregate->column_types.size() - result_types.size();
  for (idx_t column = 0; column < aggregate->column_types.size(); ++column) {
    DataType type = column < first_result ? aggregate->column_types[column]
                                          : result_types[column - first_result];
    project->expressions.push_back(ExpressionBinder::castTo(
        BoundExpression::makeColumn(column, aggregate->column_types[column]), type));
    project->column_types.push_back(type);
  }
  project->children.push_back(std::move(aggregate));
  return project;
}

}  // namespace

std::string AggregateBinder::aggregateColumnName(const sql::Expr& expr) {
  return columnName(expr);
}

bool AggregateBinder::containsAggregateCall(const sql::Expr& expr) {
  if (isAggregateCall(expr))
    return true;
  bool found = false;
  sql::forEachChild(expr,
                    [&](const sql::Expr& child) { found = found || containsAggregateCall(child); });
  return found;
}

bool AggregateBinder::isAggregateCall(const sql::Expr& expr) {
  if (!expr.is<sql::FunctionCallExpr>())
    return false;
  const auto& call = expr.as<sql::FunctionCallExpr>();
  if (call.over || call.name.size() != 1)
    return false;
  return AggregateRegistry::builtin().find(call.name[0]) != nullptr;
}

bool AggregateBinder::needsAggregate(const sql::SelectBody& select) {
  if (select.group_by || select.having || select.quantifier == sql::SetQuantifier::kDistinct)
    return true;
  for (const sql::SelectItem& item : select.items) {
    if (containsAggregate(*item.expr))
      return true;
  }
  return false;
}

void AggregateBinder::checkWhere(const sql::Expr& condition, const sql::Statement& statement) {
  std::vector<const sql::Expr*> calls;
  collectAggregateCalls(condition, calls);
  if (calls.empty())
    return;
  std::string listed;
  for (const sql::Expr* call : calls)
    listed += (listed.empty() ? "" : ", ") + columnName(*call);
  throw Error(
      ErrorClass::INVALID_WHERE_CONDITION,
      fmt::format(
          "The WHERE condition \"{}\" contains invalid expressions: {}. Rewrite the query to "
          "avoid window functions, aggregate functions, and generator functions in the WHERE "
          "clause.",
          ExpressionBinder::autoName(condition), listed))
      .withLocation(statement.locate(calls[0]->position));
}

AggregateBinder::AggregateBinder(const BindContext& context, const sql::Statement& statement,
                                 const Scope& scope)
    : context_(context),
      statement_(statement),
      scope_(scope),
      input_binder_(context, statement, scope),
      output_binder_(context, statement, no_columns_) {
  input_binder_.setSubstitution([this](const sql::Expr& expr) -> BoundExpressionPtr {
    if (isLateralReference(expr)) {
      throw Error(ErrorClass::UNSUPPORTED_FEATURE, "LATERAL_COLUMN_ALIAS_IN_AGGREGATE_FUNC",
                  fmt::format("Referencing a lateral column alias {} in an aggregate function "
                              "is not supported.",
                              ExpressionBinder::autoName(expr)))
          .withLocation(statement_.locate(expr.position));
    }
    if (!isAggregateCall(expr))
      return nullptr;
    throw Error(
        ErrorClass::NESTED_AGGREGATE_FUNCTION,
        "It is not allowed to use an aggregate function in the argument of another aggregate "
        "function. Please use the inner aggregate function in a sub-query.")
        .withLocation(statement_.locate(expr.position));
  });
  output_binder_.setSubstitution([this](const sql::Expr& expr) { return substitute(expr); });
  output_binder_.markOverAggregateOutput();
}

LogicalOperatorPtr AggregateBinder::bind(const sql::SelectBody& select, LogicalOperatorPtr input,
                                         const std::vector<sql::SortItem>* order,
                                         WindowBinder* windows) {
  if (windows != nullptr)
    windows->install(output_binder_);
  expandSelectItems(select);
  bool any_aggregate = false;
  for (const SelectEntry& entry : entries_)
    any_aggregate = any_aggregate || entry.has_aggregate;
  bool distinct = select.quantifier == sql::SetQuantifier::kDistinct;
  // SELECT DISTINCT alone groups by every select item; over an aggregate it deduplicates the
  // aggregate's rows afterwards.
  bool distinct_as_group_by = distinct && !select.group_by && !select.having && !any_aggregate;
  bool distinct_on_top = distinct && !distinct_as_group_by;

  if (distinct_as_group_by) {
    has_group_by_ = true;
    for (const SelectEntry& entry : entries_) {
      BoundExpressionPtr key = entry.expr ? input_binder_.bind(*entry.expr)
                                          : BoundExpression::makeColumn(
                                                entry.star_column, scope_[entry.star_column].type);
      refuseVariantDeduplication({entry.name}, {key->type}, statement_, entry.position);
      addGroupKey(std::move(key), entry.name, entry.position);
    }
  } else {
    bindGroupBy(select);
  }

  auto project = makeOperator(LogicalOperatorKind::kProject);
  for (const SelectEntry& entry : entries_) {
    BoundExpressionPtr expr = bindEntry(entry);
    if (entry.aliased && WindowBinder::findWindowCall(*entry.expr) != nullptr)
      lateral_aliases_.addUnreadable(entry.name);
    else if (entry.aliased)
      lateral_aliases_.add(entry.name, *expr);
    entry_expressions_.push_back(copyExpression(*expr));
    project->column_names.push_back(entry.name);
    project->column_types.push_back(expr->type);
    project->expressions.push_back(std::move(expr));
  }
  size_t visible = entries_.size();

  aliases_visible_ = true;
  BoundExpressionPtr having;
  if (select.having)
    having = bindHaving(*select.having);
  std::vector<SortSpec> sort_keys;
  if (order != nullptr) {
    DistinctMode mode = distinct_on_top ? DistinctMode::kOnTop
                        : distinct      ? DistinctMode::kGroupBy
                                        : DistinctMode::kNone;
    sort_keys = bindOrderKeys(*project, visible, *order, mode);
  }
  BoundExpressionPtr qualify = windows ? windows->bindQualify(output_binder_) : nullptr;
  aliases_visible_ = false;

  auto aggregate = makeOperator(LogicalOperatorKind::kAggregate);
  for (size_t i = 0; i < group_keys_.size(); ++i) {
    aggregate->column_names.push_back(group_names_[i]);
    aggregate->column_types.push_back(group_keys_[i]->type);
  }
  // The aggregates' types as the query reads them: merged results may be wider.
  std::vector<DataType> result_types;
  for (const BoundAggregate& call : aggregates_)
    result_types.push_back(call.function->returnType());
  bool merged = false;
  checkTimeWindowKeys();
  input = expandSlidingWindows(mergeSessions(std::move(input)));
  if (grouping_sets_ && !grouping_sets_->isGlobal()) {
    if (canPreAggregate(aggregates_, *grouping_sets_)) {
      PreAggregate pre = preAggregate(std::move(input), std::move(group_keys_), group_names_,
                                      std::move(aggregates_), aggregate_names_);
      input = std::move(pre.input);
      group_keys_ = std::move(pre.keys);
      aggregates_ = std::move(pre.merges);
      merged = true;
    }
    // The aggregate groups by the Expand's keys and its hidden columns (the grouping id, and
    // the set's position when a set repeats); its aggregates read the input columns it passes on.
    idx_t first_key = input->column_types.size();
    input = makeExpand(std::move(input), group_keys_, group_names_, *grouping_sets_);
    group_keys_.clear();
    for (idx_t column = first_key; column < input->column_types.size(); ++column) {
      group_keys_.push_back(BoundExpression::makeColumn(column, input->column_types[column]));
      if (column >= first_key + group_names_.size()) {
        aggregate->column_names.push_back(input->column_names[column]);
        aggregate->column_types.push_back(input->column_types[column]);
      }
    }
  }
  for (size_t i = 0; i < aggregates_.size(); ++i) {
    aggregate->column_names.push_back(aggregate_names_[i]);
    aggregate->column_types.push_back(aggregates_[i].function->returnType());
  }
  aggregate->expressions = std::move(group_keys_);
  aggregate->aggregates = std::move(aggregates_);
  aggregate->children.push_back(std::move(input));
  LogicalOperatorPtr plan = std::move(aggregate);
  if (merged)
    plan = castAggregateResults(std::move(plan), result_types);

  if (having) {
    auto filter = makeOperator(LogicalOperatorKind::kFilter);
    filter->column_names = plan->column_names;
    filter->column_types = plan->column_types;
    filter->expressions.push_back(std::move(having));
    filter->children.push_back(std::move(plan));
    plan = std::move(filter);
  }
  if (windows != nullptr) {
    std::vector<BoundExpression*> consumers;
    for (auto& expr : project->expressions)
      consumers.push_back(expr.get());
    plan = windows->attach(std::move(plan), consumers, std::move(qualify));
  }
  project->children.push_back(std::move(plan));
  plan = std::move(project);

  if (distinct_on_top) {
    auto dedup = makeOperator(LogicalOperatorKind::kAggregate);
    dedup->column_names = plan->column_names;
    dedup->column_types = plan->column_types;
    for (idx_t column = 0; column < plan->column_types.size(); ++column) {
      dedup->expressions.push_back(BoundExpression::makeColumn(column, plan->column_types[column]));
    }
    dedup->children.push_back(std::move(plan));
    plan = std::move(dedup);
  }
  if (sort_keys.empty())
    return plan;

  return sortKeepingColumns(std::move(plan), std::move(sort_keys), visible);
}

void AggregateBinder::expandSelectItems(const sql::SelectBody& select) {
  for (const sql::SelectItem& item : select.items) {
    if (!item.expr->is<sql::StarExpr>()) {
      SelectEntry entry;
      entry.expr = item.expr.get();
      entry.name = item.alias ? *item.alias : columnName(*item.expr);
      entry.aliased = item.alias.has_value();
      entry.has_aggregate = containsAggregate(*item.expr);
      entry.position = item.expr->position;
      entries_.push_back(std::move(entry));
      continue;
    }
    const auto& star = item.expr->as<sql::StarExpr>();
    StarColumns named = starColumns(star, scope_);
    for (idx_t index : named.columns) {
      SelectEntry entry;
      entry.star_column = index;
      entry.name = scope_[index].name;
      entry.position = item.position;
      entries_.push_back(std::move(entry));
    }
    if (!named.any && !star.qualifier.empty()) {
      // s.*: the fields of a struct column, each an item `s.field AS field`.
      for (StructStarField& field : expandStructStar(star, input_binder_, scope_, statement_)) {
        SelectEntry entry;
        entry.expr = field.reference.get();
        entry.name = field.name;
        entry.aliased = true;
        entry.position = item.position;
        entries_.push_back(std::move(entry));
        star_fields_.push_back(std::move(field.reference));
      }
    } else if (!named.any) {
      throw Error(ErrorClass::INVALID_SQL_SYNTAX, "Invalid usage of '*' in a query without FROM.")
          .withLocation(statement_.locate(item.position));
    }
  }
}

void AggregateBinder::bindGroupBy(const sql::SelectBody& select) {
  if (!select.group_by)
    return;
  has_group_by_ = true;
  const sql::GroupByClause& clause = *select.group_by;
  if (clause.all && hasColumnNamedAll(scope_, {})) {
    // A FROM column named `all` is what GROUP BY ALL names, as in Spark.
    sql::ColumnRefExpr column(clause.position);
    column.name.push_back("all");
    addGroupKey(input_binder_.bind(column), "all", clause.position);
    return;
  }
  if (clause.all) {
    // GROUP BY ALL: every select item without an aggregate call is a group key.
    for (const SelectEntry& entry : entries_) {
      if (!entry.expr) {
        addGroupKey(BoundExpression::makeColumn(entry.star_column, scope_[entry.star_column].type),
                    entry.name, entry.position);
        continue;
      }
      if (!entry.has_aggregate) {
        addGroupKey(input_binder_.bind(*entry.expr), entry.name, entry.position);
        continue;
      }
      if (hasColumnOutsideAggregates(*entry.expr)) {
        throw Error(
            ErrorClass::UNRESOLVED_ALL_IN_GROUP_BY,
            "Cannot infer grouping columns for GROUP BY ALL based on the select clause. Please "
            "explicitly specify the grouping columns.")
            .withLocation(statement_.locate(clause.position));
      }
    }
    return;
  }
  if (hasGroupingAnalytics(clause)) {
    try {
      grouping_sets_ =
          expandGroupingSets(clause, [this](const sql::Expr& expr) { return groupKeyIndex(expr); });
    } catch (Error& error) {
      if (!error.location())
        error.withLocation(statement_.locate(clause.position));
      throw;
    }
    // GROUPING SETS (()) alone aggregates every row into one, as no GROUP BY does.
    has_group_by_ = !grouping_sets_->isGlobal();
    return;
  }
  for (const sql::GroupingElement& element : clause.elements) {
    const sql::Expr& expr = *element.expression;
    addGroupKey(bindGroupExpression(expr), ExpressionBinder::autoName(expr), expr.position);
  }
}

idx_t AggregateBinder::groupKeyIndex(const sql::Expr& expr) {
  BoundExpressionPtr key = bindGroupExpression(expr);
  if (std::optional<idx_t> index = matchGroupKey(*key))
    return *index;
  addGroupKey(std::move(key), ExpressionBinder::autoName(expr), expr.position);
  return group_keys_.size() - 1;
}

idx_t AggregateBinder::firstAggregateColumn() const {
  return group_keys_.size() + (grouping_sets_ ? grouping_sets_->hiddenKeyCount() : 0);
}

BoundExpressionPtr AggregateBinder::groupingId() const {
  if (grouping_sets_->isGlobal())
    return BoundExpression::makeConstant(Value::longValue(0));
  return BoundExpression::makeColumn(group_keys_.size(), DataType::longType());
}

BoundExpressionPtr AggregateBinder::bindGroupingCall(const sql::FunctionCallExpr& call) {
  if (!grouping_sets_)
    raiseGroupingOutsideGroupingSets();
  std::string name = foldIdentifier(call.name[0]);
  std::vector<BoundExpressionPtr> arguments;
  for (const sql::ExprPtr& argument : call.args)
    arguments.push_back(input_binder_.bind(*argument));
  auto keyList = [&] {
    std::string listed;
    for (const std::string& key : group_names_)
      listed += (listed.empty() ? "" : ",") + key;
    return listed;
  };
  if (name == "grouping") {
    if (arguments.size() != 1) {
      throw Error(ErrorClass::WRONG_NUM_ARGS, "WITHOUT_SUGGESTION",
                  fmt::format("The `grouping` requires 1 parameters but the actual number is {}.",
                              arguments.size()));
    }
    std::optional<idx_t> key = matchGroupKey(*arguments[0]);
    if (!key) {
      throw Error(ErrorClass::GROUPING_COLUMN_MISMATCH,
                  fmt::format("Column of grouping ({}) can't be found in grouping columns {}.",
                              ExpressionBinder::autoName(*call.args[0]), keyList()));
    }
    return groupingBit(group_keys_.size(), *key, group_keys_.size());
  }
  // grouping_id(k1, ..., kn) names every key in order, or none.
  bool matches = arguments.empty() || arguments.size() == group_keys_.size();
  for (size_t index = 0; matches && !arguments.empty() && index < arguments.size(); ++index)
    matches = sameExpression(*arguments[index], *group_keys_[index]);
  if (!matches) {
    std::string listed;
    for (const sql::ExprPtr& argument : call.args)
      listed += (listed.empty() ? "" : ",") + ExpressionBinder::autoName(*argument);
    throw Error(ErrorClass::GROUPING_ID_COLUMN_MISMATCH,
                fmt::format("Columns of grouping_id ({}) does not match grouping columns ({}).",
                            listed, keyList()));
  }
  return groupingId();
}

BoundExpressionPtr AggregateBinder::bindGroupExpression(const sql::Expr& expr) {
  auto entryKey = [&](const SelectEntry& entry) {
    return entry.expr
               ? input_binder_.bind(*entry.expr)
               : BoundExpression::makeColumn(entry.star_column, scope_[entry.star_column].type);
  };
  // An integer literal is an ordinal: the select item at that position.
  if (expr.is<sql::LiteralExpr>() &&
      expr.as<sql::LiteralExpr>().literal_kind == sql::LiteralKind::kInteger) {
    Value value = bindLiteral(expr.as<sql::LiteralExpr>(), context_.exec);
    if (value.type().id() == TypeId::kInt) {
      int64_t position = value.getInt64();
      if (position < 1 || static_cast<size_t>(position) > entries_.size()) {
        throw Error(
            ErrorClass::GROUP_BY_POS_OUT_OF_RANGE,
            fmt::format("GROUP BY position {} is not in select list (valid range is [1, {}]).",
                        position, entries_.size()))
            .withLocation(statement_.locate(expr.position));
      }
      const SelectEntry& entry = entries_[position - 1];
      if (entry.has_aggregate) {
        throw Error(
            ErrorClass::GROUP_BY_POS_AGGREGATE,
            fmt::format(
                "GROUP BY {} refers to an expression {} that contains an aggregate function. "
                "Aggregate functions are not allowed in GROUP BY.",
                position, ExpressionBinder::autoName(*entry.expr)))
            .withLocation(statement_.locate(expr.position));
      }
      return entryKey(entry);
    }
  }
  // A name that no FROM column has may be a select alias.
  if (std::optional<idx_t> alias = aliasEntry(expr)) {
    const SelectEntry& entry = entries_[*alias];
    if (entry.has_aggregate) {
      throw Error(ErrorClass::GROUP_BY_AGGREGATE,
                  fmt::format("Aggregate functions are not allowed in GROUP BY, but found {}.",
                              columnName(*findAggregateCall(*entry.expr))))
          .withLocation(statement_.locate(expr.position));
    }
    return entryKey(entry);
  }
  if (const sql::Expr* call = findAggregateCall(expr)) {
    throw Error(ErrorClass::GROUP_BY_AGGREGATE,
                fmt::format("Aggregate functions are not allowed in GROUP BY, but found {}.",
                            columnName(*call)))
        .withLocation(statement_.locate(call->position));
  }
  return input_binder_.bind(expr);
}

void AggregateBinder::addGroupKey(BoundExpressionPtr key, std::string name,
                                  sql::SourcePosition position) {
  if (containsVariantType(key->type)) {
    throw Error(ErrorClass::GROUP_EXPRESSION_TYPE_IS_NOT_ORDERABLE,
                fmt::format("The expression \"{}\" cannot be used as a grouping expression "
                            "because its data type \"{}\" is not an orderable data type.",
                            name, key->type.sql()))
        .withLocation(statement_.locate(position));
  }
  if (containsIndeterminateCollation(key->type))
    throw indeterminateCollationIn(name, /*found_running=*/true)
        .withLocation(statement_.locate(position));
  if (key->type.isNested() && !isEncodedKeyType(key->type)) {
    throw Error(
        ErrorClass::NOT_SUPPORTED,
        fmt::format("Grouping by a value of type {} is not supported yet.", key->type.sql()))
        .withLocation(statement_.locate(position));
  }
  group_keys_.push_back(std::move(key));
  group_names_.push_back(std::move(name));
  group_positions_.push_back(position);
}

bool AggregateBinder::hasColumnOutsideAggregates(const sql::Expr& expr) const {
  if (isAggregateCall(expr))
    return false;
  if (expr.is<sql::ColumnRefExpr>()) {
    const auto& name = expr.as<sql::ColumnRefExpr>().name;
    return name.size() > 1 || resolvesInScope(name[0]);
  }
  bool found = false;
  sql::forEachChild(
      expr, [&](const sql::Expr& child) { found = found || hasColumnOutsideAggregates(child); });
  return found;
}

BoundExpressionPtr AggregateBinder::bindEntry(const SelectEntry& entry) {
  if (entry.expr)
    return output_binder_.bind(*entry.expr);
  const ScopeColumn& column = scope_[entry.star_column];
  BoundExpressionPtr bound = BoundExpression::makeColumn(entry.star_column, column.type);
  if (std::optional<idx_t> key = matchGroupKey(*bound))
    return BoundExpression::makeColumn(*key, column.type);
  raiseMissingAggregation(column.name, entry.position);
}

BoundExpressionPtr AggregateBinder::bindHaving(const sql::Expr& condition) {
  return booleanPredicate(output_binder_.bind(condition), "Filter", condition);
}

BoundExpressionPtr AggregateBinder::substitute(const sql::Expr& expr) {
  if (isAggregateCall(expr))
    return bindAggregateCall(expr.as<sql::FunctionCallExpr>());
  if (isGroupingFunctionCall(expr))
    return bindGroupingCall(expr.as<sql::FunctionCallExpr>());
  if (grouping_sets_ && isGroupingIdName(expr) &&
      !resolvesInScope(expr.as<sql::ColumnRefExpr>().name[0]))
    return groupingId();
  if (isLateralReference(expr))
    return lateral_aliases_.resolve(expr.as<sql::ColumnRefExpr>().name[0]);
  if (BoundExpressionPtr window = timeWindowReference(expr))
    return window;
  if (needsRewriteBelow(expr)) {
    if (aliases_visible_) {
      if (std::optional<idx_t> entry = aliasEntry(expr))
        return copyExpression(*entry_expressions_[*entry]);
    }
    return nullptr;  // bind the children one by one
  }
  switch (expr.kind()) {
    case sql::ExprKind::kStar:
    case sql::ExprKind::kNamedArgument:
    case sql::ExprKind::kLambda:
      return nullptr;
    default:
      break;
  }
  // An expression over the FROM columns: a group key, something computed from constants, or
  // (for a column) an error.
  BoundExpressionPtr bound = input_binder_.bind(expr);
  // Constants stay what they are (a literal keeps its literal typing even when some key is
  // the same constant).
  if (!referencesColumns(*bound))
    return bound;
  if (std::optional<idx_t> key = matchGroupKey(*bound))
    return BoundExpression::makeColumn(*key, bound->type);
  if (BoundExpressionPtr field = fieldOfGroupKey(*bound))
    return field;
  if (expr.is<sql::ColumnRefExpr>())
    raiseMissingAggregation(ExpressionBinder::autoName(expr), expr.position);
  return nullptr;
}

BoundExpressionPtr AggregateBinder::fieldOfGroupKey(const BoundExpression& expr) const {
  if (expr.kind != BoundExpressionKind::kField)
    return nullptr;
  const BoundExpression& base = *expr.children[0];
  BoundExpressionPtr struct_value;
  if (std::optional<idx_t> key = matchGroupKey(base))
    struct_value = BoundExpression::makeColumn(*key, base.type);
  else
    struct_value = fieldOfGroupKey(base);
  if (!struct_value)
    return nullptr;
  return BoundExpression::makeField(std::move(struct_value), expr.field_index);
}

BoundExpressionPtr AggregateBinder::timeWindowReference(const sql::Expr& expr) const {
  if (!expr.is<sql::ColumnRefExpr>())
    return nullptr;
  const auto& name = expr.as<sql::ColumnRefExpr>().name;
  std::string_view function = sameIdentifier(name[0], "window")           ? "window"
                              : sameIdentifier(name[0], "session_window") ? "session_window"
                                                                          : "";
  if (function.empty() || resolvesInScope(name[0]))
    return nullptr;
  for (idx_t index = 0; index < group_keys_.size(); ++index) {
    const BoundExpression& key = *group_keys_[index];
    if (key.kind != BoundExpressionKind::kCall || key.function.name != function)
      continue;
    BoundExpressionPtr value = BoundExpression::makeColumn(index, key.type);
    for (size_t part = 1; part < name.size(); ++part) {
      const auto& fields = value->type.fields();
      auto field = std::find_if(fields.begin(), fields.end(), [&](const StructField& candidate) {
        return sameIdentifier(candidate.name, name[part]);
      });
      if (field == fields.end())
        return nullptr;
      value = BoundExpression::makeField(std::move(value), field - fields.begin());
    }
    return value;
  }
  return nullptr;
}

LogicalOperatorPtr AggregateBinder::mergeSessions(LogicalOperatorPtr input) {
  auto session = std::find_if(group_keys_.begin(), group_keys_.end(), [](const auto& key) {
    return isTimeWindowCall(*key, "session_window");
  });
  if (session == group_keys_.end())
    return input;
  idx_t session_key = static_cast<idx_t>(session - group_keys_.begin());
  DataType session_type = (*session)->type;
  // Project: the input's columns, then each row's session, its start, and the other keys that
  // are no input column (the window partitions and sorts by columns).
  idx_t width = input->column_types.size();
  auto project = makeOperator(LogicalOperatorKind::kProject);
  for (idx_t column = 0; column < width; ++column) {
    project->expressions.push_back(
        BoundExpression::makeColumn(column, input->column_types[column]));
    project->column_names.push_back(input->column_names[column]);
    project->column_types.push_back(input->column_types[column]);
  }
  auto addColumn = [&](BoundExpressionPtr expr, std::string name) {
    project->column_names.push_back(std::move(name));
    project->column_types.push_back(expr->type);
    project->expressions.push_back(std::move(expr));
    return project->expressions.size() - 1;
  };
  // The start is the time itself: the session's first argument, over the input.
  idx_t start = addColumn(copyExpression(*(*session)->children[0]), "session_start");
  idx_t row_session = addColumn(std::move(*session), "session_window");
  std::vector<idx_t> partition;
  for (idx_t key = 0; key < group_keys_.size(); ++key) {
    if (key == session_key)
      continue;
    const BoundExpression& expr = *group_keys_[key];
    partition.push_back(expr.kind == BoundExpressionKind::kColumn && expr.column_index < width
                            ? expr.column_index
                            : addColumn(copyExpression(expr), fmt::format("_session_key{}", key)));
  }
  project->children.push_back(std::move(input));
  // A row whose session is empty or NULL belongs to none (Spark filters it out).
  auto filter = makeOperator(LogicalOperatorKind::kFilter);
  filter->column_names = project->column_names;
  filter->column_types = project->column_types;
  filter->expressions.push_back(sessionIsNotEmpty(row_session, session_type));
  filter->children.push_back(std::move(project));

  auto window = makeOperator(LogicalOperatorKind::kWindow);
  window->column_names = filter->column_names;
  window->column_types = filter->column_types;
  window->partition_columns = std::move(partition);
  window->order_keys.push_back(SortSpec{start, true, true});
  BoundWindowFunction merge;
  merge.kind = WindowFunctionKind::kSessionMerge;
  merge.name = "session_window";
  merge.type = session_type;
  merge.arguments.push_back(row_session);
  window->window_functions.push_back(std::move(merge));
  window->column_names.push_back("session_window");
  window->column_types.push_back(session_type);
  window->children.push_back(std::move(filter));
  // The other keys and the aggregates read input columns, which keep their places.
  *session = BoundExpression::makeColumn(window->column_types.size() - 1, session_type);
  return window;
}

void AggregateBinder::checkTimeWindowKeys() const {
  bool seen = false;
  for (idx_t index = 0; index < group_keys_.size(); ++index) {
    const BoundExpression& key = *group_keys_[index];
    bool session = isTimeWindowCall(key, "session_window");
    if (!session && !isTimeWindowCall(key, "window"))
      continue;
    if (seen) {
      throw Error(ErrorClass::NOT_SUPPORTED,
                  "A GROUP BY may have one time or session window, not two.")
          .withLocation(statement_.locate(group_positions_[index]));
    }
    seen = true;
    if (grouping_sets_ && (session || boundWindowSpec(key).sliding())) {
      throw Error(ErrorClass::NOT_SUPPORTED,
                  "A session window or a sliding window is supported as a key of a plain GROUP "
                  "BY, not in GROUPING SETS, ROLLUP or CUBE.")
          .withLocation(statement_.locate(group_positions_[index]));
    }
  }
}

LogicalOperatorPtr AggregateBinder::expandSlidingWindows(LogicalOperatorPtr input) {
  auto window = std::find_if(group_keys_.begin(), group_keys_.end(), [](const auto& key) {
    return isTimeWindowCall(*key, "window") && boundWindowSpec(*key).sliding();
  });
  if (window == group_keys_.end())
    return input;
  idx_t width = input->column_types.size();
  LogicalOperatorPtr rows = expandSlidingWindow(std::move(input), **window);
  *window = BoundExpression::makeColumn(width, (*window)->type);
  return rows;
}

BoundExpressionPtr AggregateBinder::bindAggregateCall(const sql::FunctionCallExpr& call) {
  std::string name = foldIdentifier(call.name[0]);
  const AggregateFunctionEntry* entry = AggregateRegistry::builtin().find(name);
  std::optional<WithinGroupOrdering> ordering = checkWithinGroup(call, *entry);
  std::vector<BoundExpressionPtr> arguments;
  std::vector<std::string> argument_sql;
  if (ordering) {
    arguments.push_back(input_binder_.bind(*ordering->value));
    argument_sql.push_back(ExpressionBinder::autoName(*ordering->value));
  }
  for (const sql::ExprPtr& argument : call.args) {
    if (!argument->is<sql::StarExpr>()) {
      arguments.push_back(input_binder_.bind(*argument));
      argument_sql.push_back(ExpressionBinder::autoName(*argument));
      continue;
    }
    const auto& star = argument->as<sql::StarExpr>();
    if (name == "count" && !call.distinct && star.qualifier.empty() && call.args.size() == 1) {
      // count(*) is count(1), as Spark rewrites it.
      arguments.push_back(BoundExpression::makeConstant(Value::intValue(1), true));
      argument_sql.push_back("1");
      continue;
    }
    // count(DISTINCT *), count(t.*): every (matching) FROM column.
    for (idx_t index : starColumns(star, scope_).columns) {
      const ScopeColumn& column = scope_[index];
      arguments.push_back(BoundExpression::makeColumn(index, column.type));
      argument_sql.push_back(column.name);
    }
  }
  if (call.null_treatment != sql::NullTreatment::kDefault) {
    if (!isFirstOrLast(name) || arguments.size() != 1) {
      throw Error(
          ErrorClass::INVALID_SQL_SYNTAX,
          fmt::format("The function `{}` does not support IGNORE NULLS or RESPECT NULLS.", name));
    }
    arguments.push_back(BoundExpression::makeConstant(
        Value::boolean(call.null_treatment == sql::NullTreatment::kIgnoreNulls), true));
    argument_sql.push_back(call.null_treatment == sql::NullTreatment::kIgnoreNulls ? "true"
                                                                                   : "false");
  }
  if (ordering) {
    arguments.push_back(BoundExpression::makeConstant(Value::boolean(ordering->descending), true));
    argument_sql.push_back(ordering->descending ? "true" : "false");
  }
  // The value and DESC of WITHIN GROUP are no arguments of the call as written.
  int count = static_cast<int>(arguments.size()) - (ordering ? 2 : 0);
  if (count < entry->min_arguments || (entry->max_arguments >= 0 && count > entry->max_arguments)) {
    std::string expected =
        entry->max_arguments < 0 ? fmt::format(">= {}", entry->min_arguments)
        : entry->min_arguments == entry->max_arguments
            ? fmt::format("{}", entry->min_arguments)
            : fmt::format("[{}, {}]", entry->min_arguments, entry->max_arguments);
    throw Error(ErrorClass::WRONG_NUM_ARGS, "WITHOUT_SUGGESTION",
                fmt::format("The `{}` requires {} parameters but the actual number is {}.", name,
                            expected, count));
  }
  // count(DISTINCT s) of structs and arrays counts distinct key encodings: equal values have
  // equal encodings, and NULL stays NULL.
  if (call.distinct && name == "count") {
    for (auto& argument : arguments)
      argument = encodeNestedKey(std::move(argument));
  }

  AggregateBindRequest request;
  request.name = columnName(call);
  request.argument_sql = std::move(argument_sql);
  // Arguments Spark wants foldable (percentages) may be calls of constants: array(0.25, 0.5).
  std::vector<std::optional<Value>> folded;
  folded.reserve(arguments.size());
  for (const auto& argument : arguments) {
    request.argument_types.push_back(argument->type);
    // Only parameters are computed now: the aggregated value is left to the operators.
    bool fold = argument->kind == BoundExpressionKind::kConstant ||
                (!folded.empty() && argument->isFoldable());
    folded.push_back(fold ? foldBoundConstant(*argument, context_.exec) : std::nullopt);
    request.argument_constants.push_back(folded.back() ? &*folded.back() : nullptr);
  }
  AggregateFunctionPtr function = entry->bind(request);

  BoundAggregate aggregate;
  aggregate.function = function;
  for (size_t i = 0; i < arguments.size(); ++i) {
    aggregate.arguments.push_back(
        ExpressionBinder::castTo(std::move(arguments[i]), function->argumentTypes()[i]));
  }
  if (call.filter)
    aggregate.filter = booleanPredicate(input_binder_.bind(*call.filter), "FILTER", *call.filter);
  if (pivot_filter_) {
    std::vector<BoundExpressionPtr> conditions;
    if (aggregate.filter)
      conditions.push_back(std::move(aggregate.filter));
    conditions.push_back(copyExpression(*pivot_filter_));
    aggregate.filter = combineConjuncts(std::move(conditions));
  }
  aggregate.distinct = call.distinct && !function->ignoresDuplicates();
  for (const auto& argument : aggregate.arguments) {
    if (aggregate.distinct && argument->type.isNested()) {
      throw Error(ErrorClass::NOT_SUPPORTED,
                  fmt::format("DISTINCT over a value of type {} is not supported yet: {}.",
                              argument->type.sql(), columnName(call)));
    }
  }

  // Equal calls (sum(a) in the select list and in HAVING) are computed once.
  idx_t index = 0;
  for (; index < aggregates_.size(); ++index) {
    const BoundAggregate& other = aggregates_[index];
    bool same = other.function->name() == function->name() &&
                other.distinct == aggregate.distinct &&
                other.function->returnType() == function->returnType() &&
                other.arguments.size() == aggregate.arguments.size() &&
                sameOptional(other.filter, aggregate.filter);
    for (size_t i = 0; same && i < other.arguments.size(); ++i) {
      same = sameExpression(*other.arguments[i], *aggregate.arguments[i]);
    }
    if (same)
      break;
  }
  if (index == aggregates_.size()) {
    aggregates_.push_back(std::move(aggregate));
    aggregate_names_.push_back(columnName(call));
  }
  return BoundExpression::makeColumn(firstAggregateColumn() + index, function->returnType());
}

std::optional<idx_t> AggregateBinder::matchGroupKey(const BoundExpression& expr) const {
  for (idx_t index = 0; index < group_keys_.size(); ++index) {
    if (sameExpression(expr, *group_keys_[index]))
      return index;
  }
  return std::nullopt;
}

bool AggregateBinder::resolvesInScope(const std::string& name) const {
  for (const ScopeColumn& column : scope_) {
    if (sameIdentifier(column.name, name))
      return true;
  }
  return false;
}

std::optional<idx_t> AggregateBinder::aliasEntry(const sql::Expr& expr) const {
  if (!expr.is<sql::ColumnRefExpr>())
    return std::nullopt;
  const auto& name = expr.as<sql::ColumnRefExpr>().name;
  if (name.size() != 1 || resolvesInScope(name[0]))
    return std::nullopt;
  for (idx_t index = 0; index < entries_.size(); ++index) {
    if (entries_[index].aliased && sameIdentifier(entries_[index].name, name[0]))
      return index;
  }
  return std::nullopt;
}

bool AggregateBinder::isLateralReference(const sql::Expr& expr) const {
  // HAVING and ORDER BY name select aliases their own way (aliasEntry).
  if (aliases_visible_ || !expr.is<sql::ColumnRefExpr>())
    return false;
  const auto& name = expr.as<sql::ColumnRefExpr>().name;
  return name.size() == 1 && !resolvesInScope(name[0]) && lateral_aliases_.names(name[0]);
}

bool AggregateBinder::needsRewriteBelow(const sql::Expr& expr) const {
  if (isAggregateCall(expr) || WindowBinder::isWindowCall(expr) || isLateralReference(expr) ||
      isGroupingFunctionCall(expr) || (grouping_sets_ && isGroupingIdName(expr)) ||
      timeWindowReference(expr))
    return true;
  if (aliases_visible_ && aliasEntry(expr))
    return true;
  bool found = false;
  sql::forEachChild(expr,
                    [&](const sql::Expr& child) { found = found || needsRewriteBelow(child); });
  return found;
}

void AggregateBinder::raiseMissingAggregation(const std::string& column,
                                              sql::SourcePosition position) const {
  if (!has_group_by_) {
    throw Error(
        ErrorClass::MISSING_GROUP_BY,
        "The query does not include a GROUP BY clause. Add GROUP BY or turn it into the window "
        "functions using OVER clauses.")
        .withLocation(statement_.locate(position));
  }
  throw Error(
      ErrorClass::MISSING_AGGREGATION,
      fmt::format(
          "The non-aggregating expression \"{0}\" is based on columns which are not participating "
          "in the GROUP BY clause. Add the columns or the expression to the GROUP BY, aggregate "
          "the "
          "expression, or use \"any_value({0})\" if you do not care which of the values within a "
          "group is returned.",
          column))
      .withLocation(statement_.locate(position));
}

std::vector<SortSpec> AggregateBinder::bindOrderKeys(LogicalOperator& project, size_t visible,
                                                     const std::vector<sql::SortItem>& order,
                                                     DistinctMode distinct) {
  std::vector<SortSpec> keys;
  std::vector<std::string> visible_names(
      project.column_names.begin(),
      project.column_names.begin() + static_cast<std::ptrdiff_t>(visible));
  if (isOrderByAll(order) && !hasColumnNamedAll(scope_, visible_names)) {
    for (idx_t column = 0; column < visible; ++column)
      keys.push_back(bindSortSpec(order[0], column, project.column_types[column], statement_));
    return keys;
  }
  for (const sql::SortItem& item : order) {
    const sql::Expr& expr = *item.expr;
    std::optional<idx_t> column;
    if (expr.is<sql::LiteralExpr>()) {
      Value value = bindLiteral(expr.as<sql::LiteralExpr>(), context_.exec);
      if (value.type().isIntegral() && !value.isNull()) {
        int64_t position = value.getInt64();
        if (position < 1 || static_cast<size_t>(position) > visible) {
          throw Error(
              ErrorClass::ORDER_BY_POS_OUT_OF_RANGE,
              fmt::format("ORDER BY position {} is not in select list (valid range is [1, {}]).",
                          position, visible))
              .withLocation(statement_.locate(expr.position));
        }
        column = static_cast<idx_t>(position - 1);
      }
    }
    if (!column && expr.is<sql::ColumnRefExpr>() &&
        expr.as<sql::ColumnRefExpr>().name.size() == 1) {
      const std::string& name = expr.as<sql::ColumnRefExpr>().name[0];
      for (idx_t index = 0; index < visible && !column; ++index) {
        if (sameIdentifier(project.column_names[index], name))
          column = index;
      }
    }
    if (!column) {
      BoundExpressionPtr key;
      try {
        key = output_binder_.bind(expr);
      } catch (const Error& error) {
        // After DISTINCT only the selected columns are left to order by.
        if (distinct == DistinctMode::kNone ||
            error.errorClass() != ErrorClass::MISSING_AGGREGATION)
          throw;
        std::string names;
        for (idx_t index = 0; index < visible; ++index)
          names += (index ? ", `" : "`") + project.column_names[index] + "`";
        throw Error(
            ErrorClass::UNRESOLVED_COLUMN, "WITH_SUGGESTION",
            fmt::format(
                "A column, variable, or function parameter with name `{}` cannot be resolved. Did "
                "you mean one of the following? [{}].",
                ExpressionBinder::autoName(expr), names))
            .withLocation(statement_.locate(expr.position));
      }
      for (idx_t index = 0; index < visible && !column; ++index) {
        if (sameExpression(*project.expressions[index], *key))
          column = index;
      }
      if (!column) {
        // Over a deduplicated aggregate a hidden column could split rows the DISTINCT merged.
        if (distinct == DistinctMode::kOnTop) {
          throw Error(
              ErrorClass::UNRESOLVED_COLUMN, "WITHOUT_SUGGESTION",
              fmt::format(
                  "A column, variable, or function parameter with name `{}` cannot be resolved.",
                  ExpressionBinder::autoName(expr)))
              .withLocation(statement_.locate(expr.position));
        }
        column = project.expressions.size();
        project.column_names.push_back(columnName(expr));
        project.column_types.push_back(key->type);
        project.expressions.push_back(std::move(key));
      }
    }
    keys.push_back(bindSortSpec(item, *column, project.column_types[*column], statement_));
  }
  return keys;
}

}  // namespace sluice

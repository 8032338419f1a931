#include "planner/binder/query_binder.hpp"

#include <fmt/ranges.h>

#include "catalog/catalog.hpp"
#include "catalog/delta_path_name.hpp"
#include "common/error/error.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/type_coercion.hpp"
#include "common/types/value_text.hpp"
#include "planner/binder/aggregate_binder.hpp"
#include "planner/binder/constant_folding.hpp"
#include "planner/binder/cte_scope.hpp"
#include "planner/binder/expression_binder.hpp"
#include "planner/binder/generator_binder.hpp"
#include "planner/binder/join_binder.hpp"
#include "planner/binder/lateral_aliases.hpp"
#include "planner/binder/order_by_all.hpp"
#include "planner/binder/row_filter.hpp"
#include "planner/binder/set_operation_binder.hpp"
#include "planner/binder/sort_spec.hpp"
#include "planner/binder/star_expansion.hpp"
#include "planner/binder/subquery_binder.hpp"
#include "planner/binder/time_window_rows.hpp"
#include "planner/binder/time_zone_pinning.hpp"
#include "planner/binder/unpivot_binder.hpp"
#include "planner/binder/window_binder.hpp"
#include "sql/parser/multipart_name.hpp"
#include "sql/parser/parser.hpp"

namespace sluice {

namespace {

//! Splits Delta's time travel suffix off a table name or path: name@v5 is version 5 and
//! name@yyyyMMddHHmmssSSS the last version at or before that time (in the session time zone).
//! Leaves `name` as it is and returns nullopt when it has no such suffix.
std::optional<TableVersion> splitTimeTravelSuffix(std::string& name, const TimeZone* zone) {
  size_t at = name.rfind('@');
  if (at == std::string::npos || at + 1 >= name.size())
    return std::nullopt;
  std::string_view suffix = std::string_view(name).substr(at + 1);
  bool version = suffix[0] == 'v' || suffix[0] == 'V';
  std::string_view digits = version ? suffix.substr(1) : suffix;
  if (digits.empty() || !std::all_of(digits.begin(), digits.end(), isAsciiDigit))
    return std::nullopt;
  TableVersion travel;
  if (version) {
    int64_t parsed = 0;
    if (parseIntegral(digits, 0, INT64_MAX, parsed) != ParseStatus::kOk)
      return std::nullopt;
    travel.version = parsed;
  } else {
    if (digits.size() != 17 || zone == nullptr)
      return std::nullopt;
    std::string text = fmt::format("{}-{}-{} {}:{}:{}.{}", digits.substr(0, 4), digits.substr(4, 2),
                                   digits.substr(6, 2), digits.substr(8, 2), digits.substr(10, 2),
                                   digits.substr(12, 2), digits.substr(14, 3));
    std::optional<int64_t> micros = parseTimestamp(text, *zone);
    if (!micros)
      return std::nullopt;
    travel.timestamp_ms = *micros / 1000;
  }
  name.resize(at);
  return travel;
}

//! The row count of LIMIT, OFFSET or TABLESAMPLE (n ROWS) (`clause`: "limit" or "offset"), as
//! Spark's CheckAnalysis requires it: a constant INT expression, neither NULL nor negative.
int64_t bindCount(const sql::Expr& expr, std::string_view clause, const BindContext& context,
                  const sql::Statement& statement) {
  auto fail = [&](std::string_view condition, std::string detail) -> Error {
    return Error(ErrorClass::INVALID_LIMIT_LIKE_EXPRESSION, std::string(condition),
                 fmt::format("The limit like expression \"{}\" is invalid. {}",
                             ExpressionBinder::autoName(expr), detail))
        .withLocation(statement.locate(expr.position));
  };
  auto unfoldable = [&] {
    return fail("IS_UNFOLDABLE",
                fmt::format("The {} expression must evaluate to a constant value.", clause));
  };
  Scope no_columns;
  BoundExpressionPtr bound;
  try {
    bound = ExpressionBinder(context, statement, no_columns).bind(expr);
  } catch (const Error& error) {
    // There are no columns to read here: a column reference is an expression that is not
    // constant.
    if (error.errorClass() == ErrorClass::UNRESOLVED_COLUMN)
      throw unfoldable();
    throw;
  }
  std::optional<Value> value =
      bound->isFoldable() ? foldBoundConstant(*bound, context.exec) : std::nullopt;
  if (!value)
    throw unfoldable();
  if (bound->type.id() != TypeId::kInt) {
    throw fail("DATA_TYPE", fmt::format("The {} expression must be integer type, but got \"{}\".",
                                        clause, bound->type.sql()));
  }
  if (value->isNull())
    throw fail("IS_NULL", fmt::format("The evaluated {} expression must not be null.", clause));
  int64_t count = value->getInt64();
  if (count < 0) {
    throw fail("IS_NEGATIVE",
               fmt::format("The {} expression must be equal to or greater than 0, but got {}.",
                           clause, count));
  }
  return count;
}

//! `plan` as TABLESAMPLE samples it, as Spark's parser turns it: n ROWS is LIMIT n, PERCENT and
//! BUCKET x OUT OF y keep each row with the sample's fraction as probability (Spark's Bernoulli
//! sampler draws rand(seed)'s values, row by row in each partition). Without REPEATABLE the seed
//! is random, as rand()'s.
LogicalOperatorPtr applyTableSample(LogicalOperatorPtr plan, const sql::TableSample& sample,
                                    const BindContext& context, const sql::Statement& statement) {
  if (sample.method == sql::TableSample::Method::kRows) {
    auto limit = makeOperator(LogicalOperatorKind::kLimit);
    limit->column_names = plan->column_names;
    limit->column_types = plan->column_types;
    limit->limit = bindCount(*sample.rows, "limit", context, statement);
    limit->children.push_back(std::move(plan));
    return limit;
  }
  std::vector<BoundExpressionPtr> seed;
  if (sample.seed) {
    int64_t value = 0;
    if (parseIntegral(*sample.seed, INT64_MIN, INT64_MAX, value) != ParseStatus::kOk) {
      throw Error(ErrorClass::INVALID_SQL_SYNTAX,
                  fmt::format("The seed {} of REPEATABLE is not a BIGINT.", *sample.seed))
          .withLocation(statement.locate(sample.position));
    }
    seed.push_back(BoundExpression::makeConstant(Value::longValue(value)));
  }
  std::vector<BoundExpressionPtr> comparison;
  comparison.push_back(callBuiltin("rand", std::move(seed)));
  comparison.push_back(BoundExpression::makeConstant(Value::doubleValue(sample.fraction())));
  auto filter = makeOperator(LogicalOperatorKind::kFilter);
  filter->column_names = plan->column_names;
  filter->column_types = plan->column_types;
  filter->expressions.push_back(callBuiltin("<", std::move(comparison)));
  filter->children.push_back(std::move(plan));
  return filter;
}

//! Whether `expr` names (as a column or the base of a field) one of `aliases`.
bool namesAnyOf(const sql::Expr& expr, const std::vector<std::string>& aliases) {
  if (expr.is<sql::ColumnRefExpr>()) {
    const std::string& first = expr.as<sql::ColumnRefExpr>().name[0];
    for (const std::string& alias : aliases) {
      if (sameIdentifier(alias, first))
        return true;
    }
  }
  bool found = false;
  sql::forEachChild(expr,
                    [&](const sql::Expr& child) { found = found || namesAnyOf(child, aliases); });
  return found;
}

//! SELECT DISTINCT without aggregates whose items hold a subquery or may name an earlier
//! item's alias. A subquery's outer references and a lateral alias read the FROM rows, not the
//! distinct values, so the rows are projected first and deduplicated after, as Spark's Distinct
//! over its Project.
bool isDistinctOverProjectedRows(const sql::SelectBody& select) {
  if (select.quantifier != sql::SetQuantifier::kDistinct || select.group_by || select.having)
    return false;
  bool projected_first = false;
  std::vector<std::string> aliases;
  for (const sql::SelectItem& item : select.items) {
    if (AggregateBinder::containsAggregateCall(*item.expr))
      return false;
    projected_first =
        projected_first || containsSubquery(*item.expr) || namesAnyOf(*item.expr, aliases);
    if (item.alias)
      aliases.push_back(*item.alias);
  }
  return projected_first;
}

}  // namespace

BoundExpressionPtr bindWhere(const sql::Expr& where, const BindContext& context,
                             const sql::Statement& statement, const Scope& scope) {
  AggregateBinder::checkWhere(where, statement);
  WindowBinder::checkWhere(where, statement);
  ExpressionBinder binder(context, statement, scope);
  BoundExpressionPtr predicate = binder.bind(where);
  if (predicate->type.id() == TypeId::kBoolean)
    return predicate;
  if (predicate->type.isVoid() || predicate->type.id() == TypeId::kString)
    return ExpressionBinder::castTo(std::move(predicate), DataType::boolean());
  throw Error(ErrorClass::DATATYPE_MISMATCH, "FILTER_NOT_BOOLEAN",
              fmt::format("Cannot resolve \"{}\" due to data type mismatch: Filter "
                          "expression \"{}\" of type \"{}\" is not a boolean.",
                          ExpressionBinder::autoName(where), ExpressionBinder::autoName(where),
                          predicate->type.sql()))
      .withLocation(statement.locate(where.position));
}

JoinBinder QueryBinder::joinBinder() {
  return JoinBinder(
      context_, statement_,
      [this](const sql::TableRef& ref, Scope& scope) { return bindTableRef(ref, scope); },
      [this](LogicalOperatorPtr left, Scope& scope, const sql::TableRef& right, bool left_outer,
             const sql::Expr* condition) {
        return bindLateralJoin(std::move(left), scope, right, left_outer, condition);
      });
}

void QueryBinder::notSupported(sql::SourcePosition position, std::string_view what) {
  throw Error(ErrorClass::NOT_SUPPORTED, fmt::format("{} is not supported yet.", what))
      .withLocation(statement_.locate(position));
}

LogicalOperatorPtr QueryBinder::bindQuery(const sql::Query& query) {
  CteScopeGuard with(query, statement_, ctes_);
  if (!query.cluster_by.empty() || !query.distribute_by.empty())
    notSupported(query.position, "CLUSTER BY / DISTRIBUTE BY");
  query_windows_ = &query.windows;
  // On one machine SORT BY (order within each partition) is ORDER BY.
  const std::vector<sql::SortItem>& order = query.order_by.empty() ? query.sort_by : query.order_by;
  LogicalOperatorPtr plan;
  if (!order.empty() && query.body->kind() == sql::QueryBodyKind::kSelect) {
    plan = bindSelect(query.body->as<sql::SelectBody>(), &order);
  } else {
    plan = bindBody(*query.body);
    if (!order.empty())
      plan = sortByOutput(std::move(plan), order);
  }
  if (query.limit || query.offset) {
    auto limit = makeOperator(LogicalOperatorKind::kLimit);
    limit->column_names = plan->column_names;
    limit->column_types = plan->column_types;
    if (query.limit)
      limit->limit = bindCount(*query.limit, "limit", context_, statement_);
    if (query.offset)
      limit->offset = bindCount(*query.offset, "offset", context_, statement_);
    limit->children.push_back(std::move(plan));
    plan = std::move(limit);
  }
  return plan;
}

LogicalOperatorPtr QueryBinder::bindBody(const sql::QueryBody& body) {
  switch (body.kind()) {
    case sql::QueryBodyKind::kSelect:
      return bindSelect(body.as<sql::SelectBody>(), nullptr);
    case sql::QueryBodyKind::kValues: {
      const auto& values = body.as<sql::ValuesBody>();
      return bindValues(values.rows, values.alias, values.position);
    }
    case sql::QueryBodyKind::kNested:
      return bindQuery(*body.as<sql::NestedQueryBody>().query);
    case sql::QueryBodyKind::kTable: {
      Scope scope;
      sql::NamedTableRef ref(body.position);
      ref.name = body.as<sql::TableBody>().name;
      return bindTableRef(ref, scope);
    }
    case sql::QueryBodyKind::kSetOperation:
      return bindSetOperation(
          body.as<sql::SetOperationBody>(),
          [this](const sql::QueryBody& input) { return bindBody(input); }, statement_);
  }
  SLUICE_UNREACHABLE("unknown query body");
}

LogicalOperatorPtr QueryBinder::bindSelect(const sql::SelectBody& select,
                                           const std::vector<sql::SortItem>* order) {
  bool rows_of_distinct = distinct_rows_next_;
  distinct_rows_next_ = false;
  if (!rows_of_distinct &&
      (WindowBinder::isDistinctOverWindows(select) || isDistinctOverProjectedRows(select))) {
    // Windows, subqueries and lateral aliases come before DISTINCT: bind the rows, then
    // deduplicate them.
    distinct_rows_next_ = true;
    LogicalOperatorPtr rows =
        WindowBinder::distinctRows(bindSelect(select, nullptr), statement_, select.position);
    return order ? sortByOutput(std::move(rows), *order) : std::move(rows);
  }
  GeneratorBinder generators(context_, statement_);
  generators.checkOutsideSelect(select, order);
  std::optional<size_t> generator_item = generators.findInSelectList(select.items);
  if (generator_item && !rows_of_distinct && AggregateBinder::needsAggregate(select)) {
    if (!GeneratorBinder::aggregatesOnlyByDistinct(select))
      notSupported(select.items[*generator_item].position, "A generator in an aggregating SELECT");
    // The generated rows come first, then DISTINCT over them.
    distinct_rows_next_ = true;
    LogicalOperatorPtr rows =
        WindowBinder::distinctRows(bindSelect(select, nullptr), statement_, select.position);
    return order ? sortByOutput(std::move(rows), *order) : std::move(rows);
  }
  WindowBinder windows(context_, statement_, select, query_windows_);
  query_windows_ = nullptr;

  Scope scope;
  LogicalOperatorPtr input;
  if (select.from.empty()) {
    input = makeOperator(LogicalOperatorKind::kSingleRow);
  } else {
    input = joinBinder().bindFromList(select.from, scope);
    if (!select.lateral_views.empty())
      input = generators.bindLateralViews(select.lateral_views, std::move(input), scope);
  }
  if (context_.outer != nullptr)
    context_.outer->enterWhere(select, scope);
  if (select.where) {
    BoundExpressionPtr predicate = bindWhere(*select.where, context_, statement_, scope);
    // A correlated subquery's conditions on outer columns become its join's condition.
    if (context_.outer != nullptr)
      predicate = context_.outer->takeCorrelation(select, std::move(predicate));
    if (predicate) {
      auto filter = makeOperator(LogicalOperatorKind::kFilter);
      filter->column_names = input->column_names;
      filter->column_types = input->column_types;
      filter->expressions.push_back(std::move(predicate));
      filter->children.push_back(std::move(input));
      input = JoinBinder::pushFilterIntoJoins(std::move(filter));
    }
  }
  if (context_.outer != nullptr)
    context_.outer->leaveWhere(select, input.get());
  WindowBinder::checkGroupBy(select, statement_);
  if (!rows_of_distinct && AggregateBinder::needsAggregate(select)) {
    return AggregateBinder(context_, statement_, scope)
        .bind(select, std::move(input), order, &windows);
  }

  auto project = makeOperator(LogicalOperatorKind::kProject);
  ExpressionBinder binder(context_, statement_, scope);
  windows.install(binder);
  LateralAliases lateral_aliases;
  binder.setLateralAliases(&lateral_aliases);
  // The generator's rows carry the FROM columns along, at the same positions.
  idx_t generated_from = input->column_names.size();
  if (generator_item) {
    const sql::SelectItem& item = select.items[*generator_item];
    std::vector<std::string> aliases = item.column_aliases;
    if (aliases.empty() && item.alias)
      aliases.push_back(*item.alias);
    input = generators.bind(*asGeneratorCall(*item.expr), false, aliases, std::move(input), scope);
  }
  // Where each select expression was written, for errors found after the list is bound.
  std::vector<sql::SourcePosition> positions;
  sql::SourcePosition previous_item;
  for (const sql::SelectItem& item : select.items) {
    positions.resize(project->expressions.size(), previous_item);
    previous_item = item.position;
    if (generator_item && &item == &select.items[*generator_item]) {
      for (idx_t column = generated_from; column < input->column_names.size(); ++column) {
        project->expressions.push_back(
            BoundExpression::makeColumn(column, input->column_types[column]));
        project->column_names.push_back(input->column_names[column]);
        project->column_types.push_back(input->column_types[column]);
      }
      continue;
    }
    if (item.expr->is<sql::StarExpr>()) {
      const auto& star = item.expr->as<sql::StarExpr>();
      StarColumns named = starColumns(star, scope);
      for (idx_t index : named.columns) {
        const ScopeColumn& column = scope[index];
        project->expressions.push_back(BoundExpression::makeColumn(index, column.type));
        project->column_names.push_back(column.name);
        project->column_types.push_back(column.type);
      }
      if (!named.any && !star.qualifier.empty()) {
        // s.*: the fields of a struct column.
        for (StructStarField& field : expandStructStar(star, binder, scope, statement_)) {
          BoundExpressionPtr expr = binder.bind(*field.reference);
          project->column_names.push_back(field.name);
          project->column_types.push_back(expr->type);
          project->expressions.push_back(std::move(expr));
        }
      } else if (!named.any) {
        throw Error(ErrorClass::INVALID_SQL_SYNTAX, "Invalid usage of '*' in a query without FROM.")
            .withLocation(statement_.locate(item.position));
      }
      continue;
    }
    BoundExpressionPtr expr = binder.bind(*item.expr);
    if (item.alias && WindowBinder::findWindowCall(*item.expr) != nullptr)
      lateral_aliases.addUnreadable(*item.alias);
    else if (item.alias)
      lateral_aliases.add(*item.alias, *expr);
    project->column_names.push_back(item.alias ? *item.alias
                                               : ExpressionBinder::autoName(*item.expr));
    project->column_types.push_back(expr->type);
    project->expressions.push_back(std::move(expr));
  }
  positions.resize(project->expressions.size(), previous_item);
  input = applyRowChangingWindow(std::move(input), project->expressions, positions, statement_);
  BoundExpressionPtr qualify =
      windows.bindQualify(binder, &scope, &project->column_names, &project->expressions);
  auto attachInput = [&] {
    std::vector<BoundExpression*> consumers;
    for (auto& expr : project->expressions)
      consumers.push_back(expr.get());
    project->children.push_back(windows.attach(std::move(input), consumers, std::move(qualify)));
  };
  if (order == nullptr) {
    attachInput();
    return project;
  }

  // ORDER BY resolves against the select list first (ordinals, then aliases), then against
  // the FROM columns; keys of the second kind are computed as hidden columns.
  size_t visible = project->expressions.size();
  std::vector<SortSpec> keys;
  if (isOrderByAll(*order) && !hasColumnNamedAll(scope, project->column_names)) {
    for (idx_t column = 0; column < visible; ++column)
      keys.push_back(bindSortSpec((*order)[0], column, project->column_types[column], statement_));
    attachInput();
    return sortKeepingColumns(std::move(project), std::move(keys), visible);
  }
  for (const sql::SortItem& item : *order) {
    std::optional<idx_t> column = sortOrdinal(*item.expr, visible);
    if (!column && item.expr->is<sql::ColumnRefExpr>() &&
        item.expr->as<sql::ColumnRefExpr>().name.size() == 1) {
      const std::string& name = item.expr->as<sql::ColumnRefExpr>().name[0];
      for (idx_t index = 0; index < visible && !column; ++index) {
        if (sameIdentifier(project->column_names[index], name))
          column = index;
      }
    }
    if (!column) {
      BoundExpressionPtr key = binder.bind(*item.expr);
      column = project->expressions.size();
      project->column_names.push_back(ExpressionBinder::autoName(*item.expr));
      project->column_types.push_back(key->type);
      project->expressions.push_back(std::move(key));
    }
    keys.push_back(bindSortSpec(item, *column, project->column_types[*column], statement_));
  }
  attachInput();
  return sortKeepingColumns(std::move(project), std::move(keys), visible);
}

std::optional<idx_t> QueryBinder::sortOrdinal(const sql::Expr& expr, size_t columns) {
  if (!expr.is<sql::LiteralExpr>())
    return std::nullopt;
  Value value = bindLiteral(expr.as<sql::LiteralExpr>(), context_.exec);
  if (!value.type().isIntegral() || value.isNull())
    return std::nullopt;
  int64_t position = value.getInt64();
  if (position < 1 || static_cast<size_t>(position) > columns) {
    throw Error(ErrorClass::ORDER_BY_POS_OUT_OF_RANGE,
                fmt::format("ORDER BY position {} is not in select list (valid range is [1, {}]).",
                            position, columns))
        .withLocation(statement_.locate(expr.position));
  }
  return static_cast<idx_t>(position - 1);
}

LogicalOperatorPtr QueryBinder::sortByOutput(LogicalOperatorPtr plan,
                                             const std::vector<sql::SortItem>& order) {
  std::vector<SortSpec> keys;
  bool all_columns = isOrderByAll(order) && !hasColumnNamedAll({}, plan->column_names);
  for (idx_t column = 0; all_columns && column < plan->column_names.size(); ++column)
    keys.push_back(bindSortSpec(order[0], column, plan->column_types[column], statement_));
  for (size_t item_index = 0; !all_columns && item_index < order.size(); ++item_index) {
    const sql::SortItem& item = order[item_index];
    std::optional<idx_t> column = sortOrdinal(*item.expr, plan->column_names.size());
    if (!column && item.expr->is<sql::ColumnRefExpr>() &&
        item.expr->as<sql::ColumnRefExpr>().name.size() == 1) {
      const std::string& name = item.expr->as<sql::ColumnRefExpr>().name[0];
      for (idx_t index = 0; index < plan->column_names.size() && !column; ++index) {
        if (sameIdentifier(plan->column_names[index], name))
          column = index;
      }
    }
    if (!column)
      notSupported(item.expr->position, "ORDER BY an expression here (name an output column)");
    keys.push_back(bindSortSpec(item, *column, plan->column_types[*column], statement_));
  }
  auto sort = makeOperator(LogicalOperatorKind::kSort);
  sort->column_names = plan->column_names;
  sort->column_types = plan->column_types;
  sort->sort_keys = std::move(keys);
  sort->children.push_back(std::move(plan));
  return sort;
}

LogicalOperatorPtr QueryBinder::bindValues(const std::vector<std::vector<sql::ExprPtr>>& rows,
                                           const sql::TableAlias& alias,
                                           sql::SourcePosition position) {
  auto values = makeOperator(LogicalOperatorKind::kValues);
  Scope empty_scope;
  ExpressionBinder binder(context_, statement_, empty_scope);
  size_t width = rows.empty() ? 0 : rows[0].size();
  for (const auto& row : rows) {
    if (row.size() != width) {
      throw Error(ErrorClass::INVALID_INLINE_TABLE, "NUM_COLUMNS_MISMATCH",
                  fmt::format("Invalid inline table. Inline table expected {} columns but found "
                              "{} columns in row {}.",
                              width, row.size(), values->rows.size()))
          .withLocation(statement_.locate(row.empty() ? position : row[0]->position));
    }
    std::vector<BoundExpressionPtr> bound;
    for (const sql::ExprPtr& expr : row) {
      BoundExpressionPtr value = binder.bind(*expr);
      if (!value->isFoldable()) {
        throw Error(
            ErrorClass::INVALID_INLINE_TABLE, "CANNOT_EVALUATE_EXPRESSION_IN_INLINE_TABLE",
            "Invalid inline table. Cannot evaluate the expression in inline table definition.")
            .withLocation(statement_.locate(expr->position));
      }
      bound.push_back(std::move(value));
    }
    values->rows.push_back(std::move(bound));
  }
  if (!alias.columns.empty() && alias.columns.size() != width) {
    throw Error(ErrorClass::INVALID_INLINE_TABLE, "NUM_COLUMNS_MISMATCH",
                fmt::format("Invalid inline table. Inline table expected {} columns but found {} "
                            "columns in the alias.",
                            width, alias.columns.size()))
        .withLocation(statement_.locate(position));
  }
  for (size_t column = 0; column < width; ++column) {
    std::vector<DataType> types;
    for (const auto& row : values->rows)
      types.push_back(row[column]->type);
    auto common = findWiderCommonTypeWithoutStringPromotion(types);
    if (!common) {
      throw Error(ErrorClass::INVALID_INLINE_TABLE, "INCOMPATIBLE_TYPES_IN_INLINE_TABLE",
                  fmt::format("Invalid inline table. Found incompatible types in the column `{}` "
                              "for inline table.",
                              alias.columns.empty() ? fmt::format("col{}", column + 1)
                                                    : alias.columns[column]))
          .withLocation(statement_.locate(position));
    }
    for (auto& row : values->rows)
      row[column] = ExpressionBinder::castTo(std::move(row[column]), *common);
    values->column_names.push_back(alias.columns.empty() ? fmt::format("col{}", column + 1)
                                                         : alias.columns[column]);
    values->column_types.push_back(*common);
  }
  return values;
}

LogicalOperatorPtr QueryBinder::scanOf(TableFunctionBinding binding, sql::SourcePosition position) {
  auto scan = makeOperator(LogicalOperatorKind::kScan);
  scan->column_names = std::move(binding.column_names);
  scan->column_types = std::move(binding.column_types);
  scan->source = std::move(binding.source);
  scan->location = statement_.locate(position);
  return scan;
}

LogicalOperatorPtr QueryBinder::bindTableFunctionCall(const TableFunction& function,
                                                      const sql::TableFunctionRef& ref) {
  const sql::FunctionCallExpr& call = *ref.call;
  bool stream = ref.stream;
  // The arguments must be constants, as Spark requires: they are computed now, and the
  // function decides its columns from their values.
  TableFunctionInput input;
  input.location = statement_.locate(call.position);
  input.exec = &context_.exec;
  input.parse_columns = [](std::string_view ddl) { return sql::parseColumnList(ddl); };
  input.stream = stream;
  input.file_stream = context_.file_stream;
  input.relative_path_base = context_.relative_path_base;
  if (!ref.table_argument.empty() && !function.takesTableArgument())
    notSupported(ref.table_argument_position, "A TABLE argument of this function");
  if (!ref.table_argument.empty()) {
    // The function finds the table itself; it gets the name qualified as this query would.
    input.table_argument_location = statement_.locate(ref.table_argument_position);
    if (context_.catalog == nullptr) {
      throw Error(ErrorClass::TABLE_OR_VIEW_NOT_FOUND,
                  fmt::format("The table `{}` cannot be found: the storage folder has no "
                              "catalog.",
                              fmt::join(ref.table_argument, "`.`")))
          .withLocation(input.table_argument_location);
    }
    try {
      QualifiedTableName qualified = context_.catalog->qualify(ref.table_argument);
      input.table_argument = {qualified.catalog, qualified.schema, qualified.table};
    } catch (Error& error) {
      error.withLocation(input.table_argument_location);
      throw;
    }
  }
  input.resolve_table = [this](std::string_view name) { return resolveStoredTableName(name); };
  Scope no_columns;
  ExpressionBinder binder(context_, statement_, no_columns);
  for (const auto& arg : call.args) {
    TableFunctionArgument argument;
    const sql::Expr* value = arg.get();
    if (arg->is<sql::NamedArgumentExpr>()) {
      argument.name = arg->as<sql::NamedArgumentExpr>().name;
      value = arg->as<sql::NamedArgumentExpr>().value.get();
    }
    argument.location = statement_.locate(arg->position);
    BoundExpressionPtr bound = binder.bind(*value);
    std::optional<Value> folded;
    if (bound->isFoldable()) {
      try {
        folded = foldBoundConstant(*bound, context_.exec);
      } catch (Error& error) {
        error.withLocation(statement_.locate(value->position));
        throw;
      }
    }
    if (!folded) {
      throw Error(
          ErrorClass::NON_FOLDABLE_ARGUMENT,
          fmt::format("The arguments of `{}` must be constant expressions.", function.name()))
          .withLocation(statement_.locate(value->position));
    }
    argument.value = std::move(*folded);
    input.arguments.push_back(std::move(argument));
  }
  return scanOf(function.bind(input), call.position);
}

TableVersion bindTimeTravel(const sql::TimeTravel& time_travel, const ExecContext& exec,
                            const sql::Statement& statement) {
  TableVersion travel;
  const sql::Expr& value = *time_travel.value;
  if (!value.is<sql::LiteralExpr>())
    throw Error(ErrorClass::NOT_SUPPORTED,
                "A time travel value that is not a literal is not supported yet.")
        .withLocation(statement.locate(value.position));
  Value literal = bindLiteral(value.as<sql::LiteralExpr>(), exec);
  if (time_travel.kind == sql::TimeTravel::Kind::kVersion) {
    std::optional<int64_t> version;
    if (literal.type().isIntegral())
      version = literal.getInt64();
    if (literal.type().id() == TypeId::kString) {
      int64_t parsed = 0;
      if (parseIntegral(literal.getString(), 0, INT64_MAX, parsed) == ParseStatus::kOk)
        version = parsed;
    }
    if (!version || *version < 0) {
      throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                  "VERSION AS OF takes a version number (0, 1, ...).")
          .withLocation(statement.locate(value.position));
    }
    travel.version = version;
  } else {
    std::optional<int64_t> micros;
    if (literal.type().id() == TypeId::kTimestamp || literal.type().id() == TypeId::kTimestampNtz)
      micros = literal.getInt64();
    if (literal.type().id() == TypeId::kDate)
      micros = literal.getInt64() * 86'400'000'000;
    if (literal.type().id() == TypeId::kString && exec.time_zone != nullptr) {
      micros = parseTimestamp(literal.getString(), *exec.time_zone);
    }
    if (!micros) {
      throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                  "TIMESTAMP AS OF takes a timestamp: TIMESTAMP '2024-01-01 00:00:00'.")
          .withLocation(statement.locate(value.position));
    }
    travel.timestamp_ms = *micros / 1000;
  }
  return travel;
}

TableVersion QueryBinder::tableVersion(const sql::NamedTableRef& ref,
                                       std::optional<TableVersion> from_name) {
  TableVersion travel = from_name.value_or(TableVersion{});
  if (from_name && ref.time_travel) {
    throw Error(ErrorClass::INVALID_TIME_TRAVEL_SPEC,
                "Cannot specify both version and timestamp when time travelling the table: the "
                "name's @ suffix and an AS OF clause.")
        .withLocation(statement_.locate(ref.position));
  }
  if (ref.time_travel)
    travel = bindTimeTravel(*ref.time_travel, context_.exec, statement_);
  return travel;
}

LogicalOperatorPtr QueryBinder::bindDeltaPath(const std::string& path,
                                              const sql::NamedTableRef& ref) {
  if (ref.stream)
    notSupported(ref.position, "STREAM of a Delta table by path");
  std::string folder = path;
  std::optional<TableVersion> from_name = splitTimeTravelSuffix(folder, context_.exec.time_zone);
  return bindStoredTable(folder, fmt::format("delta.`{}`", folder), tableVersion(ref, from_name),
                         ref.position);
}

StoredTableName QueryBinder::resolveStoredTableName(std::string_view text) const {
  // Text that is not a name is reported below as a table that does not exist.
  std::vector<std::string> name =
      sql::parseMultipartName(text).value_or(std::vector<std::string>{});
  if (std::optional<std::string> path = name.empty() ? std::nullopt : deltaPathOf(name))
    return StoredTableName{*path, fmt::format("delta.`{}`", *path)};
  std::optional<TableEntry> entry;
  if (!name.empty() && context_.catalog != nullptr)
    entry = context_.catalog->findTable(context_.catalog->qualify(name));
  if (!entry) {
    throw Error(ErrorClass::TABLE_OR_VIEW_NOT_FOUND,
                fmt::format("The table or view {} cannot be found. Verify the spelling and "
                            "correctness of the schema and catalog.",
                            name.empty() ? std::string(text) : quoteNameParts(name)));
  }
  if (entry->kind == TableKind::kView) {
    throw Error(ErrorClass::EXPECT_TABLE_NOT_VIEW,
                fmt::format("{} is a view: a Delta table is expected.", entry->name.quoted()));
  }
  return StoredTableName{entry->location, entry->name.quoted()};
}

LogicalOperatorPtr QueryBinder::bindStoredTable(const std::string& location,
                                                const std::string& name, TableVersion version,
                                                sql::SourcePosition position) {
  const StoredTableReader* reader =
      context_.table_functions ? context_.table_functions->tableReader() : nullptr;
  SLUICE_CHECK(reader != nullptr);
  TableFunctionBinding binding;
  try {
    binding = reader->bindTable(location, name, version);
  } catch (Error& error) {
    throw error.withLocation(statement_.locate(position));
  }
  return scanOf(std::move(binding), position);
}

LogicalOperatorPtr QueryBinder::bindCatalogTableStream(const sql::NamedTableRef& named,
                                                       sql::SourcePosition position) {
  std::optional<TableEntry> entry;
  try {
    if (context_.catalog != nullptr)
      entry = context_.catalog->findTable(context_.catalog->qualify(named.name));
  } catch (Error& error) {
    error.withLocation(statement_.locate(position));
    throw;
  }
  if (!entry) {
    throw Error(ErrorClass::TABLE_OR_VIEW_NOT_FOUND,
                fmt::format("The table or view `{}` cannot be found. Verify the spelling and "
                            "correctness of the schema and catalog.",
                            fmt::join(named.name, "`.`")))
        .withLocation(statement_.locate(position));
  }
  if (entry->kind == TableKind::kView)
    notSupported(position, "STREAM of a view of the catalog");
  if (named.time_travel)
    notSupported(position, "Time travel on a streaming read");
  try {
    return applyRowFilter(
        scanOf(context_.relations->streamCatalogTable(*entry, named.options), position), *entry,
        context_);
  } catch (Error& error) {
    error.withLocation(statement_.locate(position));
    throw;
  }
}

LogicalOperatorPtr QueryBinder::bindCatalogTable(const TableEntry& entry,
                                                 const sql::NamedTableRef& ref,
                                                 std::optional<TableVersion> from_name) {
  auto located = [&](Error& error) -> Error& {
    return error.withLocation(statement_.locate(ref.position));
  };
  if (entry.kind == TableKind::kView) {
    if (ref.time_travel || from_name)
      notSupported(ref.position, "Time travel on a view");
    std::vector<sql::StatementPtr> statements;
    try {
      statements = sql::parseStatements(entry.view_text, entry.name.toString());
    } catch (Error& error) {
      throw located(error);
    }
    if (statements.size() != 1 || statements[0]->kind() != sql::StatementKind::kQuery) {
      Error error(ErrorClass::INTERNAL_ERROR,
                  fmt::format("The view {} does not hold one query.", entry.name.quoted()));
      throw located(error);
    }
    QueryBinder view_binder(context_, *statements[0]);
    return view_binder.bindQuery(*statements[0]->as<sql::QueryStatement>().query);
  }
  LogicalOperatorPtr scan = bindStoredTable(entry.location, entry.name.toString(),
                                            tableVersion(ref, from_name), ref.position);
  try {
    return applyRowFilter(std::move(scan), entry, context_);
  } catch (Error& error) {
    throw located(error);
  }
}

LogicalOperatorPtr QueryBinder::bindTableRef(const sql::TableRef& ref, Scope& scope) {
  LogicalOperatorPtr plan;
  std::string qualifier = ref.alias.name;
  switch (ref.kind()) {
    case sql::TableRefKind::kNamed: {
      const auto& named = ref.as<sql::NamedTableRef>();
      if (named.stream && context_.relations == nullptr)
        notSupported(ref.position, "STREAM outside a pipeline");
      if (const CteBinding* cte =
              !named.stream && named.name.size() == 1 ? findCte(ctes_, named.name[0]) : nullptr) {
        if (named.time_travel)
          notSupported(ref.position, "Time travel on a common table expression");
        plan = bindCteReference(*cte, ref.position);
        if (qualifier.empty())
          qualifier = named.name.back();
        break;
      }
      if (std::optional<std::string> path = deltaPathOf(named.name)) {
        plan = bindDeltaPath(*path, named);
        if (qualifier.empty())
          qualifier = named.name.back();
        break;
      }
      const TemporaryView* view = nullptr;
      if (context_.relations != nullptr) {
        std::optional<ResolvedRelation> relation;
        try {
          relation = context_.relations->resolve(named.name, named.stream, named.options,
                                                 statement_.locate(ref.position));
        } catch (Error& error) {
          error.withLocation(statement_.locate(ref.position));
          throw;
        }
        if (relation && named.time_travel)
          notSupported(ref.position, "Time travel on a dataset of the pipeline");
        if (relation && relation->table) {
          plan = scanOf(std::move(*relation->table), ref.position);
          if (qualifier.empty())
            qualifier = named.name.back();
          break;
        }
        if (relation)
          view = relation->view;
      }
      if (view == nullptr && named.stream) {
        plan = bindCatalogTableStream(named, ref.position);
        if (qualifier.empty())
          qualifier = named.name.back();
        break;
      }
      if (view == nullptr && named.name.size() == 1 && context_.views)
        view = context_.views->findView(named.name[0]);
      if (view == nullptr && context_.catalog != nullptr) {
        std::optional<TableEntry> entry;
        std::optional<TableVersion> from_name;
        std::vector<std::string> unsuffixed = named.name;
        try {
          entry = context_.catalog->findTable(context_.catalog->qualify(named.name));
          // `t@v5` names version 5 of t, unless a table is named so.
          if (!entry &&
              (from_name = splitTimeTravelSuffix(unsuffixed.back(), context_.exec.time_zone))) {
            entry = context_.catalog->findTable(context_.catalog->qualify(unsuffixed));
          }
        } catch (Error& error) {
          error.withLocation(statement_.locate(ref.position));
          throw;
        }
        if (entry) {
          plan = bindCatalogTable(*entry, named, from_name);
          if (qualifier.empty())
            qualifier = from_name ? unsuffixed.back() : named.name.back();
          break;
        }
      }
      if (view == nullptr) {
        throw Error(ErrorClass::TABLE_OR_VIEW_NOT_FOUND,
                    fmt::format("The table or view `{}` cannot be found. Verify the spelling and "
                                "correctness of the schema and catalog.",
                                fmt::join(named.name, "`.`")))
            .withLocation(statement_.locate(ref.position));
      }
      if (named.time_travel)
        notSupported(ref.position, "Time travel on a temporary view");
      BindContext view_context = context_;
      if (view->relations != nullptr)
        view_context.relations = view->relations;
      bool own_zone =
          view->time_zone != nullptr && !sameTimeZone(view->time_zone, context_.exec.time_zone);
      if (own_zone)
        view_context.exec.time_zone = view->time_zone;
      QueryBinder view_binder(view_context, *view->statement);
      plan = view_binder.bindQuery(*view->query);
      if (!view->column_names.empty())
        plan->column_names = view->column_names;
      if (view->decorate)
        plan = view->decorate(std::move(plan));
      if (own_zone)
        pinTimeZone(*plan, view->time_zone);
      if (qualifier.empty())
        qualifier = named.name.back();
      break;
    }
    case sql::TableRefKind::kSubquery:
      plan = bindQuery(*ref.as<sql::SubqueryRef>().query);
      break;
    case sql::TableRefKind::kValues: {
      sql::TableAlias alias = ref.alias;
      plan = bindValues(ref.as<sql::ValuesRef>().rows, alias, ref.position);
      break;
    }
    case sql::TableRefKind::kFunction: {
      const auto& function = ref.as<sql::TableFunctionRef>();
      const sql::FunctionCallExpr& call = *function.call;
      std::string name = call.name.size() == 1 ? foldIdentifier(call.name[0]) : "";
      const TableFunction* table_function = context_.table_functions && !name.empty()
                                                ? context_.table_functions->find(name)
                                                : nullptr;
      if (table_function != nullptr) {
        plan = bindTableFunctionCall(*table_function, function);
      } else if (!function.table_argument.empty()) {
        notSupported(function.table_argument_position, "A TABLE argument of this function");
      } else if (function.stream) {
        notSupported(ref.position, "STREAM over this table-valued function");
      } else if (isGeneratorName(name)) {
        plan = GeneratorBinder(context_, statement_).bindTableFunction(call);
      } else {
        throw Error(ErrorClass::UNRESOLVED_ROUTINE,
                    fmt::format("Cannot resolve routine `{}` on search path: it is not a "
                                "table-valued function.",
                                fmt::join(call.name, "`.`")))
            .withLocation(statement_.locate(ref.position));
      }
      break;
    }
    case sql::TableRefKind::kJoin:
      plan = joinBinder().bindJoin(ref.as<sql::JoinRef>(), scope);
      return ref.sample ? applyTableSample(std::move(plan), *ref.sample, context_, statement_)
                        : std::move(plan);
    case sql::TableRefKind::kPivot: {
      const auto& pivot = ref.as<sql::PivotRef>();
      Scope input_scope;
      LogicalOperatorPtr input = bindTableRef(*pivot.input, input_scope);
      plan = AggregateBinder(context_, statement_, input_scope).bindPivot(pivot, std::move(input));
      break;
    }
    case sql::TableRefKind::kUnpivot: {
      const auto& unpivot = ref.as<sql::UnpivotRef>();
      Scope input_scope;
      LogicalOperatorPtr input = bindTableRef(*unpivot.input, input_scope);
      plan = bindUnpivot(unpivot, std::move(input), input_scope, context_, statement_);
      break;
    }
  }
  // Named as the item itself (a scan's hidden columns stay hidden), then sampled.
  nameRelation(*plan, ref, qualifier, scope);
  if (ref.sample)
    plan = applyTableSample(std::move(plan), *ref.sample, context_, statement_);
  return plan;
}

void QueryBinder::nameRelation(LogicalOperator& plan, const sql::TableRef& ref,
                               const std::string& qualifier, Scope& scope) {
  if (!ref.alias.columns.empty()) {
    if (ref.alias.columns.size() != plan.column_names.size()) {
      throw Error(ErrorClass::INVALID_SQL_SYNTAX,
                  fmt::format("The alias names {} columns but the relation has {}.",
                              ref.alias.columns.size(), plan.column_names.size()))
          .withLocation(statement_.locate(ref.position));
    }
    plan.column_names = ref.alias.columns;
  }
  for (size_t i = 0; i < plan.column_names.size(); ++i) {
    // The last columns of some scans are hidden: read_files' _metadata.
    bool hidden = plan.kind == LogicalOperatorKind::kScan &&
                  i + plan.source->hiddenColumns() >= plan.column_names.size();
    scope.push_back(ScopeColumn{qualifier, plan.column_names[i], plan.column_types[i], hidden});
  }
}

}  // namespace sluice

// src/planner/binder/window_binder.cpp
#include "planner/binder/window_binder.hpp"
#include "planner/binder/constant_folding.hpp"

#include <fmt/format.h>

#include <cmath>

#include "common/error/error.hpp"
#include "common/types/type_coercion.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/nested_key_encoding.hpp"
#include "planner/binder/aggregate_binder.hpp"
#include "planner/binder/set_operation_binder.hpp"
#include "planner/binder/within_group.hpp"
#include "planner/expression/expression_rewriting.hpp"

namespace sluice {

namespace {

//! Window calls are placeholder columns from this index on until attach() rewrites them.
constexpr idx_t kPlaceholderBase = idx_t{1} << 40;

std::string callSql(const sql::FunctionCallExpr& call) {
  std::string text = foldIdentifier(call.name.back()) + "(";
  for (size_t i = 0; i < call.args.size(); ++i)
    text += (i > 0 ? ", " : "") + ExpressionBinder::autoName(*call.args[i]);
  return text + ")" + withinGroupSql(call);
}

std::string expressionKey(const BoundExpression& expr) {
  return expr.toString() + ":" + expr.type.sql();
}

void rewritePlaceholders(BoundExpression& expr, const std::vector<idx_t>& columns) {
  if (expr.kind == BoundExpressionKind::kColumn && expr.column_index >= kPlaceholderBase)
    expr.column_index = columns[expr.column_index - kPlaceholderBase];
  for (auto& child : expr.children)
    rewritePlaceholders(*child, columns);
}

//! A literal frame offset or function parameter, or nullopt when `expr` is no literal.
std::optional<Value> literalValue(const sql::Expr& expr, const ExecContext& context) {
  if (!expr.is<sql::LiteralExpr>())
    return std::nullopt;
  return bindLiteral(expr.as<sql::LiteralExpr>(), context);
}

double numericValue(const Value& value) {
  const DataType& type = value.type();
  if (type.isIntegral())
    return static_cast<double>(value.getInt64());
  if (type.id() == TypeId::kFloat)
    return value.getFloat();
  if (type.id() == TypeId::kDouble)
    return value.getDouble();
  if (type.isDecimal())
    return static_cast<double>(value.getDecimalUnscaled()) / std::pow(10.0, type.scale());
  return 0.0;
}

}  // namespace

bool WindowBinder::isWindowCall(const sql::Expr& expr) {
  return expr.is<sql::FunctionCallExpr>() && expr.as<sql::FunctionCallExpr>().over != nullptr;
}

const sql::Expr* WindowBinder::findWindowCall(const sql::Expr& expr) {
  if (isWindowCall(expr))
    return &expr;
  const sql::Expr* found = nullptr;
  sql::forEachChild(expr, [&](const sql::Expr& child) {
    if (found == nullptr)
      found = findWindowCall(child);
  });
  return found;
}

void WindowBinder::checkWhere(const sql::Expr& condition, const sql::Statement& statement) {
  const sql::Expr* call = findWindowCall(condition);
  if (call == nullptr)
    return;
  throw Error(ErrorClass::INVALID_WHERE_CONDITION,
              fmt::format("The WHERE condition \"{}\" contains invalid expressions: {}. Rewrite "
                          "the query to avoid window functions, aggregate functions, and "
                          "generator functions in the WHERE clause.",
                          ExpressionBinder::autoName(condition), ExpressionBinder::autoName(*call)))
      .withLocation(statement.locate(call->position));
}

void WindowBinder::checkGroupBy(const sql::SelectBody& select, const sql::Statement& statement) {
  if (!select.group_by)
    return;
  for (const sql::GroupingElement& element : select.group_by->elements) {
    if (element.kind != sql::GroupingElement::Kind::kExpression || !element.expression)
      continue;
    if (const sql::Expr* call = findWindowCall(*element.expression)) {
      // Spark has no class of its own for a window in GROUP BY; the aggregate one is closest.
      throw Error(ErrorClass::GROUP_BY_AGGREGATE,
                  fmt::format("Window functions are not allowed in GROUP BY, but found {}.",
                              ExpressionBinder::autoName(*call)))
          .withLocation(statement.locate(call->position));
    }
  }
  if (select.having) {
    if (const sql::Expr* call = findWindowCall(*select.having)) {
      throw Error(ErrorClass::NOT_SUPPORTED,
                  "Window functions in HAVING are not supported: compute them in a subquery.")
          .withLocation(statement.locate(call->position));
    }
  }
}

bool WindowBinder::isDistinctOverWindows(const sql::SelectBody& select) {
  if (select.quantifier != sql::SetQuantifier::kDistinct || select.group_by || select.having)
    return false;
  bool windows = false;
  for (const sql::SelectItem& item : select.items) {
    if (AggregateBinder::containsAggregateCall(*item.expr))
      return false;
    windows = windows || findWindowCall(*item.expr) != nullptr;
  }
  // QUALIFY, too, filters the rows before DISTINCT.
  if (select.qualify && !AggregateBinder::containsAggregateCall(*select.qualify))
    windows = windows || findWindowCall(*select.qualify) != nullptr;
  return windows;
}

LogicalOperatorPtr WindowBinder::distinctRows(LogicalOperatorPtr plan,
                                              const sql::Statement& statement,
                                              sql::SourcePosition position) {
  auto dedup = std::make_unique<LogicalOperator>();
  dedup->kind = LogicalOperatorKind::kAggregate;
  dedup->column_names = plan->column_names;
  dedup->column_types = plan->column_types;
  refuseVariantDeduplication(plan->column_names, plan->column_types, statement, position);
  for (idx_t column = 0; column < plan->column_types.size(); ++column) {
    if (plan->column_types[column].isNested() && !isEncodedKeyType(plan->column_types[column])) {
      throw Error(ErrorClass::NOT_SUPPORTED,
                  fmt::format("Grouping by a value of type {} is not supported yet.",
                              plan->column_types[column].sql()))
          .withLocation(statement.locate(position));
    }
    dedup->expressions.push_back(BoundExpression::makeColumn(column, plan->column_types[column]));
  }
  dedup->children.push_back(std::move(plan));
  return dedup;
}

WindowBinder::WindowBinder(const BindContext& context, const sql::Statement& statement,
                           const sql::SelectBody& select,
                           const std::vector<sql::NamedWindow>* query_windows)
    : context_(context), statement_(statement), select_(select), query_windows_(query_windows) {}

void WindowBinder::raise(Error error, sql::SourcePosition position) const {
  throw error.withLocation(statement_.locate(position));
}

void WindowBinder::install(ExpressionBinder& binder) {
  ExpressionBinder::Substitution previous = binder.substitution();
  ExpressionBinder* target = &binder;
  binder.setSubstitution([this, target, previous](const sql::Expr& expr) -> BoundExpressionPtr {
    if (isWindowCall(expr))
      return bindCall(expr.as<sql::FunctionCallExpr>(), *target);
    return previous ? previous(expr) : nullptr;
  });
}

BoundExpressionPtr WindowBinder::bindQualify(ExpressionBinder& binder, const Scope* scope,
                                             const std::vector<std::string>* aliases,
                                             const std::vector<BoundExpressionPtr>* aliased) {
  if (!select_.qualify)
    return nullptr;
  BoundExpressionPtr predicate;
  if (aliases == nullptr) {
    predicate = binder.bind(*select_.qualify);
  } else {
    // A name that is no input column is looked up among the select aliases.
    ExpressionBinder::Substitution previous = binder.substitution();
    binder.setSubstitution([&](const sql::Expr& expr) -> BoundExpressionPtr {
      if (expr.is<sql::ColumnRefExpr>() && expr.as<sql::ColumnRefExpr>().name.size() == 1) {
        const std::string& name = expr.as<sql::ColumnRefExpr>().name[0];
        bool in_scope = false;
        for (const ScopeColumn& column : *scope)
          in_scope = in_scope || sameIdentifier(column.name, name);
        for (size_t index = 0; !in_scope && index < aliases->size(); ++index) {
          if (sameIdentifier((*aliases)[index], name))
            return copyExpression(*(*aliased)[index]);
        }
      }
      return previous ? previous(expr) : nullptr;
    });
    try {
      predicate = binder.bind(*select_.qualify);
    } catch (...) {
      binder.setSubstitution(previous);
      throw;
    }
    binder.setSubstitution(previous);
  }
  if (predicate->type.id() == TypeId::kBoolean)
    return predicate;
  if (predicate->type.isVoid() || predicate->type.id() == TypeId::kString)
    return ExpressionBinder::castTo(std::move(predicate), DataType::boolean());
  std::string text = ExpressionBinder::autoName(*select_.qualify);
  raise(Error(ErrorClass::DATATYPE_MISMATCH, "FILTER_NOT_BOOLEAN",
              fmt::format("Cannot resolve \"{}\" due to data type mismatch: Filter expression "
                          "\"{}\" of type \"{}\" is not a boolean.",
                          text, text, predicate->type.sql())),
        select_.qualify->position);
}

const sql::NamedWindow* WindowBinder::findNamedWindow(const std::string& name) const {
  for (const sql::NamedWindow& window : select_.windows) {
    if (sameIdentifier(window.name, name))
      return &window;
  }
  if (query_windows_ != nullptr) {
    for (const sql::NamedWindow& window : *query_windows_) {
      if (sameIdentifier(window.name, name))
        return &window;
    }
  }
  return nullptr;
}

WindowBinder::ResolvedSpec WindowBinder::resolveSpec(const sql::WindowSpec& spec,
                                                     const sql::FunctionCallExpr& call,
                                                     int depth) const {
  ResolvedSpec resolved;
  if (!spec.reference.empty()) {
    const sql::NamedWindow* named = findNamedWindow(spec.reference);
    if (named == nullptr || depth > 32) {
      raise(Error(ErrorClass::MISSING_WINDOW_SPECIFICATION,
                  fmt::format("Window specification {} is not defined in the WINDOW clause for "
                              "{}. For more information about WINDOW clauses, please refer to "
                              "'https://spark.apache.org/docs/latest/"
                              "sql-ref-syntax-qry-select-window.html'.",
                              spec.reference, callSql(call))),
            call.position);
    }
    resolved = resolveSpec(named->spec, call, depth + 1);
  }
  if (!spec.partition_by.empty() || resolved.partition == nullptr)
    resolved.partition = &spec.partition_by;
  if (!spec.order_by.empty() || resolved.order == nullptr)
    resolved.order = &spec.order_by;
  if (spec.frame)
    resolved.frame = &*spec.frame;
  return resolved;
}

bool WindowBinder::overWholePartition(const sql::WindowSpec& spec,
                                      const sql::FunctionCallExpr& call) const {
  ResolvedSpec resolved = resolveSpec(spec, call, 0);
  if (!resolved.order->empty())
    return false;
  if (resolved.frame == nullptr)
    return true;
  const sql::WindowFrame& frame = *resolved.frame;
  return frame.unit == sql::WindowFrame::Unit::kRows &&
         frame.start.kind == sql::WindowFrameBound::Kind::kUnboundedPreceding &&
         frame.end.kind == sql::WindowFrameBound::Kind::kUnboundedFollowing;
}

BoundExpressionPtr WindowBinder::bindCall(const sql::FunctionCallExpr& call,
                                          ExpressionBinder& binder) {
  if (inside_window_) {
    raise(Error(ErrorClass::NOT_SUPPORTED,
                "It is not allowed to use a window function inside another window function. "
                "Please use the inner window function in a sub-query."),
          call.position);
  }
  struct Inside {
    bool& flag;
    explicit Inside(bool& flag) : flag(flag) { flag = true; }
    ~Inside() { flag = false; }
  } inside(inside_window_);

  std::string name = call.name.size() == 1 ? foldIdentifier(call.name[0]) : "";
  PendingCall pending;
  pending.name = callSql(call);
  BoundWindowFunction& function = pending.function;
  function.name = name;
  const AggregateFunctionEntry* aggregate = nullptr;
  if (name == "row_number") {
    function.kind = WindowFunctionKind::kRowNumber;
  } else if (name == "rank") {
    function.kind = WindowFunctionKind::kRank;
  } else if (name == "dense_rank") {
    function.kind = WindowFunctionKind::kDenseRank;
  } else if (name == "percent_rank") {
    function.kind = WindowFunctionKind::kPercentRank;
  } else if (name == "cume_dist") {
    function.kind = WindowFunctionKind::kCumeDist;
  } else if (name == "ntile") {
    function.kind = WindowFunctionKind::kNtile;
  } else if (name == "lag" || name == "lead") {
    function.kind = WindowFunctionKind::kLag;
  } else if (name == "first_value" || name == "first" || name == "any_value") {
    function.kind = WindowFunctionKind::kFirstValue;
  } else if (name == "last_value" || name == "last") {
    function.kind = WindowFunctionKind::kLastValue;
  } else if (name == "nth_value") {
    function.kind = WindowFunctionKind::kNthValue;
  } else if (!name.empty() && (aggregate = AggregateRegistry::builtin().find(name)) != nullptr) {
    function.kind = WindowFunctionKind::kAggregate;
  } else {
    raise(Error(ErrorClass::UNSUPPORTED_EXPR_FOR_WINDOW,
                fmt::format("Expression \"{}\" not supported within a window function.",
                            callSql(call))),
          call.position);
  }
  if (call.distinct) {
    raise(Error(ErrorClass::NOT_SUPPORTED,
                fmt::format("DISTINCT window functions are not supported: {}.", pending.name)),
          call.position);
  }
  if (call.filter) {
    raise(Error(ErrorClass::NOT_SUPPORTED,
                fmt::format("FILTER in a window function is not supported yet: {}.", pending.name)),
          call.position);
  }
  bool takes_null_treatment = function.kind == WindowFunctionKind::kLag ||
                              function.kind == WindowFunctionKind::kFirstValue ||
                              function.kind == WindowFunctionKind::kLastValue ||
                              function.kind == WindowFunctionKind::kNthValue;
  if (call.null_treatment != sql::NullTreatment::kDefault && !takes_null_treatment) {
    raise(Error(ErrorClass::INVALID_SQL_SYNTAX,
                fmt::format("The function `{}` does not support IGNORE NULLS or RESPECT NULLS.",
                            name)),
          call.position);
  }
  function.ignore_nulls = call.null_treatment == sql::NullTreatment::kIgnoreNulls;

  auto wrongArguments = [&](std::string_view expected) {
    raise(Error(ErrorClass::WRONG_NUM_ARGS, "WITHOUT_SUGGESTION",
                fmt::format("The `{}` requires {} parameters but the actual number is {}.", name,
                            expected, call.args.size())),
          call.position);
  };
  auto positiveLiteral = [&](const sql::Expr& expr, std::string_view what) -> int64_t {
    std::optional<Value> value = literalValue(expr, context_.exec);
    if (!value || !value->type().isIntegral() || value->isNull()) {
      raise(Error(ErrorClass::NON_FOLDABLE_ARGUMENT,
                  fmt::format("The function `{}` requires the parameter `{}` to be a foldable "
                              "expression of the type \"INT\", but the actual argument is a "
                              "non-foldable.",
                              name, what)),
            expr.position);
    }
    return value->getInt64();
  };

  // Arguments.
  switch (function.kind) {
    case WindowFunctionKind::kRowNumber:
    case WindowFunctionKind::kRank:
    case WindowFunctionKind::kDenseRank:
    case WindowFunctionKind::kPercentRank:
    case WindowFunctionKind::kCumeDist:
      if (!call.args.empty())
        wrongArguments("0");
      function.type = function.kind == WindowFunctionKind::kPercentRank ||
                              function.kind == WindowFunctionKind::kCumeDist
                          ? DataType::doubleType()
                          : DataType::intType();
      break;
    case WindowFunctionKind::kNtile: {
      if (call.args.size() != 1)
        wrongArguments("1");
      function.offset = positiveLiteral(*call.args[0], "buckets");
      if (function.offset <= 0) {
        raise(Error(ErrorClass::DATATYPE_MISMATCH, "VALUE_OUT_OF_RANGE",
                    fmt::format("Cannot resolve \"{}\" due to data type mismatch: The `buckets` "
                                "must be between (0, 2147483647], but got {}.",
                                pending.name, function.offset)),
              call.args[0]->position);
      }
      function.type = DataType::intType();
      break;
    }
    case WindowFunctionKind::kLag: {
      if (call.args.empty() || call.args.size() > 3)
        wrongArguments("[1, 3]");
      pending.arguments.push_back(binder.bind(*call.args[0]));
      function.type = pending.arguments[0]->type;
      function.offset = call.args.size() > 1 ? positiveLiteral(*call.args[1], "offset") : 1;
      if (name == "lead")
        function.offset = -function.offset;
      if (call.args.size() > 2) {
        BoundExpressionPtr fallback = binder.bind(*call.args[2]);
        if (!fallback->type.isVoid() && fallback->type != function.type &&
            !canAnsiCast(fallback->type, function.type)) {
          raise(Error(ErrorClass::DATATYPE_MISMATCH, "CAST_WITHOUT_SUGGESTION",
                      fmt::format("Cannot resolve \"{}\" due to data type mismatch: cannot cast "
                                  "\"{}\" to \"{}\".",
                                  pending.name, fallback->type.sql(), function.type.sql())),
                call.args[2]->position);
        }
        pending.default_value = ExpressionBinder::castTo(std::move(fallback), function.type);
      }
      break;
    }
    case WindowFunctionKind::kFirstValue:
    case WindowFunctionKind::kLastValue: {
      if (call.args.empty() || call.args.size() > 2)
        wrongArguments("[1, 2]");
      pending.arguments.push_back(binder.bind(*call.args[0]));
      function.type = pending.arguments[0]->type;
      if (call.args.size() == 2) {
        std::optional<Value> ignore = literalValue(*call.args[1], context_.exec);
        if (!ignore || ignore->type().id() != TypeId::kBoolean || ignore->isNull()) {
          raise(Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
                      fmt::format("Cannot resolve \"{}\" due to data type mismatch: The second "
                                  "parameter requires the \"BOOLEAN\" type.",
                                  pending.name)),
                call.args[1]->position);
        }
        function.ignore_nulls = function.ignore_nulls || ignore->getBoolean();
      }
      break;
    }
    case WindowFunctionKind::kNthValue: {
      if (call.args.size() != 2)
        wrongArguments("2");
      pending.arguments.push_back(binder.bind(*call.args[0]));
      function.type = pending.arguments[0]->type;
      function.offset = positiveLiteral(*call.args[1], "offset");
      if (function.offset <= 0) {
        raise(Error(ErrorClass::DATATYPE_MISMATCH, "VALUE_OUT_OF_RANGE",
                    fmt::format("Cannot resolve \"{}\" due to data type mismatch: The `offset` "
                                "must be between (0, 9223372036854775807], but got {}.",
                                pending.name, function.offset)),
              call.args[1]->position);
      }
      break;
    }
    case WindowFunctionKind::kAggregate: {
      AggregateBindRequest request;
      request.name = pending.name;
      std::optional<WithinGroupOrdering> ordering;
      try {
        ordering = checkWithinGroup(call, *aggregate);
      } catch (Error& error) {
        raise(std::move(error), call.position);
      }
      if (ordering) {
        pending.arguments.push_back(binder.bind(*ordering->value));
        request.argument_sql.push_back(ExpressionBinder::autoName(*ordering->value));
      }
      if (aggregate->needs_whole_partition && !overWholePartition(*call.over, call)) {
        raise(Error(ErrorClass::INVALID_WINDOW_SPEC_FOR_AGGREGATION_FUNC,
                    fmt::format("Cannot specify ORDER BY or a window frame for \"{}\".",
                                pending.name)),
              call.position);
      }
      for (const sql::ExprPtr& argument : call.args) {
        if (argument->is<sql::StarExpr>() && name == "count" && call.args.size() == 1) {
          // count(*) is count(1), as Spark rewrites it.
          pending.arguments.push_back(BoundExpression::makeConstant(Value::intValue(1), true));
          request.argument_sql.push_back("1");
          continue;
        }
        pending.arguments.push_back(binder.bind(*argument));
        request.argument_sql.push_back(ExpressionBinder::autoName(*argument));
      }
      if (ordering) {
        pending.arguments.push_back(
            BoundExpression::makeConstant(Value::boolean(ordering->descending), true));
        request.argument_sql.push_back(ordering->descending ? "true" : "false");
      }
      // The value and DESC of WITHIN GROUP are no arguments of the call as written.
      int count = static_cast<int>(pending.arguments.size()) - (ordering ? 2 : 0);
      if (count < aggregate->min_arguments ||
          (aggregate->max_arguments >= 0 && count > aggregate->max_arguments)) {
        std::string expected =
            aggregate->max_arguments < 0 ? fmt::format(">= {}", aggregate->min_arguments)
            : aggregate->min_arguments == aggregate->max_arguments
                ? fmt::format("{}", aggregate->min_arguments)
                : fmt::format("[{}, {}]", aggregate->min_arguments, aggregate->max_arguments);
        wrongArguments(expected);
      }
      std::vector<std::optional<Value>> folded;
      folded.reserve(pending.arguments.size());
      for (const auto& argument : pending.arguments) {
        request.argument_types.push_back(argument->type);
        // Only parameters are computed now: the aggregated value is left to the operators.
        bool fold = argument->kind == BoundExpressionKind::kConstant ||
                    (!folded.empty() && argument->isFoldable());
        folded.push_back(fold ? foldBoundConstant(*argument, context_.exec) : std::nullopt);
        request.argument_constants.push_back(folded.back() ? &*folded.back() : nullptr);
      }
      try {
        function.aggregate = aggregate->bind(request);
      } catch (Error& error) {
        if (!error.location())
          error.withLocation(statement_.locate(call.position));
        throw;
      }
      for (size_t i = 0; i < pending.arguments.size(); ++i) {
        pending.arguments[i] = ExpressionBinder::castTo(std::move(pending.arguments[i]),
                                                        function.aggregate->argumentTypes()[i]);
      }
      function.type = function.aggregate->returnType();
      break;
    }
    case WindowFunctionKind::kSessionMerge:
      // Made by the aggregate binder for session_window, never named in a query.
      SLUICE_UNREACHABLE("session merge in a window call");
  }

  // PARTITION BY and ORDER BY.
  ResolvedSpec spec = resolveSpec(*call.over, call, 0);
  for (const sql::ExprPtr& expr : *spec.partition) {
    BoundExpressionPtr key = encodeNestedKey(binder.bind(*expr));
    // The window sorts its rows by the partition keys: a MAP, VARIANT or CALENDAR INTERVAL
    // has no order to sort by (a STRUCT or ARRAY of anything else sorts by its key encoding).
    if (!isOrderableType(key->type)) {
      raise(Error(ErrorClass::NOT_SUPPORTED,
                  fmt::format("Partitioning a window by a value of type {} is not supported yet.",
                              key->type.sql())),
            expr->position);
    }
    pending.spec_key += "P" + expressionKey(*key) + ";";
    pending.partition.push_back(std::move(key));
  }
  for (const sql::SortItem& item : *spec.order) {
    OrderKey key;
    key.expr = encodeNestedKey(binder.bind(*item.expr));
    if (!isOrderableType(key.expr->type)) {
      raise(Error(ErrorClass::NOT_SUPPORTED,
                  fmt::format("Ordering by a value of type {} is not supported yet.",
                              key.expr->type.sql())),
            item.expr->position);
    }
    key.ascending = item.direction != sql::SortDirection::kDescending;
    key.nulls_first = item.null_ordering == sql::NullOrdering::kDefault
                          ? key.ascending
                          : item.null_ordering == sql::NullOrdering::kNullsFirst;
    pending.spec_key += fmt::format("O{}{}{};", expressionKey(*key.expr), key.ascending ? 'A' : 'D',
                                    key.nulls_first ? 'F' : 'L');
    pending.order.push_back(std::move(key));
  }
  function.frame = bindFrame(spec, pending, call);

  DataType type = function.type;
  idx_t index = calls_.size();
  calls_.push_back(std::move(pending));
  return BoundExpression::makeColumn(kPlaceholderBase + index, type);
}

WindowFrameSpec WindowBinder::bindFrame(const ResolvedSpec& spec, const PendingCall& pending,
                                        const sql::FunctionCallExpr& call) {
  const BoundWindowFunction& function = pending.function;
  bool ordered = !pending.order.empty();
  bool needs_order = function.kind != WindowFunctionKind::kAggregate &&
                     function.kind != WindowFunctionKind::kFirstValue &&
                     function.kind != WindowFunctionKind::kLastValue &&
                     function.kind != WindowFunctionKind::kNthValue;
  auto windowSql = [&] { return pending.name + " OVER (...)"; };
  if (needs_order && !ordered) {
    // Spark raises a legacy error without a class here; INVALID_SQL_SYNTAX is the closest.
    raise(Error(ErrorClass::INVALID_SQL_SYNTAX,
                fmt::format("Window function {} requires window to be ordered, please add ORDER "
                            "BY clause. For example SELECT {}(value_expr) OVER (PARTITION BY "
                            "window_partition ORDER BY window_ordering) from table.",
                            pending.name, function.name)),
          call.position);
  }
  WindowFrameSpec frame;
  if (needs_order) {
    // Ranking and offset functions have fixed frames: a written frame must be their own.
    bool matches = spec.frame == nullptr;
    if (spec.frame && function.kind != WindowFunctionKind::kLag) {
      matches = spec.frame->unit == sql::WindowFrame::Unit::kRows &&
                spec.frame->start.kind == sql::WindowFrameBound::Kind::kUnboundedPreceding &&
                spec.frame->end.kind == sql::WindowFrameBound::Kind::kCurrentRow;
    }
    if (!matches) {
      raise(Error(ErrorClass::WINDOW_FUNCTION_AND_FRAME_MISMATCH,
                  fmt::format("{} function can only be evaluated in an ordered row-based window "
                              "frame with a single offset: {}.",
                              function.name, windowSql())),
            call.position);
    }
    frame.rows = true;
    frame.start.kind = WindowBoundKind::kUnboundedPreceding;
    frame.end.kind = WindowBoundKind::kCurrentRow;
    return frame;
  }
  if (spec.frame == nullptr) {
    // Spark's defaults: the running frame with ORDER BY, else the whole partition.
    frame.rows = !ordered;
    frame.start.kind = WindowBoundKind::kUnboundedPreceding;
    frame.end.kind = ordered ? WindowBoundKind::kCurrentRow : WindowBoundKind::kUnboundedFollowing;
    return frame;
  }
  frame.rows = spec.frame->unit == sql::WindowFrame::Unit::kRows;
  frame.start = bindBound(spec.frame->start, frame.rows, pending, call, "lower");
  frame.end = bindBound(spec.frame->end, frame.rows, pending, call, "upper");

  auto kindText = [&](const WindowBound& bound, bool lower) {
    WindowFrameSpec one;
    one.rows = frame.rows;
    one.start = bound;
    one.end = bound;
    std::string text = one.toString();
    (void)lower;
    return text.substr(text.find("BETWEEN ") + 8, text.find(" AND ") - text.find("BETWEEN ") - 8);
  };
  auto mismatch = [&](std::string sub_class, std::string detail) {
    raise(Error(ErrorClass::DATATYPE_MISMATCH, std::move(sub_class),
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: {}", frame.toString(),
                            detail)),
          spec.frame->start.offset ? spec.frame->start.offset->position : call.position);
  };
  // Spark's SpecifiedWindowFrame checks: the bounds must be in order.
  auto signedOffset = [&](const WindowBound& bound) -> double {
    double value = frame.rows ? static_cast<double>(bound.rows) : bound.range;
    if (bound.kind == WindowBoundKind::kPreceding)
      return -value;
    if (bound.kind == WindowBoundKind::kFollowing)
      return value;
    return 0.0;
  };
  bool invalid = frame.start.kind == WindowBoundKind::kUnboundedFollowing ||
                 frame.end.kind == WindowBoundKind::kUnboundedPreceding ||
                 (frame.start.kind == WindowBoundKind::kCurrentRow && signedOffset(frame.end) < 0 &&
                  frame.end.kind == WindowBoundKind::kPreceding) ||
                 (frame.end.kind == WindowBoundKind::kCurrentRow && signedOffset(frame.start) > 0 &&
                  frame.start.kind == WindowBoundKind::kFollowing);
  if (invalid) {
    mismatch("SPECIFIED_WINDOW_FRAME_INVALID_BOUND",
             fmt::format("Window frame upper bound \"{}\" does not follow the lower bound \"{}\".",
                         kindText(frame.end, false), kindText(frame.start, true)));
  }
  bool start_valued = frame.start.kind == WindowBoundKind::kPreceding ||
                      frame.start.kind == WindowBoundKind::kFollowing;
  bool end_valued = frame.end.kind == WindowBoundKind::kPreceding ||
                    frame.end.kind == WindowBoundKind::kFollowing;
  if (start_valued && end_valued && signedOffset(frame.start) > signedOffset(frame.end)) {
    mismatch("SPECIFIED_WINDOW_FRAME_WRONG_COMPARISON",
             "The lower bound of a window frame must be less than or equal to the upper bound.");
  }
  if (!frame.rows && (start_valued || end_valued)) {
    if (!ordered) {
      mismatch("RANGE_FRAME_WITHOUT_ORDER",
               "A range window frame cannot be used in an unordered window specification.");
    }
    if (pending.order.size() > 1) {
      mismatch("RANGE_FRAME_MULTI_ORDER",
               "A range window frame with value boundaries cannot be used in a window "
               "specification with multiple order by expressions.");
    }
    const DataType& key_type = pending.order[0].expr->type;
    if (!key_type.isNumeric() && key_type.id() != TypeId::kDate) {
      mismatch("RANGE_FRAME_INVALID_TYPE",
               fmt::format("The data type \"{}\" used in the order specification does not "
                           "support the data type \"{}\" which is used in the range frame.",
                           key_type.sql(), "INT"));
    }
  }
  return frame;
}

WindowBound WindowBinder::bindBound(const sql::WindowFrameBound& bound, bool rows,
                                    const PendingCall& pending, const sql::FunctionCallExpr& call,
                                    std::string_view location) {
  (void)pending;
  (void)call;
  WindowBound result;
  switch (bound.kind) {
    case sql::WindowFrameBound::Kind::kUnboundedPreceding:
      result.kind = WindowBoundKind::kUnboundedPreceding;
      return result;
    case sql::WindowFrameBound::Kind::kCurrentRow:
      result.kind = WindowBoundKind::kCurrentRow;
      return result;
    case sql::WindowFrameBound::Kind::kUnboundedFollowing:
      result.kind = WindowBoundKind::kUnboundedFollowing;
      return result;
    case sql::WindowFrameBound::Kind::kPreceding:
      result.kind = WindowBoundKind::kPreceding;
      break;
    case sql::WindowFrameBound::Kind::kFollowing:
      result.kind = WindowBoundKind::kFollowing;
      break;
  }
  const sql::Expr& offset = *bound.offset;
  std::optional<Value> value = literalValue(offset, context_.exec);
  std::string text = ExpressionBinder::autoName(offset);
  if (!value) {
    raise(Error(ErrorClass::DATATYPE_MISMATCH, "SPECIFIED_WINDOW_FRAME_WITHOUT_FOLDABLE",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: Window frame {} "
                            "bound \"{}\" is not a literal.",
                            text, location, text)),
          offset.position);
  }
  bool accepted = rows ? value->type().id() == TypeId::kInt || value->type().id() == TypeId::kLong
                       : value->type().isNumeric();
  if (!accepted || value->isNull()) {
    raise(Error(ErrorClass::DATATYPE_MISMATCH, "SPECIFIED_WINDOW_FRAME_UNACCEPTED_TYPE",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: The data type of "
                            "the {} bound \"{}\" does not match the expected data type \"{}\".",
                            text, location, value->type().sql(), rows ? "INT" : "NUMERIC")),
          offset.position);
  }
  double number = numericValue(*value);
  if (number < 0) {
    // A negative offset flips the direction: 1 PRECEDING is -1 FOLLOWING.
    result.kind = result.kind == WindowBoundKind::kPreceding ? WindowBoundKind::kFollowing
                                                             : WindowBoundKind::kPreceding;
    number = -number;
  }
  result.rows = static_cast<int64_t>(number);
  result.range = number;
  return result;
}

LogicalOperatorPtr WindowBinder::attach(LogicalOperatorPtr input,
                                        const std::vector<BoundExpression*>& consumers,
                                        BoundExpressionPtr qualify) {
  if (calls_.empty() && qualify == nullptr)
    return input;
  // Keys and arguments that are not plain input columns are computed by a projection below.
  size_t width = input->column_types.size();
  std::unique_ptr<LogicalOperator> extra;
  auto columnOf = [&](BoundExpressionPtr& expr) -> idx_t {
    if (expr->kind == BoundExpressionKind::kColumn && expr->column_index < width)
      return expr->column_index;
    if (!extra) {
      extra = std::make_unique<LogicalOperator>();
      extra->kind = LogicalOperatorKind::kProject;
      for (idx_t column = 0; column < width; ++column) {
        extra->expressions.push_back(
            BoundExpression::makeColumn(column, input->column_types[column]));
        extra->column_names.push_back(input->column_names[column]);
        extra->column_types.push_back(input->column_types[column]);
      }
    }
    std::string key = expressionKey(*expr);
    for (idx_t column = width; column < extra->expressions.size(); ++column) {
      if (expressionKey(*extra->expressions[column]) == key)
        return column;
    }
    extra->column_names.push_back(fmt::format("_w{}", extra->expressions.size()));
    extra->column_types.push_back(expr->type);
    extra->expressions.push_back(std::move(expr));
    return extra->expressions.size() - 1;
  };

  struct Group {
    std::vector<idx_t> calls;
    std::vector<idx_t> partition;
    std::vector<SortSpec> order;
  };
  std::vector<Group> groups;
  std::vector<std::string> group_keys;
  for (idx_t index = 0; index < calls_.size(); ++index) {
    PendingCall& pending = calls_[index];
    for (auto& argument : pending.arguments)
      pending.function.arguments.push_back(columnOf(argument));
    if (pending.default_value)
      pending.function.default_column = columnOf(pending.default_value);
    size_t group = 0;
    while (group < groups.size() && group_keys[group] != pending.spec_key)
      ++group;
    if (group == groups.size()) {
      Group fresh;
      for (auto& key : pending.partition)
        fresh.partition.push_back(columnOf(key));
      for (OrderKey& key : pending.order) {
        SortSpec spec;
        spec.column = columnOf(key.expr);
        spec.ascending = key.ascending;
        spec.nulls_first = key.nulls_first;
        fresh.order.push_back(spec);
      }
      groups.push_back(std::move(fresh));
      group_keys.push_back(pending.spec_key);
    }
    groups[group].calls.push_back(index);
  }
  LogicalOperatorPtr plan = std::move(input);
  if (extra) {
    extra->children.push_back(std::move(plan));
    plan = std::move(extra);
  }
  std::vector<idx_t> result_columns(calls_.size());
  for (Group& group : groups) {
    auto window = std::make_unique<LogicalOperator>();
    window->kind = LogicalOperatorKind::kWindow;
    window->column_names = plan->column_names;
    window->column_types = plan->column_types;
    window->partition_columns = group.partition;
    window->order_keys = group.order;
    for (idx_t call : group.calls) {
      result_columns[call] = window->column_types.size();
      window->column_names.push_back(calls_[call].name);
      window->column_types.push_back(calls_[call].function.type);
      window->window_functions.push_back(std::move(calls_[call].function));
    }
    window->children.push_back(std::move(plan));
    plan = std::move(window);
  }
  calls_.clear();
  for (BoundExpression* consumer : consumers)
    rewritePlaceholders(*consumer, result_columns);
  if (qualify) {
    rewritePlaceholders(*qualify, result_columns);
    auto filter = std::make_unique<LogicalOperator>();
    filter->kind = LogicalOperatorKind::kFilter;
    filter->column_names = plan->column_names;
    filter->column_types = plan->column_types;
    filter->expressions.push_back(std::move(qualify));
    filter->children.push_back(std::move(plan));
    plan = std::move(filter);
  }
  return plan;
}

}  // namespace sluice

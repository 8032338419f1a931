#include "planner/binder/expression_binder.hpp"
#include "planner/binder/grouping_sets.hpp"

#include <algorithm>
#include <optional>

#include <fmt/ranges.h>

#include "catalog/catalog.hpp"
#include "common/error/error.hpp"
#include "common/types/decimal.hpp"
#include "common/types/type_coercion.hpp"
#include "function/cast/cast.hpp"
#include "function/function_registry.hpp"
#include "planner/binder/collation_coercion.hpp"
#include "planner/binder/conditional_binder.hpp"
#include "planner/binder/generator_binder.hpp"
#include "planner/binder/input_file_functions.hpp"
#include "planner/binder/json_binder.hpp"
#include "planner/binder/lambda_binder.hpp"
#include "planner/binder/lateral_aliases.hpp"
#include "planner/binder/session_functions.hpp"
#include "planner/binder/sql_function_binder.hpp"
#include "planner/binder/star_expansion.hpp"
#include "planner/binder/subquery_binder.hpp"

namespace sluice {

namespace {

//! The last schema of Spark's function search path: the current one, `catalog`.`schema`.
std::string currentSchemaOnSearchPath(const BindContext& context) {
  if (context.catalog == nullptr)
    return quoteNameParts(
        {std::string(Catalog::kDefaultCatalog), std::string(Catalog::kDefaultSchema)});
  return quoteNameParts({context.catalog->currentCatalog(), context.catalog->currentSchema()});
}

//! Functions that exist only over a window (aggregates may be used either way).
bool isWindowOnlyFunction(std::string_view name) {
  return name == "row_number" || name == "rank" || name == "dense_rank" || name == "percent_rank" ||
         name == "cume_dist" || name == "ntile" || name == "lag" || name == "lead" ||
         name == "nth_value";
}

std::string_view binaryOperatorName(sql::BinaryOp op) {
  switch (op) {
    case sql::BinaryOp::kMultiply:
      return "*";
    case sql::BinaryOp::kDivide:
      return "/";
    case sql::BinaryOp::kModulo:
      return "%";
    case sql::BinaryOp::kIntDivide:
      return "div";
    case sql::BinaryOp::kAdd:
      return "+";
    case sql::BinaryOp::kSubtract:
      return "-";
    case sql::BinaryOp::kConcat:
      return "||";
    case sql::BinaryOp::kShiftLeft:
      return "<<";
    case sql::BinaryOp::kShiftRight:
      return ">>";
    case sql::BinaryOp::kShiftRightUnsigned:
      return ">>>";
    case sql::BinaryOp::kBitAnd:
      return "&";
    case sql::BinaryOp::kBitXor:
      return "^";
    case sql::BinaryOp::kBitOr:
      return "|";
    case sql::BinaryOp::kEqual:
      return "=";
    case sql::BinaryOp::kNullSafeEqual:
      return "<=>";
    case sql::BinaryOp::kNotEqual:
      return "!=";
    case sql::BinaryOp::kLess:
      return "<";
    case sql::BinaryOp::kLessEqual:
      return "<=";
    case sql::BinaryOp::kGreater:
      return ">";
    case sql::BinaryOp::kGreaterEqual:
      return ">=";
    case sql::BinaryOp::kAnd:
      return "AND";
    case sql::BinaryOp::kOr:
      return "OR";
  }
  return "?";
}

bool isArithmetic(sql::BinaryOp op) {
  switch (op) {
    case sql::BinaryOp::kMultiply:
    case sql::BinaryOp::kDivide:
    case sql::BinaryOp::kModulo:
    case sql::BinaryOp::kIntDivide:
    case sql::BinaryOp::kAdd:
    case sql::BinaryOp::kSubtract:
      return true;
    default:
      return false;
  }
}

//! Spark's literalPickMinimumPrecision: an integral literal beside a DECIMAL becomes a DECIMAL
//! of just the digits it needs, so 1.5 + 1 is DECIMAL(3,1), not DECIMAL(12,1).
void narrowIntegralLiteral(BoundExpressionPtr& literal, const BoundExpressionPtr& other) {
  if (literal->kind != BoundExpressionKind::kConstant || !literal->from_literal ||
      !literal->type.isIntegral() || !other->type.isDecimal() || literal->constant.isNull()) {
    return;
  }
  int64_t value = literal->constant.getInt64();
  int digits = 1;
  for (int128_t magnitude = value < 0 ? -int128_t{value} : value; magnitude >= 10;
       magnitude /= 10) {
    ++digits;
  }
  literal = BoundExpression::makeConstant(Value::decimal(value, digits, 0), true);
}

size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> previous(b.size() + 1), current(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j)
    previous[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t substitution =
          previous[j - 1] + (std::tolower(a[i - 1]) == std::tolower(b[j - 1]) ? 0 : 1);
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitution});
    }
    std::swap(previous, current);
  }
  return previous[b.size()];
}

[[noreturn]] void raiseDataDiffTypes(std::string_view what, const std::vector<DataType>& types) {
  std::string listed;
  for (const DataType& type : types)
    listed += (listed.empty() ? "\"" : ", \"") + type.sql() + "\"";
  throw Error(ErrorClass::DATATYPE_MISMATCH, "DATA_DIFF_TYPES",
              fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input to `{}` should "
                          "all be the same type, but it's [{}].",
                          what, what, listed));
}

//! Spark's Cast.typeCheckFailureMessage: suggests a function or the ANSI switch where either
//! would do what the user meant.
[[noreturn]] void raiseCastMismatch(const std::string& what, const DataType& from,
                                    const DataType& to) {
  std::string prefix =
      fmt::format("Cannot resolve \"{}\" due to data type mismatch: cannot cast \"{}\" to \"{}\"",
                  what, from.sql(), to.sql());
  const char* functions = nullptr;
  if (from.isNumeric() && to.id() == TypeId::kTimestamp) {
    functions = "`TIMESTAMP_SECONDS`, `TIMESTAMP_MILLIS` and `TIMESTAMP_MICROS`";
  } else if (from.id() == TypeId::kTimestamp && to.isNumeric()) {
    functions = "`UNIX_SECONDS`, `UNIX_MILLIS` and `UNIX_MICROS`";
  } else if (from.isNumeric() && to.id() == TypeId::kDate) {
    functions = "`DATE_FROM_UNIX_DATE`";
  } else if (from.id() == TypeId::kDate && to.isNumeric()) {
    functions = "`UNIX_DATE`";
  }
  if (functions != nullptr) {
    throw Error(
        ErrorClass::DATATYPE_MISMATCH, "CAST_WITH_FUNC_SUGGESTION",
        fmt::format("{}. To convert values from \"{}\" to \"{}\", you can use the functions "
                    "{} instead.",
                    prefix, from.sql(), to.sql(), functions));
  }
  // Casts that only Spark's legacy (non-ANSI) mode allows.
  bool legacy_only = (from.id() == TypeId::kBoolean && to.id() == TypeId::kTimestamp) ||
                     ((from.id() == TypeId::kDate || from.id() == TypeId::kTimestamp) &&
                      to.id() == TypeId::kBoolean) ||
                     (from.isIntegral() && to.id() == TypeId::kBinary);
  if (legacy_only) {
    throw Error(
        ErrorClass::DATATYPE_MISMATCH, "CAST_WITH_CONF_SUGGESTION",
        fmt::format("{} with ANSI mode on. If you have to cast \"{}\" to \"{}\", you can set "
                    "\"spark.sql.ansi.enabled\" as 'false'.",
                    prefix, from.sql(), to.sql()));
  }
  throw Error(ErrorClass::DATATYPE_MISMATCH, "CAST_WITHOUT_SUGGESTION", prefix + ".");
}

}  // namespace

BoundExpressionPtr ExpressionBinder::bind(const sql::Expr& expr) {
  try {
    if (substitution_) {
      if (BoundExpressionPtr substituted = substitution_(expr))
        return substituted;
    }
    return bindNode(expr);
  } catch (Error& error) {
    if (!error.location())
      error.withLocation(statement_.locate(expr.position));
    throw;
  }
}

BoundExpressionPtr ExpressionBinder::castTo(BoundExpressionPtr expr, const DataType& type) {
  if (expr->type == type)
    return expr;
  if (expr->kind == BoundExpressionKind::kConstant && expr->constant.isNull()) {
    return BoundExpression::makeConstant(Value::null(type));
  }
  return BoundExpression::makeCast(std::move(expr), type, false);
}

BoundExpressionPtr ExpressionBinder::bindNode(const sql::Expr& expr) {
  switch (expr.kind()) {
    case sql::ExprKind::kLiteral:
      return BoundExpression::makeConstant(bindLiteral(expr.as<sql::LiteralExpr>(), context_.exec),
                                           true);
    case sql::ExprKind::kColumnRef:
      return bindColumn(expr.as<sql::ColumnRefExpr>());
    case sql::ExprKind::kUnary:
      return bindUnary(expr.as<sql::UnaryExpr>());
    case sql::ExprKind::kBinary:
      return bindBinary(expr.as<sql::BinaryExpr>());
    case sql::ExprKind::kIs:
      return bindIs(expr.as<sql::IsExpr>());
    case sql::ExprKind::kIsDistinctFrom: {
      const auto& node = expr.as<sql::IsDistinctFromExpr>();
      std::vector<BoundExpressionPtr> arguments;
      arguments.push_back(bind(*node.left));
      arguments.push_back(bind(*node.right));
      auto equal = call("<=>", std::move(arguments));
      if (node.negated)
        return equal;  // IS NOT DISTINCT FROM
      std::vector<BoundExpressionPtr> negated;
      negated.push_back(std::move(equal));
      return call("not", std::move(negated));
    }
    case sql::ExprKind::kBetween:
      return bindBetween(expr.as<sql::BetweenExpr>());
    case sql::ExprKind::kInList:
      return bindInList(expr.as<sql::InListExpr>());
    case sql::ExprKind::kCase:
      return bindCase(expr.as<sql::CaseExpr>());
    case sql::ExprKind::kCast:
      return bindCast(expr.as<sql::CastExpr>());
    case sql::ExprKind::kFunctionCall:
      return bindFunction(expr.as<sql::FunctionCallExpr>());
    case sql::ExprKind::kRow:
      return bindRow(expr.as<sql::RowExpr>());
    case sql::ExprKind::kJsonPath: {
      const auto& path = expr.as<sql::JsonPathExpr>();
      return bindJsonPathOperator(path, bind(*path.base));
    }
    case sql::ExprKind::kInSubquery:
    case sql::ExprKind::kExists:
    case sql::ExprKind::kScalarSubquery:
      return bindSubqueryExpression(expr, context_, statement_, *this);
    case sql::ExprKind::kFieldAccess: {
      const auto& access = expr.as<sql::FieldAccessExpr>();
      return extractField(bind(*access.base), access.field, autoName(*access.base));
    }
    case sql::ExprKind::kAlias:
      return bind(*expr.as<sql::AliasExpr>().child);
    case sql::ExprKind::kSubscript:
      return LambdaBinder::bindSubscript(*this, expr.as<sql::SubscriptExpr>());
    case sql::ExprKind::kLambda:
      throw Error(ErrorClass::INVALID_LAMBDA_FUNCTION_CALL, "NON_HIGHER_ORDER_FUNCTION",
                  "A lambda function should only be used in a higher order function.");
    case sql::ExprKind::kLike: {
      // x [NOT] LIKE|ILIKE p [ESCAPE e] and x [NOT] RLIKE p are calls of like / ilike / rlike;
      // the quantified forms are OR (ANY, SOME) or AND (ALL) of one call per pattern, whose
      // three-valued logic is Spark's LikeAny / LikeAll semantics.
      const auto& like = expr.as<sql::LikeExpr>();
      std::string_view name = like.like_kind == sql::LikeKind::kLike    ? "like"
                              : like.like_kind == sql::LikeKind::kIlike ? "ilike"
                                                                        : "rlike";
      auto test = [&](const sql::Expr& pattern) {
        std::vector<BoundExpressionPtr> arguments;
        arguments.push_back(bind(*like.operand));
        arguments.push_back(bind(pattern));
        if (like.escape)
          arguments.push_back(BoundExpression::makeConstant(Value::string(*like.escape), true));
        BoundExpressionPtr matched = call(name, std::move(arguments));
        if (!like.negated)
          return matched;
        std::vector<BoundExpressionPtr> negated;
        negated.push_back(std::move(matched));
        return call("not", std::move(negated));
      };
      if (like.quantifier == sql::LikeQuantifier::kNone)
        return test(*like.pattern);
      if (like.patterns.empty()) {
        throwError(ErrorClass::PARSE_SYNTAX_ERROR,
                   "Syntax error at or near ')': Expected something between '(' and ')'.");
      }
      BoundExpressionPtr combined;
      for (const sql::ExprPtr& pattern : like.patterns) {
        BoundExpressionPtr next = test(*pattern);
        if (!combined) {
          combined = std::move(next);
          continue;
        }
        auto node = std::make_unique<BoundExpression>();
        node->kind = like.quantifier == sql::LikeQuantifier::kAll ? BoundExpressionKind::kAnd
                                                                  : BoundExpressionKind::kOr;
        node->type = DataType::boolean();
        node->children.push_back(std::move(combined));
        node->children.push_back(std::move(next));
        combined = std::move(node);
      }
      return combined;
    }
    default:
      throwError(ErrorClass::NOT_SUPPORTED, "This kind of expression is not supported yet: {}.",
                 autoName(expr));
  }
}

BoundExpressionPtr ExpressionBinder::bindColumn(const sql::ColumnRefExpr& expr) {
  const std::vector<std::string>& name = expr.name;
  std::vector<idx_t> matches;
  for (idx_t index = 0; index < scope_.size(); ++index) {
    const ScopeColumn& column = scope_[index];
    bool match = false;
    if (name.size() == 1) {
      match = !column.qualified_only && sameIdentifier(column.name, name[0]);
    } else if (name.size() == 2) {
      match = sameIdentifier(column.qualifier, name[0]) && sameIdentifier(column.name, name[1]);
    }
    if (match)
      matches.push_back(index);
  }
  if (matches.size() == 1)
    return BoundExpression::makeColumn(matches[0], scope_[matches[0]].type);
  if (matches.empty() && name.size() >= 2) {
    // a.b.c where no column is called that: a prefix names a column (qualified or not, the
    // qualified reading first, as Spark tries it) and the rest are fields of its STRUCT.
    for (size_t prefix : {size_t{2}, size_t{1}}) {
      if (name.size() <= prefix)
        continue;
      std::vector<std::string> head(name.begin(),
                                    name.begin() + static_cast<std::ptrdiff_t>(prefix));
      std::vector<idx_t> found;
      for (idx_t index = 0; index < scope_.size(); ++index) {
        const ScopeColumn& column = scope_[index];
        bool match = prefix == 1 ? !column.qualified_only && sameIdentifier(column.name, head[0])
                                 : sameIdentifier(column.qualifier, head[0]) &&
                                       sameIdentifier(column.name, head[1]);
        if (match)
          found.push_back(index);
      }
      if (found.empty())
        continue;
      if (found.size() > 1) {
        throwError(ErrorClass::AMBIGUOUS_REFERENCE, "Reference {} is ambiguous.",
                   quoteNameParts(head));
      }
      BoundExpressionPtr value = BoundExpression::makeColumn(found[0], scope_[found[0]].type);
      std::string base_name = fmt::format(
          "{}", fmt::join(name.begin(), name.begin() + static_cast<std::ptrdiff_t>(prefix), "."));
      for (size_t part = prefix; part < name.size(); ++part) {
        value = extractField(std::move(value), name[part], base_name);
        base_name += "." + name[part];
      }
      return value;
    }
  }
  if (matches.size() > 1) {
    std::string candidates;
    for (idx_t index : matches) {
      if (!candidates.empty())
        candidates += ", ";
      const ScopeColumn& column = scope_[index];
      candidates += column.qualifier.empty() ? quoteNameParts({column.name})
                                             : quoteNameParts({column.qualifier, column.name});
    }
    throwError(ErrorClass::AMBIGUOUS_REFERENCE, "Reference {} is ambiguous, could be: [{}].",
               quoteNameParts(name), candidates);
  }
  // Then an earlier select item's alias (or a field of it), before the query around a
  // subquery, as Spark resolves lateral column aliases.
  if (lateral_aliases_ != nullptr) {
    if (BoundExpressionPtr value = lateral_aliases_->resolve(name[0])) {
      std::string base_name = name[0];
      for (size_t part = 1; part < name.size(); ++part) {
        value = extractField(std::move(value), name[part], base_name);
        base_name += "." + name[part];
      }
      return value;
    }
  }
  // Then the query around a subquery, as Spark resolves correlated names.
  if (context_.outer != nullptr) {
    if (BoundExpressionPtr outer = bindOuterColumn(expr, scope_, *context_.outer))
      return outer;
  }
  // Then a session variable, as its value, or a field of a STRUCT variable (`v.f`,
  // `session.v.f`): the longest prefix that names a variable.
  if (context_.variables != nullptr) {
    for (size_t prefix = name.size(); prefix >= 1; --prefix) {
      std::vector<std::string> head(name.begin(),
                                    name.begin() + static_cast<std::ptrdiff_t>(prefix));
      std::optional<std::string> variable = sessionVariableName(head);
      const Value* found = variable ? context_.variables->findVariable(*variable) : nullptr;
      if (found == nullptr)
        continue;
      BoundExpressionPtr value = BoundExpression::makeConstant(*found);
      std::string base_name = fmt::format("{}", fmt::join(head, "."));
      for (size_t part = prefix; part < name.size(); ++part) {
        value = extractField(std::move(value), name[part], base_name);
        base_name += "." + name[part];
      }
      return value;
    }
  }
  // current_date, current_timestamp and current_time without parentheses: the function, when
  // no column has that name (as Spark resolves them).
  if (name.size() == 1 &&
      (sameIdentifier(name[0], "current_date") || sameIdentifier(name[0], "current_timestamp") ||
       sameIdentifier(name[0], "current_time")))
    return call(foldIdentifier(name[0]), {});
  if (scope_.empty()) {
    throw Error(ErrorClass::UNRESOLVED_COLUMN, "WITHOUT_SUGGESTION",
                fmt::format("A column, variable, or function parameter with name {} cannot be "
                            "resolved.",
                            quoteNameParts(name)));
  }
  std::vector<std::pair<size_t, std::string>> ranked;
  for (const ScopeColumn& column : scope_) {
    std::string candidate = column.qualifier.empty()
                                ? quoteNameParts({column.name})
                                : quoteNameParts({column.qualifier, column.name});
    ranked.emplace_back(editDistance(name.back(), column.name), candidate);
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string suggestions;
  for (size_t i = 0; i < ranked.size() && i < 5; ++i) {
    if (i > 0)
      suggestions += ", ";
    suggestions += ranked[i].second;
  }
  throw Error(ErrorClass::UNRESOLVED_COLUMN, "WITH_SUGGESTION",
              fmt::format("A column, variable, or function parameter with name {} cannot be "
                          "resolved. Did you mean one of the following? [{}].",
                          quoteNameParts(name), suggestions));
}

BoundExpressionPtr ExpressionBinder::bindUnary(const sql::UnaryExpr& expr) {
  BoundExpressionPtr operand = bind(*expr.operand);
  std::vector<BoundExpressionPtr> arguments;
  switch (expr.op) {
    case sql::UnaryOp::kMinus:
      arguments.push_back(std::move(operand));
      return call("negative", std::move(arguments));
    case sql::UnaryOp::kPlus:
      return operand;
    case sql::UnaryOp::kNot:
      arguments.push_back(booleanOperand(std::move(operand), "NOT"));
      return call("not", std::move(arguments));
    case sql::UnaryOp::kBitNot:
      arguments.push_back(std::move(operand));
      return call("~", std::move(arguments));
  }
  SLUICE_UNREACHABLE("unknown unary operator");
}

BoundExpressionPtr ExpressionBinder::booleanOperand(BoundExpressionPtr operand,
                                                    std::string_view op) {
  const DataType& type = operand->type;
  if (type.id() == TypeId::kBoolean)
    return operand;
  if (type.isVoid() || type.id() == TypeId::kString)
    return castTo(std::move(operand), DataType::boolean());
  throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
              fmt::format("Cannot resolve \"{}\" due to data type mismatch: the operand of {} "
                          "requires the \"BOOLEAN\" type, however \"{}\" has the type \"{}\".",
                          op, op, operand->toString(), type.sql()));
}

BoundExpressionPtr ExpressionBinder::bindBinary(const sql::BinaryExpr& expr) {
  BoundExpressionPtr left = bind(*expr.left);
  BoundExpressionPtr right = bind(*expr.right);
  if (expr.op == sql::BinaryOp::kAnd || expr.op == sql::BinaryOp::kOr)
    return logical(expr.op == sql::BinaryOp::kAnd, std::move(left), std::move(right));
  if (isArithmetic(expr.op)) {
    narrowIntegralLiteral(left, right);
    narrowIntegralLiteral(right, left);
  }
  std::vector<BoundExpressionPtr> arguments;
  arguments.push_back(std::move(left));
  arguments.push_back(std::move(right));
  return call(binaryOperatorName(expr.op), std::move(arguments));
}

BoundExpressionPtr ExpressionBinder::bindIs(const sql::IsExpr& expr) {
  BoundExpressionPtr operand = bind(*expr.operand);
  std::vector<BoundExpressionPtr> arguments;
  BoundExpressionPtr test;
  switch (expr.test) {
    case sql::IsTest::kNull:
      arguments.push_back(std::move(operand));
      return call(expr.negated ? "isnotnull" : "isnull", std::move(arguments));
    case sql::IsTest::kUnknown:
      arguments.push_back(booleanOperand(std::move(operand), "IS UNKNOWN"));
      return call(expr.negated ? "isnotnull" : "isnull", std::move(arguments));
    case sql::IsTest::kTrue:
    case sql::IsTest::kFalse:
      // x IS TRUE is x <=> TRUE, as Spark rewrites it.
      arguments.push_back(booleanOperand(std::move(operand), "IS"));
      arguments.push_back(
          BoundExpression::makeConstant(Value::boolean(expr.test == sql::IsTest::kTrue)));
      test = call("<=>", std::move(arguments));
      break;
  }
  if (!expr.negated)
    return test;
  std::vector<BoundExpressionPtr> negated;
  negated.push_back(std::move(test));
  return call("not", std::move(negated));
}

BoundExpressionPtr ExpressionBinder::logical(bool is_and, BoundExpressionPtr left,
                                             BoundExpressionPtr right) {
  auto node = std::make_unique<BoundExpression>();
  node->kind = is_and ? BoundExpressionKind::kAnd : BoundExpressionKind::kOr;
  node->type = DataType::boolean();
  std::string_view name = is_and ? "AND" : "OR";
  node->children.push_back(booleanOperand(std::move(left), name));
  node->children.push_back(booleanOperand(std::move(right), name));
  return node;
}

BoundExpressionPtr ExpressionBinder::bindBetween(const sql::BetweenExpr& expr) {
  return between([&] { return bind(*expr.operand); }, bind(*expr.low), bind(*expr.high),
                 expr.negated);
}

BoundExpressionPtr ExpressionBinder::between(const std::function<BoundExpressionPtr()>& operand,
                                             BoundExpressionPtr low, BoundExpressionPtr high,
                                             bool negated) {
  // a BETWEEN l AND h is a >= l AND a <= h.
  std::vector<BoundExpressionPtr> low_arguments;
  low_arguments.push_back(operand());
  low_arguments.push_back(std::move(low));
  std::vector<BoundExpressionPtr> high_arguments;
  high_arguments.push_back(operand());
  high_arguments.push_back(std::move(high));
  auto node = std::make_unique<BoundExpression>();
  node->kind = BoundExpressionKind::kAnd;
  node->type = DataType::boolean();
  node->children.push_back(call(">=", std::move(low_arguments)));
  node->children.push_back(call("<=", std::move(high_arguments)));
  if (!negated)
    return node;
  std::vector<BoundExpressionPtr> negation;
  negation.push_back(std::move(node));
  return call("not", std::move(negation));
}

BoundExpressionPtr ExpressionBinder::bindInList(const sql::InListExpr& expr) {
  std::vector<BoundExpressionPtr> values;
  for (const sql::ExprPtr& value : expr.values)
    values.push_back(bind(*value));
  return inList([&] { return bind(*expr.operand); }, std::move(values), expr.negated);
}

BoundExpressionPtr ExpressionBinder::inList(const std::function<BoundExpressionPtr()>& operand,
                                            std::vector<BoundExpressionPtr> values, bool negated) {
  // a IN (x, y) is a = x OR a = y: three-valued OR gives IN's NULL semantics exactly.
  BoundExpressionPtr result;
  for (BoundExpressionPtr& value : values) {
    std::vector<BoundExpressionPtr> arguments;
    arguments.push_back(operand());
    arguments.push_back(std::move(value));
    BoundExpressionPtr equal = call("=", std::move(arguments));
    if (!result) {
      result = std::move(equal);
      continue;
    }
    auto node = std::make_unique<BoundExpression>();
    node->kind = BoundExpressionKind::kOr;
    node->type = DataType::boolean();
    node->children.push_back(std::move(result));
    node->children.push_back(std::move(equal));
    result = std::move(node);
  }
  if (!negated)
    return result;
  std::vector<BoundExpressionPtr> negation;
  negation.push_back(std::move(result));
  return call("not", std::move(negation));
}

std::vector<std::pair<std::string, BoundExpressionPtr>> ExpressionBinder::expandStarArgument(
    const sql::StarExpr& star) {
  if (over_aggregate_output_) {
    // Over an aggregate's output the star would have to name grouped input columns.
    throw Error(ErrorClass::NOT_SUPPORTED,
                "A star among a function's arguments in an aggregate query is not supported "
                "yet; name the grouped columns.")
        .withLocation(statement_.locate(star.position));
  }
  std::vector<std::pair<std::string, BoundExpressionPtr>> columns;
  StarColumns named = starColumns(star, scope_);
  for (idx_t index : named.columns) {
    const ScopeColumn& column = scope_[index];
    columns.emplace_back(column.name, BoundExpression::makeColumn(index, column.type));
  }
  if (named.any || star.qualifier.empty()) {
    if (scope_.empty()) {
      throw Error(ErrorClass::INVALID_SQL_SYNTAX, "Invalid usage of '*' in a query without FROM.")
          .withLocation(statement_.locate(star.position));
    }
    return columns;
  }
  // s.*: the fields of a struct column.
  for (StructStarField& field : expandStructStar(star, *this, scope_, statement_))
    columns.emplace_back(field.name, bind(*field.reference));
  return columns;
}

BoundExpressionPtr ExpressionBinder::bindOperatorFunction(
    const std::string& name, const sql::FunctionCallExpr& expr,
    std::vector<BoundExpressionPtr>& arguments) {
  auto requireCount = [&](size_t minimum, std::optional<size_t> maximum) {
    size_t count = arguments.size();
    if (count >= minimum && (!maximum || count <= *maximum))
      return;
    std::string expected = !maximum              ? fmt::format("> {}", minimum - 1)
                           : minimum == *maximum ? std::to_string(minimum)
                                                 : fmt::format("[{}, {}]", minimum, *maximum);
    throw Error(ErrorClass::WRONG_NUM_ARGS, "WITHOUT_SUGGESTION",
                fmt::format("The `{}` requires {} parameters but the actual number is {}.", name,
                            expected, count));
  };
  auto rebindOperand = [&] { return bind(*expr.args[0]); };
  if (name == "and" || name == "or") {
    requireCount(2, 2);
    return logical(name == "and", std::move(arguments[0]), std::move(arguments[1]));
  }
  if (name == "between") {
    requireCount(3, 3);
    return between(rebindOperand, std::move(arguments[1]), std::move(arguments[2]), false);
  }
  if (name == "in") {
    requireCount(2, std::nullopt);
    std::vector<BoundExpressionPtr> values;
    for (size_t i = 1; i < arguments.size(); ++i)
      values.push_back(std::move(arguments[i]));
    return inList(rebindOperand, std::move(values), false);
  }
  if (name == "when") {
    // when(c1, v1, c2, v2, ..., [else]): CaseWhen's arguments, as Spark's registry takes them.
    requireCount(2, std::nullopt);
    std::vector<BoundExpressionPtr> conditions;
    std::vector<BoundExpressionPtr> results;
    size_t pairs = arguments.size() / 2;
    for (size_t i = 0; i < pairs; ++i) {
      conditions.push_back(std::move(arguments[2 * i]));
      results.push_back(std::move(arguments[2 * i + 1]));
    }
    BoundExpressionPtr else_result =
        arguments.size() % 2 == 1 ? std::move(arguments.back()) : nullptr;
    return caseWhen(std::move(conditions), std::move(results), std::move(else_result));
  }
  if (name == "cast") {
    throw Error(ErrorClass::WRONG_NUM_ARGS, "WITHOUT_SUGGESTION",
                fmt::format("The `cast` requires a target type, which only its own syntax gives: "
                            "CAST(expr AS type), not {} argument(s).",
                            arguments.size()));
  }
  return nullptr;
}

BoundExpressionPtr ExpressionBinder::bindCase(const sql::CaseExpr& expr) {
  std::vector<BoundExpressionPtr> conditions;
  std::vector<BoundExpressionPtr> results;
  for (const sql::WhenClause& when : expr.whens) {
    if (expr.operand) {
      std::vector<BoundExpressionPtr> arguments;
      arguments.push_back(bind(*expr.operand));
      arguments.push_back(bind(*when.condition));
      conditions.push_back(call("=", std::move(arguments)));
    } else {
      conditions.push_back(bind(*when.condition));
    }
    results.push_back(bind(*when.result));
  }
  BoundExpressionPtr else_result = expr.else_result ? bind(*expr.else_result) : nullptr;
  return caseWhen(std::move(conditions), std::move(results), std::move(else_result));
}

BoundExpressionPtr ExpressionBinder::caseWhen(std::vector<BoundExpressionPtr> conditions,
                                              std::vector<BoundExpressionPtr> results,
                                              BoundExpressionPtr else_result) {
  auto node = std::make_unique<BoundExpression>();
  node->kind = BoundExpressionKind::kCase;
  node->has_else = else_result != nullptr;
  if (else_result)
    results.push_back(std::move(else_result));
  coerceCollations(results);
  std::vector<DataType> types;
  for (const auto& result : results)
    types.push_back(result->type);
  auto common = findWiderCommonType(types);
  if (!common)
    raiseDataDiffTypes("CASE", types);
  node->type = *common;
  // Interleave: when0, then0, when1, then1, ..., else.
  for (size_t i = 0; i < conditions.size(); ++i) {
    node->children.push_back(booleanOperand(std::move(conditions[i]), "CASE WHEN"));
    node->children.push_back(castTo(std::move(results[i]), *common));
  }
  if (node->has_else)
    node->children.push_back(castTo(std::move(results.back()), *common));
  return node;
}

namespace {

//! CAST(variant_get(v, path) AS T) as variant_get(v, path, 'T') (try_variant_get for TRY_CAST):
//! the same result without building the intermediate variant (v:a.b::int is this shape).
BoundExpressionPtr castVariantGet(BoundExpressionPtr& operand, const DataType& type,
                                  bool try_cast) {
  if (operand->kind != BoundExpressionKind::kCall || operand->children.size() != 2)
    return nullptr;
  const std::string& name = operand->function.name;
  if (name != "variant_get" && name != "try_variant_get")
    return nullptr;
  std::vector<BoundExpressionPtr> arguments = std::move(operand->children);
  arguments.push_back(BoundExpression::makeConstant(Value::null(type)));
  bool try_mode = try_cast || name == "try_variant_get";
  return callBuiltin(try_mode ? "try_variant_get" : "variant_get", std::move(arguments));
}

}  // namespace

BoundExpressionPtr ExpressionBinder::bindCast(const sql::CastExpr& expr) {
  BoundExpressionPtr operand = bind(*expr.operand);
  bool try_cast = expr.syntax == sql::CastSyntax::kTryCast;
  if (!canAnsiCast(operand->type, expr.type))
    raiseCastMismatch(autoName(expr), operand->type, expr.type);
  if (operand->type == expr.type)
    return operand;
  if (BoundExpressionPtr typed = castVariantGet(operand, expr.type, try_cast))
    return typed;
  return BoundExpression::makeCast(std::move(operand), expr.type, try_cast);
}

BoundExpressionPtr ExpressionBinder::bindFunction(const sql::FunctionCallExpr& expr) {
  // The aggregate binder takes grouping() and grouping_id() over grouping sets; anywhere else
  // they have no grouping id to read.
  if (isGroupingFunctionCall(expr))
    raiseGroupingOutsideGroupingSets();
  // The query binder takes generators where they may stand; any other place is outside SELECT.
  if (asGeneratorCall(expr) != nullptr) {
    throw Error(ErrorClass::UNSUPPORTED_GENERATOR, "OUTSIDE_SELECT",
                fmt::format("The generator is not supported: outside the SELECT clause, found: "
                            "{}.",
                            autoName(expr)));
  }
  if (!expr.over && expr.name.size() == 1 && isWindowOnlyFunction(foldIdentifier(expr.name[0]))) {
    throwError(ErrorClass::WINDOW_FUNCTION_WITHOUT_OVER_CLAUSE,
               "Window function \"{}\" requires an OVER clause.", foldIdentifier(expr.name[0]));
  }
  if (!expr.within_group.empty() && !expr.over) {
    throw Error(ErrorClass::INVALID_SQL_SYNTAX, "FUNCTION_WITH_UNSUPPORTED_SYNTAX",
                fmt::format("Invalid SQL syntax: The function `{}` does not support WITHIN GROUP "
                            "(ORDER BY ...).",
                            foldIdentifier(expr.name.back())));
  }
  if (expr.over || expr.filter || expr.distinct || !expr.within_group.empty()) {
    throwError(ErrorClass::NOT_SUPPORTED,
               "Window, aggregate and filtered calls are not supported yet: {}.", autoName(expr));
  }
  if (expr.name.size() > 1) {
    // A qualified name (schema.f, catalog.schema.f) names a function of the catalog.
    std::optional<SqlFunction> function = findSqlFunction(context_, expr.name);
    if (!function) {
      throwError(ErrorClass::UNRESOLVED_ROUTINE,
                 "Cannot resolve routine {} on search path [`system`.`builtin`, "
                 "`system`.`session`, {}].",
                 quoteNameParts(expr.name), currentSchemaOnSearchPath(context_));
    }
    return bindSqlFunction(*function, expr);
  }
  std::string name = foldIdentifier(expr.name.back());
  if (std::optional<SqlFunction> function = sqlFunctionWithNamedArguments(expr))
    return bindSqlFunction(*function, expr);
  if (BoundExpressionPtr collection = LambdaBinder::bindCall(*this, name, expr))
    return collection;
  // A star among the arguments stands for the columns it names (hash(*), struct(t.*),
  // to_json(struct(*))), as Spark expands it; struct() names its fields after them.
  std::vector<BoundExpressionPtr> arguments;
  std::vector<std::string> star_names;  // per argument: a star's column name, else empty
  for (const sql::ExprPtr& argument : expr.args) {
    if (!argument->is<sql::StarExpr>()) {
      arguments.push_back(bind(*argument));
      star_names.emplace_back();
      continue;
    }
    for (auto& [column_name, column] : expandStarArgument(argument->as<sql::StarExpr>())) {
      arguments.push_back(std::move(column));
      star_names.push_back(std::move(column_name));
    }
  }
  // TRIM(BOTH|LEADING|TRAILING chars FROM s) arrives as [s, chars]; the functions take
  // (chars, s), as Spark's trim(trimStr, str).
  if (expr.syntax == sql::FunctionSyntax::kTrim && arguments.size() == 2)
    std::swap(arguments[0], arguments[1]);
  if (BoundExpressionPtr conditional = ConditionalBinder::bindCall(*this, name, arguments, expr))
    return conditional;
  if (name == "coalesce")
    return bindCoalesce(std::move(arguments));
  if (BoundExpressionPtr op = bindOperatorFunction(name, expr, arguments))
    return op;
  if (name == "named_struct")
    return bindNamedStruct(std::move(arguments));
  if (name == "struct") {
    // Fields are named after aliases and column names, else col1, col2, ... as in Spark.
    std::vector<BoundExpressionPtr> named;
    size_t next_argument = 0;
    for (size_t i = 0; i < arguments.size(); ++i) {
      std::string field = fmt::format("col{}", i + 1);
      if (!star_names[i].empty()) {
        field = star_names[i];
      } else {
        // The arguments that are no star follow the call's own, in order.
        while (expr.args[next_argument]->is<sql::StarExpr>())
          ++next_argument;
        const sql::Expr& argument = *expr.args[next_argument++];
        if (argument.is<sql::AliasExpr>())
          field = argument.as<sql::AliasExpr>().name;
        if (argument.is<sql::ColumnRefExpr>())
          field = argument.as<sql::ColumnRefExpr>().name.back();
      }
      named.push_back(BoundExpression::makeConstant(Value::string(field)));
      named.push_back(std::move(arguments[i]));
    }
    return bindNamedStruct(std::move(named));
  }
  if (name == "if" || name == "iff") {
    if (arguments.size() != 3) {
      throw Error(ErrorClass::WRONG_NUM_ARGS, "WITHOUT_SUGGESTION",
                  fmt::format("The `{}` requires 3 parameters but the actual number is {}.", name,
                              arguments.size()));
    }
    auto node = std::make_unique<BoundExpression>();
    node->kind = BoundExpressionKind::kCase;
    node->has_else = true;
    auto common = findWiderType(arguments[1]->type, arguments[2]->type);
    if (!common)
      raiseDataDiffTypes(name, {arguments[1]->type, arguments[2]->type});
    node->type = *common;
    node->children.push_back(booleanOperand(std::move(arguments[0]), name));
    node->children.push_back(castTo(std::move(arguments[1]), *common));
    node->children.push_back(castTo(std::move(arguments[2]), *common));
    return node;
  }
  if (name == "ifnull" || name == "nvl") {
    if (arguments.size() != 2) {
      throw Error(ErrorClass::WRONG_NUM_ARGS, "WITHOUT_SUGGESTION",
                  fmt::format("The `{}` requires 2 parameters but the actual number is {}.", name,
                              arguments.size()));
    }
    return bindCoalesce(std::move(arguments));
  }
  if (name == "from_json")
    bindSchemaArgument(expr, 1, arguments, context_.exec);
  if (name == "from_csv")
    bindSchemaArgument(expr, 1, arguments, context_.exec, true);
  if (name == "variant_get" || name == "try_variant_get")
    bindSchemaArgument(expr, 2, arguments, context_.exec);
  return call(name, std::move(arguments));
}

std::optional<SqlFunction> ExpressionBinder::sqlFunctionWithNamedArguments(
    const sql::FunctionCallExpr& expr) const {
  bool named = std::any_of(expr.args.begin(), expr.args.end(), [](const sql::ExprPtr& argument) {
    return argument->is<sql::NamedArgumentExpr>();
  });
  return named ? findSqlFunction(context_, expr.name) : std::nullopt;
}

BoundExpressionPtr ExpressionBinder::bindSqlFunction(const SqlFunction& function,
                                                     const sql::FunctionCallExpr& expr) {
  std::vector<BoundExpressionPtr> positional;
  std::vector<NamedArgument> named;
  for (const sql::ExprPtr& argument : expr.args) {
    if (argument->is<sql::NamedArgumentExpr>()) {
      const auto& assignment = argument->as<sql::NamedArgumentExpr>();
      named.push_back(NamedArgument{assignment.name, bind(*assignment.value)});
      continue;
    }
    if (!named.empty()) {
      throw Error(ErrorClass::UNEXPECTED_POSITIONAL_ARGUMENT,
                  fmt::format("Cannot invoke routine `{}` because it contains positional "
                              "argument(s) following the named argument assigned to `{}`; "
                              "please rearrange them so the positional arguments come first "
                              "and then retry the query again.",
                              function.name, named.back().name))
          .withLocation(statement_.locate(argument->position));
    }
    positional.push_back(bind(*argument));
  }
  return bindSqlFunctionCall(context_, function, std::move(positional), std::move(named));
}

BoundExpressionPtr ExpressionBinder::bindCoalesce(std::vector<BoundExpressionPtr> arguments) {
  if (arguments.empty()) {
    throw Error(ErrorClass::WRONG_NUM_ARGS, "WITHOUT_SUGGESTION",
                "The `coalesce` requires at least 1 parameters but the actual number is 0.");
  }
  coerceCollations(arguments);
  std::vector<DataType> types;
  for (const auto& argument : arguments)
    types.push_back(argument->type);
  auto common = findWiderCommonType(types);
  if (!common)
    raiseDataDiffTypes("coalesce", types);
  auto node = std::make_unique<BoundExpression>();
  node->kind = BoundExpressionKind::kCoalesce;
  node->type = *common;
  for (auto& argument : arguments)
    node->children.push_back(castTo(std::move(argument), *common));
  return node;
}

BoundExpressionPtr ExpressionBinder::bindNamedStruct(std::vector<BoundExpressionPtr> arguments) {
  if (arguments.size() % 2 != 0) {
    throw Error(ErrorClass::WRONG_NUM_ARGS, "WITHOUT_SUGGESTION",
                fmt::format("The `named_struct` requires 2n (n > 0) parameters but the actual "
                            "number is {}.",
                            arguments.size()));
  }
  std::vector<StructField> fields;
  std::vector<BoundExpressionPtr> values;
  for (size_t i = 0; i < arguments.size(); i += 2) {
    const BoundExpression& name = *arguments[i];
    if (name.kind != BoundExpressionKind::kConstant || name.type.id() != TypeId::kString ||
        name.constant.isNull()) {
      throw Error(ErrorClass::DATATYPE_MISMATCH, "CREATE_NAMED_STRUCT_WITHOUT_FOLDABLE_STRING",
                  "Cannot resolve \"named_struct\" due to data type mismatch: Only foldable "
                  "\"STRING\" expressions are allowed to appear at odd position.");
    }
    fields.push_back(StructField{name.constant.getString(), arguments[i + 1]->type, true, {}});
    values.push_back(std::move(arguments[i + 1]));
  }
  BoundScalarFunction function;
  function.name = "named_struct";
  for (const auto& value : values)
    function.argument_types.push_back(value->type);
  function.return_type = DataType::structOf(std::move(fields));
  function.kernel = namedStructKernel();
  return BoundExpression::makeCall(std::move(function), std::move(values));
}

BoundExpressionPtr ExpressionBinder::bindRow(const sql::RowExpr& expr) {
  std::vector<StructField> fields;
  std::vector<BoundExpressionPtr> values;
  for (size_t i = 0; i < expr.fields.size(); ++i) {
    const sql::Expr& field = *expr.fields[i];
    std::string name =
        field.is<sql::AliasExpr>() ? field.as<sql::AliasExpr>().name : fmt::format("col{}", i + 1);
    values.push_back(bind(field));
    fields.push_back(StructField{name, values.back()->type, true, {}});
  }
  BoundScalarFunction function;
  function.name = "struct";
  for (const auto& value : values)
    function.argument_types.push_back(value->type);
  function.return_type = DataType::structOf(std::move(fields));
  function.kernel = namedStructKernel();
  return BoundExpression::makeCall(std::move(function), std::move(values));
}

BoundExpressionPtr ExpressionBinder::call(std::string_view name,
                                          std::vector<BoundExpressionPtr> arguments) {
  if (std::optional<Value> value = sessionFunctionValue(name, arguments.size(), context_.catalog))
    return BoundExpression::makeConstant(std::move(*value));
  const FunctionRegistry& registry = FunctionRegistry::builtin();
  const ScalarFunctionEntry* entry = registry.findScalar(name);
  if (entry == nullptr) {
    // Built-in functions come first on Spark's search path, then the session's, then the
    // current schema's.
    if (std::optional<SqlFunction> function = findSqlFunction(context_, {std::string(name)})) {
      return bindSqlFunctionCall(context_, *function, std::move(arguments), {});
    }
    throwError(ErrorClass::UNRESOLVED_ROUTINE,
               "Cannot resolve routine `{}` on search path [`system`.`builtin`, "
               "`system`.`session`, {}].",
               name, currentSchemaOnSearchPath(context_));
  }
  int count = static_cast<int>(arguments.size());
  if (!entry->bind) {
    if (BoundExpressionPtr file = bindInputFileFunction(name, arguments.size(), scope_))
      return file;
    // Resolved by the binder before the registry; its entry only documents it.
    throwError(ErrorClass::INTERNAL_ERROR, "`{}` is resolved by the binder, not the registry.",
               name);
  }
  if (count < entry->min_arguments || (entry->max_arguments >= 0 && count > entry->max_arguments)) {
    std::string expected =
        entry->min_arguments == entry->max_arguments
            ? fmt::format("{}", entry->min_arguments)
            : fmt::format("[{}, {}]", entry->min_arguments, entry->max_arguments);
    throw Error(ErrorClass::WRONG_NUM_ARGS, "WITHOUT_SUGGESTION",
                fmt::format("The `{}` requires {} parameters but the actual number is {}.", name,
                            expected, count));
  }
  return bindBuiltinCall(*entry, name, std::move(arguments));
}

BoundExpressionPtr ExpressionBinder::bindBuiltin(std::string_view name,
                                                 std::vector<BoundExpressionPtr> arguments) {
  const ScalarFunctionEntry* entry = FunctionRegistry::builtin().findScalar(name);
  SLUICE_CHECK(entry != nullptr);
  return bindBuiltinCall(*entry, name, std::move(arguments));
}

BoundExpressionPtr ExpressionBinder::bindBuiltinCall(const ScalarFunctionEntry& entry,
                                                     std::string_view name,
                                                     std::vector<BoundExpressionPtr> arguments) {
  // collate() takes its operand's collation off; collation() reads it.
  CollationId collation = kUtf8Binary;
  if (name == "map") {
    coerceMapCollations(arguments);
  } else if (name != "collate" && name != "collation") {
    collation = coerceCollations(arguments);
    requireCollationSupport(name, arguments.size(), collation);
  }
  BindRequest request;
  request.name = name;
  for (const auto& argument : arguments) {
    request.argument_types.push_back(argument->type);
    request.argument_is_literal.push_back(argument->from_literal);
    request.argument_constants.push_back(
        argument->kind == BoundExpressionKind::kConstant ? &argument->constant : nullptr);
  }
  BoundScalarFunction function = entry.bind(request);
  for (size_t i = 0; i < arguments.size(); ++i) {
    arguments[i] = castTo(std::move(arguments[i]), function.argument_types[i]);
  }
  if (collation != kUtf8Binary && function.return_type == DataType::string() &&
      keepsCollation(name)) {
    function.return_type = DataType::string(collation);
  }
  return BoundExpression::makeCall(std::move(function), std::move(arguments));
}

BoundExpressionPtr ExpressionBinder::extractField(BoundExpressionPtr base, const std::string& field,
                                                  const std::string& base_name) {
  if (base->type.id() != TypeId::kStruct) {
    throw Error(
        ErrorClass::INVALID_EXTRACT_BASE_FIELD_TYPE,
        fmt::format("Can't extract a value from \"{}\". Need a complex type [STRUCT, ARRAY, MAP] "
                    "but got \"{}\".",
                    base_name, base->type.sql()));
  }
  const std::vector<StructField>& fields = base->type.fields();
  for (idx_t index = 0; index < fields.size(); ++index) {
    if (sameIdentifier(fields[index].name, field))
      return BoundExpression::makeField(std::move(base), index);
  }
  std::string names;
  for (const StructField& each : fields) {
    if (!names.empty())
      names += ", ";
    names += '`' + each.name + '`';
  }
  throw Error(ErrorClass::FIELD_NOT_FOUND,
              fmt::format("No such struct field `{}` in {}.", field, names));
}

std::string ExpressionBinder::autoName(const sql::Expr& expr) {
  switch (expr.kind()) {
    case sql::ExprKind::kLiteral: {
      const auto& literal = expr.as<sql::LiteralExpr>();
      switch (literal.literal_kind) {
        case sql::LiteralKind::kNull:
          return "NULL";
        case sql::LiteralKind::kBigInt:
          return literal.text + "L";
        case sql::LiteralKind::kSmallInt:
          return literal.text + "S";
        case sql::LiteralKind::kTinyInt:
          return literal.text + "Y";
        case sql::LiteralKind::kDate:
          return "DATE '" + literal.text + "'";
        case sql::LiteralKind::kTimestamp:
          return "TIMESTAMP '" + literal.text + "'";
        case sql::LiteralKind::kTimestampNtz:
          return "TIMESTAMP_NTZ '" + literal.text + "'";
        case sql::LiteralKind::kTime:
        case sql::LiteralKind::kInterval: {
          // Spark names an interval by its value in ANSI form, INTERVAL '3' DAY, and a time by
          // its value, TIME '01:02:03' for TIME '1:2:3 AM'.
          ExecContext context;
          return sqlValueText(bindLiteral(literal, context), context);
        }
        default:
          return literal.text;
      }
    }
    case sql::ExprKind::kColumnRef:
      return expr.as<sql::ColumnRefExpr>().name.back();
    case sql::ExprKind::kFieldAccess:
      return expr.as<sql::FieldAccessExpr>().field;
    case sql::ExprKind::kSubscript: {
      const auto& subscript = expr.as<sql::SubscriptExpr>();
      return fmt::format("{}[{}]", autoName(*subscript.base), autoName(*subscript.index));
    }
    case sql::ExprKind::kAlias:
      return expr.as<sql::AliasExpr>().name;
    case sql::ExprKind::kBinary: {
      const auto& binary = expr.as<sql::BinaryExpr>();
      return fmt::format("({} {} {})", autoName(*binary.left), binaryOperatorName(binary.op),
                         autoName(*binary.right));
    }
    case sql::ExprKind::kUnary: {
      const auto& unary = expr.as<sql::UnaryExpr>();
      switch (unary.op) {
        case sql::UnaryOp::kMinus:
          return fmt::format("(- {})", autoName(*unary.operand));
        case sql::UnaryOp::kPlus:
          return fmt::format("(+ {})", autoName(*unary.operand));
        case sql::UnaryOp::kNot:
          return fmt::format("(NOT {})", autoName(*unary.operand));
        case sql::UnaryOp::kBitNot:
          return fmt::format("~{}", autoName(*unary.operand));
      }
      return "?";
    }
    case sql::ExprKind::kIs: {
      const auto& is = expr.as<sql::IsExpr>();
      static const char* const kTests[] = {"NULL", "TRUE", "FALSE", "UNKNOWN"};
      return fmt::format("({} IS {}{})", autoName(*is.operand), is.negated ? "NOT " : "",
                         kTests[static_cast<int>(is.test)]);
    }
    case sql::ExprKind::kCast: {
      const auto& cast = expr.as<sql::CastExpr>();
      return fmt::format("{}({} AS {})",
                         cast.syntax == sql::CastSyntax::kTryCast ? "TRY_CAST" : "CAST",
                         autoName(*cast.operand), cast.type.sql());
    }
    case sql::ExprKind::kFunctionCall: {
      // count(*) is count(1), as Spark names it; a star among other functions' arguments is
      // named as written (Spark names the columns it expands to, which need the scope).
      const auto& function = expr.as<sql::FunctionCallExpr>();
      // time(x) is named as x is (Spark builds it as a plain cast, not a named cast alias).
      if (function.name.size() == 1 && sameIdentifier(function.name[0], "time") &&
          function.args.size() == 1 && !function.distinct) {
        return autoName(*function.args[0]);
      }
      bool count = sameIdentifier(function.name.back(), "count") && !function.distinct;
      std::string out = function.name.back() + "(" + (function.distinct ? "DISTINCT " : "");
      for (size_t i = 0; i < function.args.size(); ++i) {
        if (i > 0)
          out += ", ";
        const sql::Expr& argument = *function.args[i];
        if (!argument.is<sql::StarExpr>()) {
          out += autoName(argument);
          continue;
        }
        const auto& star = argument.as<sql::StarExpr>();
        if (count && star.qualifier.empty()) {
          out += "1";
          continue;
        }
        for (const std::string& part : star.qualifier)
          out += part + ".";
        out += "*";
      }
      out += ")";
      if (function.filter)
        out += " FILTER (WHERE " + autoName(*function.filter) + ")";
      return out;
    }
    case sql::ExprKind::kCase:
      return "CASE WHEN ... END";
    case sql::ExprKind::kJsonPath: {
      // Databricks names the column after the path's last field.
      const auto& path = expr.as<sql::JsonPathExpr>();
      for (auto step = path.steps.rbegin(); step != path.steps.rend(); ++step) {
        if (step->kind == sql::JsonPathStep::Kind::kField ||
            step->kind == sql::JsonPathStep::Kind::kBracketField)
          return step->name;
      }
      return autoName(*path.base);
    }
    default:
      return "expr";
  }
}

}  // namespace sluice

// src/planner/binder/conditional_binder.cpp
//
// nullif(a, b)      CASE WHEN a = b THEN NULL ELSE a END, typed as a (the comparison coerces)
// nvl2(a, b, c)     CASE WHEN a IS NOT NULL THEN b ELSE c END, typed as the wider of b and c
// zeroifnull(a)     coalesce(a, 0)
// nullifzero(a)     nullif(a, 0)
// assert_true(c[, message])
//                   CASE WHEN c THEN NULL ELSE raise_error(message) END; the default message
//                   is Spark's "'<c>' is not true!"
// int(x), date(x), ... CAST(x AS <type>), under the same ANSI cast rules as CAST.
// decode(e, s1, r1, s2, r2, ..., [default])
//                   CASE WHEN e <=> s1 THEN r1 WHEN e <=> s2 THEN r2 ... ELSE default END
//                   (NULL matches NULL, as Oracle's DECODE); two arguments are the charset
//                   decode of the registry.
// Like Spark before its With expression, `a` of nullif is computed twice, which only shows
// when it is not deterministic.
#include "planner/binder/conditional_binder.hpp"

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/types/type_coercion.hpp"
#include "planner/expression/expression_rewriting.hpp"

namespace sluice {

namespace {

void requireConditionalArity(const std::string& name, size_t count, size_t min, size_t max) {
  if (count >= min && count <= max)
    return;
  std::string expected = min == max ? fmt::format("{}", min) : fmt::format("[{}, {}]", min, max);
  throw Error(ErrorClass::WRONG_NUM_ARGS, "WITHOUT_SUGGESTION",
              fmt::format("The `{}` requires {} parameters but the actual number is {}.", name,
                          expected, count));
}

//! The type a type-name function casts to (Spark's castAlias list); nullopt for other names.
std::optional<DataType> castAliasTarget(const std::string& name) {
  if (name == "boolean")
    return DataType::boolean();
  if (name == "tinyint")
    return DataType::byteType();
  if (name == "smallint")
    return DataType::shortType();
  if (name == "int")
    return DataType::intType();
  if (name == "bigint")
    return DataType::longType();
  if (name == "float")
    return DataType::floatType();
  if (name == "double")
    return DataType::doubleType();
  if (name == "decimal")
    return DataType::decimal(10, 0);  // DecimalType.USER_DEFAULT
  if (name == "date")
    return DataType::date();
  if (name == "timestamp")
    return DataType::timestamp();
  if (name == "time")
    return DataType::time();
  if (name == "binary")
    return DataType::binary();
  if (name == "string")
    return DataType::string();
  return std::nullopt;
}

BoundExpressionPtr makeCaseOf(DataType type, BoundExpressionPtr condition, BoundExpressionPtr then,
                              BoundExpressionPtr otherwise) {
  auto node = std::make_unique<BoundExpression>();
  node->kind = BoundExpressionKind::kCase;
  node->type = std::move(type);
  node->has_else = true;
  node->children.push_back(std::move(condition));
  node->children.push_back(std::move(then));
  node->children.push_back(std::move(otherwise));
  return node;
}

}  // namespace

BoundExpressionPtr ConditionalBinder::bindCall(ExpressionBinder& binder, const std::string& name,
                                               std::vector<BoundExpressionPtr>& arguments,
                                               const sql::FunctionCallExpr& expr) {
  if (std::optional<DataType> target = castAliasTarget(name)) {
    requireConditionalArity(name, arguments.size(), 1, 1);
    if (!canAnsiCast(arguments[0]->type, *target)) {
      throw Error(
          ErrorClass::DATATYPE_MISMATCH, "CAST_WITHOUT_SUGGESTION",
          fmt::format("Cannot resolve \"{}\" due to data type mismatch: cannot cast "
                      "\"{}\" to \"{}\".",
                      ExpressionBinder::autoName(expr), arguments[0]->type.sql(), target->sql()));
    }
    if (arguments[0]->type == *target)
      return std::move(arguments[0]);
    return BoundExpression::makeCast(std::move(arguments[0]), *target, false);
  }
  if (name == "nullif" || name == "nullifzero") {
    bool zero = name == "nullifzero";
    requireConditionalArity(name, arguments.size(), zero ? 1 : 2, zero ? 1 : 2);
    if (zero)
      arguments.push_back(BoundExpression::makeConstant(Value::intValue(0), true));
    DataType type = arguments[0]->type;
    std::vector<BoundExpressionPtr> compared;
    BoundExpressionPtr value = copyExpression(*arguments[0]);
    compared.push_back(std::move(arguments[0]));
    compared.push_back(std::move(arguments[1]));
    BoundExpressionPtr equal = binder.call("=", std::move(compared));
    return makeCaseOf(type, std::move(equal), BoundExpression::makeConstant(Value::null(type)),
                      std::move(value));
  }
  if (name == "zeroifnull") {
    requireConditionalArity(name, arguments.size(), 1, 1);
    arguments.push_back(BoundExpression::makeConstant(Value::intValue(0), true));
    return binder.bindCoalesce(std::move(arguments));
  }
  if (name == "nvl2") {
    requireConditionalArity(name, arguments.size(), 3, 3);
    std::optional<DataType> common = findWiderType(arguments[1]->type, arguments[2]->type);
    if (!common) {
      throw Error(ErrorClass::DATATYPE_MISMATCH, "DATA_DIFF_TYPES",
                  fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input to `nvl2` "
                              "should all be the same type, but it's [\"{}\", \"{}\"].",
                              ExpressionBinder::autoName(expr), arguments[1]->type.sql(),
                              arguments[2]->type.sql()));
    }
    std::vector<BoundExpressionPtr> tested;
    tested.push_back(std::move(arguments[0]));
    BoundExpressionPtr not_null = binder.call("isnotnull", std::move(tested));
    return makeCaseOf(*common, std::move(not_null),
                      ExpressionBinder::castTo(std::move(arguments[1]), *common),
                      ExpressionBinder::castTo(std::move(arguments[2]), *common));
  }
  if (name == "decode" && arguments.size() >= 3) {
    auto node = std::make_unique<BoundExpression>();
    node->kind = BoundExpressionKind::kCase;
    size_t pairs = (arguments.size() - 1) / 2;
    node->has_else = (arguments.size() - 1) % 2 == 1;
    std::vector<DataType> result_types;
    for (size_t pair = 0; pair < pairs; ++pair)
      result_types.push_back(arguments[2 + 2 * pair]->type);
    if (node->has_else)
      result_types.push_back(arguments.back()->type);
    std::optional<DataType> common = findWiderCommonType(result_types);
    if (!common) {
      std::string listed;
      for (const DataType& type : result_types)
        listed += (listed.empty() ? "\"" : ", \"") + type.sql() + "\"";
      throw Error(ErrorClass::DATATYPE_MISMATCH, "DATA_DIFF_TYPES",
                  fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input to `decode` "
                              "should all be the same type, but it's [{}].",
                              ExpressionBinder::autoName(expr), listed));
    }
    node->type = *common;
    for (size_t pair = 0; pair < pairs; ++pair) {
      std::vector<BoundExpressionPtr> compared;
      compared.push_back(copyExpression(*arguments[0]));
      compared.push_back(std::move(arguments[1 + 2 * pair]));
      node->children.push_back(binder.call("<=>", std::move(compared)));
      node->children.push_back(
          ExpressionBinder::castTo(std::move(arguments[2 + 2 * pair]), *common));
    }
    if (node->has_else)
      node->children.push_back(ExpressionBinder::castTo(std::move(arguments.back()), *common));
    return node;
  }
  if (name == "assert_true") {
    requireConditionalArity(name, arguments.size(), 1, 2);
    BoundExpressionPtr message =
        arguments.size() == 2
            ? std::move(arguments[1])
            : BoundExpression::makeConstant(Value::string(
                  fmt::format("'{}' is not true!", ExpressionBinder::autoName(*expr.args[0]))));
    std::vector<BoundExpressionPtr> raised;
    raised.push_back(std::move(message));
    BoundExpressionPtr failure = binder.call("raise_error", std::move(raised));
    BoundExpressionPtr condition = binder.booleanOperand(std::move(arguments[0]), name);
    return makeCaseOf(DataType::voidType(), std::move(condition),
                      BoundExpression::makeConstant(Value::null(DataType::voidType())),
                      std::move(failure));
  }
  return nullptr;
}

}  // namespace sluice

// src/planner/binder/json_binder.cpp

#include "planner/binder/json_binder.hpp"

#include <charconv>
#include <utility>

#include "common/error/error.hpp"
#include "function/scalar/json/json_path.hpp"
#include "planner/binder/constant_folding.hpp"
#include "planner/binder/expression_binder.hpp"
#include "planner/binder/subquery_binder.hpp"
#include "sql/parser/parser.hpp"

namespace sluice {

namespace {

//! How far into the text an error of the schema parsers is.
std::pair<uint64_t, uint64_t> errorPosition(const Error& error) {
  if (!error.location())
    return {0, 0};
  return {error.location()->line, error.location()->column};
}

//! Spark's DataType.fromDDL: a type ("ARRAY<INT>", "STRUCT<a: INT>"), else a column list
//! ("a INT, b STRING"). When both fail, Spark reports the type parser's error; so does sluice,
//! unless the column list parsed further ("id INT, device STRNG" is a column list with an
//! unknown type, not a type followed by extra input).
DataType parseSchema(const std::string& text) {
  try {
    return sql::parseDataType(text);
  } catch (const Error& type_error) {
    try {
      return DataType::structOf(sql::parseColumnList(text));
    } catch (const Error& list_error) {
      if (errorPosition(list_error) > errorPosition(type_error))
        throw;
    }
    throw;
  }
}

}  // namespace

void bindSchemaArgument(const sql::FunctionCallExpr& call, size_t index,
                        std::vector<BoundExpressionPtr>& arguments, const ExecContext& context,
                        bool struct_only) {
  if (arguments.size() <= index)
    return;  // the registry reports the argument count
  std::optional<Value> schema = foldBoundConstant(*arguments[index], context);
  if (!schema || schema->isNull() || schema->type().id() != TypeId::kString) {
    throw Error(ErrorClass::INVALID_SCHEMA, "NON_STRING_LITERAL",
                fmt::format("The input schema \"{}\" is not a valid schema string. The input "
                            "expression must be string literal and not null.",
                            ExpressionBinder::autoName(*call.args[index])));
  }
  DataType type = parseSchema(schema->getString());
  if (struct_only && type.id() != TypeId::kStruct) {
    throw Error(ErrorClass::INVALID_SCHEMA, "NON_STRUCT_TYPE",
                fmt::format("The input schema \"{}\" is not a valid schema string. The input "
                            "expression should be evaluated to struct type, but got \"{}\".",
                            schema->getString(), type.sql()));
  }
  arguments[index] = BoundExpression::makeConstant(Value::null(std::move(type)));
}

namespace {

//! `base:path` over a VARIANT: variant_get(base, '$...'), names matched exactly.
BoundExpressionPtr bindVariantPathOperator(const sql::JsonPathExpr& expr, BoundExpressionPtr base) {
  std::string path = "$";
  for (const sql::JsonPathStep& step : expr.steps) {
    switch (step.kind) {
      case sql::JsonPathStep::Kind::kField:
      case sql::JsonPathStep::Kind::kBracketField:
        // Bracketed with the quote the name does not hold, so that any name reads back.
        path += step.name.find('\'') == std::string::npos ? "['" + step.name + "']"
                                                          : "[\"" + step.name + "\"]";
        break;
      case sql::JsonPathStep::Kind::kIndex:
        path += "[" + step.index + "]";
        break;
      case sql::JsonPathStep::Kind::kWildcard:
        throw Error(ErrorClass::NOT_SUPPORTED,
                    fmt::format("The wildcard [*] in \"{}\" is not supported on a VARIANT; "
                                "use variant_explode to read every element.",
                                ExpressionBinder::autoName(expr)));
    }
  }
  std::vector<BoundExpressionPtr> arguments;
  arguments.push_back(std::move(base));
  arguments.push_back(BoundExpression::makeConstant(Value::string(std::move(path))));
  return callBuiltin("variant_get", std::move(arguments));
}

}  // namespace

BoundExpressionPtr bindJsonPathOperator(const sql::JsonPathExpr& expr, BoundExpressionPtr base) {
  if (base->type.isVariant())
    return bindVariantPathOperator(expr, std::move(base));
  if (base->type.id() != TypeId::kString && base->type.id() != TypeId::kVoid) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: The first parameter "
                            "requires the (\"STRING\" or \"VARIANT\") type, however \"{}\" has "
                            "the type \"{}\".",
                            ExpressionBinder::autoName(expr),
                            ExpressionBinder::autoName(*expr.base), base->type.sql()));
  }
  using Step = json::PathStep;
  json::JsonPath path;
  for (const sql::JsonPathStep& step : expr.steps) {
    switch (step.kind) {
      case sql::JsonPathStep::Kind::kField:
      case sql::JsonPathStep::Kind::kBracketField:
        path.push_back({Step::Kind::kKey, 0, {}, false});
        path.push_back(
            {Step::Kind::kNamed, 0, step.name, step.kind == sql::JsonPathStep::Kind::kField});
        break;
      case sql::JsonPathStep::Kind::kIndex: {
        int64_t index = 0;
        auto [end, error] =
            std::from_chars(step.index.data(), step.index.data() + step.index.size(), index);
        if (error != std::errc() || end != step.index.data() + step.index.size())
          index = -1;  // beyond any array: no match
        path.push_back({Step::Kind::kSubscript, 0, {}, false});
        path.push_back({Step::Kind::kIndex, index, {}, false});
        break;
      }
      case sql::JsonPathStep::Kind::kWildcard:
        path.push_back({Step::Kind::kSubscript, 0, {}, false});
        path.push_back({Step::Kind::kWildcard, 0, {}, false});
        break;
    }
  }
  std::vector<BoundExpressionPtr> arguments;
  arguments.push_back(ExpressionBinder::castTo(std::move(base), DataType::string()));
  return BoundExpression::makeCall(jsonPathExtractFunction(std::move(path), "json_path"),
                                   std::move(arguments));
}

}  // namespace sluice

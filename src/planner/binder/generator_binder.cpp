// src/planner/binder/generator_binder.cpp
//
// Generators are bound as Spark's analyzer types them: explode / posexplode take an ARRAY or
// a MAP, inline an ARRAY of STRUCTs, stack a constant INT row count and values whose columns
// agree in type (NULLs take the column's type), json_tuple STRINGs only, variant_explode a
// VARIANT.
#include "planner/binder/generator_binder.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "common/error/error.hpp"
#include "function/function_registry.hpp"
#include "planner/binder/aggregate_binder.hpp"
#include "planner/binder/expression_binder.hpp"

namespace sluice {

namespace {

struct GeneratorName {
  std::string_view name;
  GeneratorKind kind;
  bool outer;
  std::string_view parameter;  // the name of its first parameter, for named arguments
};

constexpr GeneratorName kGenerators[] = {
    {"explode", GeneratorKind::kExplode, false, "collection"},
    {"explode_outer", GeneratorKind::kExplode, true, "collection"},
    {"posexplode", GeneratorKind::kPosExplode, false, "collection"},
    {"posexplode_outer", GeneratorKind::kPosExplode, true, "collection"},
    {"inline", GeneratorKind::kInline, false, "input"},
    {"inline_outer", GeneratorKind::kInline, true, "input"},
    {"stack", GeneratorKind::kStack, false, ""},
    {"json_tuple", GeneratorKind::kJsonTuple, false, ""},
    {"variant_explode", GeneratorKind::kVariantExplode, false, "input"},
    {"variant_explode_outer", GeneratorKind::kVariantExplode, true, "input"},
};

const GeneratorName* findGenerator(std::string_view name) {
  for (const GeneratorName& generator : kGenerators) {
    if (sameIdentifier(generator.name, name))
      return &generator;
  }
  return nullptr;
}

//! Every generator call inside `expr`, `expr` itself included; not inside subqueries.
void collectGeneratorCalls(const sql::Expr& expr, std::vector<const sql::Expr*>& calls) {
  if (asGeneratorCall(expr) != nullptr)
    calls.push_back(&expr);
  sql::forEachChild(expr, [&](const sql::Expr& child) { collectGeneratorCalls(child, calls); });
}

std::string quotedSql(const sql::Expr& expr) {
  return fmt::format("\"{}\"", ExpressionBinder::autoName(expr));
}

}  // namespace

bool isGeneratorName(std::string_view name) {
  return findGenerator(name) != nullptr;
}

const sql::FunctionCallExpr* asGeneratorCall(const sql::Expr& expr) {
  if (!expr.is<sql::FunctionCallExpr>())
    return nullptr;
  const auto& call = expr.as<sql::FunctionCallExpr>();
  if (call.name.size() != 1 || call.over || !isGeneratorName(call.name[0]))
    return nullptr;
  return &call;
}

void GeneratorBinder::checkArguments(const sql::FunctionCallExpr& call) const {
  // stack(2, explode(a)): a generator's arguments are expressions too.
  for (const sql::ExprPtr& argument : call.args) {
    std::vector<const sql::Expr*> nested;
    collectGeneratorCalls(*argument, nested);
    if (!nested.empty()) {
      throw Error(
          ErrorClass::UNSUPPORTED_GENERATOR, "NESTED_IN_EXPRESSIONS",
          fmt::format("The generator is not supported: nested in expressions {}.", quotedSql(call)))
          .withLocation(statement_.locate(nested[0]->position));
    }
  }
}

std::optional<size_t> GeneratorBinder::findInSelectList(
    const std::vector<sql::SelectItem>& items) const {
  std::vector<size_t> generators;
  for (size_t index = 0; index < items.size(); ++index) {
    const sql::Expr& expr = *items[index].expr;
    if (asGeneratorCall(expr) != nullptr) {
      generators.push_back(index);
      checkArguments(expr.as<sql::FunctionCallExpr>());
      continue;
    }
    std::vector<const sql::Expr*> nested;
    collectGeneratorCalls(expr, nested);
    if (!nested.empty()) {
      throw Error(
          ErrorClass::UNSUPPORTED_GENERATOR, "NESTED_IN_EXPRESSIONS",
          fmt::format("The generator is not supported: nested in expressions {}.", quotedSql(expr)))
          .withLocation(statement_.locate(nested[0]->position));
    }
  }
  if (generators.size() > 1) {
    std::vector<std::string> listed;
    for (size_t index : generators)
      listed.push_back(quotedSql(*items[index].expr));
    throw Error(ErrorClass::UNSUPPORTED_GENERATOR, "MULTI_GENERATOR",
                fmt::format("The generator is not supported: only one generator allowed per "
                            "SELECT clause but found {}: {}.",
                            generators.size(), fmt::join(listed, ", ")))
        .withLocation(statement_.locate(items[generators[1]].position));
  }
  if (generators.empty())
    return std::nullopt;
  return generators[0];
}

void GeneratorBinder::checkOutsideSelect(const sql::Expr& expr, std::string_view clause) const {
  std::vector<const sql::Expr*> calls;
  collectGeneratorCalls(expr, calls);
  if (calls.empty())
    return;
  throw Error(ErrorClass::UNSUPPORTED_GENERATOR, "OUTSIDE_SELECT",
              fmt::format("The generator is not supported: outside the SELECT clause, found: "
                          "{} {}.",
                          clause, ExpressionBinder::autoName(expr)))
      .withLocation(statement_.locate(calls[0]->position));
}

bool GeneratorBinder::aggregatesOnlyByDistinct(const sql::SelectBody& select) {
  if (select.group_by || select.having)
    return false;
  for (const sql::SelectItem& item : select.items) {
    if (AggregateBinder::containsAggregateCall(*item.expr))
      return false;
  }
  return true;
}

void GeneratorBinder::checkGrouping(const sql::GroupingElement& element) const {
  if (element.expression)
    checkOutsideSelect(*element.expression, "Aggregate");
  for (const sql::GroupingElement& child : element.children)
    checkGrouping(child);
}

void GeneratorBinder::checkOutsideSelect(const sql::SelectBody& select,
                                         const std::vector<sql::SortItem>* order) const {
  if (select.where)
    checkOutsideSelect(*select.where, "Filter");
  if (select.group_by) {
    for (const sql::GroupingElement& element : select.group_by->elements)
      checkGrouping(element);
  }
  if (select.having)
    checkOutsideSelect(*select.having, "Filter");
  if (select.qualify)
    checkOutsideSelect(*select.qualify, "Filter");
  if (order) {
    for (const sql::SortItem& item : *order)
      checkOutsideSelect(*item.expr, "Sort");
  }
}

LogicalOperatorPtr GeneratorBinder::bind(const sql::FunctionCallExpr& call, bool outer,
                                         const std::vector<std::string>& aliases,
                                         LogicalOperatorPtr input, const Scope& scope) const {
  const GeneratorName* generator = findGenerator(call.name.back());
  if (call.name.size() != 1 || generator == nullptr) {
    if (FunctionRegistry::builtin().findScalar(call.name.back()) == nullptr) {
      throw Error(ErrorClass::UNRESOLVED_ROUTINE,
                  fmt::format("Cannot resolve routine `{}` on search path [`system`.`builtin`, "
                              "`system`.`session`, `spark_catalog`.`default`].",
                              fmt::join(call.name, "`.`")))
          .withLocation(statement_.locate(call.position));
    }
    throw Error(ErrorClass::UNSUPPORTED_GENERATOR, "NOT_GENERATOR",
                fmt::format("The generator is not supported: `{}` is expected to be a "
                            "generator. However, its class is a scalar function, which is not "
                            "a generator.",
                            fmt::join(call.name, ".")))
        .withLocation(statement_.locate(call.position));
  }
  auto located = [&](Error error) { return error.withLocation(statement_.locate(call.position)); };
  if (call.distinct || call.filter || !call.within_group.empty()) {
    throw located(Error(ErrorClass::INVALID_SQL_SYNTAX,
                        fmt::format("The generator {} takes no DISTINCT, FILTER or WITHIN GROUP.",
                                    generator->name)));
  }
  std::string sql_name = ExpressionBinder::autoName(call);
  auto wrongArguments = [&](std::string_view expected) {
    return located(Error(ErrorClass::WRONG_NUM_ARGS, "WITHOUT_SUGGESTION",
                         fmt::format("The `{}` requires {} parameters but the actual number is {}.",
                                     generator->name, expected, call.args.size())));
  };
  auto unexpectedType = [&](size_t index, std::string_view required, const DataType& type) {
    static const char* const kOrdinals[] = {"first", "second", "third"};
    return located(Error(
        ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
        fmt::format("Cannot resolve \"{}\" due to data type mismatch: The {} parameter requires "
                    "the {} type, however {} has the type \"{}\".",
                    sql_name, index < 3 ? kOrdinals[index] : "next", required,
                    quotedSql(*call.args[index]), type.sql())));
  };

  ExpressionBinder binder(context_, statement_, scope);
  std::vector<BoundExpressionPtr> arguments;
  for (const sql::ExprPtr& argument : call.args) {
    const sql::Expr* value = argument.get();
    if (value->is<sql::NamedArgumentExpr>()) {
      const auto& named = value->as<sql::NamedArgumentExpr>();
      if (generator->parameter.empty() || !sameIdentifier(named.name, generator->parameter) ||
          call.args.size() != 1) {
        throw Error(ErrorClass::UNRECOGNIZED_PARAMETER_NAME,
                    fmt::format("Cannot invoke routine `{}` because the routine call included a "
                                "named argument reference for the argument named `{}`, but this "
                                "routine does not include any signature containing an argument "
                                "with this name.",
                                generator->name, named.name))
            .withLocation(statement_.locate(value->position));
      }
      value = named.value.get();
    }
    arguments.push_back(binder.bind(*value));
  }

  GeneratorSpec spec;
  spec.kind = generator->kind;
  spec.outer = outer || generator->outer;
  spec.name = std::string(generator->name);
  bool collection =
      generator->kind != GeneratorKind::kStack && generator->kind != GeneratorKind::kJsonTuple;
  if (spec.outer && !generator->outer && collection)
    spec.name += "_outer";  // LATERAL VIEW OUTER explode(...) runs explode_outer
  std::vector<std::string> names;
  std::vector<DataType> types;
  switch (generator->kind) {
    case GeneratorKind::kExplode:
    case GeneratorKind::kPosExplode: {
      if (arguments.size() != 1)
        throw wrongArguments("1");
      const DataType& type = arguments[0]->type;
      if (type.id() != TypeId::kArray && type.id() != TypeId::kMap)
        throw unexpectedType(0, "(\"ARRAY\" or \"MAP\")", type);
      if (generator->kind == GeneratorKind::kPosExplode) {
        names.push_back("pos");
        types.push_back(DataType::intType());
      }
      if (type.id() == TypeId::kArray) {
        names.push_back("col");
        types.push_back(type.elementType());
      } else {
        names.insert(names.end(), {"key", "value"});
        types.push_back(type.keyType());
        types.push_back(type.valueType());
      }
      break;
    }
    case GeneratorKind::kInline: {
      if (arguments.size() != 1)
        throw wrongArguments("1");
      const DataType& type = arguments[0]->type;
      if (type.id() != TypeId::kArray || type.elementType().id() != TypeId::kStruct)
        throw unexpectedType(0, "\"ARRAY<STRUCT>\"", type);
      for (const StructField& field : type.elementType().fields()) {
        names.push_back(field.name);
        types.push_back(field.type);
      }
      break;
    }
    case GeneratorKind::kStack: {
      if (arguments.size() <= 1)
        throw wrongArguments("> 1");
      const BoundExpression& count = *arguments[0];
      if (count.type.id() != TypeId::kInt)
        throw unexpectedType(0, "\"INT\"", count.type);
      if (!count.isFoldable()) {
        throw located(Error(ErrorClass::DATATYPE_MISMATCH, "NON_FOLDABLE_INPUT",
                            fmt::format("Cannot resolve \"{}\" due to data type mismatch: the "
                                        "input `n` should be a foldable \"INT\" expression; "
                                        "however, got {}.",
                                        sql_name, quotedSql(*call.args[0]))));
      }
      if (count.kind != BoundExpressionKind::kConstant) {
        throw located(Error(ErrorClass::NOT_SUPPORTED,
                            "A row count of stack that is not a literal is not supported yet."));
      }
      int64_t rows = count.constant.isNull() ? 0 : count.constant.getInt64();
      if (rows < 1) {
        throw located(Error(ErrorClass::DATATYPE_MISMATCH, "VALUE_OUT_OF_RANGE",
                            fmt::format("Cannot resolve \"{}\" due to data type mismatch: The "
                                        "`n` must be between (0, 2147483647] (current value = "
                                        "{}).",
                                        sql_name, rows)));
      }
      arguments.erase(arguments.begin());
      size_t values = arguments.size();
      size_t fields = (values + static_cast<size_t>(rows) - 1) / static_cast<size_t>(rows);
      for (size_t field = 0; field < fields; ++field) {
        // A column's type is that of its first value that is not a NULL literal.
        DataType type = DataType::voidType();
        for (size_t value = field; value < values; value += fields) {
          if (!arguments[value]->type.isVoid()) {
            type = arguments[value]->type;
            break;
          }
        }
        for (size_t value = field; value < values; value += fields) {
          BoundExpressionPtr& argument = arguments[value];
          if (argument->type.isVoid()) {
            argument = ExpressionBinder::castTo(std::move(argument), type);
          } else if (!argument->type.sameStructure(type)) {
            throw located(Error(
                ErrorClass::DATATYPE_MISMATCH, "STACK_COLUMN_DIFF_TYPES",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: The data type of "
                            "the column ({}) do not have the same type: \"{}\" ({}) <> \"{}\" "
                            "({}).",
                            sql_name, field, type.sql(), field + 1, argument->type.sql(),
                            value + 1)));
          }
        }
        names.push_back(fmt::format("col{}", field));
        types.push_back(type);
      }
      spec.stack_rows = static_cast<idx_t>(rows);
      break;
    }
    case GeneratorKind::kJsonTuple: {
      if (arguments.size() <= 1)
        throw wrongArguments("> 1");
      for (const BoundExpressionPtr& argument : arguments) {
        if (argument->type.id() != TypeId::kString) {
          throw located(Error(ErrorClass::DATATYPE_MISMATCH, "NON_STRING_TYPE",
                              fmt::format("Cannot resolve \"{}\" due to data type mismatch: all "
                                          "arguments of the function `json_tuple` must be "
                                          "strings.",
                                          sql_name)));
        }
      }
      for (size_t field = 1; field < arguments.size(); ++field) {
        names.push_back(fmt::format("c{}", field - 1));
        types.push_back(DataType::string());
      }
      break;
    }
    case GeneratorKind::kVariantExplode: {
      if (arguments.size() != 1)
        throw wrongArguments("1");
      const DataType& type = arguments[0]->type;
      if (type.isVoid())
        arguments[0] = ExpressionBinder::castTo(std::move(arguments[0]), DataType::variant());
      else if (!type.isVariant())
        throw unexpectedType(0, "\"VARIANT\"", type);
      names = {"pos", "key", "value"};
      types = {DataType::intType(), DataType::string(), DataType::variant()};
      break;
    }
  }
  if (!aliases.empty()) {
    if (aliases.size() != names.size()) {
      throw located(Error(ErrorClass::UDTF_ALIAS_NUMBER_MISMATCH,
                          fmt::format("The number of aliases supplied in the AS clause does not "
                                      "match the number of columns output by the UDTF. Expected "
                                      "{} aliases, but got {}.",
                                      names.size(), fmt::join(aliases, ","))));
    }
    names = aliases;
  }

  auto generate = std::make_unique<LogicalOperator>();
  generate->kind = LogicalOperatorKind::kGenerate;
  generate->column_names = input->column_names;
  generate->column_types = input->column_types;
  generate->column_names.insert(generate->column_names.end(), names.begin(), names.end());
  generate->column_types.insert(generate->column_types.end(), types.begin(), types.end());
  generate->expressions = std::move(arguments);
  generate->generator = std::move(spec);
  generate->children.push_back(std::move(input));
  return generate;
}

LogicalOperatorPtr GeneratorBinder::bindLateralViews(const std::vector<sql::LateralView>& views,
                                                     LogicalOperatorPtr input, Scope& scope) const {
  for (const sql::LateralView& view : views) {
    input = bindOverRows(*view.generator, view.outer, view.table_alias, view.column_aliases,
                         std::move(input), scope);
  }
  return input;
}

LogicalOperatorPtr GeneratorBinder::bindOverRows(const sql::FunctionCallExpr& call, bool outer,
                                                 const std::string& table_alias,
                                                 const std::vector<std::string>& column_aliases,
                                                 LogicalOperatorPtr input, Scope& scope) const {
  checkArguments(call);
  idx_t before = input->column_names.size();
  input = bind(call, outer, column_aliases, std::move(input), scope);
  for (idx_t column = before; column < input->column_names.size(); ++column) {
    scope.push_back(
        ScopeColumn{table_alias, input->column_names[column], input->column_types[column]});
  }
  return input;
}

LogicalOperatorPtr GeneratorBinder::bindTableFunction(const sql::FunctionCallExpr& call) const {
  checkArguments(call);
  auto single_row = std::make_unique<LogicalOperator>();
  single_row->kind = LogicalOperatorKind::kSingleRow;
  Scope no_columns;
  return bind(call, false, {}, std::move(single_row), no_columns);
}

}  // namespace sluice

// src/planner/binder/lambda_binder.cpp
//
// Higher-order functions, arrays_zip and subscripts: see lambda_binder.hpp. Spark's errors:
// a lambda with the wrong number of parameters is INVALID_LAMBDA_FUNCTION_CALL.NUM_ARGS_MISMATCH,
// repeated parameter names DUPLICATE_ARG_NAMES, a lambda given to an ordinary function
// NON_HIGHER_ORDER_FUNCTION.

#include "planner/binder/lambda_binder.hpp"

#include <algorithm>

#include "common/error/error.hpp"
#include "common/types/decimal.hpp"
#include "common/types/type_coercion.hpp"
#include "function/scalar/collection/collection_functions.hpp"
#include "planner/expression/bound_lambda.hpp"

namespace sluice {

namespace {

struct HigherOrderSpec {
  HigherOrderFunction function;
  const char* name;
  size_t min_arguments;
  size_t max_arguments;
};

const HigherOrderSpec* findHigherOrder(const std::string& name) {
  static const HigherOrderSpec kSpecs[] = {
      {HigherOrderFunction::kTransform, "transform", 2, 2},
      {HigherOrderFunction::kFilter, "filter", 2, 2},
      {HigherOrderFunction::kExists, "exists", 2, 2},
      {HigherOrderFunction::kForall, "forall", 2, 2},
      {HigherOrderFunction::kAggregate, "aggregate", 3, 4},
      {HigherOrderFunction::kAggregate, "reduce", 3, 4},
      {HigherOrderFunction::kArraySort, "array_sort", 2, 2},
      {HigherOrderFunction::kZipWith, "zip_with", 3, 3},
      {HigherOrderFunction::kMapFilter, "map_filter", 2, 2},
      {HigherOrderFunction::kTransformKeys, "transform_keys", 2, 2},
      {HigherOrderFunction::kTransformValues, "transform_values", 2, 2},
      {HigherOrderFunction::kMapZipWith, "map_zip_with", 3, 3},
  };
  for (const HigherOrderSpec& spec : kSpecs) {
    if (name == spec.name)
      return &spec;
  }
  return nullptr;
}

[[noreturn]] void raiseMismatch(const std::string& name, const std::string& what) {
  throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
              fmt::format("Cannot resolve \"{}\" due to data type mismatch: {}.", name, what));
}

//! The lambda argument `index` of `expr`, or a type mismatch.
const sql::LambdaExpr& lambdaArgument(const sql::FunctionCallExpr& expr, const std::string& name,
                                      size_t index) {
  const sql::Expr& argument = *expr.args[index];
  if (!argument.is<sql::LambdaExpr>()) {
    raiseMismatch(name, fmt::format("The argument {} requires a lambda function", index + 1));
  }
  return argument.as<sql::LambdaExpr>();
}

void expectParams(const sql::LambdaExpr& lambda, size_t min_count, size_t max_count) {
  size_t count = lambda.params.size();
  if (count < min_count || count > max_count) {
    throw Error(ErrorClass::INVALID_LAMBDA_FUNCTION_CALL, "NUM_ARGS_MISMATCH",
                fmt::format("A higher order function expects {} arguments, but got {}.",
                            count < min_count ? min_count : max_count, count));
  }
}

DataType arrayInput(const BoundExpression& input, const std::string& name, size_t index) {
  if (input.type.isVoid())
    return DataType::array(DataType::voidType());
  if (input.type.id() != TypeId::kArray) {
    raiseMismatch(name, fmt::format("The argument {} requires the \"ARRAY\" type, however it has "
                                    "the type \"{}\"",
                                    index + 1, input.type.sql()));
  }
  return input.type;
}

DataType mapInput(const BoundExpression& input, const std::string& name, size_t index = 0) {
  if (input.type.isVoid())
    return DataType::map(DataType::voidType(), DataType::voidType());
  if (input.type.id() != TypeId::kMap) {
    raiseMismatch(name, fmt::format("The argument {} requires the \"MAP\" type, however it has "
                                    "the type \"{}\"",
                                    index + 1, input.type.sql()));
  }
  return input.type;
}

//! Whether a DECIMAL of type `to` holds every value of `from` (Cast.canNullSafeCastToDecimal).
bool holdsEveryDecimal(const DataType& from, const DataType& to) {
  DataType source;
  if (from.id() == TypeId::kDecimal)
    source = from;
  else if (from.isIntegral())
    source = decimal::forIntegral(from.id());
  else
    return from.id() == TypeId::kBoolean && to.precision() - to.scale() >= 1;
  return to.precision() - to.scale() >= source.precision() - source.scale() &&
         to.scale() >= source.scale();
}

//! Spark's Cast.forceNullable: whether CAST(from AS to) may give NULL (or fail, under ANSI)
//! for a value that is not NULL. map_zip_with widens its key types only by casts that cannot.
bool castMayFail(const DataType& from, const DataType& to) {
  if (from.isVoid())
    return false;
  if (from.id() == TypeId::kString)
    return to.id() != TypeId::kBinary;
  if (to.id() == TypeId::kString)
    return false;
  bool from_fractional = from.id() == TypeId::kFloat || from.id() == TypeId::kDouble;
  if (from_fractional && to.id() == TypeId::kTimestamp)
    return true;
  if (to.id() == TypeId::kDate)
    return from.id() != TypeId::kTimestamp;
  if (from.id() == TypeId::kDate)
    return to.id() != TypeId::kTimestamp;
  if (to.id() == TypeId::kDecimal && !holdsEveryDecimal(from, to))
    return true;
  return from_fractional && to.isIntegral();
}

//! map_zip_with's key type: both maps' keys, widened as Spark's MapZipWithTypeCoercion does.
DataType commonKeyType(const DataType& left, const DataType& right, const std::string& name) {
  if (left.sameStructure(right))
    return left;
  std::optional<DataType> wider = findWiderType(left, right);
  if (!wider || castMayFail(left, *wider) || castMayFail(right, *wider)) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "MAP_ZIP_WITH_DIFF_TYPES",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input to the `{}` "
                            "should have been two maps with compatible key types, but it's "
                            "[\"{}\", \"{}\"].",
                            name, name, left.sql(), right.sql()));
  }
  return *wider;
}

//! A body that must return `type` (a NULL body is cast to it).
BoundExpressionPtr bodyOfType(BoundExpressionPtr body, const DataType& type,
                              const std::string& name, size_t index) {
  if (body->type == type)
    return body;
  bool castable = body->type.isVoid() || (type.id() == TypeId::kInt && body->type.isIntegral());
  if (!castable) {
    raiseMismatch(name, fmt::format("The argument {} requires the \"{}\" type, however the lambda "
                                    "function returns the type \"{}\"",
                                    index + 1, type.sql(), body->type.sql()));
  }
  return ExpressionBinder::castTo(std::move(body), type);
}

}  // namespace

BoundExpressionPtr LambdaBinder::bindBody(ExpressionBinder& binder, const sql::LambdaExpr& lambda,
                                          const std::vector<DataType>& types, idx_t first_slot) {
  const std::vector<std::string>& params = lambda.params;
  for (size_t i = 0; i < params.size(); ++i) {
    for (size_t j = i + 1; j < params.size(); ++j) {
      if (sameIdentifier(params[i], params[j])) {
        std::string listed;
        for (const std::string& param : params)
          listed += (listed.empty() ? "`" : ", `") + param + "`";
        throw Error(ErrorClass::INVALID_LAMBDA_FUNCTION_CALL, "DUPLICATE_ARG_NAMES",
                    fmt::format("The lambda function has duplicate arguments {}. Please, consider "
                                "to rename the argument names or set \"spark.sql.caseSensitive\" "
                                "to \"true\".",
                                listed));
      }
    }
  }
  ExpressionBinder inner(binder.context_, binder.statement_, binder.scope_);
  inner.lambda_slots_ = first_slot + params.size();
  ExpressionBinder::Substitution parent = binder.substitution_;
  ExpressionBinder* inner_binder = &inner;
  inner.setSubstitution([&params, &types, first_slot, parent,
                         inner_binder](const sql::Expr& expr) -> BoundExpressionPtr {
    if (!expr.is<sql::ColumnRefExpr>())
      return nullptr;
    const std::vector<std::string>& name = expr.as<sql::ColumnRefExpr>().name;
    for (size_t k = 0; k < params.size(); ++k) {
      if (!sameIdentifier(name[0], params[k]))
        continue;
      auto variable = std::make_unique<BoundExpression>();
      variable->kind = BoundExpressionKind::kLambdaVariable;
      variable->type = types[k];
      variable->column_index = first_slot + k;
      BoundExpressionPtr value = std::move(variable);
      std::string base_name = name[0];
      for (size_t part = 1; part < name.size(); ++part) {
        value = inner_binder->extractField(std::move(value), name[part], base_name);
        base_name += "." + name[part];
      }
      return value;
    }
    return parent ? parent(expr) : nullptr;
  });
  return inner.bind(*lambda.body);
}

BoundExpressionPtr LambdaBinder::bindCall(ExpressionBinder& binder, const std::string& name,
                                          const sql::FunctionCallExpr& expr) {
  bool has_lambda = std::any_of(expr.args.begin(), expr.args.end(),
                                [](const sql::ExprPtr& arg) { return arg->is<sql::LambdaExpr>(); });
  if (name == "arrays_zip") {
    std::vector<BoundExpressionPtr> arguments;
    for (const sql::ExprPtr& argument : expr.args)
      arguments.push_back(binder.bind(*argument));
    BoundExpressionPtr zipped = binder.call(name, std::move(arguments));
    // Fields are named after the arguments that have names, else by position, as Spark does.
    std::vector<StructField> fields = zipped->type.elementType().fields();
    for (size_t i = 0; i < expr.args.size(); ++i) {
      const sql::Expr& argument = *expr.args[i];
      if (argument.is<sql::AliasExpr>())
        fields[i].name = argument.as<sql::AliasExpr>().name;
      if (argument.is<sql::ColumnRefExpr>())
        fields[i].name = argument.as<sql::ColumnRefExpr>().name.back();
    }
    zipped->type = DataType::array(DataType::structOf(std::move(fields)));
    zipped->function.return_type = zipped->type;
    return zipped;
  }
  const HigherOrderSpec* spec = findHigherOrder(name);
  if (spec == nullptr || (spec->function == HigherOrderFunction::kArraySort && !has_lambda)) {
    if (has_lambda) {
      throw Error(ErrorClass::INVALID_LAMBDA_FUNCTION_CALL, "NON_HIGHER_ORDER_FUNCTION",
                  fmt::format("A lambda function should only be used in a higher order function. "
                              "However, its class is `{}`, which is not a higher order function.",
                              name));
    }
    return nullptr;
  }
  size_t count = expr.args.size();
  if (count < spec->min_arguments || count > spec->max_arguments) {
    std::string expected = spec->min_arguments == spec->max_arguments
                               ? fmt::format("{}", spec->min_arguments)
                               : fmt::format("[{}, {}]", spec->min_arguments, spec->max_arguments);
    throw Error(ErrorClass::WRONG_NUM_ARGS, "WITHOUT_SUGGESTION",
                fmt::format("The `{}` requires {} parameters but the actual number is {}.", name,
                            expected, count));
  }
  auto call = std::make_shared<BoundLambdaCall>();
  call->function = spec->function;
  call->name = spec->name;
  call->first_variable = binder.lambda_slots_;
  idx_t slot = binder.lambda_slots_;
  auto node = std::make_unique<BoundExpression>();
  node->kind = BoundExpressionKind::kLambdaCall;
  std::vector<BoundExpressionPtr>& children = node->children;
  auto addBody = [&](size_t index, size_t min_params, size_t max_params,
                     const std::vector<DataType>& types) -> BoundExpression& {
    const sql::LambdaExpr& lambda = lambdaArgument(expr, name, index);
    expectParams(lambda, min_params, max_params);
    std::vector<DataType> used(types.begin(),
                               types.begin() + static_cast<std::ptrdiff_t>(lambda.params.size()));
    children.push_back(bindBody(binder, lambda, used, slot));
    call->num_params.push_back(lambda.params.size());
    return *children.back();
  };
  auto addInput = [&](size_t index) -> BoundExpressionPtr& {
    if (expr.args[index]->is<sql::LambdaExpr>()) {
      raiseMismatch(name,
                    fmt::format("The argument {} does not accept a lambda function", index + 1));
    }
    children.push_back(binder.bind(*expr.args[index]));
    return children.back();
  };
  switch (spec->function) {
    case HigherOrderFunction::kTransform:
    case HigherOrderFunction::kFilter:
    case HigherOrderFunction::kExists:
    case HigherOrderFunction::kForall:
    case HigherOrderFunction::kArraySort: {
      BoundExpressionPtr& input = addInput(0);
      DataType array = arrayInput(*input, name, 0);
      input = ExpressionBinder::castTo(std::move(input), array);
      call->num_inputs = 1;
      const DataType& element = array.elementType();
      if (spec->function == HigherOrderFunction::kArraySort) {
        addBody(1, 2, 2, {element, element});
        children.back() = bodyOfType(std::move(children.back()), DataType::intType(), name, 1);
        node->type = array;
      } else if (spec->function == HigherOrderFunction::kTransform) {
        BoundExpression& body = addBody(1, 1, 2, {element, DataType::intType()});
        node->type = DataType::array(body.type);
      } else {
        bool indexed = spec->function == HigherOrderFunction::kFilter;
        addBody(1, 1, indexed ? 2 : 1, {element, DataType::intType()});
        children.back() = bodyOfType(std::move(children.back()), DataType::boolean(), name, 1);
        node->type = indexed ? array : DataType::boolean();
      }
      break;
    }
    case HigherOrderFunction::kAggregate: {
      BoundExpressionPtr& input = addInput(0);
      DataType array = arrayInput(*input, name, 0);
      input = ExpressionBinder::castTo(std::move(input), array);
      BoundExpressionPtr& zero = addInput(1);
      DataType accumulator = zero->type;
      call->num_inputs = 2;
      addBody(2, 2, 2, {accumulator, array.elementType()});
      BoundExpressionPtr& merge = children.back();
      if (merge->type != accumulator) {
        if (!canAnsiCast(merge->type, accumulator)) {
          raiseMismatch(name, fmt::format("The argument 3 requires the \"{}\" type, however the "
                                          "lambda function returns the type \"{}\"",
                                          accumulator.sql(), merge->type.sql()));
        }
        merge = ExpressionBinder::castTo(std::move(merge), accumulator);
      }
      node->type = accumulator;
      if (count == 4)
        node->type = addBody(3, 1, 1, {accumulator}).type;
      break;
    }
    case HigherOrderFunction::kZipWith: {
      BoundExpressionPtr& left = addInput(0);
      DataType left_array = arrayInput(*left, name, 0);
      left = ExpressionBinder::castTo(std::move(left), left_array);
      BoundExpressionPtr& right = addInput(1);
      DataType right_array = arrayInput(*right, name, 1);
      right = ExpressionBinder::castTo(std::move(right), right_array);
      call->num_inputs = 2;
      BoundExpression& body =
          addBody(2, 2, 2, {left_array.elementType(), right_array.elementType()});
      node->type = DataType::array(body.type);
      break;
    }
    case HigherOrderFunction::kMapFilter:
    case HigherOrderFunction::kTransformKeys:
    case HigherOrderFunction::kTransformValues: {
      BoundExpressionPtr& input = addInput(0);
      DataType map = mapInput(*input, name);
      input = ExpressionBinder::castTo(std::move(input), map);
      call->num_inputs = 1;
      BoundExpression& body = addBody(1, 2, 2, {map.keyType(), map.valueType()});
      if (spec->function == HigherOrderFunction::kMapFilter) {
        children.back() = bodyOfType(std::move(children.back()), DataType::boolean(), name, 1);
        node->type = map;
      } else if (spec->function == HigherOrderFunction::kTransformKeys) {
        if (body.type.isVoid())
          throwError(ErrorClass::NULL_MAP_KEY, "Cannot use null as map key.");
        node->type = DataType::map(body.type, map.valueType());
      } else {
        node->type = DataType::map(map.keyType(), body.type);
      }
      break;
    }
    case HigherOrderFunction::kMapZipWith: {
      DataType left_map = mapInput(*addInput(0), name, 0);
      DataType right_map = mapInput(*addInput(1), name, 1);
      DataType key = commonKeyType(left_map.keyType(), right_map.keyType(), name);
      left_map = DataType::map(key, left_map.valueType(), left_map.containsNull());
      right_map = DataType::map(key, right_map.valueType(), right_map.containsNull());
      children[0] = ExpressionBinder::castTo(std::move(children[0]), left_map);
      children[1] = ExpressionBinder::castTo(std::move(children[1]), right_map);
      call->num_inputs = 2;
      BoundExpression& body = addBody(2, 3, 3, {key, left_map.valueType(), right_map.valueType()});
      node->type = DataType::map(key, body.type);
      break;
    }
  }
  node->lambda = std::move(call);
  return node;
}

BoundExpressionPtr LambdaBinder::bindSubscript(ExpressionBinder& binder,
                                               const sql::SubscriptExpr& expr) {
  BoundExpressionPtr base = binder.bind(*expr.base);
  BoundExpressionPtr index = binder.bind(*expr.index);
  if (base->type.id() == TypeId::kStruct) {
    if (index->kind != BoundExpressionKind::kConstant || index->type.id() != TypeId::kString ||
        index->constant.isNull()) {
      throwError(ErrorClass::INVALID_EXTRACT_FIELD_TYPE,
                 "Field name should be a non-null string literal, but it's {}.",
                 ExpressionBinder::autoName(*expr.index));
    }
    return binder.extractField(std::move(base), index->constant.getString(),
                               ExpressionBinder::autoName(*expr.base));
  }
  if (base->type.id() != TypeId::kArray && base->type.id() != TypeId::kMap &&
      !base->type.isVoid()) {
    throwError(ErrorClass::INVALID_EXTRACT_BASE_FIELD_TYPE,
               "Can't extract a value from \"{}\". Need a complex type [STRUCT, ARRAY, MAP] but "
               "got \"{}\".",
               ExpressionBinder::autoName(*expr.base), base->type.sql());
  }
  BindRequest request;
  request.name = "subscript";
  std::vector<BoundExpressionPtr> arguments;
  arguments.push_back(std::move(base));
  arguments.push_back(std::move(index));
  for (const auto& argument : arguments) {
    request.argument_types.push_back(argument->type);
    request.argument_is_literal.push_back(argument->from_literal);
    request.argument_constants.push_back(
        argument->kind == BoundExpressionKind::kConstant ? &argument->constant : nullptr);
  }
  BoundScalarFunction function = sluice::bindSubscript(request);
  for (size_t i = 0; i < arguments.size(); ++i) {
    arguments[i] = ExpressionBinder::castTo(std::move(arguments[i]), function.argument_types[i]);
  }
  return BoundExpression::makeCall(std::move(function), std::move(arguments));
}

}  // namespace sluice

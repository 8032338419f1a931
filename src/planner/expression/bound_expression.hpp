// src/planner/expression/bound_expression.hpp
//
// An expression after binding: every name resolved to an input column, every node typed, every
// implicit cast explicit, every function resolved to its kernel. The evaluator runs these.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/types/value.hpp"
#include "function/function.hpp"

namespace sluice {

enum class BoundExpressionKind : uint8_t {
  kConstant,        // `constant`
  kColumn,          // input column `column_index`
  kCast,            // children[0] cast to `type`; `try_cast` gives NULL instead of errors
  kCall,            // `function` applied to children
  kCase,            // children: when0, then0, when1, then1, ..., [else]; `has_else`
  kAnd,             // children[0] AND children[1], three-valued, right side only where needed
  kOr,              // children[0] OR children[1]
  kCoalesce,        // the first non-NULL child, later children only where needed
  kField,           // field `field_index` of the STRUCT children[0] (NULL where the struct is)
  kLambdaCall,      // a higher-order function: `lambda`; children are its inputs, then bodies
  kLambdaVariable,  // lambda parameter slot `column_index` (bound_lambda.hpp)
};

struct BoundExpression;
struct BoundLambdaCall;
using BoundExpressionPtr = std::unique_ptr<BoundExpression>;

struct BoundExpression {
  BoundExpressionKind kind;
  DataType type;
  std::vector<BoundExpressionPtr> children;

  Value constant;                // kConstant
  bool from_literal = false;     // kConstant written as a literal (Spark's coercions look at it)
  idx_t column_index = 0;        // kColumn
  bool try_cast = false;         // kCast
  BoundScalarFunction function;  // kCall
  bool has_else = false;         // kCase
  idx_t field_index = 0;         // kField
  std::shared_ptr<const BoundLambdaCall> lambda;  // kLambdaCall
  //! kCall, kCast: the session time zone of the statement that wrote the expression, where
  //! it is not the query's (a pipeline view read by a flow of a file with another SET TIME
  //! ZONE, as Spark resolves each expression's zone where it is analyzed); null: the query's.
  const TimeZone* time_zone = nullptr;

  //! True when no child reads an input column or a lambda variable bound outside it, and
  //! every function is deterministic.
  bool isFoldable() const;
  //! The expression for plans and messages: "(a + 1)", "CAST(x AS INT)".
  std::string toString() const;

  static BoundExpressionPtr makeConstant(Value value, bool from_literal = false);
  static BoundExpressionPtr makeColumn(idx_t index, DataType type);
  static BoundExpressionPtr makeField(BoundExpressionPtr base, idx_t field_index);
  static BoundExpressionPtr makeCast(BoundExpressionPtr child, DataType type, bool try_cast);
  static BoundExpressionPtr makeCall(BoundScalarFunction function,
                                     std::vector<BoundExpressionPtr> arguments);
};

//! The type of each expression, in order.
std::vector<DataType> typesOf(const std::vector<BoundExpressionPtr>& expressions);

}  // namespace sluice

// src/planner/binder/constant_folding.hpp
//
// Values the binder needs before the optimizer folds constants: arguments that Spark requires
// to be foldable (from_json's schema, an aggregate's percentages) may be written as calls or
// casts of constants, such as array(0.25, 0.5) or schema_of_json('...').
#pragma once

#include <optional>

#include "planner/expression/bound_expression.hpp"

namespace sluice {

//! The value of a constant, a cast of one, or a deterministic call whose arguments fold,
//! computed now; nullopt for anything else. Errors the computation raises propagate.
std::optional<Value> foldBoundConstant(const BoundExpression& expr, const ExecContext& context);

}  // namespace sluice

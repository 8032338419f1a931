// src/planner/binder/collation_coercion.cpp
#include "planner/binder/collation_coercion.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "common/error/error.hpp"

namespace sluice {

namespace {

enum class CollationStrength : uint8_t { kDefault, kImplicit, kExplicit };

//! How strongly `expr`, a STRING, holds to its collation.
CollationStrength strengthOf(const BoundExpression& expr) {
  switch (expr.kind) {
    case BoundExpressionKind::kConstant:
      return CollationStrength::kDefault;
    case BoundExpressionKind::kColumn:
    case BoundExpressionKind::kField:
    case BoundExpressionKind::kLambdaVariable:
      return CollationStrength::kImplicit;
    case BoundExpressionKind::kCall:
      if (expr.function.name == "collate")
        return CollationStrength::kExplicit;
      break;
    case BoundExpressionKind::kCast:
      // A cast between collations (one this coercion made) keeps its operand's strength.
      if (expr.children[0]->type.id() == TypeId::kString)
        return strengthOf(*expr.children[0]);
      return CollationStrength::kDefault;
    default:
      break;
  }
  // Computed from its operands: the strongest of those of its own collation.
  CollationStrength strongest = CollationStrength::kDefault;
  for (const BoundExpressionPtr& child : expr.children) {
    if (child->type.id() == TypeId::kString && child->type.collation() == expr.type.collation())
      strongest = std::max(strongest, strengthOf(*child));
  }
  return strongest;
}

[[noreturn]] void raiseMismatch(std::string_view kind, const std::vector<CollationId>& collations) {
  std::string types;
  for (CollationId collation : collations)
    types += (types.empty() ? "\"" : ", \"") + DataType::string(collation).sql() + "\"";
  std::string advice = kind == "EXPLICIT"
                           ? "Choose one collation to use for all of them."
                           : "Use the COLLATE function to set the collation explicitly.";
  throw Error(ErrorClass::COLLATION_MISMATCH, std::string(kind),
              fmt::format("Could not determine which collation to use for string functions and "
                          "operators. Error occurred due to the mismatch between {} collations: "
                          "{}. {}",
                          kind == "EXPLICIT" ? "explicit" : "implicit", types, advice));
}

//! Whether Spark maps the case of strings under `collation` by its locale's own rules, which
//! differ from the root locale's for Turkish and Azerbaijani (dotted and dotless i),
//! Lithuanian (dots kept over i) and Greek (accents dropped in upper case).
bool hasOwnCaseMapping(const Collation& collation) {
  for (std::string_view language : {"tr", "az", "lt", "el"}) {
    std::string_view name = collation.name();
    if (name.starts_with(language) && (name.size() == 2 || name[2] == '_'))
      return true;
  }
  return false;
}

}  // namespace

CollationId coerceCollations(std::vector<BoundExpressionPtr>& operands) {
  // The distinct collations met at the strongest strength, in the order they appear.
  CollationStrength strongest = CollationStrength::kDefault;
  std::vector<CollationId> collations;
  for (const BoundExpressionPtr& operand : operands) {
    if (operand->type.id() != TypeId::kString)
      continue;
    CollationStrength strength = strengthOf(*operand);
    if (strength < strongest)
      continue;
    if (strength > strongest) {
      strongest = strength;
      collations.clear();
    }
    CollationId collation = operand->type.collation();
    if (std::find(collations.begin(), collations.end(), collation) == collations.end())
      collations.push_back(collation);
  }
  if (collations.empty())
    return kUtf8Binary;
  if (collations.size() > 1) {
    if (strongest == CollationStrength::kExplicit)
      raiseMismatch("EXPLICIT", collations);
    if (strongest == CollationStrength::kImplicit)
      raiseMismatch("IMPLICIT", collations);
  }
  // Among defaults (literals, casts of literals) a collation other than UTF8_BINARY can only
  // come from a CAST to STRING COLLATE: it wins.
  auto collated = std::find_if(collations.begin(), collations.end(),
                               [](CollationId collation) { return collation != kUtf8Binary; });
  CollationId winner = collated != collations.end() ? *collated : kUtf8Binary;
  DataType type = DataType::string(winner);
  for (BoundExpressionPtr& operand : operands) {
    if (operand->type.id() != TypeId::kString || operand->type == type)
      continue;
    if (operand->kind == BoundExpressionKind::kConstant) {
      // A constant stays one, for the functions that need a constant argument.
      Value value = operand->constant.isNull()
                        ? Value::null(type)
                        : Value::string(operand->constant.getString(), winner);
      operand = BoundExpression::makeConstant(std::move(value), operand->from_literal);
    } else {
      operand = BoundExpression::makeCast(std::move(operand), type, false);
    }
  }
  return winner;
}

void requireCollationSupport(std::string_view name, size_t argument_count, CollationId collation) {
  if (collation == kUtf8Binary)
    return;
  // Searches that follow the UTF8 collations (ids up to kUtf8LcaseRtrim), not yet the ICU ones.
  static constexpr std::array<std::string_view, 8> kUtf8Aware = {
      "contains", "endswith", "instr", "locate", "position", "replace", "split_part", "startswith"};
  static constexpr std::array<std::string_view, 15> kByteSearching = {
      "ilike",          "like",
      "regexp",         "regexp_count",
      "regexp_extract", "regexp_extract_all",
      "regexp_instr",   "regexp_like",
      "regexp_replace", "regexp_substr",
      "rlike",          "split",
      "str_to_map",     "substring_index",
      "translate"};
  static constexpr std::array<std::string_view, 4> kTrims = {"btrim", "ltrim", "rtrim", "trim"};
  static constexpr std::array<std::string_view, 5> kCaseMappings = {"initcap", "lcase", "lower",
                                                                    "ucase", "upper"};
  auto among = [name](const auto& names) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  const char* reason = nullptr;
  if (among(kByteSearching) || (among(kTrims) && argument_count > 1) ||
      (among(kUtf8Aware) && collation > kUtf8LcaseRtrim)) {
    reason = "sluice would compare them by their bytes";
  } else if (among(kCaseMappings) && hasOwnCaseMapping(Collation::byId(collation))) {
    reason = "sluice maps case as the root locale does, not as this locale does";
  }
  if (reason != nullptr) {
    throw Error(ErrorClass::NOT_SUPPORTED,
                fmt::format("`{}` over strings of type {} is not supported yet: {}.", name,
                            DataType::string(collation).sql(), reason));
  }
}

bool keepsCollation(std::string_view name) {
  static constexpr std::array<std::string_view, 31> kNames = {
      "btrim",
      "concat",
      "concat_ws",
      "elt",
      "initcap",
      "lcase",
      "left",
      "lower",
      "lpad",
      "ltrim",
      "make_valid_utf8",
      "overlay",
      "regexp_extract",
      "regexp_replace",
      "regexp_substr",
      "repeat",
      "replace",
      "reverse",
      "right",
      "rpad",
      "rtrim",
      "split_part",
      "substr",
      "substring",
      "substring_index",
      "translate",
      "trim",
      "try_validate_utf8",
      "ucase",
      "upper",
      "validate_utf8",
  };
  return std::find(kNames.begin(), kNames.end(), name) != kNames.end();
}

}  // namespace sluice

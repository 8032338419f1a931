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

//! An ICU collation with the _AI specifier: Spark's string searches refuse it.
bool isAccentInsensitive(const Collation& collation) {
  std::string_view name = collation.name();
  for (size_t at = name.find("_AI"); at != std::string_view::npos; at = name.find("_AI", at + 1)) {
    if (at + 3 == name.size() || name[at + 3] == '_')
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
  // Searches that follow every collation (with ICU's string search under the ICU ones); the
  // trims only with a character set (without one they trim spaces under any collation).
  static constexpr std::array<std::string_view, 10> kSearches = {
      "contains", "endswith",   "instr",      "locate",          "position",
      "replace",  "split_part", "startswith", "substring_index", "translate"};
  static constexpr std::array<std::string_view, 4> kTrims = {"btrim", "ltrim", "rtrim", "trim"};
  // Patterns that follow UTF8_LCASE (matching case-insensitively).
  static constexpr std::array<std::string_view, 12> kPatterns = {
      "ilike",         "like",           "regexp",
      "regexp_count",  "regexp_extract", "regexp_extract_all",
      "regexp_instr",  "regexp_like",    "regexp_replace",
      "regexp_substr", "rlike",          "split"};
  auto among = [name](const auto& names) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  bool searches = among(kSearches) || (among(kTrims) && argument_count > 1) || name == "str_to_map";
  // What Spark itself refuses is a type mismatch: the patterns take UTF8_BINARY and UTF8_LCASE
  // only (StringTypeBinaryLcase), the searches no accent-insensitive collation.
  if ((among(kPatterns) && collation != kUtf8Lcase) ||
      (searches && isAccentInsensitive(Collation::byId(collation)))) {
    throw Error(
        ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
        fmt::format("Cannot resolve \"{}\" due to data type mismatch: its string "
                    "parameters require the \"STRING\" type of {} collation, however "
                    "they have the type \"{}\".",
                    name,
                    among(kPatterns) ? "the UTF8_BINARY or the UTF8_LCASE" : "an accent-sensitive",
                    DataType::string(collation).sql()));
  }
  // str_to_map splits by regular expressions; Spark's collation-aware splitting is not yet
  // followed.
  if (name == "str_to_map") {
    throw Error(ErrorClass::NOT_SUPPORTED,
                fmt::format("`{}` over strings of type {} is not supported yet: sluice would "
                            "compare them by their bytes.",
                            name, DataType::string(collation).sql()));
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

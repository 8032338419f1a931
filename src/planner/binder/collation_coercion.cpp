// src/planner/binder/collation_coercion.cpp
#include "planner/binder/collation_coercion.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "common/error/error.hpp"
#include "common/types/type_contents.hpp"

namespace sluice {

namespace {

// Spark's order: an explicit collation beats an indeterminate one, which beats an implicit one.
enum class CollationStrength : uint8_t { kDefault, kImplicit, kIndeterminate, kExplicit };

//! How strongly `expr`, a STRING, holds to its collation.
CollationStrength strengthOf(const BoundExpression& expr) {
  if (expr.type.collation() == kIndeterminateCollation)
    return CollationStrength::kIndeterminate;
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

[[noreturn]] void raiseExplicitMismatch(const std::vector<CollationId>& collations) {
  std::string types;
  for (CollationId collation : collations)
    types += (types.empty() ? "\"" : ", \"") + DataType::string(collation).sql() + "\"";
  throw Error(ErrorClass::COLLATION_MISMATCH, "EXPLICIT",
              fmt::format("Could not determine which collation to use for string functions and "
                          "operators. Error occurred due to the mismatch between explicit "
                          "collations: {}. Choose one collation to use for all of them.",
                          types));
}

//! An ICU collation that is case-sensitive but accent-insensitive (UNICODE_AI, en_AI): Spark's
//! string searches refuse it (StringTypeNonCSAICollation), and take the CI_AI ones.
bool isCaseSensitiveAccentInsensitive(const Collation& collation) {
  auto has = [name = collation.name()](std::string_view specifier) {
    for (size_t at = name.find(specifier); at != std::string_view::npos;
         at = name.find(specifier, at + 1)) {
      if (at + specifier.size() == name.size() || name[at + specifier.size()] == '_')
        return true;
    }
    return false;
  };
  return has("_AI") && !has("_CI");
}

[[noreturn]] void raiseUnexpectedCollation(std::string_view name, std::string_view required,
                                           CollationId collation) {
  throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
              fmt::format("Cannot resolve \"{}\" due to data type mismatch: its string "
                          "parameters require the \"STRING\" type of {} collation, however "
                          "they have the type \"{}\".",
                          name, required, DataType::string(collation).sql()));
}

//! Fails with INDETERMINATE_COLLATION_IN_EXPRESSION when the built-in function `name` needs the
//! collation of its strings to compare or search them (=, <, upper, instr, trim, ...), which
//! they lack; with INDETERMINATE_COLLATION for split_part and str_to_map, which Spark finds out
//! when they run.
void requireDeterminateCollation(std::string_view name) {
  // What Spark's CollationTypeCoercion refuses (canContainIndeterminateCollation): the
  // comparisons, the searches, the trims and the case mappings. The patterns refuse the
  // indeterminate collation as any other they do not take (requireCollationSupport), and what
  // else compares strings (grouping, sorting, min / max: sort_spec.cpp, aggregate_binder.cpp,
  // min_max.cpp, or Collation::compare when it runs) with INDETERMINATE_COLLATION, as Spark
  // when it runs.
  static constexpr std::array<std::string_view, 28> kNeedCollation = {
      "!=",          "<",        "<=",      "<=>",   "<>",         "=",
      "==",          ">",        ">=",      "btrim", "contains",   "endswith",
      "find_in_set", "initcap",  "instr",   "lcase", "locate",     "lower",
      "ltrim",       "position", "replace", "rtrim", "startswith", "substring_index",
      "translate",   "trim",     "ucase",   "upper"};
  if (name == "split_part" || name == "str_to_map")  // Spark finds out when they run
    throw indeterminateCollationIn(name, /*found_running=*/true);
  if (std::find(kNeedCollation.begin(), kNeedCollation.end(), name) != kNeedCollation.end())
    throw indeterminateCollationIn(name);
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
  CollationId winner = kUtf8Binary;
  if (collations.size() > 1 && strongest == CollationStrength::kExplicit)
    raiseExplicitMismatch(collations);
  if (collations.size() > 1 && strongest == CollationStrength::kImplicit) {
    // Spark 4.1: the strings pass on with no collation; what would compare them fails.
    winner = kIndeterminateCollation;
  } else {
    // Among defaults (literals, casts of literals) a collation other than UTF8_BINARY can only
    // come from a CAST to STRING COLLATE: it wins.
    auto collated = std::find_if(collations.begin(), collations.end(),
                                 [](CollationId collation) { return collation != kUtf8Binary; });
    winner = collated != collations.end() ? *collated : kUtf8Binary;
  }
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

void coerceMapCollations(std::vector<BoundExpressionPtr>& arguments) {
  for (size_t parity = 0; parity < 2; ++parity) {
    std::vector<BoundExpressionPtr> side;
    for (size_t i = parity; i < arguments.size(); i += 2)
      side.push_back(std::move(arguments[i]));
    coerceCollations(side);
    for (size_t i = parity, j = 0; i < arguments.size(); i += 2, ++j)
      arguments[i] = std::move(side[j]);
  }
}

void requireCollationSupport(std::string_view name, size_t argument_count, CollationId collation) {
  if (collation == kUtf8Binary)
    return;
  if (collation == kIndeterminateCollation)
    requireDeterminateCollation(name);
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
  const Collation& searched = Collation::byId(collation);
  // What Spark itself refuses is a type mismatch: the patterns take UTF8_BINARY and UTF8_LCASE
  // only (StringTypeBinaryLcase), the searches no case-sensitive accent-insensitive collation
  // (StringTypeNonCSAICollation), str_to_map neither those nor an _RTRIM one.
  if (among(kPatterns) && collation != kUtf8Lcase)
    raiseUnexpectedCollation(name, "the UTF8_BINARY or the UTF8_LCASE", collation);
  bool searches = among(kSearches) || (among(kTrims) && argument_count > 1);
  if ((searches || name == "str_to_map") && isCaseSensitiveAccentInsensitive(searched))
    raiseUnexpectedCollation(name, "a case-insensitive or accent-sensitive", collation);
  if (name == "str_to_map" && searched.rtrim())
    raiseUnexpectedCollation(name, "a trailing-space-sensitive (non-_RTRIM)", collation);
}

bool keepsCollation(std::string_view name) {
  static constexpr std::array<std::string_view, 32> kNames = {
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
      "||",
  };
  return std::find(kNames.begin(), kNames.end(), name) != kNames.end();
}

}  // namespace sluice

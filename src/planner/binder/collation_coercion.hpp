// src/planner/binder/collation_coercion.hpp
//
// Spark's collation coercion (CollationTypeCoercion): when the STRING operands of a function,
// an operator, CASE or COALESCE have different collations, the strongest decides. An explicit
// collation (`expr COLLATE name`, collate()) beats an implicit one (a column's type, and
// anything computed from columns), which beats the default (literals, and strings computed
// from no collated input). Two different explicit collations fail with
// COLLATION_MISMATCH.EXPLICIT; two different implicit ones give the indeterminate collation
// (kIndeterminateCollation, as Spark 4.1), which passes through concat and the like, beats an
// implicit collation and yields to an explicit one, and fails where a collation is needed
// (requireCollationSupport). The other operands are cast to the winner: the same bytes
// under another type.
#pragma once

#include <string_view>
#include <vector>

#include "common/text/collation.hpp"
#include "planner/expression/bound_expression.hpp"

namespace sluice {

//! Casts the top-level STRING operands of `operands` to their common collation (see above),
//! which it returns; kUtf8Binary when no operand is a STRING.
CollationId coerceCollations(std::vector<BoundExpressionPtr>& operands);

//! As coerceCollations for map(k1, v1, k2, v2, ...): the keys among themselves, the values among
//! themselves, as Spark's CreateMap.
void coerceMapCollations(std::vector<BoundExpressionPtr>& arguments);

//! Fails when the built-in function `name`, called with `argument_count` arguments whose
//! strings have the collation `collation`, cannot search them under it, as in Spark
//! (DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE): LIKE, ILIKE, RLIKE, the regexp functions and
//! split take UTF8_BINARY and UTF8_LCASE; instr, locate, position, contains, startswith,
//! endswith, replace, split_part, substring_index, translate, str_to_map and the trims with a
//! character set take every collation but the case-sensitive accent-insensitive ones
//! (UNICODE_AI), str_to_map no _RTRIM one either. Under the indeterminate collation the
//! comparisons, searches, trims and case mappings fail with INDETERMINATE_COLLATION_IN_EXPRESSION,
//! split_part and str_to_map with INDETERMINATE_COLLATION.
void requireCollationSupport(std::string_view name, size_t argument_count, CollationId collation);

//! Whether the STRING result of the built-in function `name` has the collation of its string
//! arguments, as Spark's string transformations (upper, trim, substring, concat, ...) do; the
//! others (base64, format_number, soundex, ...) give the default collation.
bool keepsCollation(std::string_view name);

}  // namespace sluice

// src/planner/logical/generator_spec.hpp
//
// What a Generate operator computes for each input row (Spark's generators: explode, inline,
// stack, json_tuple and their outer forms). The operator's `expressions` are the generator's
// arguments over its input; its output is every input column, then the generated ones.
#pragma once

#include <cstdint>
#include <string>

#include "common/types/data_type.hpp"

namespace sluice {

enum class GeneratorKind : uint8_t {
  kExplode,         // one row per element of an ARRAY (col) or entry of a MAP (key, value)
  kPosExplode,      // as kExplode, with the INT position first (pos)
  kInline,          // one row per STRUCT of an ARRAY, a column per field
  kStack,           // `stack_rows` rows of the arguments taken in order, a column per row slot
  kJsonTuple,       // one row: the named fields of a JSON object (the first argument) as STRINGs
  kVariantExplode,  // one row per field of a VARIANT object or element of an array: pos, key, value
};

struct GeneratorSpec {
  GeneratorKind kind = GeneratorKind::kExplode;
  //! A NULL or empty collection gives one row of NULLs instead of none.
  bool outer = false;
  //! The function's name as Spark prints it (explode_outer, json_tuple, ...), for plans.
  std::string name;
  //! kStack: the number of rows each input row becomes.
  idx_t stack_rows = 0;
};

}  // namespace sluice

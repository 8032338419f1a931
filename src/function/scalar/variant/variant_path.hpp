// src/function/scalar/variant/variant_path.hpp
//
// The paths of variant_get with the grammar of Spark's VariantPathParser: `$`, then any of
// `.name` (up to the next '.' or '['), `['name']`, `["name"]` and `[index]`; no whitespace.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/variant/variant.hpp"

namespace sluice {

struct VariantPathStep {
  bool is_index = false;
  std::string key;    // !is_index
  int32_t index = 0;  // is_index
};

using VariantPath = std::vector<VariantPathStep>;

//! nullopt when `text` is not a path of the grammar.
std::optional<VariantPath> parseVariantPath(std::string_view text);

//! Raises INVALID_VARIANT_GET_PATH for `text`, naming `function`.
[[noreturn]] void raiseInvalidVariantPath(std::string_view text, std::string_view function);

//! The value `path` leads to from `root`; nullopt when a step finds no field or element (or
//! meets a value of the other kind).
std::optional<variant::VariantRef> followVariantPath(const variant::VariantRef& root,
                                                     const VariantPath& path);

}  // namespace sluice

// src/storage/json/field_resolver.hpp
//
// Finds the schema slot of each key of a JSON object, by exact (case-sensitive) name as
// Spark's JSON reader matches. Records of one file nearly always list their keys in the same
// order, so the resolver remembers which slot came at each position of the previous object
// and first compares the raw key with that slot's name (no unescaping, no hashing); a miss
// falls back to a hash lookup of the unescaped key.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <simdjson.h>

#include "common/types/data_type.hpp"

namespace sluice::json {

class FieldResolver {
 public:
  static constexpr uint32_t kUnknown = UINT32_MAX;

  explicit FieldResolver(const std::vector<StructField>& fields);

  //! Sets `slot` to the slot of `field`'s key, the `position`-th key of its object (kUnknown
  //! for a name not in the schema). False when the key's escapes are malformed.
  bool resolve(simdjson::ondemand::field& field, uint32_t position, uint32_t& slot);

  const std::string& name(uint32_t slot) const { return names_[slot]; }
  uint32_t size() const { return static_cast<uint32_t>(names_.size()); }

 private:
  //! Positions remembered per object at most: objects wider than this are rare in records.
  static constexpr size_t kMaxRememberedPositions = 1024;

  std::vector<std::string> names_;
  //! Names without '"', '\\' or control characters compare raw (simdjson's unsafe_is_equal).
  std::vector<uint8_t> raw_comparable_;
  std::vector<uint32_t> slot_at_position_;  // of the previous object
  //! Looks up by string_view without building a std::string.
  struct NameHash {
    using is_transparent = void;
    size_t operator()(std::string_view name) const { return std::hash<std::string_view>()(name); }
  };
  std::unordered_map<std::string, uint32_t, NameHash, std::equal_to<>> slots_;
};

}  // namespace sluice::json

// src/storage/json/field_resolver.cpp
//
// Key to slot resolution for JSON objects.
#include "storage/json/field_resolver.hpp"

namespace sluice::json {

FieldResolver::FieldResolver(const std::vector<StructField>& fields) {
  names_.reserve(fields.size());
  for (const StructField& field : fields) {
    names_.push_back(field.name);
    bool comparable = true;
    for (char c : field.name) {
      if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20)
        comparable = false;
    }
    raw_comparable_.push_back(comparable ? 1 : 0);
  }
  // The first of duplicate names wins.
  for (uint32_t slot = 0; slot < names_.size(); ++slot)
    slots_.emplace(names_[slot], slot);
}

bool FieldResolver::resolve(simdjson::ondemand::field& field, uint32_t position, uint32_t& slot) {
  bool remembered = position < slot_at_position_.size();
  if (remembered) {
    uint32_t expected = slot_at_position_[position];
    if (expected != kUnknown && raw_comparable_[expected] &&
        field.key().unsafe_is_equal(names_[expected])) {
      slot = expected;
      return true;
    }
  }
  std::string_view key;
  if (field.unescaped_key().get(key))
    return false;
  auto found = slots_.find(key);
  slot = found == slots_.end() ? kUnknown : found->second;
  if (remembered) {
    slot_at_position_[position] = slot;
  } else if (position == slot_at_position_.size() && position < kMaxRememberedPositions) {
    slot_at_position_.push_back(slot);
  }
  return true;
}

}  // namespace sluice::json

// src/function/scalar/uuid.cpp
//
// uuid(): a random (version 4, IETF variant) UUID per row, as lower-case text in the
// 8-4-4-4-12 form of java.util.UUID.toString. Non-deterministic: never folded to a constant.

#include <memory>
#include <mutex>
#include <random>

#include "function/function_registry.hpp"

namespace sluice {

namespace {

void appendUuid(std::string& out, uint64_t high, uint64_t low) {
  // Version 4 in bits 12..15 of the high half, variant 0b10 in the top bits of the low half.
  high = (high & ~uint64_t{0xF000}) | uint64_t{0x4000};
  low = (low & ~(uint64_t{0xC} << 60)) | (uint64_t{0x8} << 60);
  static constexpr char kHex[] = "0123456789abcdef";
  for (int nibble = 15; nibble >= 0; --nibble) {
    out.push_back(kHex[(high >> (nibble * 4)) & 0xF]);
    if (nibble == 8 || nibble == 4)
      out.push_back('-');
  }
  out.push_back('-');
  for (int nibble = 15; nibble >= 0; --nibble) {
    out.push_back(kHex[(low >> (nibble * 4)) & 0xF]);
    if (nibble == 12)
      out.push_back('-');
  }
}

BoundScalarFunction bindUuid(const BindRequest&) {
  // One generator per bound call, seeded from the system's entropy; parallel threads share it.
  struct SharedGenerator {
    std::mutex mutex;
    std::mt19937_64 random{std::random_device{}()};
  };
  auto generator = std::make_shared<SharedGenerator>();
  ScalarKernel kernel = [generator](const ExecContext&, const ArgumentVectors&, const RowSet& rows,
                                    Vector& result) {
    StringView* out = result.mutableData<StringView>();
    std::string text;
    std::lock_guard lock(generator->mutex);
    forEachRow(rows, [&](idx_t row) {
      text.clear();
      uint64_t high = generator->random();
      uint64_t low = generator->random();
      appendUuid(text, high, low);
      result.setNull(row, false);
      out[row] = result.addString(text);
    });
  };
  BoundScalarFunction bound{"uuid", {}, DataType::string(), std::move(kernel)};
  bound.deterministic = false;
  return bound;
}

}  // namespace

void registerUuidFunctions(FunctionRegistry& registry) {
  registry.addScalar({"uuid", 0, 0, bindUuid});
}

}  // namespace sluice

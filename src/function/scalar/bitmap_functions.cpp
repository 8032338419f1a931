// src/function/scalar/bitmap_functions.cpp
//
// The scalar bitmap functions (see function/bitmap_layout.hpp). Values 1..32768 are bucket 1,
// positions 0..32767; 0 and the negative values count down from bucket 0, position 0. NULL in,
// NULL out. bitmap_count takes only BINARY, as Spark (even a NULL literal is a mismatch).

#include <bit>

#include <fmt/format.h>

#include "function/bitmap_layout.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/kernel_loops.hpp"

namespace sluice {

namespace {

int64_t bucketNumber(int64_t value) {
  return value > 0 ? 1 + (value - 1) / bitmap::kNumBits : value / bitmap::kNumBits;
}

int64_t bitPosition(int64_t value) {
  if (value > 0)
    return (value - 1) % bitmap::kNumBits;
  // Java negates with wrap-around, which leaves Long.MIN_VALUE, a multiple of the bit count.
  uint64_t magnitude = 0 - static_cast<uint64_t>(value);
  return static_cast<int64_t>(magnitude % bitmap::kNumBits);
}

template <int64_t (*kMapping)(int64_t)>
BoundScalarFunction bindBigintMapping(const BindRequest& request, const char* name) {
  std::vector<DataType> types{expectArgument(request, 0, DataType::longType())};
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    unaryLoop<int64_t, int64_t>(*args[0], rows, result,
                                [](int64_t value, idx_t) { return kMapping(value); });
  };
  return {name, std::move(types), DataType::longType(), std::move(kernel)};
}

BoundScalarFunction bindBitmapCount(const BindRequest& request) {
  const DataType& input = request.argument_types[0];
  requireArgumentType(input.id() == TypeId::kBinary, request.name,
                      fmt::format("The first parameter requires the \"BINARY\" type, however the "
                                  "argument has the type \"{}\"",
                                  input.sql()));
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    unaryLoop<StringView, int64_t>(*args[0], rows, result, [](const StringView& bytes, idx_t) {
      int64_t count = 0;
      for (char byte : bytes.view())
        count += std::popcount(static_cast<uint8_t>(byte));
      return count;
    });
  };
  return {"bitmap_count", {DataType::binary()}, DataType::longType(), std::move(kernel)};
}

}  // namespace

void registerBitmapFunctions(FunctionRegistry& registry) {
  registry.addScalar({"bitmap_bucket_number", 1, 1, [](const BindRequest& request) {
                        return bindBigintMapping<bucketNumber>(request, "bitmap_bucket_number");
                      }});
  registry.addScalar({"bitmap_bit_position", 1, 1, [](const BindRequest& request) {
                        return bindBigintMapping<bitPosition>(request, "bitmap_bit_position");
                      }});
  registry.addScalar({"bitmap_count", 1, 1, bindBitmapCount});
}

}  // namespace sluice

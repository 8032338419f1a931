// src/function/aggregate/bitmap_aggregates.cpp
//
// bitmap_construct_agg(position) sets bit `position` of a 4096-byte bitmap for every non-NULL
// position of the group (INVALID_BITMAP_POSITION outside 0..32767); bitmap_or_agg and
// bitmap_and_agg combine the group's non-NULL BINARY bitmaps (function/bitmap_layout.hpp).
// Each returns a 4096-byte BINARY, never NULL: an empty group gives all zeros, or all ones for
// bitmap_and_agg. As Spark, an input shorter than 4096 bytes is ORed into the first bytes, or
// ANDed there with every byte past its end cleared; bytes past 4096 are not read.
#include <algorithm>
#include <cstring>

#include "common/error/error.hpp"
#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/bitmap_layout.hpp"

namespace sluice {

namespace {

struct Bitmap {
  uint8_t bytes[bitmap::kNumBytes];
};

void writeBitmap(const uint8_t* bytes, Vector& result, idx_t row) {
  result.mutableData<StringView>()[row] =
      result.addString(std::string_view(reinterpret_cast<const char*>(bytes), bitmap::kNumBytes));
}

void orInto(Bitmap& target, const uint8_t* bytes, size_t length) {
  size_t count = std::min<size_t>(length, bitmap::kNumBytes);
  for (size_t index = 0; index < count; ++index)
    target.bytes[index] |= bytes[index];
}

struct ConstructOp {
  using State = Bitmap;
  static constexpr bool kSkipNulls = true;
  static void update(State& state, const int64_t& position, StringHeap&) {
    if (position < 0 || position >= bitmap::kNumBits) {
      throwError(ErrorClass::INVALID_BITMAP_POSITION,
                 "The 0-indexed bitmap position {} is out of bounds. The bitmap has {} bits ({} "
                 "bytes).",
                 position, bitmap::kNumBits, bitmap::kNumBytes);
    }
    state.bytes[position / 8] |= static_cast<uint8_t>(1u << (position % 8));
  }
  static void combine(State& target, const State& source) {
    orInto(target, source.bytes, bitmap::kNumBytes);
  }
  static void finalize(const State& state, Vector& result, idx_t row) {
    writeBitmap(state.bytes, result, row);
  }
};

struct OrOp {
  using State = Bitmap;
  static constexpr bool kSkipNulls = true;
  static void update(State& state, const StringView& input, StringHeap&) {
    orInto(state, reinterpret_cast<const uint8_t*>(input.data()), input.size());
  }
  static void combine(State& target, const State& source) {
    orInto(target, source.bytes, bitmap::kNumBytes);
  }
  static void finalize(const State& state, Vector& result, idx_t row) {
    writeBitmap(state.bytes, result, row);
  }
};

//! Keeps the complement of the AND, so that the all-zero state of an empty group stands for
//! the all-ones bitmap Spark starts from.
struct AndOp {
  using State = Bitmap;
  static constexpr bool kSkipNulls = true;
  static void update(State& state, const StringView& input, StringHeap&) {
    size_t count = std::min<size_t>(input.size(), bitmap::kNumBytes);
    const auto* bytes = reinterpret_cast<const uint8_t*>(input.data());
    for (size_t index = 0; index < count; ++index)
      state.bytes[index] |= static_cast<uint8_t>(~bytes[index]);
    std::memset(state.bytes + count, 0xFF, bitmap::kNumBytes - count);
  }
  static void combine(State& target, const State& source) {
    orInto(target, source.bytes, bitmap::kNumBytes);
  }
  static void finalize(const State& state, Vector& result, idx_t row) {
    Bitmap bits;
    for (size_t index = 0; index < bitmap::kNumBytes; ++index)
      bits.bytes[index] = static_cast<uint8_t>(~state.bytes[index]);
    writeBitmap(bits.bytes, result, row);
  }
};

AggregateFunctionPtr bindConstruct(const AggregateBindRequest& request) {
  const DataType& input = request.argument_types[0];
  // Spark casts any number, or a string, implicitly to the BIGINT position.
  if (!input.isVoid() && !input.isNumeric() && input.id() != TypeId::kString)
    raiseAggregateInputType(request, 0, "\"BIGINT\"");
  return std::make_shared<UnaryAggregate<int64_t, ConstructOp>>(
      "bitmap_construct_agg", std::vector<DataType>{DataType::longType()}, DataType::binary());
}

template <typename Op>
AggregateResolver bitmapCombiner(const char* name) {
  return [name](const AggregateBindRequest& request) -> AggregateFunctionPtr {
    if (request.argument_types[0].id() != TypeId::kBinary)
      raiseAggregateInputType(request, 0, "\"BINARY\"");
    return std::make_shared<UnaryAggregate<StringView, Op>>(
        name, std::vector<DataType>{DataType::binary()}, DataType::binary());
  };
}

}  // namespace

void registerBitmapAggregates(AggregateRegistry& registry) {
  registry.add({"bitmap_construct_agg", 1, 1, bindConstruct, false, false});
  registry.add({"bitmap_or_agg", 1, 1, bitmapCombiner<OrOp>("bitmap_or_agg"), false, false});
  registry.add({"bitmap_and_agg", 1, 1, bitmapCombiner<AndOp>("bitmap_and_agg"), false, false});
}

}  // namespace sluice

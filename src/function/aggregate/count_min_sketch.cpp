// src/function/aggregate/count_min_sketch.cpp
//
// count_min_sketch(col, eps, confidence, seed): Spark's CountMinSketchImpl over the group's
// non-NULL values, serialized as its toByteArray does (big-endian: version 1, total count,
// depth, width, the depth hash multipliers, then the table row by row). The sketch has
// ceil(2 / eps) columns and ceil(-ln(1 - confidence) / ln 2) rows; row i's multiplier is the
// i-th java.util.Random(seed).nextInt(Integer.MAX_VALUE). An integral value v goes to column
// ((int) ((a * v) folded modulo 2^31 - 1)) % width of each row; a string or binary value to
// |(h1 + i * h2) % width| with h1, h2 its Murmur3 hashes (Spark's hashUnsafeBytes, seeds 0 and
// h1). As Spark, the arguments are not cast: eps and confidence must be DOUBLE constants, the
// seed an INT or BIGINT constant (a BIGINT keeps its low 32 bits). Unlike Spark, a sketch of
// more than 2^24 counts is refused (COLLECTION_SIZE_LIMIT_EXCEEDED), as each group holds one.
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "common/error/error.hpp"
#include "common/hash/murmur3.hpp"
#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/aggregate/java_random.hpp"

namespace sluice {

namespace {

constexpr int64_t kPrimeModulus = (int64_t{1} << 31) - 1;
constexpr int64_t kMaxTableCells = int64_t{1} << 24;

void appendBigEndian(std::string& out, uint64_t value, int bytes) {
  for (int shift = (bytes - 1) * 8; shift >= 0; shift -= 8)
    out.push_back(static_cast<char>((value >> shift) & 0xFF));
}

//! A group's state: the total count, then the table, depth rows of width counts.
class CountMinSketch : public AggregateFunction {
 public:
  CountMinSketch(std::vector<DataType> argument_types, int32_t depth, int32_t width,
                 std::vector<int64_t> multipliers)
      : AggregateFunction("count_min_sketch", std::move(argument_types), DataType::binary(),
                          sizeof(int64_t) * (1 + static_cast<idx_t>(depth) * width),
                          alignof(int64_t)),
        depth_(depth),
        width_(width),
        multipliers_(std::move(multipliers)),
        hashes_bytes_(argumentTypes()[0].isStringLike()) {}

  void update(const AggregateInput& input, uint8_t* const* groups, idx_t offset,
              StringHeap&) const override {
    const Vector& values = *input.arguments[0];
    forEachRow(input.rows, [&](idx_t row) {
      if (!values.isNull(row))
        add(values, row, reinterpret_cast<int64_t*>(groups[row] + offset));
    });
  }

  void updateSingle(const AggregateInput& input, uint8_t* state, StringHeap&) const override {
    const Vector& values = *input.arguments[0];
    forEachRow(input.rows, [&](idx_t row) {
      if (!values.isNull(row))
        add(values, row, reinterpret_cast<int64_t*>(state));
    });
  }

  void combine(uint8_t* const* sources, uint8_t* const* targets, idx_t count,
               idx_t offset) const override {
    idx_t cells = 1 + static_cast<idx_t>(depth_) * width_;
    for (idx_t i = 0; i < count; ++i) {
      const auto* source = reinterpret_cast<const int64_t*>(sources[i] + offset);
      auto* target = reinterpret_cast<int64_t*>(targets[i] + offset);
      for (idx_t cell = 0; cell < cells; ++cell)
        target[cell] += source[cell];
    }
  }

  void finalize(uint8_t* const* states, idx_t count, idx_t offset, Vector& result,
                idx_t first_row) const override {
    idx_t cells = static_cast<idx_t>(depth_) * width_;
    for (idx_t i = 0; i < count; ++i) {
      const auto* state = reinterpret_cast<const int64_t*>(states[i] + offset);
      std::string bytes;
      bytes.reserve(24 + 8 * (multipliers_.size() + cells));
      appendBigEndian(bytes, 1, 4);
      appendBigEndian(bytes, static_cast<uint64_t>(state[0]), 8);
      appendBigEndian(bytes, static_cast<uint32_t>(depth_), 4);
      appendBigEndian(bytes, static_cast<uint32_t>(width_), 4);
      for (int64_t multiplier : multipliers_)
        appendBigEndian(bytes, static_cast<uint64_t>(multiplier), 8);
      for (idx_t cell = 0; cell < cells; ++cell)
        appendBigEndian(bytes, static_cast<uint64_t>(state[1 + cell]), 8);
      result.mutableData<StringView>()[first_row + i] = result.addString(bytes);
    }
  }

 private:
  void add(const Vector& values, idx_t row, int64_t* state) const {
    int64_t* table = state + 1;
    ++state[0];
    if (hashes_bytes_) {
      std::string_view bytes = values.at<StringView>(row).view();
      int32_t first = hash::murmur3HashBytes(bytes, 0);
      int32_t second = hash::murmur3HashBytes(bytes, first);
      for (int32_t i = 0; i < depth_; ++i) {
        // Java's int arithmetic wraps.
        auto combined =
            static_cast<int32_t>(static_cast<uint32_t>(first) +
                                 static_cast<uint32_t>(i) * static_cast<uint32_t>(second));
        int32_t column = std::abs(combined % width_);
        ++table[static_cast<idx_t>(i) * width_ + column];
      }
      return;
    }
    int64_t item = integralAt(values, row);
    for (int32_t i = 0; i < depth_; ++i) {
      auto product = static_cast<int64_t>(static_cast<uint64_t>(multipliers_[i]) *
                                          static_cast<uint64_t>(item));
      product = static_cast<int64_t>(static_cast<uint64_t>(product) +
                                     static_cast<uint64_t>(product >> 32));
      product &= kPrimeModulus;
      int32_t column = static_cast<int32_t>(product) % width_;
      ++table[static_cast<idx_t>(i) * width_ + column];
    }
  }

  int64_t integralAt(const Vector& values, idx_t row) const {
    switch (argumentTypes()[0].id()) {
      case TypeId::kByte:
        return values.at<int8_t>(row);
      case TypeId::kShort:
        return values.at<int16_t>(row);
      case TypeId::kInt:
        return values.at<int32_t>(row);
      default:
        return values.at<int64_t>(row);
    }
  }

  int32_t depth_;
  int32_t width_;
  std::vector<int64_t> multipliers_;
  bool hashes_bytes_;
};

[[noreturn]] void raiseOutOfRange(const AggregateBindRequest& request, std::string_view name,
                                  std::string_view range, double value) {
  throw Error(ErrorClass::DATATYPE_MISMATCH, "VALUE_OUT_OF_RANGE",
              fmt::format("Cannot resolve \"{}\" due to data type mismatch: The {} must be "
                          "between {} (current value = {}).",
                          request.name, name, range, doubleLiteral(value)));
}

AggregateFunctionPtr bindCountMinSketch(const AggregateBindRequest& request) {
  const std::vector<DataType>& types = request.argument_types;
  if (!types[0].isIntegral() && !types[0].isStringLike())
    raiseAggregateInputType(request, 0, "(\"INTEGRAL\" or \"STRING\" or \"BINARY\")");
  for (size_t index : {1, 2}) {
    if (types[index].id() != TypeId::kDouble)
      raiseAggregateInputType(request, index, "\"DOUBLE\"");
  }
  if (types[3].id() != TypeId::kInt && types[3].id() != TypeId::kLong)
    raiseAggregateInputType(request, 3, "(\"INT\" or \"BIGINT\")");
  const char* names[] = {"", "eps", "confidence", "seed"};
  for (size_t index = 1; index < 4; ++index) {
    if (request.argument_constants[index] == nullptr)
      raiseNonFoldableInput(request, index, names[index], types[index].sql());
  }
  for (size_t index = 1; index < 4; ++index) {
    if (request.argument_constants[index]->isNull()) {
      throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_NULL",
                  fmt::format("Cannot resolve \"{}\" due to data type mismatch: The {} must not "
                              "be null.",
                              request.name, names[index]));
    }
  }
  double eps = request.argument_constants[1]->getDouble();
  double confidence = request.argument_constants[2]->getDouble();
  auto seed = static_cast<int32_t>(request.argument_constants[3]->getInt64());
  if (!(eps > 0.0))
    raiseOutOfRange(request, "eps", "(0.0, 1.7976931348623157E308]", eps);
  if (!(confidence > 0.0 && confidence < 1.0))
    raiseOutOfRange(request, "confidence", "(0.0, 1.0]", confidence);
  // Java's double-to-int cast saturates.
  auto width = static_cast<int32_t>(std::min<double>(std::ceil(2 / eps), INT32_MAX));
  auto depth = static_cast<int32_t>(
      std::min<double>(std::ceil(-std::log(1 - confidence) / std::log(2)), INT32_MAX));
  // Every group keeps its whole table: sluice refuses tables past 2^24 counts (128 MiB), where
  // Spark would try to allocate them.
  int64_t cells = int64_t{depth} * width;
  if (cells > kMaxTableCells) {
    throw Error(ErrorClass::COLLECTION_SIZE_LIMIT_EXCEEDED, "PARAMETER",
                fmt::format("Can't create array with {} elements which exceeding the array size "
                            "limit {}, the value of parameter(s) `eps`, `confidence` in "
                            "`count_min_sketch` is invalid.",
                            cells, kMaxTableCells));
  }
  JavaRandom random(seed);
  std::vector<int64_t> multipliers;
  for (int32_t row = 0; row < depth; ++row)
    multipliers.push_back(random.nextInt(INT32_MAX));
  return std::make_shared<CountMinSketch>(types, depth, width, std::move(multipliers));
}

}  // namespace

void registerCountMinSketchAggregates(AggregateRegistry& registry) {
  registry.add({"count_min_sketch", 4, 4, bindCountMinSketch, false, false});
}

}  // namespace sluice

// src/function/aggregate/approx_count_distinct.cpp
//
// approx_count_distinct(expr[, relativeSD]) with Spark's HyperLogLog++ (HyperLogLogPlusPlus):
// p = ceil(2 * log2(1.106 / relativeSD)) index bits (relativeSD 0.05 gives p = 9, 512
// registers); each non-NULL value is hashed with Spark's XxHash64 (seed 42); the top p bits
// pick a register, which keeps the largest 1 + number of leading zeros of the remaining bits.
// The estimate is linear counting, m * ln(m / V) with V empty registers, while that is at most
// Spark's threshold for p or the raw estimate E = alpha * m^2 / sum(2^-M) is at most 2.5 * m,
// else E. Results equal Spark's wherever linear counting applies (up to about 2.5 * m distinct
// values, 1,280 for the default relativeSD) and where E is at least 5 * m; for p < 19 and E
// between 2.5 * m and 5 * m Spark subtracts an empirical bias (the HLL++ paper's tables), which
// sluice does not, so estimates there can differ from Spark's. Registers take one byte each
// and live in the aggregate's heap; an empty group's count is 0.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "common/check.hpp"
#include "common/error/error.hpp"
#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/scalar/spark_hash.hpp"

namespace sluice {

namespace {

//! HyperLogLogPlusPlusHelper.THRESHOLDS, by p - 4: where linear counting stops.
constexpr double kThresholds[] = {10,   20,   40,    80,    220,   400,    900,   1800,
                                  3100, 6500, 15500, 20000, 50000, 120000, 350000};
constexpr int kMinBits = 4;
//! HLL++ proper (thresholds, bias) is defined below 19 bits; Spark falls back to HLL above.
constexpr int kPlusPlusBits = 19;
//! Registers take a byte each: 2^24 is 16 MiB per group, where sluice stops.
constexpr int kMaxBits = 24;

//! The state: the registers, allocated on the first value (null: no value yet).
struct HllState {
  uint8_t* registers;
};

class ApproxCountDistinct : public AggregateFunction {
 public:
  ApproxCountDistinct(std::vector<DataType> argument_types, int bits)
      : AggregateFunction("approx_count_distinct", std::move(argument_types), DataType::longType(),
                          sizeof(HllState), alignof(HllState)),
        bits_(bits),
        registers_(idx_t{1} << bits) {}

  void update(const AggregateInput& input, uint8_t* const* groups, idx_t offset,
              StringHeap& heap) const override {
    const Vector& values = *input.arguments[0];
    const DataType& type = argumentTypes()[0];
    forEachRow(input.rows, [&](idx_t row) {
      if (!values.isNull(row) && !type.isVoid())
        add(stateAt<HllState>(groups[row], offset), sparkXxHash64(values, row, type, 42), heap);
    });
  }

  void updateSingle(const AggregateInput& input, uint8_t* state, StringHeap& heap) const override {
    const Vector& values = *input.arguments[0];
    const DataType& type = argumentTypes()[0];
    HllState& hll = stateAt<HllState>(state, 0);
    forEachRow(input.rows, [&](idx_t row) {
      if (!values.isNull(row) && !type.isVoid())
        add(hll, sparkXxHash64(values, row, type, 42), heap);
    });
  }

  void combine(uint8_t* const*, uint8_t* const*, idx_t, idx_t) const override {
    SLUICE_UNREACHABLE("approx_count_distinct combines through combineWithHeap");
  }

  void combineWithHeap(uint8_t* const* sources, uint8_t* const* targets, idx_t count, idx_t offset,
                       StringHeap& heap) const override {
    for (idx_t i = 0; i < count; ++i) {
      const HllState& source = stateAt<HllState>(sources[i], offset);
      if (source.registers == nullptr)
        continue;
      HllState& target = stateAt<HllState>(targets[i], offset);
      if (target.registers == nullptr)
        allocate(target, heap);
      for (idx_t r = 0; r < registers_; ++r)
        target.registers[r] = std::max(target.registers[r], source.registers[r]);
    }
  }

  void finalize(uint8_t* const* states, idx_t count, idx_t offset, Vector& result,
                idx_t first_row) const override {
    auto* out = result.mutableData<int64_t>();
    for (idx_t i = 0; i < count; ++i) {
      const HllState& state = stateAt<HllState>(states[i], offset);
      out[first_row + i] = state.registers == nullptr ? 0 : estimate(state.registers);
    }
  }

 private:
  void allocate(HllState& state, StringHeap& heap) const {
    state.registers = reinterpret_cast<uint8_t*>(heap.allocate(registers_));
    std::memset(state.registers, 0, registers_);
  }

  void add(HllState& state, int64_t hash, StringHeap& heap) const {
    if (state.registers == nullptr)
      allocate(state, heap);
    auto bits = static_cast<uint64_t>(hash);
    idx_t index = bits >> (64 - bits_);
    // The remaining bits, padded with a one so that at most 64 - p + 1 zeros are counted.
    uint64_t rest = (bits << bits_) | (uint64_t{1} << (bits_ - 1));
    auto rank = static_cast<uint8_t>(__builtin_clzll(rest) + 1);
    state.registers[index] = std::max(state.registers[index], rank);
  }

  //! HyperLogLogPlusPlusHelper.query, without the bias correction.
  int64_t estimate(const uint8_t* registers) const {
    double m = static_cast<double>(registers_);
    double z_inverse = 0.0;
    double zeros = 0.0;
    for (idx_t r = 0; r < registers_; ++r) {
      z_inverse += 1.0 / static_cast<double>(uint64_t{1} << registers[r]);
      if (registers[r] == 0)
        zeros += 1.0;
    }
    double alpha_m2;
    switch (bits_) {
      case 4:
        alpha_m2 = 0.673 * m * m;
        break;
      case 5:
        alpha_m2 = 0.697 * m * m;
        break;
      case 6:
        alpha_m2 = 0.709 * m * m;
        break;
      default:
        alpha_m2 = (0.7213 / (1.0 + 1.079 / m)) * m * m;
        break;
    }
    double raw = alpha_m2 / z_inverse;
    double result = raw;
    if (zeros > 0) {
      // Linear counting below the threshold of p, or where the raw estimate is at most 2.5 m
      // (the original HLL rule).
      double linear = m * std::log(m / zeros);
      bool below_threshold = bits_ < kPlusPlusBits && linear <= kThresholds[bits_ - kMinBits];
      if (below_threshold || raw <= 2.5 * m)
        result = linear;
    }
    // Java's Math.round.
    return static_cast<int64_t>(std::floor(result + 0.5));
  }

  int bits_;
  idx_t registers_;
};

AggregateFunctionPtr bindApproxCountDistinct(const AggregateBindRequest& request) {
  refuseCollatedInput(request, "approx_count_distinct", 0);
  double relative_sd = 0.05;
  std::vector<DataType> argument_types{request.argument_types[0]};
  if (request.argument_types.size() > 1) {
    const DataType& type = request.argument_types[1];
    const Value* constant = request.argument_constants[1];
    // Spark takes a DOUBLE or DECIMAL literal here.
    bool numeric = type.id() == TypeId::kDouble || type.id() == TypeId::kDecimal ||
                   type.id() == TypeId::kFloat;
    if (!numeric || constant == nullptr || constant->isNull()) {
      throw Error(ErrorClass::DATATYPE_MISMATCH, "NON_FOLDABLE_INPUT",
                  fmt::format("Cannot resolve \"{}\" due to data type mismatch: the input "
                              "`relativeSD` should be a foldable \"DOUBLE\" expression; however, "
                              "got \"{}\".",
                              request.name, request.argument_sql[1]));
    }
    relative_sd = numericConstant(*constant);
    argument_types.push_back(type);
  }
  double bits = std::ceil(2.0 * std::log(1.106 / relative_sd) / std::log(2.0));
  if (!(bits >= kMinBits)) {
    throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                "requirement failed: HLL++ requires at least 4 bits for addressing. Use a lower "
                "error, at most 39%.");
  }
  if (bits > kMaxBits) {
    // Spark has no limit but memory; sluice keeps registers to 16 MiB per group.
    throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                fmt::format("The `relativeSD` of {} is too small: at most {} bits for "
                            "addressing are supported (relativeSD of at least 1.106 / 2^12).",
                            request.name, kMaxBits));
  }
  return std::make_shared<ApproxCountDistinct>(std::move(argument_types), static_cast<int>(bits));
}

}  // namespace

void registerApproxCountDistinctAggregates(AggregateRegistry& registry) {
  registry.add({"approx_count_distinct", 1, 2, bindApproxCountDistinct});
}

}  // namespace sluice

// src/function/scalar/random.cpp
//
// rand([seed]) / random([seed]): uniform DOUBLEs in [0, 1) from Spark's XORShiftRandom, seeded
// with seed + partition index and drawn in row order within the partition, so a seeded rand()
// gives the same values on every run whatever the thread count (partitions:
// exec/physical/physical_operator.hpp). Over one partition (VALUES, a range of at most 2048
// rows) they are Spark's values for spark.range(0, n, 1, 1). Without a seed (or with NULL,
// which Spark reads as 0 only when written as a literal NULL) the seed is random per query.
//
// XORShiftRandom hashes the seed (Scala's MurmurHash3.bytesHash of its 8 big-endian bytes,
// twice) into the generator state, steps it with xorshift (21, 35, 4), and builds each double
// as java.util.Random.nextDouble does from 26 + 27 bits.
//
// randn([seed]) draws standard normal DOUBLEs from the same generator as
// java.util.Random.nextGaussian does (Marsaglia's polar method, keeping the second value of
// each pair for the next row).
//
// shuffle(array) permutes each array with a Fisher-Yates shuffle drawn from the same generator,
// seeded at random per query (Spark draws its seed when the query is analyzed too, so no two
// runs need agree; its generator is a Mersenne twister, so the permutations differ from
// Spark's). A NULL array is NULL.
//
// uniform(min, max[, seed]) is Spark's rewrite CAST(min + (max - min) * rand(seed) AS type),
// computed in DOUBLE: the type is the wider of two integral bounds, else DOUBLE or FLOAT when a
// bound is one, else the wider DECIMAL; min and max must be constants.
//
// randstr(length[, seed]) draws each character from 0-9, a-z, A-Z as Spark's
// ExpressionImplUtils.randStr does: |nextInt() % 62| picks the digit or letter.

#include <chrono>
#include <cmath>

#include "common/error/error.hpp"
#include "common/hash/murmur3.hpp"
#include "function/function_registry.hpp"
#include "function/partition_state.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/collection/collection_common.hpp"

namespace sluice {

namespace {

class XorShiftRandom {
 public:
  explicit XorShiftRandom(int64_t seed) : state_(hashSeed(seed)) {}

  double nextDouble() {
    uint64_t high = next(26);
    uint64_t low = next(27);
    return static_cast<double>((high << 27) + low) * 0x1.0p-53;
  }

  //! java.util.Random.nextInt(): the low 32 bits of the next state, signed.
  int32_t nextInt() { return static_cast<int32_t>(static_cast<uint32_t>(next(32))); }

 private:
  static constexpr int32_t kArraySeed = 0x3c074a61;  // scala.util.hashing.MurmurHash3.arraySeed

  static uint64_t hashSeed(int64_t seed) {
    char bytes[8];
    for (int i = 0; i < 8; ++i)
      bytes[i] = static_cast<char>(static_cast<uint64_t>(seed) >> (56 - 8 * i));
    std::string_view view(bytes, 8);
    int32_t low = hash::murmur3HashBytesReference(view, kArraySeed);
    int32_t high = hash::murmur3HashBytesReference(view, low);
    return (static_cast<uint64_t>(static_cast<uint32_t>(high)) << 32) | static_cast<uint32_t>(low);
  }

  uint64_t next(int bits) {
    uint64_t next_state = state_ ^ (state_ << 21);
    next_state ^= next_state >> 35;
    next_state ^= next_state << 4;
    state_ = next_state;
    return next_state & ((uint64_t{1} << bits) - 1);
  }

  uint64_t state_;
};

//! java.util.Random.nextGaussian over XorShiftRandom.
class GaussianRandom {
 public:
  explicit GaussianRandom(int64_t seed) : uniform_(seed) {}

  double nextGaussian() {
    if (has_next_) {
      has_next_ = false;
      return next_;
    }
    double v1 = 0.0;
    double v2 = 0.0;
    double s = 0.0;
    do {
      v1 = 2 * uniform_.nextDouble() - 1;
      v2 = 2 * uniform_.nextDouble() - 1;
      s = v1 * v1 + v2 * v2;
    } while (s >= 1 || s == 0);
    double multiplier = std::sqrt(-2 * std::log(s) / s);
    next_ = v2 * multiplier;
    has_next_ = true;
    return v1 * multiplier;
  }

 private:
  XorShiftRandom uniform_;
  bool has_next_ = false;
  double next_ = 0.0;
};

//! The seed of rand / randn: a constant integer argument (NULL as 0), else random per query.
int64_t randomSeedArgument(const BindRequest& request, std::vector<DataType>& argument_types) {
  int64_t seed = std::chrono::steady_clock::now().time_since_epoch().count();
  if (request.argument_types.empty())
    return seed;
  const DataType& type = request.argument_types[0];
  const Value* constant = constantArgument(request, 0);
  if (constant == nullptr || !(type.isIntegral() || type.isVoid())) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "NON_FOLDABLE_INPUT",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: the input `seed` "
                            "should be a foldable \"INT\" or \"BIGINT\" expression.",
                            request.name));
  }
  argument_types.push_back(type.isVoid() ? DataType::longType() : type);
  return constant->isNull() ? 0 : constant->getInt64();
}

BoundScalarFunction bindRandn(const BindRequest& request) {
  std::vector<DataType> argument_types;
  int64_t seed = randomSeedArgument(request, argument_types);
  ScalarKernel kernel = [seed](const ExecContext& context, const ArgumentVectors&,
                               const RowSet& rows, Vector& result) {
    auto make = [seed](uint32_t partition) {
      return GaussianRandom(static_cast<int64_t>(static_cast<uint64_t>(seed) + partition));
    };
    withPartitionState<GaussianRandom>(context, make, [&](GaussianRandom& random, uint32_t) {
      double* out = result.mutableData<double>();
      forEachRow(rows, [&](idx_t row) {
        result.setNull(row, false);
        out[row] = random.nextGaussian();
      });
    });
  };
  BoundScalarFunction bound{"randn", argument_types, DataType::doubleType(), std::move(kernel)};
  bound.deterministic = false;
  return bound;
}

BoundScalarFunction bindRandStr(const BindRequest& request) {
  const Value* length = constantArgument(request, 0);
  const DataType& length_type = request.argument_types[0];
  if (length == nullptr ||
      !(length_type.id() == TypeId::kInt || length_type.id() == TypeId::kShort ||
        length_type.id() == TypeId::kByte)) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "NON_FOLDABLE_INPUT",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: the input `length` "
                            "should be a foldable \"INT\" expression.",
                            request.name));
  }
  int64_t count = length->isNull() ? 0 : length->getInt64();
  if (count < 0) {
    throw Error(ErrorClass::INVALID_PARAMETER_VALUE, "LENGTH",
                fmt::format("The value of parameter(s) `length` in `randstr` is invalid: Expects "
                            "`length` greater than or equal to 0, but got {}.",
                            count));
  }
  BindRequest seed_request = request;
  seed_request.argument_types.erase(seed_request.argument_types.begin());
  seed_request.argument_is_literal.erase(seed_request.argument_is_literal.begin());
  seed_request.argument_constants.erase(seed_request.argument_constants.begin());
  std::vector<DataType> argument_types{DataType::intType()};
  int64_t seed = randomSeedArgument(seed_request, argument_types);
  ScalarKernel kernel = [seed, count](const ExecContext& context, const ArgumentVectors&,
                                      const RowSet& rows, Vector& result) {
    auto make = [seed](uint32_t partition) {
      return XorShiftRandom(static_cast<int64_t>(static_cast<uint64_t>(seed) + partition));
    };
    withPartitionState<XorShiftRandom>(context, make, [&](XorShiftRandom& random, uint32_t) {
      std::string text(static_cast<size_t>(count), ' ');
      StringView* out = result.mutableData<StringView>();
      forEachRow(rows, [&](idx_t row) {
        for (char& c : text) {
          int32_t v = std::abs(random.nextInt() % 62);
          c = static_cast<char>(v < 10 ? '0' + v : (v < 36 ? 'a' + (v - 10) : 'A' + (v - 36)));
        }
        result.setNull(row, false);
        out[row] = result.addString(text);
      });
    });
  };
  BoundScalarFunction bound{"randstr", argument_types, DataType::string(), std::move(kernel)};
  bound.deterministic = false;
  return bound;
}

//! Spark's Uniform.dataType for bounds of types `left` and `right`.
DataType uniformResultType(const DataType& left, const DataType& right) {
  if (left.isIntegral() && right.isIntegral())
    return left.id() >= right.id() ? left : right;
  if (left.id() == TypeId::kDouble || right.id() == TypeId::kDouble)
    return DataType::doubleType();
  if (left.id() == TypeId::kFloat || right.id() == TypeId::kFloat)
    return DataType::floatType();
  if (left.isDecimal() && right.isDecimal()) {
    bool left_wider = left.precision() - left.scale() >= right.precision() - right.scale() &&
                      left.scale() >= right.scale();
    return left_wider ? left : right;
  }
  return right.isDecimal() ? right : left;
}

BoundScalarFunction bindUniform(const BindRequest& request) {
  for (size_t index = 0; index < 2; ++index) {
    const DataType& type = request.argument_types[index];
    if (constantArgument(request, index) == nullptr || !(type.isNumeric() || type.isVoid())) {
      throw Error(ErrorClass::DATATYPE_MISMATCH, "NON_FOLDABLE_INPUT",
                  fmt::format("Cannot resolve \"{}\" due to data type mismatch: the input `{}` "
                              "should be a foldable integer or floating-point expression.",
                              request.name, index == 0 ? "min" : "max"));
    }
  }
  BindRequest seed_request = request;
  for (int drop = 0; drop < 2; ++drop) {
    seed_request.argument_types.erase(seed_request.argument_types.begin());
    seed_request.argument_is_literal.erase(seed_request.argument_is_literal.begin());
    seed_request.argument_constants.erase(seed_request.argument_constants.begin());
  }
  std::vector<DataType> seed_types;
  int64_t seed = randomSeedArgument(seed_request, seed_types);
  const Value* low = constantArgument(request, 0);
  const Value* high = constantArgument(request, 1);
  if (low->isNull() || high->isNull()) {
    DataType type = low->isNull() ? request.argument_types[1] : request.argument_types[0];
    ScalarKernel nulls = [](const ExecContext&, const ArgumentVectors&, const RowSet& rows,
                            Vector& result) {
      forEachRow(rows, [&](idx_t row) { result.setNull(row); });
    };
    std::vector<DataType> types{request.argument_types[0], request.argument_types[1]};
    types.insert(types.end(), seed_types.begin(), seed_types.end());
    BoundScalarFunction bound{"uniform", types, type.isVoid() ? DataType::voidType() : type,
                              std::move(nulls)};
    return bound;
  }
  DataType type = uniformResultType(request.argument_types[0], request.argument_types[1]);
  std::vector<DataType> types{DataType::doubleType(), DataType::doubleType()};
  types.insert(types.end(), seed_types.begin(), seed_types.end());
  ScalarKernel kernel = [seed, type](const ExecContext& context, const ArgumentVectors& args,
                                     const RowSet& rows, Vector& result) {
    double min = args[0]->at<double>(0);
    double max = args[1]->at<double>(0);
    auto make = [seed](uint32_t partition) {
      return XorShiftRandom(static_cast<int64_t>(static_cast<uint64_t>(seed) + partition));
    };
    withPartitionState<XorShiftRandom>(context, make, [&](XorShiftRandom& random, uint32_t) {
      forEachRow(rows, [&](idx_t row) {
        double value = min + (max - min) * random.nextDouble();
        result.setNull(row, false);
        switch (type.id()) {
          case TypeId::kByte:
            result.mutableData<int8_t>()[row] = static_cast<int8_t>(value);
            break;
          case TypeId::kShort:
            result.mutableData<int16_t>()[row] = static_cast<int16_t>(value);
            break;
          case TypeId::kInt:
            result.mutableData<int32_t>()[row] = static_cast<int32_t>(value);
            break;
          case TypeId::kLong:
            result.mutableData<int64_t>()[row] = static_cast<int64_t>(value);
            break;
          case TypeId::kFloat:
            result.mutableData<float>()[row] = static_cast<float>(value);
            break;
          case TypeId::kDecimal: {
            // CAST(DOUBLE AS DECIMAL) rounds HALF_UP at the scale.
            double unscaled = std::round(value * std::pow(10.0, type.scale()));
            if (type.isWideDecimal())
              result.mutableData<int128_t>()[row] = static_cast<int128_t>(unscaled);
            else
              result.mutableData<int64_t>()[row] = static_cast<int64_t>(unscaled);
            break;
          }
          default:
            result.mutableData<double>()[row] = value;
        }
      });
    });
  };
  BoundScalarFunction bound{"uniform", std::move(types), type, std::move(kernel)};
  bound.deterministic = false;
  return bound;
}

BoundScalarFunction bindShuffle(const BindRequest& request) {
  DataType array = arrayArgument(request, 0);
  int64_t seed = std::chrono::steady_clock::now().time_since_epoch().count();
  ScalarKernel permute = [seed, array](const ExecContext& context, const ArgumentVectors& args,
                                       const RowSet& rows, Vector& result) {
    auto make = [seed](uint32_t partition) {
      return XorShiftRandom(static_cast<int64_t>(static_cast<uint64_t>(seed) + partition));
    };
    withPartitionState<XorShiftRandom>(context, make, [&](XorShiftRandom& random, uint32_t) {
      ScalarKernel each = boxedKernel([&](const std::vector<Value>& values) {
        std::vector<Value> elements = values[0].children();
        for (size_t i = elements.size(); i > 1; --i) {
          auto j = static_cast<size_t>(random.nextDouble() * static_cast<double>(i));
          std::swap(elements[i - 1], elements[j]);
        }
        return arrayValue(array, std::move(elements));
      });
      each(context, args, rows, result);
    });
  };
  BoundScalarFunction bound{"shuffle", {array}, array, std::move(permute)};
  bound.deterministic = false;
  return bound;
}

BoundScalarFunction bindRand(const BindRequest& request) {
  int64_t seed = std::chrono::steady_clock::now().time_since_epoch().count();
  std::vector<DataType> argument_types;
  if (!request.argument_types.empty()) {
    const DataType& type = request.argument_types[0];
    const Value* constant = constantArgument(request, 0);
    if (constant == nullptr || !(type.isIntegral() || type.isVoid())) {
      throw Error(ErrorClass::DATATYPE_MISMATCH, "NON_FOLDABLE_INPUT",
                  fmt::format("Cannot resolve \"{}\" due to data type mismatch: the input `seed` "
                              "should be a foldable \"INT\" or \"BIGINT\" expression.",
                              request.name));
    }
    seed = constant->isNull() ? 0 : constant->getInt64();
    argument_types.push_back(type.isVoid() ? DataType::longType() : type);
  }
  ScalarKernel kernel = [seed](const ExecContext& context, const ArgumentVectors&,
                               const RowSet& rows, Vector& result) {
    auto make = [seed](uint32_t partition) {
      // Spark adds the partition to the seed as a Long, wrapping.
      return XorShiftRandom(static_cast<int64_t>(static_cast<uint64_t>(seed) + partition));
    };
    withPartitionState<XorShiftRandom>(context, make, [&](XorShiftRandom& random, uint32_t) {
      double* out = result.mutableData<double>();
      forEachRow(rows, [&](idx_t row) {
        result.setNull(row, false);
        out[row] = random.nextDouble();
      });
    });
  };
  BoundScalarFunction bound{"rand", argument_types, DataType::doubleType(), std::move(kernel)};
  bound.deterministic = false;
  return bound;
}

}  // namespace

void registerRandomFunctions(FunctionRegistry& registry) {
  registry.addScalar({"rand", 0, 1, bindRand}, {"random"});
  registry.addScalar({"uniform", 2, 3, bindUniform});
  registry.addScalar({"randstr", 1, 2, bindRandStr});
  registry.addScalar({"shuffle", 1, 1, bindShuffle});
  registry.addScalar({"randn", 0, 1, bindRandn});
}

}  // namespace sluice

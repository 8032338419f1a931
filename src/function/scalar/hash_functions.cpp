// src/function/scalar/hash_functions.cpp
//
// hash(...) (Murmur3_x86_32, INT) and xxhash64(...) (XXH64, BIGINT), both seeded with 42 and
// folded over the arguments: each argument's hash is the seed of the next, and a NULL leaves
// the running hash unchanged, so hash(NULL) is 42. Values are hashed as Spark's
// InterpretedHashFunction does: BOOLEAN, TINYINT, SMALLINT, INT, DATE and year-month intervals
// as an int; BIGINT, TIMESTAMP and day-time intervals as a long; FLOAT and DOUBLE by their
// IEEE bits with -0.0 as 0.0 (and NaN canonical); DECIMAL up to 18 digits as its unscaled long,
// wider ones by the bytes of the unscaled BigInteger; STRING and BINARY by their bytes; ARRAY
// elements and STRUCT fields in order. MAP arguments are rejected (HASH_MAP_TYPE in Spark).

#include <cmath>
#include <cstring>
#include <limits>

#include "common/error/error.hpp"
#include "common/hash/murmur3.hpp"
#include "common/hash/xxhash64.hpp"
#include "function/function_registry.hpp"
#include "function/physical_type.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/spark_hash.hpp"

namespace sluice {

namespace {

struct Murmur3Hasher {
  using Seed = int32_t;
  static constexpr Seed kSeed = 42;
  static Seed hashInt(int32_t value, Seed seed) { return hash::murmur3HashInt(value, seed); }
  static Seed hashLong(int64_t value, Seed seed) { return hash::murmur3HashLong(value, seed); }
  static Seed hashBytes(std::string_view bytes, Seed seed) {
    return hash::murmur3HashBytes(bytes, seed);
  }
};

struct XxHash64Hasher {
  using Seed = int64_t;
  static constexpr Seed kSeed = 42;
  static Seed hashInt(int32_t value, Seed seed) { return hash::xxhash64Int(value, seed); }
  static Seed hashLong(int64_t value, Seed seed) { return hash::xxhash64Long(value, seed); }
  static Seed hashBytes(std::string_view bytes, Seed seed) {
    return hash::xxhash64Bytes(bytes, seed);
  }
};

//! BigInteger.toByteArray of a 128-bit value: minimal two's complement, big-endian.
std::string bigIntegerBytes(int128_t value) {
  std::string bytes;
  auto bits = static_cast<unsigned __int128>(value);
  for (int i = 15; i >= 0; --i)
    bytes += static_cast<char>(static_cast<uint8_t>(bits >> (8 * i)));
  size_t first = 0;
  // Drop leading bytes that only repeat the sign of the next one.
  while (first + 1 < bytes.size()) {
    auto current = static_cast<uint8_t>(bytes[first]);
    auto next = static_cast<uint8_t>(bytes[first + 1]);
    if ((current == 0x00 && next < 0x80) || (current == 0xFF && next >= 0x80)) {
      ++first;
    } else {
      break;
    }
  }
  return bytes.substr(first);
}

template <typename H, typename T>
typename H::Seed hashScalar(const T& value, const DataType& type, typename H::Seed seed) {
  if constexpr (std::is_same_v<T, StringView>) {
    return H::hashBytes(value.view(), seed);
  } else if constexpr (std::is_same_v<T, float>) {
    if (value == 0.0f)
      return H::hashInt(0, seed);
    float canonical = std::isnan(value) ? std::numeric_limits<float>::quiet_NaN() : value;
    int32_t bits;
    std::memcpy(&bits, &canonical, sizeof(bits));
    return H::hashInt(std::isnan(value) ? 0x7fc00000 : bits, seed);
  } else if constexpr (std::is_same_v<T, double>) {
    if (value == 0.0)
      return H::hashLong(0, seed);
    int64_t bits;
    std::memcpy(&bits, &value, sizeof(bits));
    return H::hashLong(std::isnan(value) ? 0x7ff8000000000000LL : bits, seed);
  } else if constexpr (std::is_same_v<T, int128_t>) {
    return H::hashBytes(bigIntegerBytes(value), seed);
  } else if constexpr (sizeof(T) == 8) {
    return H::hashLong(value, seed);
  } else {
    return H::hashInt(static_cast<int32_t>(value), seed);
  }
}

//! Hashes one value of any type (row of a flat or constant vector, or a child element).
template <typename H>
typename H::Seed hashAt(const Vector& vector, idx_t row, const DataType& type,
                        typename H::Seed seed) {
  if (vector.isNull(row))
    return seed;
  switch (type.id()) {
    case TypeId::kArray: {
      const ListEntry& entry = vector.at<ListEntry>(row);
      for (uint32_t k = 0; k < entry.length; ++k) {
        seed = hashAt<H>(vector.child(0), entry.offset + k, type.elementType(), seed);
      }
      return seed;
    }
    case TypeId::kStruct: {
      idx_t slot = vector.slot(row);
      for (size_t field = 0; field < type.fields().size(); ++field) {
        seed = hashAt<H>(vector.child(field), slot, type.fields()[field].type, seed);
      }
      return seed;
    }
    case TypeId::kMap: {
      const ListEntry& entry = vector.at<ListEntry>(row);
      const Vector& entries = vector.child(0);
      for (uint32_t k = 0; k < entry.length; ++k) {
        seed = hashAt<H>(entries.child(0), entry.offset + k, type.keyType(), seed);
        seed = hashAt<H>(entries.child(1), entry.offset + k, type.valueType(), seed);
      }
      return seed;
    }
    case TypeId::kVoid:
      return seed;
    default:
      return visitScalarType(
          type, [&]<typename T>() { return hashScalar<H>(vector.at<T>(row), type, seed); });
  }
}

//! Folds one argument column into the running hashes, dispatching on its type once.
template <typename H>
void hashColumn(const Vector& vector, const DataType& type, const RowSet& rows,
                typename H::Seed* seeds) {
  if (type.isNested() || type.isVoid()) {
    forEachRow(rows, [&](idx_t row) { seeds[row] = hashAt<H>(vector, row, type, seeds[row]); });
    return;
  }
  visitScalarType(type, [&]<typename T>() {
    forEachRow(rows, [&](idx_t row) {
      if (!vector.isNull(row))
        seeds[row] = hashScalar<H>(vector.at<T>(row), type, seeds[row]);
    });
  });
}

template <typename H>
BoundScalarFunction bindHash(std::string name, DataType return_type, const BindRequest& request) {
  if (request.argument_types.empty()) {
    throw Error(ErrorClass::WRONG_NUM_ARGS, "WITHOUT_SUGGESTION",
                fmt::format("The `{}` requires > 0 parameters but the actual number is 0.", name));
  }
  for (const DataType& type : request.argument_types) {
    if (containsMapType(type)) {
      throw Error(
          ErrorClass::DATATYPE_MISMATCH, "HASH_MAP_TYPE",
          fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input to the function `{}` "
                      "cannot contain elements of the \"MAP\" type.",
                      name, name));
    }
    if (containsVariantType(type)) {
      throw Error(
          ErrorClass::DATATYPE_MISMATCH, "HASH_VARIANT_TYPE",
          fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input to the function `{}` "
                      "cannot contain elements of the \"VARIANT\" type.",
                      name, name));
    }
  }
  std::vector<DataType> types = request.argument_types;
  ScalarKernel kernel = [types](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                                Vector& result) {
    auto* seeds = result.mutableData<typename H::Seed>();
    forEachRow(rows, [&](idx_t row) {
      result.setNull(row, false);
      seeds[row] = H::kSeed;
    });
    for (size_t i = 0; i < args.size(); ++i)
      hashColumn<H>(*args[i], types[i], rows, seeds);
  };
  return {std::move(name), request.argument_types, std::move(return_type), std::move(kernel)};
}

}  // namespace

int64_t sparkXxHash64(const Vector& vector, idx_t row, const DataType& type, int64_t seed) {
  return hashAt<XxHash64Hasher>(vector, row, type, seed);
}

void registerHashFunctions(FunctionRegistry& registry) {
  registry.addScalar({"hash", 0, -1, [](const BindRequest& r) {
                        return bindHash<Murmur3Hasher>("hash", DataType::intType(), r);
                      }});
  registry.addScalar({"xxhash64", 0, -1, [](const BindRequest& r) {
                        return bindHash<XxHash64Hasher>("xxhash64", DataType::longType(), r);
                      }});
}

}  // namespace sluice

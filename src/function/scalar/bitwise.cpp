// src/function/scalar/bitwise.cpp
//
// The bitwise operators & | ^ ~, shiftleft / shiftright / shiftrightunsigned (and their
// operators << >> >>> of Spark 4) and bit_count.
// - & | ^ take two integral operands of a common type and keep it; ~ keeps its operand's type.
// - Shifts take INT or BIGINT (TINYINT and SMALLINT widen to INT) and an INT count; as in
//   Java, only the low 5 (INT) or 6 (BIGINT) bits of the count are used.
// - bit_count counts the set bits of the value sign-extended to 64 bits (Java's
//   Long.bitCount of the widened value), so bit_count(-1) is 64; a BOOLEAN counts as 0 or 1.
// - bit_get / getbit(x, pos) is bit pos (0 the lowest) of integral x as a TINYINT 0 or 1; pos
//   outside the type's bits is INVALID_PARAMETER_VALUE.BIT_POSITION_RANGE.

#include "common/error/error.hpp"
#include "common/types/type_coercion.hpp"
#include "function/function_registry.hpp"
#include "function/physical_type.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/kernel_loops.hpp"

namespace sluice {

namespace {

enum class BitOp { kAnd, kOr, kXor };

std::string_view bitOpName(BitOp op) {
  switch (op) {
    case BitOp::kAnd:
      return "&";
    case BitOp::kOr:
      return "|";
    case BitOp::kXor:
      return "^";
  }
  return "?";
}

BoundScalarFunction bindBitwiseBinary(BitOp op, const BindRequest& request) {
  DataType left = request.argument_types[0];
  DataType right = request.argument_types[1];
  if (auto promoted = stringPromotionType(left, right))
    left = right = *promoted;
  if (left.isVoid())
    left = right.isVoid() ? DataType::intType() : right;
  if (right.isVoid())
    right = left;
  auto common = findTightestCommonType(left, right);
  requireArgumentType(
      common && common->isIntegral(), request.name,
      fmt::format("the binary operator requires the input type \"INTEGRAL\", not "
                  "\"{}\" and \"{}\"",
                  request.argument_types[0].sql(), request.argument_types[1].sql()));
  ScalarKernel kernel = visitNumericType(*common, [&]<typename T>() -> ScalarKernel {
    if constexpr (std::is_integral_v<T>) {
      return [op](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                  Vector& result) {
        binaryLoop<T, T, T>(*args[0], *args[1], rows, result, [op](T a, T b, idx_t) -> T {
          switch (op) {
            case BitOp::kAnd:
              return static_cast<T>(a & b);
            case BitOp::kOr:
              return static_cast<T>(a | b);
            case BitOp::kXor:
              return static_cast<T>(a ^ b);
          }
          return 0;
        });
      };
    } else {
      SLUICE_UNREACHABLE("bitwise operator on a non-integral type");
    }
  });
  return {std::string(bitOpName(op)), {*common, *common}, *common, std::move(kernel)};
}

BoundScalarFunction bindBitwiseNot(const BindRequest& request) {
  DataType type = request.argument_types[0];
  if (type.isVoid())
    type = DataType::intType();
  if (type.id() == TypeId::kString)
    type = DataType::longType();
  requireArgumentType(type.isIntegral(), request.name,
                      fmt::format("the operand of ~ requires the \"INTEGRAL\" type, not \"{}\"",
                                  request.argument_types[0].sql()));
  ScalarKernel kernel = visitNumericType(type, [&]<typename T>() -> ScalarKernel {
    if constexpr (std::is_integral_v<T>) {
      return [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                Vector& result) {
        unaryLoop<T, T>(*args[0], rows, result, [](T a, idx_t) -> T { return static_cast<T>(~a); });
      };
    } else {
      SLUICE_UNREACHABLE("~ on a non-integral type");
    }
  });
  return {"~", {type}, type, std::move(kernel)};
}

enum class ShiftOp { kLeft, kRight, kRightUnsigned };

template <typename T>
T shiftValue(ShiftOp op, T value, int32_t count) {
  using Unsigned = std::make_unsigned_t<T>;
  int bits = static_cast<int>(sizeof(T) * 8);
  int shift = count & (bits - 1);
  switch (op) {
    case ShiftOp::kLeft:
      return static_cast<T>(static_cast<Unsigned>(value) << shift);
    case ShiftOp::kRight:
      return static_cast<T>(value >> shift);
    case ShiftOp::kRightUnsigned:
      return static_cast<T>(static_cast<Unsigned>(value) >> shift);
  }
  return value;
}

BoundScalarFunction bindShift(std::string name, ShiftOp op, const BindRequest& request) {
  DataType base =
      request.argument_types[0].id() == TypeId::kLong
          ? DataType::longType()
          : expectArgumentOneOf(request, 0, {DataType::intType(), DataType::longType()});
  if (base.isDecimal() || base.isFloating())
    base = expectArgument(request, 0, DataType::intType());
  DataType count = expectArgument(request, 1, DataType::intType());
  ScalarKernel kernel = visitNumericType(base, [&]<typename T>() -> ScalarKernel {
    if constexpr (std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>) {
      return [op](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                  Vector& result) {
        binaryLoop<T, int32_t, T>(
            *args[0], *args[1], rows, result,
            [op](T value, int32_t shift, idx_t) { return shiftValue(op, value, shift); });
      };
    } else {
      SLUICE_UNREACHABLE("shift of a type other than INT or BIGINT");
    }
  });
  return {std::move(name), {base, count}, base, std::move(kernel)};
}

BoundScalarFunction bindBitCount(const BindRequest& request) {
  DataType type = request.argument_types[0];
  if (type.isVoid() || type.id() == TypeId::kString)
    type = DataType::longType();
  requireArgumentType(type.isIntegral() || type.id() == TypeId::kBoolean, request.name,
                      fmt::format("the input of bit_count must be integral or boolean, not \"{}\"",
                                  request.argument_types[0].sql()));
  ScalarKernel kernel = visitScalarType(type, [&]<typename T>() -> ScalarKernel {
    if constexpr (std::is_integral_v<T>) {
      return
          [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows, Vector& result) {
            unaryLoop<T, int32_t>(*args[0], rows, result, [](T value, idx_t) -> int32_t {
              if constexpr (std::is_same_v<T, uint8_t>)
                return value != 0;  // BOOLEAN
              return __builtin_popcountll(static_cast<uint64_t>(static_cast<int64_t>(value)));
            });
          };
    } else {
      SLUICE_UNREACHABLE("bit_count of a non-integral type");
    }
  });
  return {"bit_count", {type}, DataType::intType(), std::move(kernel)};
}

BoundScalarFunction bindBitGet(const BindRequest& request) {
  DataType type = request.argument_types[0];
  if (type.isVoid())
    type = DataType::longType();
  requireArgumentType(type.isIntegral(), request.name,
                      fmt::format("the first input of {} must be integral, not \"{}\"",
                                  request.name, request.argument_types[0].sql()));
  DataType position = expectArgument(request, 1, DataType::intType());
  std::string name(request.name);
  ScalarKernel kernel = visitNumericType(type, [&]<typename T>() -> ScalarKernel {
    if constexpr (std::is_integral_v<T>) {
      return [name](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                    Vector& result) {
        constexpr int32_t kBits = static_cast<int32_t>(sizeof(T) * 8);
        binaryLoop<T, int32_t, int8_t>(
            *args[0], *args[1], rows, result, [&](T value, int32_t pos, idx_t) -> int8_t {
              if (pos < 0 || pos >= kBits) {
                throw Error(ErrorClass::INVALID_PARAMETER_VALUE, "BIT_POSITION_RANGE",
                            fmt::format("The value of parameter(s) `pos` in `{}` is invalid: "
                                        "expects an integer value in [0, {}), but got {}.",
                                        name, kBits, pos));
              }
              return static_cast<int8_t>((static_cast<uint64_t>(value) >> pos) & 1);
            });
      };
    } else {
      SLUICE_UNREACHABLE("bit_get of a non-integral type");
    }
  });
  return {std::move(name), {type, position}, DataType::byteType(), std::move(kernel)};
}

}  // namespace

void registerBitwiseFunctions(FunctionRegistry& registry) {
  for (const char* name : {"bit_get", "getbit"}) {
    registry.addScalar({name, 2, 2, bindBitGet});
  }
  for (BitOp op : {BitOp::kAnd, BitOp::kOr, BitOp::kXor}) {
    registry.addScalar({std::string(bitOpName(op)), 2, 2,
                        [op](const BindRequest& r) { return bindBitwiseBinary(op, r); }});
  }
  registry.addScalar({"~", 1, 1, bindBitwiseNot});
  registry.addScalar(
      {"shiftleft", 2, 2,
       [](const BindRequest& r) { return bindShift("shiftleft", ShiftOp::kLeft, r); }},
      {"<<"});
  registry.addScalar(
      {"shiftright", 2, 2,
       [](const BindRequest& r) { return bindShift("shiftright", ShiftOp::kRight, r); }},
      {">>"});
  registry.addScalar({"shiftrightunsigned", 2, 2,
                      [](const BindRequest& r) {
                        return bindShift("shiftrightunsigned", ShiftOp::kRightUnsigned, r);
                      }},
                     {">>>"});
  registry.addScalar({"bit_count", 1, 1, bindBitCount});
}

}  // namespace sluice

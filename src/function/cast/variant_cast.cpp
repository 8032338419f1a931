// src/function/cast/variant_cast.cpp
#include "function/cast/variant_cast.hpp"

#include <algorithm>
#include <limits>

#include "common/check.hpp"
#include "common/error/error.hpp"
#include "common/types/decimal.hpp"
#include "common/types/time_units.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/type_coercion.hpp"
#include "common/variant/variant_json.hpp"
#include "function/cast/cast.hpp"
#include "function/physical_type.hpp"
#include "function/scalar/datetime_common.hpp"
#include "function/scalar/kernel_loops.hpp"

namespace sluice {

namespace {

using variant::Type;
using variant::VariantBuilder;
using variant::VariantRef;

//! A primitive variant as a value of its own SQL type (Spark's Literal per variant type).
Value primitiveValue(const VariantRef& value) {
  switch (value.type()) {
    case Type::kBoolean:
      return Value::boolean(value.getBoolean());
    case Type::kLong:
      return Value::longValue(value.getLong());
    case Type::kString:
      return Value::string(std::string(value.getString()));
    case Type::kDouble:
      return Value::doubleValue(value.getDouble());
    case Type::kFloat:
      return Value::floatValue(value.getFloat());
    case Type::kDecimal: {
      variant::DecimalValue decimal = variant::stripTrailingZeros(value.getDecimal());
      int precision = std::max(decimal::digitCount(decimal.unscaled), decimal.scale);
      return Value::decimal(decimal.unscaled, std::min<int>(precision, 38), decimal.scale);
    }
    case Type::kDate:
      return Value::date(static_cast<int32_t>(value.getLong()));
    case Type::kTimestamp:
      return Value::timestamp(value.getLong());
    case Type::kTimestampNtz:
      return Value::timestampNtz(value.getLong());
    case Type::kBinary:
      return Value::binary(std::string(value.getString()));
    default:
      SLUICE_UNREACHABLE("primitiveValue of a non-primitive variant");
  }
}

[[noreturn]] void raiseInvalidCast(const ExecContext& context, const VariantRef& value,
                                   const DataType& to) {
  std::string json;
  variant::appendJsonText(json, value, datetime::sessionZone(context));
  throw Error(ErrorClass::INVALID_VARIANT_CAST,
              fmt::format("The variant value `{}` cannot be cast into `\"{}\"`. Please use "
                          "`try_variant_get` instead.",
                          json, to.sql()));
}

//! The result of a cast that fails: NULL in try mode, else INVALID_VARIANT_CAST.
Value failedCast(const ExecContext& context, const VariantRef& value, const DataType& to,
                 bool try_mode) {
  if (try_mode)
    return Value::null(to);
  raiseInvalidCast(context, value, to);
}

//! Seconds to microseconds for a TIMESTAMP target; nullopt on overflow (Spark's strict
//! multiplyExact here, where CAST would saturate).
std::optional<int64_t> secondsToMicros(const Value& seconds) {
  if (seconds.type().id() == TypeId::kLong) {
    int64_t micros;
    if (__builtin_mul_overflow(seconds.getInt64(), kMicrosPerSecond, &micros))
      return std::nullopt;
    return micros;
  }
  // DECIMAL: truncated toward zero after scaling.
  int128_t scaled = seconds.getDecimalUnscaled();
  int scale = seconds.type().scale();
  int128_t factor = kMicrosPerSecond;
  if (__builtin_mul_overflow(scaled, factor, &scaled))
    return std::nullopt;
  scaled /= decimal::powerOfTen(scale);
  if (scaled < std::numeric_limits<int64_t>::min() || scaled > std::numeric_limits<int64_t>::max())
    return std::nullopt;
  return static_cast<int64_t>(scaled);
}

Value scalarFromVariant(const ExecContext& context, const VariantRef& value, const DataType& to,
                        bool try_mode) {
  auto invalid = [&] { return failedCast(context, value, to, try_mode); };
  Type type = value.type();
  if (type == Type::kObject || type == Type::kArray) {
    if (to.id() != TypeId::kString)
      return invalid();
    std::string json;
    variant::appendJsonText(json, value, datetime::sessionZone(context));
    return Value::string(std::move(json));
  }
  if (type == Type::kUuid) {
    if (to.id() != TypeId::kString)
      return invalid();
    return Value::string(variant::formatUuid(value.getUuid()));
  }
  Value literal = primitiveValue(value);
  if (literal.type() == to)
    return literal;
  if (to.id() == TypeId::kTimestamp &&
      (literal.type().id() == TypeId::kLong || literal.type().isDecimal())) {
    std::optional<int64_t> micros = secondsToMicros(literal);
    return micros ? Value::timestamp(*micros) : invalid();
  }
  if (!canAnsiCast(literal.type(), to))
    return invalid();
  Value result = castValue(context, literal, to, /*try_mode=*/true);
  return result.isNull() ? invalid() : result;
}

//! A value of `to` built from the variant's elements, for ARRAY, MAP and STRUCT targets.
Value nestedFromVariant(const ExecContext& context, const VariantRef& value, const DataType& to,
                        bool try_mode) {
  auto invalid = [&] { return failedCast(context, value, to, try_mode); };
  Type type = value.type();
  std::vector<Value> children;
  switch (to.id()) {
    case TypeId::kArray: {
      if (type != Type::kArray)
        return invalid();
      uint32_t size = value.arraySize();
      children.reserve(size);
      for (uint32_t i = 0; i < size; ++i)
        children.push_back(variantToValue(context, value.elementAt(i), to.elementType(), try_mode));
      break;
    }
    case TypeId::kMap: {
      if (type != Type::kObject)
        return invalid();
      uint32_t size = value.objectSize();
      children.reserve(size);
      for (uint32_t i = 0; i < size; ++i) {
        variant::ObjectField field = value.fieldAt(i);
        children.push_back(Value::nested(
            to.childType(), {Value::string(std::string(field.key)),
                             variantToValue(context, field.value, to.valueType(), try_mode)}));
      }
      break;
    }
    default: {
      SLUICE_CHECK(to.id() == TypeId::kStruct);
      if (type != Type::kObject)
        return invalid();
      const std::vector<StructField>& fields = to.fields();
      for (const StructField& field : fields)
        children.push_back(Value::null(field.type));
      uint32_t size = value.objectSize();
      for (uint32_t i = 0; i < size; ++i) {
        variant::ObjectField field = value.fieldAt(i);
        auto match = std::find_if(fields.begin(), fields.end(),
                                  [&](const StructField& f) { return f.name == field.key; });
        if (match != fields.end()) {
          size_t index = static_cast<size_t>(match - fields.begin());
          children[index] = variantToValue(context, field.value, match->type, try_mode);
        }
      }
      break;
    }
  }
  return Value::nested(to, std::move(children));
}

}  // namespace

void appendToVariant(VariantBuilder& builder, const Value& value) {
  if (value.isNull()) {
    builder.appendNull();
    return;
  }
  const DataType& type = value.type();
  switch (type.id()) {
    case TypeId::kVoid:
      builder.appendNull();
      return;
    case TypeId::kBoolean:
      builder.appendBoolean(value.getBoolean());
      return;
    case TypeId::kByte:
    case TypeId::kShort:
    case TypeId::kInt:
    case TypeId::kLong:
      builder.appendLong(value.getInt64());
      return;
    case TypeId::kFloat:
      builder.appendFloat(value.getFloat());
      return;
    case TypeId::kDouble:
      builder.appendDouble(value.getDouble());
      return;
    case TypeId::kDecimal:
      builder.appendDecimal(value.getDecimalUnscaled(), type.scale());
      return;
    case TypeId::kString:
      builder.appendString(value.getString());
      return;
    case TypeId::kBinary:
      builder.appendBinary(value.getString());
      return;
    case TypeId::kDate:
      builder.appendDate(static_cast<int32_t>(value.getInt64()));
      return;
    case TypeId::kTimestamp:
      builder.appendTimestamp(value.getInt64());
      return;
    case TypeId::kTimestampNtz:
      builder.appendTimestampNtz(value.getInt64());
      return;
    case TypeId::kVariant:
      builder.appendVariant(VariantRef::fromEncoded(value.getString()));
      return;
    case TypeId::kArray: {
      size_t start = builder.position();
      std::vector<size_t> offsets;
      offsets.reserve(value.children().size());
      for (const Value& element : value.children()) {
        offsets.push_back(builder.position() - start);
        appendToVariant(builder, element);
      }
      builder.finishArray(start, offsets);
      return;
    }
    case TypeId::kMap:
    case TypeId::kStruct: {
      size_t start = builder.position();
      std::vector<VariantBuilder::FieldEntry> fields;
      const std::vector<Value>& children = value.children();
      fields.reserve(children.size());
      for (size_t i = 0; i < children.size(); ++i) {
        bool is_map = type.id() == TypeId::kMap;
        std::string_view key = is_map ? std::string_view(children[i].children()[0].getString())
                                      : type.fields()[i].name;
        uint32_t id = builder.addKey(key);
        fields.push_back({key, id, builder.position() - start});
        appendToVariant(builder, is_map ? children[i].children()[1] : children[i]);
      }
      builder.finishObject(start, fields);
      return;
    }
    case TypeId::kYearMonthInterval:
    case TypeId::kDayTimeInterval:
    case TypeId::kTime:  // a variant has no TIME type
    case TypeId::kCalendarInterval:
    case TypeId::kGeometry:
    case TypeId::kGeography:
      break;
  }
  SLUICE_UNREACHABLE("the binder lets only variant-convertible types reach appendToVariant");
}

std::string encodeAsVariant(const Value& value, std::string_view function) {
  VariantBuilder builder;
  appendToVariant(builder, value);
  return builder.finish(function);
}

Value variantToValue(const ExecContext& context, const VariantRef& value, const DataType& to,
                     bool try_mode) {
  if (to.isVariant()) {
    // A fresh variant, so that it carries only the keys it uses.
    VariantBuilder builder;
    builder.appendVariant(value);
    return Value::variant(builder.finish("variant_get"));
  }
  if (value.isNull())
    return Value::null(to);
  if (to.isNested())
    return nestedFromVariant(context, value, to, try_mode);
  return scalarFromVariant(context, value, to, try_mode);
}

void castToVariant(const Vector& input, const RowSet& rows, Vector& result) {
  forEachRow(rows, [&](idx_t row) {
    if (input.isNull(row))
      return result.setNull(row);
    result.setNull(row, false);
    result.mutableData<StringView>()[row] =
        result.addString(encodeAsVariant(input.getValue(row), "cast"));
  });
}

void writeVariantAs(const ExecContext& context, const VariantRef& value, Vector& result, idx_t row,
                    bool try_mode) {
  const DataType& to = result.type();
  // The common extractions without boxing: a string as STRING, an integer as an integral
  // type it fits, a double as DOUBLE.
  Type type = value.type();
  if (type == Type::kString && to.id() == TypeId::kString) {
    result.setNull(row, false);
    result.mutableData<StringView>()[row] = result.addString(value.getString());
    return;
  }
  if (type == Type::kLong && to.isIntegral()) {
    int64_t number = value.getLong();
    bool fits = visitNumericType(to, [&]<typename T>() {
      if (number < std::numeric_limits<T>::min() || number > std::numeric_limits<T>::max())
        return false;
      result.mutableData<T>()[row] = static_cast<T>(number);
      return true;
    });
    if (fits) {
      result.setNull(row, false);
      return;
    }
  }
  if (type == Type::kDouble && to.id() == TypeId::kDouble) {
    result.setNull(row, false);
    result.mutableData<double>()[row] = value.getDouble();
    return;
  }
  result.setValue(row, variantToValue(context, value, to, try_mode));
}

void castFromVariant(const ExecContext& context, const Vector& input, const RowSet& rows,
                     Vector& result, bool try_mode) {
  forEachRow(rows, [&](idx_t row) {
    if (input.isNull(row))
      return result.setNull(row);
    writeVariantAs(context, VariantRef::fromEncoded(input.at<StringView>(row)), result, row,
                   try_mode);
  });
}

}  // namespace sluice

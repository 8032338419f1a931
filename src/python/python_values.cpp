// src/python/python_values.cpp
#include "python/python_values.hpp"

#include "common/types/calendar_interval.hpp"
#include "common/types/geospatial.hpp"
#include "common/types/time_units.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"
#include "common/variant/variant_json.hpp"

namespace py = pybind11;

namespace sluice {

namespace {

//! Strings are UTF-8; a malformed byte becomes U+FFFD rather than failing the whole result.
py::str utf8(const std::string& text) {
  PyObject* decoded =
      PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "replace");
  if (decoded == nullptr)
    throw py::error_already_set();
  return py::reinterpret_steal<py::str>(decoded);
}

}  // namespace

PythonValueConverter::PythonValueConverter(const TimeZone& zone, py::object make_row)
    : zone_(zone), make_row_(std::move(make_row)) {
  py::module_ datetime = py::module_::import("datetime");
  date_ = datetime.attr("date");
  datetime_ = datetime.attr("datetime");
  timedelta_ = datetime.attr("timedelta");
  time_ = datetime.attr("time");
  decimal_ = py::module_::import("decimal").attr("Decimal");
  py::module_ types = py::module_::import("sluice.types");
  variant_val_ = types.attr("VariantVal");
  geometry_ = types.attr("Geometry");
  geography_ = types.attr("Geography");
}

py::object PythonValueConverter::row(const py::list& names, const py::tuple& values) const {
  return make_row_(names, values);
}

py::object PythonValueConverter::dateTime(int64_t local_micros) const {
  int64_t days = floorDivide(local_micros, kMicrosPerDay);
  int64_t micros_of_day = local_micros - days * kMicrosPerDay;
  CivilDate date = civilFromDays(static_cast<int32_t>(days));
  int64_t seconds = micros_of_day / kMicrosPerSecond;
  return datetime_(date.year, date.month, date.day, seconds / 3600, seconds / 60 % 60, seconds % 60,
                   micros_of_day % kMicrosPerSecond);
}

py::object PythonValueConverter::convert(const Value& value) const {
  if (value.isNull())
    return py::none();
  const DataType& type = value.type();
  switch (type.id()) {
    case TypeId::kVoid:
      return py::none();
    case TypeId::kBoolean:
      return py::bool_(value.getBoolean());
    case TypeId::kByte:
    case TypeId::kShort:
    case TypeId::kInt:
    case TypeId::kLong:
    case TypeId::kYearMonthInterval:  // pyspark gives the number of months
      return py::int_(value.getInt64());
    case TypeId::kFloat:
      return py::float_(value.getFloat());
    case TypeId::kDouble:
      return py::float_(value.getDouble());
    case TypeId::kDecimal:
      return decimal_(formatDecimal(value.getDecimalUnscaled(), type.scale()));
    case TypeId::kString:
      return utf8(value.getString());
    case TypeId::kBinary:
      return py::bytes(value.getString());
    case TypeId::kCalendarInterval:
      // Its text: Python has no value of months, days and microseconds together.
      return utf8(formatCalendarInterval(value.getCalendarIntervalBits()));
    case TypeId::kGeometry:
    case TypeId::kGeography: {
      // pyspark's Geometry / Geography: the WKB bytes and the value's SRID.
      std::string_view bytes = value.getString();
      const py::object& kind = type.id() == TypeId::kGeometry ? geometry_ : geography_;
      return kind(py::bytes(std::string(spatialValueWkb(bytes))), spatialValueSrid(bytes));
    }
    case TypeId::kVariant: {
      // pyspark's VariantVal: the value and metadata bytes, and the JSON text toJson() gives.
      variant::VariantRef ref = variant::VariantRef::fromEncoded(value.getString());
      std::string json;
      variant::appendJsonText(json, ref, zone_);
      return variant_val_(py::bytes(std::string(ref.valueBytes())),
                          py::bytes(std::string(ref.metadata())), utf8(json));
    }
    case TypeId::kDate: {
      CivilDate date = civilFromDays(static_cast<int32_t>(value.getInt64()));
      return date_(date.year, date.month, date.day);
    }
    case TypeId::kTimestamp:
      return dateTime(zone_.toLocal(value.getInt64()));
    case TypeId::kTimestampNtz:
      return dateTime(value.getInt64());
    case TypeId::kDayTimeInterval:
      return timedelta_(py::arg("microseconds") = value.getInt64());
    case TypeId::kTime: {
      int64_t micros = value.getInt64();
      int64_t seconds = micros / kMicrosPerSecond;
      return time_(seconds / 3600, seconds / 60 % 60, seconds % 60, micros % kMicrosPerSecond);
    }
    case TypeId::kArray: {
      py::list items;
      for (const Value& item : value.children())
        items.append(convert(item));
      return items;
    }
    case TypeId::kMap: {
      py::dict entries;
      for (const Value& entry : value.children())
        entries[convert(entry.children()[0])] = convert(entry.children()[1]);
      return entries;
    }
    case TypeId::kStruct: {
      py::list names;
      py::tuple fields(value.children().size());
      for (size_t index = 0; index < value.children().size(); ++index) {
        names.append(utf8(type.fields()[index].name));
        fields[index] = convert(value.children()[index]);
      }
      return row(names, fields);
    }
  }
  return py::none();
}

}  // namespace sluice

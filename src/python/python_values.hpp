// src/python/python_values.hpp
//
// Values as DataFrame.collect() returns them, with the Python types pyspark gives each Spark
// type: int, float, decimal.Decimal, str, bytes, bool, datetime.date, naive datetime.datetime
// (wall-clock time in the session time zone for TIMESTAMP), datetime.time, datetime.timedelta,
// list, dict, VariantVal (sluice.types) and Row for structs. Callers hold the GIL.
#pragma once

#include <pybind11/pybind11.h>

#include "common/types/value.hpp"

namespace sluice {

class TimeZone;

//! Converts values to Python objects; STRUCT values and rows become `make_row(names, values)`.
//! Hidden, as pybind11's own types are, since it holds Python objects.
class [[gnu::visibility("hidden")]] PythonValueConverter {
 public:
  PythonValueConverter(const TimeZone& zone, pybind11::object make_row);

  pybind11::object convert(const Value& value) const;
  //! A row of a result: `make_row(names, values)`.
  pybind11::object row(const pybind11::list& names, const pybind11::tuple& values) const;

 private:
  pybind11::object dateTime(int64_t local_micros) const;

  const TimeZone& zone_;
  pybind11::object make_row_;
  pybind11::object date_;
  pybind11::object datetime_;
  pybind11::object timedelta_;
  pybind11::object time_;
  pybind11::object decimal_;
  pybind11::object variant_val_;
  pybind11::object geometry_;
  pybind11::object geography_;
};

}  // namespace sluice

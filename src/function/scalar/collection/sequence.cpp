// src/function/scalar/collection/sequence.cpp
//
// sequence(start, stop[, step]): the values from start to stop (both included when reached)
// by step. Integers default to a step of 1 or -1; DATE and TIMESTAMP take an interval step
// (default 1 day or -1 day), a YEAR-MONTH interval adding whole months to start as
// LocalDate.plusMonths does. A step that moves away from stop, or 0 between different bounds,
// fails as Spark's `require` does.

#include "common/error/error.hpp"
#include "common/types/time_units.hpp"
#include "common/types/type_coercion.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/collection/collection_common.hpp"
#include "function/scalar/datetime_common.hpp"

namespace sluice {

namespace {

[[noreturn]] void raiseBoundaries(int64_t start, int64_t stop, const std::string& step) {
  throwError(ErrorClass::INVALID_ARGUMENT,
             "requirement failed: Illegal sequence boundaries: {} to {} by {}", start, stop, step);
}

//! The number of values from start to stop by step, after checking the boundaries.
int64_t sequenceLength(int64_t start, int64_t stop, int64_t step, const std::string& step_text) {
  bool valid =
      (step > 0 && start <= stop) || (step < 0 && start >= stop) || (step == 0 && start == stop);
  if (!valid)
    raiseBoundaries(start, stop, step_text);
  if (step == 0)
    return 1;
  __int128 length = (static_cast<__int128>(stop) - start) / step + 1;
  if (length > kMaxArrayLength) {
    throw Error(ErrorClass::COLLECTION_SIZE_LIMIT_EXCEEDED, "PARAMETER",
                fmt::format("Can't create array with {} elements which exceeding the array size "
                            "limit {}, the value of parameter(s) `count` in `sequence` is invalid.",
                            static_cast<int64_t>(length), kMaxArrayLength));
  }
  return static_cast<int64_t>(length);
}

[[noreturn]] void raiseSequenceTypes(const BindRequest& request) {
  std::string listed;
  for (const DataType& type : request.argument_types) {
    listed += (listed.empty() ? "\"" : ", \"") + type.sql() + "\"";
  }
  throw Error(ErrorClass::DATATYPE_MISMATCH, "SEQUENCE_WRONG_INPUT_TYPES",
              fmt::format("Cannot resolve \"{}\" due to data type mismatch: `sequence` uses the "
                          "wrong parameter type. The parameter type must conform to:\n"
                          "1. The start and stop expressions must resolve to the same type.\n"
                          "2. If start and stop expressions resolve to the \"DATE\" or "
                          "\"TIMESTAMP\" type then the step expression must resolve to the "
                          "\"INTERVAL\" type, otherwise to the same type as the start and stop "
                          "expressions.",
                          request.name));
}

BoundScalarFunction bindIntegralSequence(const BindRequest& request, const DataType& type) {
  std::vector<DataType> types{type, type};
  if (request.argument_types.size() == 3) {
    if (!request.argument_types[2].isIntegral() && !request.argument_types[2].isVoid()) {
      raiseSequenceTypes(request);
    }
    types.push_back(type);
  }
  DataType result = DataType::array(type);
  return {"sequence", types, result, boxedKernel([result, type](const std::vector<Value>& args) {
            int64_t start = args[0].getInt64();
            int64_t stop = args[1].getInt64();
            int64_t step = args.size() == 3 ? args[2].getInt64() : (start <= stop ? 1 : -1);
            int64_t length = sequenceLength(start, stop, step, std::to_string(step));
            std::vector<Value> out;
            out.reserve(static_cast<size_t>(length));
            for (int64_t i = 0; i < length; ++i) {
              out.push_back(Value::fromInt64(type, start + i * step));
            }
            return arrayValue(result, std::move(out));
          })};
}

BoundScalarFunction bindTemporalSequence(const BindRequest& request, const DataType& type) {
  std::vector<DataType> types{type, type};
  bool months = false;
  if (request.argument_types.size() == 3) {
    const DataType& step = request.argument_types[2];
    if (step.id() == TypeId::kYearMonthInterval) {
      months = true;
    } else if (step.id() != TypeId::kDayTimeInterval) {
      raiseSequenceTypes(request);
    }
    types.push_back(step);
  }
  bool is_date = type.id() == TypeId::kDate;
  DataType result = DataType::array(type);
  ScalarKernel kernel = [result, type, months, is_date](const ExecContext& context,
                                                        const ArgumentVectors& args,
                                                        const RowSet& rows, Vector& out) {
    forEachRow(rows, [&](idx_t row) {
      for (const Vector* arg : args) {
        if (arg->isNull(row)) {
          out.setNull(row);
          return;
        }
      }
      int64_t start = is_date ? args[0]->at<int32_t>(row) : args[0]->at<int64_t>(row);
      int64_t stop = is_date ? args[1]->at<int32_t>(row) : args[1]->at<int64_t>(row);
      std::vector<Value> elements;
      if (months) {
        int64_t step = args[2]->at<int32_t>(row);
        // Bounds in microseconds, as Spark reports them.
        int64_t start_micros = is_date ? start * kMicrosPerDay : start;
        int64_t stop_micros = is_date ? stop * kMicrosPerDay : stop;
        bool valid = (step > 0 && start <= stop) || (step < 0 && start >= stop) ||
                     (step == 0 && start == stop);
        if (!valid)
          raiseBoundaries(start_micros, stop_micros, std::to_string(step) + " months");
        for (int64_t i = 0;; ++i) {
          std::optional<int64_t> value;
          if (is_date) {
            auto date = datetime::addMonthsToDate(static_cast<int32_t>(start), i * step);
            if (date)
              value = *date;
          } else {
            value = datetime::addToTimestamp(start, i * step, 0, datetime::sessionZone(context));
          }
          if (!value || (step > 0 ? *value > stop : *value < stop))
            break;
          elements.push_back(Value::fromInt64(type, *value));
          if (step == 0 || static_cast<int64_t>(elements.size()) > kMaxArrayLength)
            break;
        }
      } else {
        int64_t step = args.size() == 3 ? args[2]->at<int64_t>(row)
                                        : (start <= stop ? kMicrosPerDay : -kMicrosPerDay);
        if (is_date) {
          if (step % kMicrosPerDay != 0) {
            throwError(ErrorClass::INVALID_PARAMETER_VALUE,
                       "The value of parameter(s) `step` in `sequence` is invalid: a DATE "
                       "sequence needs a step of whole days.");
          }
          int64_t days = step / kMicrosPerDay;
          int64_t length = sequenceLength(start, stop, days, std::to_string(step));
          for (int64_t i = 0; i < length; ++i)
            elements.push_back(Value::fromInt64(type, start + i * days));
        } else {
          int64_t length = sequenceLength(start, stop, step, std::to_string(step));
          for (int64_t i = 0; i < length; ++i)
            elements.push_back(Value::fromInt64(type, start + i * step));
        }
      }
      out.setValue(row, arrayValue(result, std::move(elements)));
    });
  };
  return {"sequence", types, result, std::move(kernel)};
}

BoundScalarFunction bindSequence(const BindRequest& request) {
  const DataType& start = request.argument_types[0];
  const DataType& stop = request.argument_types[1];
  auto common = findTightestCommonType(start, stop);
  if (!common)
    raiseSequenceTypes(request);
  if (common->isVoid())
    common = DataType::intType();
  if (common->isIntegral())
    return bindIntegralSequence(request, *common);
  if (common->id() == TypeId::kDate || common->id() == TypeId::kTimestamp ||
      common->id() == TypeId::kTimestampNtz) {
    return bindTemporalSequence(request, *common);
  }
  raiseSequenceTypes(request);
}

}  // namespace

void registerSequenceFunctions(FunctionRegistry& registry) {
  registry.addScalar({"sequence", 2, 3, bindSequence});
}

}  // namespace sluice

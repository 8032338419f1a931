// src/function/scalar/collection/array_transform.cpp
//
// Functions that build an array from the elements of others: slice, flatten, array_repeat,
// array_join, arrays_zip, and the array forms of reverse and concat.
// - slice(a, start, length): start 1-based or negative from the end; 0 or a negative length is
//   INVALID_PARAMETER_VALUE; a start outside the array gives [].
// - flatten is NULL when the outer array or any inner array is NULL.
// - array_join skips NULL elements unless a replacement is given.
// - arrays_zip pads the shorter arrays with NULLs; NULL when any array is NULL.

#include <algorithm>

#include "common/error/error.hpp"
#include "common/types/type_coercion.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/collection/collection_common.hpp"
#include "function/scalar/collection/collection_functions.hpp"

namespace sluice {

namespace {

//! Spark's ByteArrayMethods.MAX_ROUNDED_ARRAY_LENGTH.

BoundScalarFunction bindSlice(const BindRequest& request) {
  DataType array = arrayArgument(request, 0);
  std::vector<DataType> types{array, expectArgument(request, 1, DataType::intType()),
                              expectArgument(request, 2, DataType::intType())};
  return {"slice", types, array, boxedKernel([array](const std::vector<Value>& args) {
            const auto& elements = args[0].children();
            int64_t start = args[1].getInt64();
            int64_t length = args[2].getInt64();
            auto size = static_cast<int64_t>(elements.size());
            if (start == 0) {
              throw Error(ErrorClass::INVALID_PARAMETER_VALUE, "START",
                          "The value of parameter(s) `start` in `slice` is invalid: Expects a "
                          "positive or a negative value for `start`, but got 0.");
            }
            if (length < 0) {
              throw Error(ErrorClass::INVALID_PARAMETER_VALUE, "LENGTH",
                          fmt::format("The value of parameter(s) `length` in `slice` is invalid: "
                                      "Expects `length` greater than or equal to 0, but got {}.",
                                      length));
            }
            int64_t from = start > 0 ? start - 1 : start + size;
            std::vector<Value> out;
            if (from >= 0 && from < size) {
              int64_t to = std::min(size, from + length);
              out.assign(elements.begin() + from, elements.begin() + to);
            }
            return arrayValue(array, std::move(out));
          })};
}

BoundScalarFunction bindFlatten(const BindRequest& request) {
  DataType array = arrayArgument(request, 0);
  if (array.elementType().id() != TypeId::kArray && !array.elementType().isVoid()) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: The first parameter "
                            "requires the \"ARRAY<ARRAY>\" type, however the argument has the "
                            "type \"{}\".",
                            request.name, array.sql()));
  }
  DataType result =
      array.elementType().isVoid() ? DataType::array(DataType::voidType()) : array.elementType();
  return {"flatten", {array}, result, boxedKernel([result](const std::vector<Value>& args) {
            std::vector<Value> out;
            for (const Value& inner : args[0].children()) {
              if (inner.isNull())
                return Value::null(result);
              for (const Value& element : inner.children())
                out.push_back(element);
            }
            return arrayValue(result, std::move(out));
          })};
}

BoundScalarFunction bindArrayRepeat(const BindRequest& request) {
  DataType element = request.argument_types[0];
  DataType count = expectArgument(request, 1, DataType::intType());
  DataType result = DataType::array(element);
  ScalarKernel kernel = [result](const ExecContext&, const ArgumentVectors& args,
                                 const RowSet& rows, Vector& out) {
    forEachRow(rows, [&](idx_t row) {
      if (args[1]->isNull(row)) {
        out.setNull(row);
        return;
      }
      int64_t times = args[1]->at<int32_t>(row);
      if (times > kMaxArrayLength) {
        throw Error(ErrorClass::COLLECTION_SIZE_LIMIT_EXCEEDED, "PARAMETER",
                    fmt::format("Can't create array with {} elements which exceeding the array "
                                "size limit {}, the value of parameter(s) `count` in "
                                "`array_repeat` is invalid.",
                                times, kMaxArrayLength));
      }
      Value value = args[0]->getValue(row);
      std::vector<Value> elements(static_cast<size_t>(std::max<int64_t>(times, 0)), value);
      out.setValue(row, arrayValue(result, std::move(elements)));
    });
  };
  return {"array_repeat", {element, count}, result, std::move(kernel)};
}

BoundScalarFunction bindArrayJoin(const BindRequest& request) {
  std::vector<DataType> types{expectArgument(request, 0, DataType::array(DataType::string())),
                              expectArgument(request, 1, DataType::string())};
  if (request.argument_types.size() == 3)
    types.push_back(expectArgument(request, 2, DataType::string()));
  return {"array_join", types, DataType::string(), boxedKernel([](const std::vector<Value>& args) {
            const std::string& delimiter = args[1].getString();
            const std::string* replacement = args.size() == 3 ? &args[2].getString() : nullptr;
            std::string out;
            bool first = true;
            for (const Value& element : args[0].children()) {
              if (element.isNull() && replacement == nullptr)
                continue;
              if (!first)
                out += delimiter;
              out += element.isNull() ? *replacement : element.getString();
              first = false;
            }
            return Value::string(std::move(out));
          })};
}

BoundScalarFunction bindArraysZip(const BindRequest& request) {
  std::vector<DataType> types;
  std::vector<StructField> fields;
  for (size_t i = 0; i < request.argument_types.size(); ++i) {
    types.push_back(arrayArgument(request, i));
    fields.push_back(StructField{std::to_string(i), types.back().elementType(), true, {}});
  }
  DataType result = DataType::array(DataType::structOf(std::move(fields)));
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& out) {
    // The field names may be renamed after binding: take the type from the result vector.
    const DataType& type = out.type();
    forEachRow(rows, [&](idx_t row) {
      std::vector<Value> arrays;
      size_t length = 0;
      for (const Vector* arg : args) {
        arrays.push_back(arg->getValue(row));
        if (arrays.back().isNull()) {
          out.setNull(row);
          return;
        }
        length = std::max(length, arrays.back().children().size());
      }
      std::vector<Value> elements;
      for (size_t k = 0; k < length; ++k) {
        std::vector<Value> struct_fields;
        for (size_t i = 0; i < arrays.size(); ++i) {
          const auto& values = arrays[i].children();
          struct_fields.push_back(
              k < values.size() ? values[k] : Value::null(type.elementType().fields()[i].type));
        }
        elements.push_back(Value::nested(type.elementType(), std::move(struct_fields)));
      }
      out.setValue(row, arrayValue(type, std::move(elements)));
    });
  };
  return {"arrays_zip", types, result, std::move(kernel)};
}

}  // namespace

BoundScalarFunction bindArrayReverse(const BindRequest& request) {
  DataType array = arrayArgument(request, 0);
  return {"reverse", {array}, array, boxedKernel([array](const std::vector<Value>& args) {
            std::vector<Value> out(args[0].children().rbegin(), args[0].children().rend());
            return arrayValue(array, std::move(out));
          })};
}

BoundScalarFunction bindArrayConcat(const BindRequest& request) {
  std::vector<DataType> elements;
  for (size_t i = 0; i < request.argument_types.size(); ++i) {
    const DataType& type = request.argument_types[i];
    if (type.isVoid())
      continue;
    if (type.id() != TypeId::kArray) {
      std::string listed;
      for (const DataType& each : request.argument_types) {
        listed += (listed.empty() ? "\"" : ", \"") + each.sql() + "\"";
      }
      throw Error(ErrorClass::DATATYPE_MISMATCH, "DATA_DIFF_TYPES",
                  fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input to `concat` "
                              "should all be the same type, but it's [{}].",
                              request.name, listed));
    }
    elements.push_back(type.elementType());
  }
  DataType element = DataType::voidType();
  if (!elements.empty()) {
    auto common = findWiderCommonType(elements);
    if (!common) {
      std::string listed;
      for (const DataType& each : request.argument_types) {
        listed += (listed.empty() ? "\"" : ", \"") + each.sql() + "\"";
      }
      throw Error(ErrorClass::DATATYPE_MISMATCH, "DATA_DIFF_TYPES",
                  fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input to `concat` "
                              "should all be the same type, but it's [{}].",
                              request.name, listed));
    }
    element = *common;
  }
  DataType array = DataType::array(element);
  std::vector<DataType> types(request.argument_types.size(), array);
  return {"concat", types, array, boxedKernel([array](const std::vector<Value>& args) {
            std::vector<Value> out;
            for (const Value& arg : args) {
              for (const Value& element : arg.children())
                out.push_back(element);
            }
            return arrayValue(array, std::move(out));
          })};
}

void registerArrayTransformFunctions(FunctionRegistry& registry) {
  registry.addScalar({"slice", 3, 3, bindSlice});
  registry.addScalar({"flatten", 1, 1, bindFlatten});
  registry.addScalar({"array_repeat", 2, 2, bindArrayRepeat});
  registry.addScalar({"array_join", 2, 3, bindArrayJoin});
  registry.addScalar({"arrays_zip", 1, -1, bindArraysZip});
}

}  // namespace sluice

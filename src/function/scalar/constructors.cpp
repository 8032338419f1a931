// src/function/scalar/constructors.cpp
//
// array(...), map(...), struct(...) and named_struct(...): the values of nested types. Element
// types are widened to a common type as Spark does (CreateArray, CreateMap).

#include "common/error/error.hpp"
#include "common/types/type_coercion.hpp"
#include "function/function_registry.hpp"

namespace sluice {

namespace {

//! Appends each selected row's arguments as the elements of one ARRAY or MAP row.
ScalarKernel collectionKernel(bool is_map) {
  return [is_map](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                  Vector& result) {
    const DataType& type = result.type();
    forEachRow(rows, [&](idx_t row) {
      std::vector<Value> elements;
      if (is_map) {
        for (size_t i = 0; i + 1 < args.size(); i += 2) {
          Value key = args[i]->getValue(row);
          if (key.isNull()) {
            throwError(ErrorClass::NULL_MAP_KEY, "Cannot use null as map key.");
          }
          for (const Value& existing : elements) {
            if (existing.children()[0] == key) {
              throwError(ErrorClass::DUPLICATED_MAP_KEY,
                         "Duplicate map key was found, please check the input data.");
            }
          }
          elements.push_back(Value::nested(type.childType(), {key, args[i + 1]->getValue(row)}));
        }
      } else {
        for (const Vector* arg : args)
          elements.push_back(arg->getValue(row));
      }
      result.setNull(row, false);
      result.mutableData<ListEntry>()[row] = result.appendChildren(elements);
    });
  };
}

ScalarKernel structKernel() {
  return [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows, Vector& result) {
    forEachRow(rows, [&](idx_t row) {
      std::vector<Value> fields;
      for (const Vector* arg : args)
        fields.push_back(arg->getValue(row));
      result.setValue(row, Value::nested(result.type(), std::move(fields)));
    });
  };
}

DataType commonElementType(const BindRequest& request, const std::vector<DataType>& types) {
  auto common = findWiderCommonType(types);
  if (!common) {
    std::string listed;
    for (const DataType& type : types)
      listed += (listed.empty() ? "\"" : ", \"") + type.sql() + "\"";
    throw Error(ErrorClass::DATATYPE_MISMATCH, "DATA_DIFF_TYPES",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input to `{}` should "
                            "all be the same type, but it's [{}].",
                            request.name, request.name, listed));
  }
  // array() of nothing is ARRAY<VOID>; Spark keeps VOID elements as-is.
  return *common;
}

BoundScalarFunction bindArray(const BindRequest& request) {
  DataType element = commonElementType(request, request.argument_types);
  std::vector<DataType> argument_types(request.argument_types.size(), element);
  return {"array", argument_types, DataType::array(element), collectionKernel(false)};
}

BoundScalarFunction bindMap(const BindRequest& request) {
  size_t count = request.argument_types.size();
  if (count % 2 != 0) {
    throwError(ErrorClass::WRONG_NUM_ARGS,
               "The `map` requires an even number of arguments, but the actual number is {}.",
               count);
  }
  std::vector<DataType> keys, values;
  for (size_t i = 0; i < count; i += 2) {
    keys.push_back(request.argument_types[i]);
    values.push_back(request.argument_types[i + 1]);
  }
  DataType key = commonElementType(request, keys);
  DataType value = commonElementType(request, values);
  std::vector<DataType> argument_types;
  for (size_t i = 0; i < count; i += 2) {
    argument_types.push_back(key);
    argument_types.push_back(value);
  }
  return {"map", argument_types, DataType::map(key, value), collectionKernel(true)};
}

BoundScalarFunction bindStruct(const BindRequest& request) {
  std::vector<StructField> fields;
  for (size_t i = 0; i < request.argument_types.size(); ++i) {
    fields.push_back(StructField{fmt::format("col{}", i + 1), request.argument_types[i]});
  }
  return {"struct", request.argument_types, DataType::structOf(std::move(fields)), structKernel()};
}

}  // namespace

void registerConstructorFunctions(FunctionRegistry& registry) {
  registry.addScalar({"array", 0, -1, bindArray});
  registry.addScalar({"map", 0, -1, bindMap});
  registry.addScalar({"struct", 0, -1, bindStruct});
}

// named_struct's field names are constant strings, so the planner binds it and takes the
// kernel from here.
ScalarKernel namedStructKernel() {
  return structKernel();
}

}  // namespace sluice

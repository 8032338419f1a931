// src/function/scalar/concat.cpp
//
// concat (and the || operator), concat_ws and elt.
// - concat is NULL when any argument is; all-BINARY arguments give BINARY, anything else is
//   cast to STRING; ARRAY arguments are concatenated as arrays.
// - concat_ws(sep, ...) skips NULL arguments and NULL array elements; an argument may be an
//   ARRAY<STRING> whose elements are joined in place. A NULL separator gives NULL.
// - elt(n, ...) is the n-th argument; n outside 1..count raises INVALID_ARRAY_INDEX (ANSI) and
//   a NULL n gives NULL.

#include "common/error/error.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/collection/collection_functions.hpp"

namespace sluice {

namespace {

bool allBinary(const std::vector<DataType>& types, size_t from) {
  if (types.size() <= from)
    return false;
  for (size_t i = from; i < types.size(); ++i) {
    if (types[i].id() != TypeId::kBinary)
      return false;
  }
  return true;
}

BoundScalarFunction bindConcat(std::string name, const BindRequest& request) {
  for (const DataType& type : request.argument_types) {
    if (type.id() == TypeId::kArray)
      return bindArrayConcat(request);
  }
  DataType type = allBinary(request.argument_types, 0) ? DataType::binary() : DataType::string();
  std::vector<DataType> argument_types;
  for (size_t i = 0; i < request.argument_types.size(); ++i)
    argument_types.push_back(expectArgument(request, i, type));
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    StringView* out = result.mutableData<StringView>();
    std::string buffer;
    forEachRow(rows, [&](idx_t row) {
      buffer.clear();
      for (const Vector* arg : args) {
        if (arg->isNull(row)) {
          result.setNull(row);
          return;
        }
        buffer += arg->at<StringView>(row).view();
      }
      result.setNull(row, false);
      out[row] = result.addString(buffer);
    });
  };
  return {std::move(name), argument_types, type, std::move(kernel)};
}

BoundScalarFunction bindConcatWs(const BindRequest& request) {
  std::vector<DataType> argument_types{expectArgument(request, 0, DataType::string())};
  DataType string_array = DataType::array(DataType::string());
  for (size_t i = 1; i < request.argument_types.size(); ++i) {
    const DataType& type = request.argument_types[i];
    argument_types.push_back(type.id() == TypeId::kArray
                                 ? expectArgument(request, i, string_array)
                                 : expectArgument(request, i, DataType::string()));
  }
  std::vector<bool> is_array;
  for (const DataType& type : argument_types)
    is_array.push_back(type.id() == TypeId::kArray);
  ScalarKernel kernel = [is_array](const ExecContext&, const ArgumentVectors& args,
                                   const RowSet& rows, Vector& result) {
    StringView* out = result.mutableData<StringView>();
    std::string buffer;
    forEachRow(rows, [&](idx_t row) {
      if (args[0]->isNull(row)) {
        result.setNull(row);
        return;
      }
      std::string_view separator = args[0]->at<StringView>(row);
      buffer.clear();
      bool first = true;
      auto appendPart = [&](std::string_view part) {
        if (!first)
          buffer += separator;
        buffer += part;
        first = false;
      };
      for (size_t i = 1; i < args.size(); ++i) {
        const Vector& arg = *args[i];
        if (arg.isNull(row))
          continue;
        if (!is_array[i]) {
          appendPart(arg.at<StringView>(row));
          continue;
        }
        const ListEntry& entry = arg.at<ListEntry>(row);
        const Vector& elements = arg.child(0);
        for (uint32_t k = 0; k < entry.length; ++k) {
          idx_t element = entry.offset + k;
          if (!elements.isNull(element))
            appendPart(elements.at<StringView>(element));
        }
      }
      result.setNull(row, false);
      out[row] = result.addString(buffer);
    });
  };
  return {"concat_ws", argument_types, DataType::string(), std::move(kernel)};
}

BoundScalarFunction bindElt(const BindRequest& request) {
  std::vector<DataType> argument_types{expectArgument(request, 0, DataType::intType())};
  DataType type = allBinary(request.argument_types, 1) ? DataType::binary() : DataType::string();
  for (size_t i = 1; i < request.argument_types.size(); ++i)
    argument_types.push_back(expectArgument(request, i, type));
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    StringView* out = result.mutableData<StringView>();
    int64_t count = static_cast<int64_t>(args.size()) - 1;
    forEachRow(rows, [&](idx_t row) {
      if (args[0]->isNull(row)) {
        result.setNull(row);
        return;
      }
      int32_t index = args[0]->at<int32_t>(row);
      if (index < 1 || index > count) {
        throwError(
            ErrorClass::INVALID_ARRAY_INDEX,
            "The index {} is out of bounds. The array has {} elements. Use the SQL function "
            "`get()` to tolerate accessing element at invalid index and return NULL instead. "
            "If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error.",
            index, count);
      }
      const Vector& chosen = *args[index];
      if (chosen.isNull(row)) {
        result.setNull(row);
        return;
      }
      result.setNull(row, false);
      out[row] = result.addString(chosen.at<StringView>(row).view());
    });
  };
  return {"elt", argument_types, type, std::move(kernel)};
}

}  // namespace

void registerConcatFunctions(FunctionRegistry& registry) {
  registry.addScalar(
      {"concat", 0, -1, [](const BindRequest& r) { return bindConcat("concat", r); }});
  registry.addScalar({"||", 2, 2, [](const BindRequest& r) { return bindConcat("concat", r); }});
  registry.addScalar({"concat_ws", 1, -1, bindConcatWs});
  registry.addScalar({"elt", 2, -1, bindElt});
}

}  // namespace sluice

// src/function/scalar/collection/map_functions.cpp
//
// Functions over maps: map_keys, map_values, map_entries, map_contains_key, map_from_arrays,
// map_from_entries, map_concat and str_to_map. Building a map checks keys as Spark's
// ArrayBasedMapBuilder does under spark.sql.mapKeyDedupPolicy=EXCEPTION: a NULL key raises
// NULL_MAP_KEY, a repeated key DUPLICATED_MAP_KEY.
// - map_from_entries is NULL when an entry is NULL.
// - map_concat merges its maps in order (a key in two of them is DUPLICATED_MAP_KEY); a NULL map
//   makes the result NULL; without arguments it is an empty MAP<STRING, STRING>.
// - str_to_map splits with regular expressions (',' and ':' by default), as Java's
//   String.split; a pair without the key-value delimiter has a NULL value. Under a collation
//   other than UTF8_BINARY it splits by the literal delimiters as the collation matches them,
//   and its keys repeat as the collation compares them.

#include <re2/re2.h>

#include "common/error/error.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/collated_text.hpp"
#include "function/scalar/collection/collection_common.hpp"

namespace sluice {

namespace {

enum class MapPart { kKeys, kValues, kEntries };

BoundScalarFunction bindMapPart(std::string name, MapPart part, const BindRequest& request) {
  DataType map = mapArgument(request, 0);
  DataType result = part == MapPart::kKeys     ? DataType::array(map.keyType())
                    : part == MapPart::kValues ? DataType::array(map.valueType())
                                               : DataType::array(map.childType());
  return {
      std::move(name), {map}, result, boxedKernel([part, result](const std::vector<Value>& args) {
        std::vector<Value> out;
        for (const Value& entry : args[0].children()) {
          out.push_back(part == MapPart::kKeys     ? entry.children()[0]
                        : part == MapPart::kValues ? entry.children()[1]
                                                   : entry);
        }
        return arrayValue(result, std::move(out));
      })};
}

BoundScalarFunction bindMapContainsKey(const BindRequest& request) {
  DataType map = mapArgument(request, 0);
  auto key = commonElementType(map.keyType(), request.argument_types[1]);
  if (!key) {
    throw Error(
        ErrorClass::DATATYPE_MISMATCH, "MAP_FUNCTION_DIFF_TYPES",
        fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input to `{}` should "
                    "have been \"MAP\" followed by a value with same key type, but it's "
                    "[\"{}\", \"{}\"].",
                    request.name, request.name, map.sql(), request.argument_types[1].sql()));
  }
  DataType map_type = DataType::map(*key, map.valueType());
  return {"map_contains_key",
          {map_type, *key},
          DataType::boolean(),
          boxedKernel([](const std::vector<Value>& args) {
            for (const Value& entry : args[0].children()) {
              if (sameElement(entry.children()[0], args[1]))
                return Value::boolean(true);
            }
            return Value::boolean(false);
          })};
}

BoundScalarFunction bindMapFromArrays(const BindRequest& request) {
  DataType keys = arrayArgument(request, 0);
  DataType values = arrayArgument(request, 1);
  DataType map = DataType::map(keys.elementType(), values.elementType());
  return {
      "map_from_arrays", {keys, values}, map, boxedKernel([map](const std::vector<Value>& args) {
        const auto& key_values = args[0].children();
        const auto& value_values = args[1].children();
        if (key_values.size() != value_values.size()) {
          throwError(ErrorClass::INVALID_ARGUMENT,
                     "The key array and value array of MapData must have the same length.");
        }
        return buildMap(map, key_values, value_values);
      })};
}

BoundScalarFunction bindMapFromEntries(const BindRequest& request) {
  DataType array = arrayArgument(request, 0);
  const DataType& entry = array.elementType();
  if (entry.id() != TypeId::kStruct || entry.fields().size() != 2) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: The first parameter "
                            "requires the \"ARRAY\" of pair \"STRUCT\" type, however the argument "
                            "has the type \"{}\".",
                            request.name, array.sql()));
  }
  DataType map = DataType::map(entry.fields()[0].type, entry.fields()[1].type);
  return {"map_from_entries", {array}, map, boxedKernel([map](const std::vector<Value>& args) {
            std::vector<Value> keys, values;
            for (const Value& pair : args[0].children()) {
              if (pair.isNull())
                return Value::null(map);
              keys.push_back(pair.children()[0]);
              values.push_back(pair.children()[1]);
            }
            return buildMap(map, keys, values);
          })};
}

//! Java's String.split(regex, limit): limit 0 or less keeps every piece (limit 0 drops
//! trailing empty ones, which str_to_map never asks for).
std::vector<std::string> splitByRegex(const std::string& text, const RE2& regex, int limit) {
  std::vector<std::string> pieces;
  re2::StringPiece input(text);
  size_t start = 0;
  size_t search = 0;
  re2::StringPiece match;
  while (search <= text.size() && (limit <= 0 || static_cast<int>(pieces.size()) < limit - 1)) {
    if (!regex.Match(input, search, text.size(), RE2::UNANCHORED, &match, 1))
      break;
    size_t begin = static_cast<size_t>(match.data() - text.data());
    size_t end = begin + match.size();
    if (match.empty()) {
      // A zero-width match splits between characters, never at the very start.
      if (begin >= text.size())
        break;
      if (begin == 0) {
        search = 1;
        continue;
      }
    }
    pieces.push_back(text.substr(start, begin - start));
    start = end;
    search = match.empty() ? end + 1 : end;
  }
  pieces.push_back(text.substr(start));
  return pieces;
}

//! str_to_map's pairs: split by regular expressions under UTF8_BINARY (and UTF8_BINARY_RTRIM),
//! by the literal delimiters under the other collations, as Spark's splitSQL.
std::vector<std::pair<std::string, std::optional<std::string>>> splitPairs(
    const std::string& text, const std::string& pair_delimiter, const std::string& key_delimiter,
    const Collation& collation) {
  std::vector<std::pair<std::string, std::optional<std::string>>> pairs;
  if (collation.lowercase() || collation.icuCollator() != nullptr) {
    // A search of the row's own (the kernel may run on several threads at once).
    std::optional<IcuStringSearch> icu = icuSearchFor(&collation);
    IcuStringSearch* search = icu ? &*icu : nullptr;
    for (std::string_view piece : splitText(text, pair_delimiter, collation.lowercase(), search)) {
      std::vector<std::string_view> parts =
          splitText(piece, key_delimiter, collation.lowercase(), search, 2);
      pairs.emplace_back(std::string(parts[0]),
                         parts.size() > 1 ? std::optional<std::string>(parts[1]) : std::nullopt);
    }
    return pairs;
  }
  RE2 pair_regex(pair_delimiter);
  RE2 key_regex(key_delimiter);
  if (!pair_regex.ok() || !key_regex.ok()) {
    throwError(ErrorClass::INVALID_PARAMETER_VALUE,
               "The value of parameter(s) `regexp` in `str_to_map` is invalid: {}.",
               pair_regex.ok() ? key_regex.error() : pair_regex.error());
  }
  for (const std::string& pair : splitByRegex(text, pair_regex, -1)) {
    std::vector<std::string> parts = splitByRegex(pair, key_regex, 2);
    pairs.emplace_back(parts[0],
                       parts.size() > 1 ? std::optional<std::string>(parts[1]) : std::nullopt);
  }
  return pairs;
}

BoundScalarFunction bindStrToMap(const BindRequest& request) {
  std::vector<DataType> types;
  for (size_t i = 0; i < request.argument_types.size(); ++i) {
    types.push_back(expectArgument(request, i, DataType::string()));
  }
  // The map's keys and values have the text's collation, which also decides which keys repeat.
  CollationId collation = types[0].id() == TypeId::kString ? types[0].collation() : kUtf8Binary;
  DataType string = DataType::string(collation);
  DataType map = DataType::map(string, string);
  return {"str_to_map", types, map,
          boxedKernel([map, string, collation](const std::vector<Value>& args) {
            std::string pair_delimiter = args.size() > 1 ? args[1].getString() : ",";
            std::string key_delimiter = args.size() > 2 ? args[2].getString() : ":";
            std::vector<Value> keys, values;
            for (auto& [key, value] : splitPairs(args[0].getString(), pair_delimiter, key_delimiter,
                                                 Collation::byId(collation))) {
              keys.push_back(Value::string(std::move(key), collation));
              values.push_back(value ? Value::string(std::move(*value), collation)
                                     : Value::null(string));
            }
            return buildMap(map, keys, values);
          })};
}

BoundScalarFunction bindMapConcat(const BindRequest& request) {
  DataType map = DataType::map(DataType::string(), DataType::string());
  for (size_t i = 0; i < request.argument_types.size(); ++i) {
    DataType argument = mapArgument(request, i);
    if (i == 0) {
      map = argument;
      continue;
    }
    auto key = commonElementType(map.keyType(), argument.keyType());
    auto value = commonElementType(map.valueType(), argument.valueType());
    if (!key || !value) {
      std::string listed;
      for (const DataType& type : request.argument_types)
        listed += (listed.empty() ? "\"" : ", \"") + type.sql() + "\"";
      throw Error(ErrorClass::DATATYPE_MISMATCH, "DATA_DIFF_TYPES",
                  fmt::format("Cannot resolve \"{}\" due to data type mismatch: Input to "
                              "`map_concat` should all be the same type, but it's [{}].",
                              request.name, listed));
    }
    map = DataType::map(*key, *value);
  }
  std::vector<DataType> types(request.argument_types.size(), map);
  return {"map_concat", types, map, boxedKernel([map](const std::vector<Value>& args) {
            std::vector<Value> keys, values;
            for (const Value& argument : args) {
              for (const Value& entry : argument.children()) {
                keys.push_back(entry.children()[0]);
                values.push_back(entry.children()[1]);
              }
            }
            return buildMap(map, keys, values);
          })};
}

}  // namespace

void registerMapFunctions(FunctionRegistry& registry) {
  registry.addScalar({"map_concat", 0, -1, bindMapConcat});
  registry.addScalar({"map_keys", 1, 1, [](const BindRequest& r) {
                        return bindMapPart("map_keys", MapPart::kKeys, r);
                      }});
  registry.addScalar({"map_values", 1, 1, [](const BindRequest& r) {
                        return bindMapPart("map_values", MapPart::kValues, r);
                      }});
  registry.addScalar({"map_entries", 1, 1, [](const BindRequest& r) {
                        return bindMapPart("map_entries", MapPart::kEntries, r);
                      }});
  registry.addScalar({"map_contains_key", 2, 2, bindMapContainsKey});
  registry.addScalar({"map_from_arrays", 2, 2, bindMapFromArrays});
  registry.addScalar({"map_from_entries", 1, 1, bindMapFromEntries});
  registry.addScalar({"str_to_map", 1, 3, bindStrToMap});
}

}  // namespace sluice

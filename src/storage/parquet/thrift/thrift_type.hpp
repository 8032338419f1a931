// src/storage/parquet/thrift/thrift_type.hpp
//
// The type codes of the Thrift compact protocol, as they appear in field headers and in
// list headers.
#pragma once

#include <cstdint>
#include <string_view>

namespace sluice::parquet {

enum class ThriftType : uint8_t {
  kStop = 0,
  kBoolTrue = 1,   // in a field header: a bool field whose value is true
  kBoolFalse = 2,  // in a field header: false; in a list header: the element type bool
  kByte = 3,
  kI16 = 4,
  kI32 = 5,
  kI64 = 6,
  kDouble = 7,
  kBinary = 8,
  kList = 9,
  kSet = 10,
  kMap = 11,
  kStruct = 12,
  kUuid = 13,
};

inline std::string_view thriftTypeName(ThriftType type) {
  switch (type) {
    case ThriftType::kStop:
      return "stop";
    case ThriftType::kBoolTrue:
    case ThriftType::kBoolFalse:
      return "bool";
    case ThriftType::kByte:
      return "byte";
    case ThriftType::kI16:
      return "i16";
    case ThriftType::kI32:
      return "i32";
    case ThriftType::kI64:
      return "i64";
    case ThriftType::kDouble:
      return "double";
    case ThriftType::kBinary:
      return "binary";
    case ThriftType::kList:
      return "list";
    case ThriftType::kSet:
      return "set";
    case ThriftType::kMap:
      return "map";
    case ThriftType::kStruct:
      return "struct";
    case ThriftType::kUuid:
      return "uuid";
  }
  return "unknown";
}

}  // namespace sluice::parquet

// src/exec/table_function/file_scan_spec.cpp
#include "exec/table_function/file_scan_spec.hpp"

namespace sluice {

std::string_view fileFormatName(FileFormat format) {
  switch (format) {
    case FileFormat::kJson:
      return "json";
    case FileFormat::kCsv:
      return "csv";
    case FileFormat::kParquet:
      return "parquet";
    case FileFormat::kText:
      return "text";
  }
  return "?";
}

DataType fileMetadataType() {
  return DataType::structOf({
      StructField{"file_path", DataType::string(), false, {}},
      StructField{"file_name", DataType::string(), false, {}},
      StructField{"file_size", DataType::longType(), false, {}},
      StructField{"file_block_start", DataType::longType(), false, {}},
      StructField{"file_block_length", DataType::longType(), false, {}},
      StructField{"file_modification_time", DataType::timestamp(), false, {}},
  });
}

}  // namespace sluice

// src/storage/json/json_options.hpp
//
// The options of the JSON reader and of schema inference, as read_files(format => 'json')
// passes them: Spark's multiLine, mode, dateFormat, timestampFormat and time zone,
// Databricks' rescued data column and inferColumnTypes, and the batch size of the scan.
#pragma once

#include <memory>
#include <string>

#include "common/types/time_zone.hpp"

#include "common/text/parse_mode.hpp"
#include "common/vector/vector.hpp"

namespace sluice::json {

struct JsonOptions {
  //! multiLine: the file is one JSON document (an object, or an array of objects = many
  //! records) instead of one record per line.
  bool multi_line = false;
  ParseMode mode = ParseMode::kPermissive;
  //! The rescued data column's name; empty: no rescued column.
  std::string rescued_data_column = "_rescued_data";
  //! inferColumnTypes: false makes every top-level field STRING (inference only).
  bool infer_column_types = true;
  //! Rows per batch at most.
  idx_t batch_size = kVectorSize;
  //! dateFormat / timestampFormat: Spark datetime patterns for DATE / TIMESTAMP strings; empty
  //! reads them as CAST does (and a DATE also from a number of days, as Spark 1.5 wrote them).
  std::string date_format;
  std::string timestamp_format;
  //! The zone of timestamp text without an offset: the session's (UTC when null).
  std::shared_ptr<const TimeZone> time_zone;
  //! singleVariantColumn: each record, whole, becomes the one VARIANT column (the schema's
  //! only field); empty: records are read field by field.
  std::string single_variant_column;
};

}  // namespace sluice::json

// src/storage/json/json_writer.hpp
//
// Writes rows as JSON Lines, as Spark's JSON data source writes them by default: one object
// per row, each value as Spark's JacksonGenerator writes it (common/text/json_generator.hpp).

#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/vector/vector.hpp"

namespace sluice {
class LineFileWriter;
class TimeZone;
class Value;
}  // namespace sluice

namespace sluice::json {

struct JsonWriteOptions {
  //! The zone TIMESTAMP values are written in (the session's); null: UTC.
  const TimeZone* time_zone = nullptr;
  //! ignoreNullFields: a NULL struct field is left out of its object.
  bool ignore_null_fields = true;
};

class JsonWriter {
 public:
  //! Creates `path`; `schema` names the columns of the batches written.
  JsonWriter(std::string path, std::vector<StructField> schema, JsonWriteOptions options = {});
  ~JsonWriter();
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  //! Appends one line per row of `batch`.
  void write(const Batch& batch);
  //! Flushes and closes the file.
  void close();

 private:
  std::vector<StructField> schema_;
  JsonWriteOptions options_;
  std::unique_ptr<LineFileWriter> lines_;
};

//! One row as a JSON object (no line break): `values` follow `schema`.
std::string formatJsonRecord(const std::vector<StructField>& schema,
                             const std::vector<Value>& values, const JsonWriteOptions& options);

}  // namespace sluice::json

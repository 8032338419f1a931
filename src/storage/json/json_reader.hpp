// src/storage/json/json_reader.hpp
//
// Reads the records of one JSON file into Batches with Spark's JSON semantics (JacksonParser)
// and Databricks' rescued data column: one record per line, or one document with multiLine;
// fields matched to the schema by exact name; values that do not fit their type, and fields
// the schema lacks, go to the rescued data as JSON ({"amount":"abc","_file_path":"..."});
// malformed records follow the parse mode (PERMISSIVE: a row of NULLs with the record as
// _corrupt_record in the rescued data; DROPMALFORMED: skipped; FAILFAST:
// MALFORMED_RECORD_IN_PARSING naming file:line). Parsing is simdjson On-Demand, one record at
// a time, writing values straight into the vectors.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/types/data_type.hpp"
#include "common/vector/vector.hpp"
#include "storage/json/json_options.hpp"

namespace sluice::json {

//! Reads the records of one file. `text` is the whole (already decompressed) file content;
//! the reader takes it over (without a copy when its capacity already leaves
//! SIMDJSON_PADDING bytes past its size). `path` is used in messages and in the rescued data.
class JsonReader {
 public:
  //! Throws UNSUPPORTED_DATATYPE for a schema type JSON cannot be read as (intervals, MAP
  //! keys other than STRING).
  JsonReader(std::string path, std::string text, std::vector<StructField> schema,
             JsonOptions options);
  ~JsonReader();
  JsonReader(JsonReader&&) noexcept;
  JsonReader& operator=(JsonReader&&) noexcept;

  //! Replaces `batch` with up to batch_size records: one column per schema field, then the
  //! rescued column (STRING) when options name one. False at the end.
  bool next(Batch& batch);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace sluice::json

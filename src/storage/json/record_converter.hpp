// src/storage/json/record_converter.hpp
//
// Converts one JSON record (a top-level object) into one row of a batch's columns, and
// gathers its rescued data. The first pass converts every field the schema knows, straight
// into the vectors, and only notes the positions of unknown fields and of fields whose value
// does not convert; only when there are such fields does a second pass over the same
// document (simdjson rewinds without parsing again) check them and write their JSON into the
// rescued data, so the common record never builds rescued text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <simdjson.h>

#include "common/types/data_type.hpp"
#include "common/vector/vector.hpp"
#include "storage/json/column_converter.hpp"
#include "storage/json/field_resolver.hpp"

namespace sluice::json {

enum class RecordStatus : uint8_t {
  kOk,         // converted; in PERMISSIVE mode values that did not convert were rescued
  kMismatch,   // (stop at mismatch only) a value did not convert: see failure()
  kMalformed,  // not a valid JSON object: see malformedReason()
};

enum class MalformedReason : uint8_t { kInvalidJson, kInvalidUtf8, kNotObject };

class RecordConverter {
 public:
  //! `rescue`: build the rescued data (schema fields first, then the rescued column);
  //! `stop_at_mismatch`: report a value that does not convert instead of rescuing it
  //! (DROPMALFORMED and FAILFAST).
  RecordConverter(const std::vector<StructField>& schema, std::string path, bool rescue,
                  bool stop_at_mismatch, DatetimeParsing datetime = {});

  //! Converts `record`, of which `readable` bytes from its start may be read, into `row` of
  //! `columns` (one vector per schema field). After kMalformed the row holds partial values.
  RecordStatus convert(std::string_view record, size_t readable, std::vector<Vector>& columns,
                       idx_t row);

  //! Sets `row` of every column to NULL.
  void setNullRow(std::vector<Vector>& columns, idx_t row) const;

  //! After kOk: the rescued data as JSON object text; empty when nothing was rescued.
  const std::string& rescued() const { return rescued_; }
  //! Replaces `out` with the rescued data of a malformed record:
  //! {"_corrupt_record": text with invalid UTF-8 replaced, "_file_path": path}.
  void corruptRecordData(std::string_view record, std::string& out) const;

  //! After kMismatch: the value that did not convert; its path ends with the top-level field.
  const ConvertFailure& failure() const { return scratch_.failure; }
  MalformedReason malformedReason() const { return malformed_reason_; }
  //! After kMismatch or kMalformed: where in the record the problem is, when known, else 0.
  size_t errorOffset() const { return error_offset_; }

 private:
  RecordStatus malformed(MalformedReason reason, size_t offset = 0);
  //! The second pass: checks the skipped fields and writes the rescued data.
  bool rescueSkippedFields(simdjson::ondemand::document& doc);

  std::vector<StructField> schema_;
  std::string path_;
  bool rescue_;
  bool stop_at_mismatch_;
  std::vector<ColumnConverter> converters_;
  FieldResolver fields_;
  std::vector<uint64_t> seen_in_;  // the record each field was last seen in
  uint64_t records_ = 0;

  simdjson::ondemand::parser parser_;
  std::string padded_copy_;  // a record without enough readable bytes after it
  ConvertScratch scratch_;
  std::vector<uint32_t> skipped_;  // positions of fields to check and rescue
  std::string rescued_;
  MalformedReason malformed_reason_ = MalformedReason::kInvalidJson;
  size_t error_offset_ = 0;
};

}  // namespace sluice::json

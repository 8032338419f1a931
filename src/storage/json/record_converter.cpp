// src/storage/json/record_converter.cpp
//
// One record to one row, with rescued data.
#include "storage/json/record_converter.hpp"

#include "common/text/json_text.hpp"
#include "common/text/utf8_repair.hpp"
#include "storage/json/json_value_copy.hpp"
#include "storage/json/padded_input.hpp"

namespace sluice::json {

namespace ondemand = simdjson::ondemand;

RecordConverter::RecordConverter(const std::vector<StructField>& schema, std::string path,
                                 bool rescue, bool stop_at_mismatch, DatetimeParsing datetime)
    : schema_(schema),
      path_(std::move(path)),
      rescue_(rescue),
      stop_at_mismatch_(stop_at_mismatch),
      fields_(schema) {
  converters_.reserve(schema.size());
  for (const StructField& field : schema)
    converters_.emplace_back(field.type);
  seen_in_.assign(schema.size(), 0);
  scratch_.datetime = std::move(datetime);
}

RecordStatus RecordConverter::malformed(MalformedReason reason, size_t offset) {
  malformed_reason_ = reason;
  error_offset_ = offset;
  return RecordStatus::kMalformed;
}

void RecordConverter::setNullRow(std::vector<Vector>& columns, idx_t row) const {
  for (size_t slot = 0; slot < converters_.size(); ++slot) {
    converters_[slot].setNull(columns[slot], row);
  }
}

RecordStatus RecordConverter::convert(std::string_view record, size_t readable,
                                      std::vector<Vector>& columns, idx_t row) {
  rescued_.clear();
  skipped_.clear();
  scratch_.failure.clear();
  error_offset_ = 0;

  size_t start = skipJsonSpace(record);
  if (start == record.size() || record[start] != '{') {
    return malformed(MalformedReason::kNotObject, start);
  }
  simdjson::padded_string_view input = paddedRecord(record, readable, padded_copy_);
  auto parsed = parser_.iterate(input);
  if (parsed.error()) {
    if (parsed.error() == simdjson::UTF8_ERROR) {
      size_t invalid = findInvalidUtf8(record);
      return malformed(MalformedReason::kInvalidUtf8,
                       invalid == std::string_view::npos ? 0 : invalid);
    }
    return malformed(MalformedReason::kInvalidJson);
  }
  ondemand::document doc = std::move(parsed).value_unsafe();
  ondemand::object object;
  if (doc.get_object().get(object))
    return malformed(MalformedReason::kInvalidJson);

  uint64_t record_number = ++records_;
  uint32_t position = 0;
  for (auto field_result : object) {
    ondemand::field field;
    if (std::move(field_result).get(field))
      return malformed(MalformedReason::kInvalidJson);
    uint32_t slot;
    if (!fields_.resolve(field, position, slot))
      return malformed(MalformedReason::kInvalidJson);
    if (slot == FieldResolver::kUnknown) {
      skipped_.push_back(position++);
      continue;
    }
    ConvertStatus status = converters_[slot].convert(field.value(), columns[slot], row, scratch_,
                                                     /*depth=*/1);
    seen_in_[slot] = record_number;
    if (status == ConvertStatus::kMalformed)
      return malformed(MalformedReason::kInvalidJson);
    if (status == ConvertStatus::kMismatch) {
      scratch_.failure.path.push_back(fields_.name(slot));
      if (stop_at_mismatch_) {
        error_offset_ = static_cast<size_t>(scratch_.failure.token.data() - input.data());
        return RecordStatus::kMismatch;
      }
      converters_[slot].setNull(columns[slot], row);
      skipped_.push_back(position);
    }
    ++position;
  }
  // Anything after the object makes the record malformed.
  if (doc.current_location().error() != simdjson::OUT_OF_BOUNDS) {
    return malformed(MalformedReason::kInvalidJson);
  }
  for (uint32_t slot = 0; slot < seen_in_.size(); ++slot) {
    if (seen_in_[slot] != record_number)
      converters_[slot].setNull(columns[slot], row);
  }
  if (!skipped_.empty() && !rescueSkippedFields(doc)) {
    rescued_.clear();
    return malformed(MalformedReason::kInvalidJson);
  }
  return RecordStatus::kOk;
}

bool RecordConverter::rescueSkippedFields(ondemand::document& doc) {
  doc.rewind();
  ondemand::object object;
  if (doc.get_object().get(object))
    return false;
  uint32_t position = 0;
  size_t next_skipped = 0;
  for (auto field_result : object) {
    ondemand::field field;
    if (std::move(field_result).get(field))
      return false;
    if (position++ != skipped_[next_skipped])
      continue;
    std::string_view key;
    if (field.unescaped_key().get(key))
      return false;
    std::string* out = nullptr;
    if (rescue_) {
      rescued_.push_back(rescued_.empty() ? '{' : ',');
      appendJsonString(rescued_, key);
      rescued_.push_back(':');
      out = &rescued_;
    }
    if (!copyJsonValue(field.value(), out, /*depth=*/1))
      return false;
    if (++next_skipped == skipped_.size())
      break;
  }
  if (rescue_) {
    rescued_ += ",\"_file_path\":";
    appendJsonString(rescued_, path_);
    rescued_.push_back('}');
  }
  return true;
}

void RecordConverter::corruptRecordData(std::string_view record, std::string& out) const {
  out.clear();
  std::string repaired;
  appendRepairedUtf8(repaired, record);
  out += "{\"_corrupt_record\":";
  appendJsonString(out, repaired);
  out += ",\"_file_path\":";
  appendJsonString(out, path_);
  out.push_back('}');
}

}  // namespace sluice::json

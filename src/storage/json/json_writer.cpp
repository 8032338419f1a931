// src/storage/json/json_writer.cpp
#include "storage/json/json_writer.hpp"

#include "common/text/json_generator.hpp"
#include "common/types/time_zone.hpp"
#include "storage/format/line_file_writer.hpp"

namespace sluice::json {

namespace {

JsonGeneratorOptions generatorOptions(const JsonWriteOptions& options) {
  JsonGeneratorOptions generator;
  generator.ignore_null_fields = options.ignore_null_fields;
  return generator;
}

const TimeZone& zoneOf(const JsonWriteOptions& options) {
  return options.time_zone != nullptr ? *options.time_zone : TimeZone::utc();
}

}  // namespace

std::string formatJsonRecord(const std::vector<StructField>& schema,
                             const std::vector<Value>& values, const JsonWriteOptions& options) {
  JsonGeneratorOptions generator_options = generatorOptions(options);
  std::string out;
  JsonGenerator(generator_options, zoneOf(options)).appendStruct(out, schema, values);
  return out;
}

JsonWriter::JsonWriter(std::string path, std::vector<StructField> schema, JsonWriteOptions options)
    : schema_(std::move(schema)),
      options_(options),
      lines_(std::make_unique<LineFileWriter>(std::move(path))) {}

JsonWriter::~JsonWriter() = default;

void JsonWriter::write(const Batch& batch) {
  JsonGeneratorOptions generator_options = generatorOptions(options_);
  JsonGenerator generator(generator_options, zoneOf(options_));
  lines_->writeRows(batch, schema_.size(), [&](const std::vector<Value>& values, std::string& out) {
    generator.appendStruct(out, schema_, values);
  });
}

void JsonWriter::close() {
  lines_->close();
}

}  // namespace sluice::json

// src/exec/table_function/read_files_function.cpp
#include "exec/table_function/read_files_function.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>

#include "common/csv/csv_schema_inference.hpp"
#include "common/text/ascii_case.hpp"
#include "common/text/parse_mode.hpp"
#include "common/types/datetime_pattern.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"
#include "exec/physical/physical_file_scan.hpp"
#include "exec/table_function/file_scan_spec.hpp"
#include "exec/table_function/physical_table_source.hpp"
#include "storage/format/file_text.hpp"
#include "storage/json/json_inference.hpp"
#include "storage/parquet/parquet_reader.hpp"

namespace sluice {

namespace {

// How much of each file schema inference reads: enough records to see the shape of the data
// without reading it all (a value of a type the sample missed lands in the rescued column).
constexpr size_t kInferenceBytesPerFile = 256 * 1024;
constexpr idx_t kInferenceRecordsPerFile = 2000;

struct OptionValue {
  std::string text;
  SourceLocation location;
};

// The options of one read_files call, by lower-cased name; each is marked when used so that
// an unknown or misspelled option is an error rather than silently ignored.
class ReadFilesOptions {
 public:
  explicit ReadFilesOptions(SourceLocation call) : call_(std::move(call)) {}

  void add(std::string name, OptionValue value) {
    options_[foldIdentifier(name)] = std::move(value);
  }

  std::optional<std::string> take(std::string_view name) {
    auto it = options_.find(std::string(name));
    if (it == options_.end())
      return std::nullopt;
    used_.push_back(it->first);
    return it->second.text;
  }
  std::string takeOr(std::string_view name, std::string fallback) {
    std::optional<std::string> value = take(name);
    return value ? *value : fallback;
  }
  std::optional<bool> takeBool(std::string_view name) {
    std::optional<std::string> value = take(name);
    if (!value)
      return std::nullopt;
    std::string lower = foldIdentifier(*value);
    if (lower == "true")
      return true;
    if (lower == "false")
      return false;
    fail(name, fmt::format("The option `{}` must be true or false, not '{}'.", name, *value));
  }
  std::optional<char> takeChar(std::string_view name) {
    std::optional<std::string> value = take(name);
    if (!value)
      return std::nullopt;
    std::string text = csv::unescapeCharOption(*value);
    if (text.empty())
      return '\0';
    if (text.size() > 1) {
      throw Error(ErrorClass::NOT_SUPPORTED,
                  fmt::format("The option `{}` must be a single character; '{}' has {}.", name,
                              *value, text.size()))
          .withLocation(locate(name));
    }
    return text[0];
  }

  [[noreturn]] void fail(std::string_view name, std::string message) const {
    throw Error(ErrorClass::INVALID_PARAMETER_VALUE, std::move(message)).withLocation(locate(name));
  }
  SourceLocation locate(std::string_view name) const {
    auto it = options_.find(std::string(name));
    return it != options_.end() ? it->second.location : call_;
  }

  //! Refuses the options no format used.
  void checkAllUsed(std::string_view format) const {
    for (const auto& [name, value] : options_) {
      if (std::find(used_.begin(), used_.end(), name) != used_.end())
        continue;
      throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                  fmt::format("The option `{}` is not supported by read_files for format '{}'.",
                              name, format))
          .withLocation(value.location);
    }
  }

 private:
  SourceLocation call_;
  std::map<std::string, OptionValue> options_;
  std::vector<std::string> used_;
};

std::string optionText(const Value& value) {
  if (value.isNull())
    return "";
  switch (value.type().id()) {
    case TypeId::kString:
      return value.getString();
    case TypeId::kBoolean:
      return value.getBoolean() ? "true" : "false";
    case TypeId::kByte:
    case TypeId::kShort:
    case TypeId::kInt:
    case TypeId::kLong:
      return std::to_string(value.getInt64());
    case TypeId::kDouble:
      return formatDouble(value.getDouble());
    default:
      return value.debugString();
  }
}

std::optional<FileFormat> formatByName(std::string_view name) {
  std::string lower = foldIdentifier(name);
  if (lower == "json")
    return FileFormat::kJson;
  if (lower == "csv")
    return FileFormat::kCsv;
  if (lower == "parquet")
    return FileFormat::kParquet;
  if (lower == "text")
    return FileFormat::kText;
  return std::nullopt;
}

// The format a file's extension names (before a compression extension), as Databricks
// detects it when `format` is not given.
std::optional<FileFormat> formatByExtension(std::string_view path) {
  for (std::string_view compressed : {".gz", ".gzip", ".zst", ".zstd"}) {
    if (path.size() > compressed.size() &&
        path.substr(path.size() - compressed.size()) == compressed) {
      path.remove_suffix(compressed.size());
      break;
    }
  }
  size_t dot = path.rfind('.');
  size_t slash = path.rfind('/');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash))
    return std::nullopt;
  std::string extension = foldIdentifier(path.substr(dot + 1));
  if (extension == "json" || extension == "jsonl" || extension == "ndjson")
    return FileFormat::kJson;
  if (extension == "csv" || extension == "tsv")
    return FileFormat::kCsv;
  if (extension == "parquet")
    return FileFormat::kParquet;
  if (extension == "txt" || extension == "text" || extension == "log")
    return FileFormat::kText;
  return std::nullopt;
}

//! dateFormat / timestampFormat must be patterns that parse: INVALID_DATETIME_PATTERN now,
//! before any file is read.
void checkDatetimePatterns(const std::string& date_format, const std::string& timestamp_format) {
  if (!date_format.empty())
    DatetimePattern::compileForParsing(date_format);
  if (!timestamp_format.empty())
    DatetimePattern::compileForParsing(timestamp_format);
}

//! The session's time zone, which the readers share beyond the session.
std::shared_ptr<const TimeZone> sessionZone(const ExecContext& context) {
  if (context.time_zone == nullptr)
    return nullptr;
  return TimeZone::find(context.time_zone->name());
}

ParseMode takeMode(ReadFilesOptions& options) {
  std::optional<std::string> mode = options.take("mode");
  if (!mode)
    return ParseMode::kPermissive;
  std::optional<ParseMode> parsed = parseModeFromName(*mode);
  if (!parsed) {
    options.fail("mode",
                 fmt::format("The option `mode` must be PERMISSIVE, DROPMALFORMED or FAILFAST, "
                             "not '{}'.",
                             *mode));
  }
  return *parsed;
}

std::vector<StructField> inferJson(const std::vector<InputFile>& files,
                                   const json::JsonOptions& options) {
  std::vector<StructField> schema;
  for (const InputFile& file : files) {
    std::string text = options.multi_line ? readFileText(file.path)
                                          : readFileTextPrefix(file.path, kInferenceBytesPerFile);
    std::vector<StructField> inferred =
        json::inferJsonSchema(file.path, text, options, kInferenceRecordsPerFile);
    schema = json::mergeInferredSchemas(schema, inferred);
  }
  return json::finishInferredSchema(std::move(schema));
}

std::vector<StructField> inferCsv(const std::vector<InputFile>& files,
                                  const csv::CsvOptions& options) {
  std::vector<StructField> schema;
  bool first = true;
  for (const InputFile& file : files) {
    std::string text = options.multi_line ? readFileText(file.path)
                                          : readFileTextPrefix(file.path, kInferenceBytesPerFile);
    std::vector<StructField> inferred =
        csv::inferCsvSchema(file.path, text, options, kInferenceRecordsPerFile);
    if (inferred.empty())
      continue;
    schema = first ? inferred : csv::mergeInferredSchemas(schema, inferred);
    first = false;
  }
  return csv::finishInferredSchema(std::move(schema));
}

// Spark reads the schema of one Parquet file (mergeSchema is off by default).
std::vector<StructField> inferParquet(const std::vector<InputFile>& files) {
  for (const InputFile& file : files) {
    parquet::ParquetReader reader(file.path);
    if (!reader.schema().empty())
      return reader.schema();
  }
  return {};
}

// schemaHints: "a BIGINT, b.c STRING": the named top-level columns take the hinted types;
// hinted columns the data lacks are added.
void applySchemaHints(std::vector<StructField>& schema, std::vector<StructField> hints) {
  for (StructField& hint : hints) {
    auto it = std::find_if(schema.begin(), schema.end(), [&](const StructField& field) {
      return sameIdentifier(field.name, hint.name);
    });
    if (it != schema.end()) {
      it->type = hint.type;
    } else {
      schema.push_back(std::move(hint));
    }
  }
}

class FileScanSource : public PhysicalTableSource {
 public:
  explicit FileScanSource(std::shared_ptr<const FileScanSpec> spec) : spec_(std::move(spec)) {}

  std::string explain(const std::string& read_columns) const override {
    return fmt::format("FileScan {} [{}] {} files", fileFormatName(spec_->format), read_columns,
                       spec_->files.size());
  }
  std::optional<double> storedBytes() const override {
    double bytes = 0;
    for (const InputFile& file : spec_->files)
      bytes += static_cast<double>(file.size);
    return bytes;
  }
  bool skipsByPredicates() const override { return spec_->format == FileFormat::kParquet; }
  size_t hiddenColumns() const override { return 1; }
  std::optional<std::string> contentVersion() const override {
    std::string text = fmt::format("files {}", spec_->location);
    for (const InputFile& file : spec_->files)
      text += fmt::format("\n{} {} {}", file.path, file.size, file.modification_time_us);
    return text;
  }
  PhysicalOperatorPtr createScan(std::vector<DataType> types,
                                 ScanPushdown pushdown) const override {
    return std::make_unique<PhysicalFileScan>(std::move(types), spec_, std::move(pushdown));
  }

 private:
  std::shared_ptr<const FileScanSpec> spec_;
};

//! A DDL column list given as an option (`schema`, `schemaHints`), its errors located there.
std::vector<StructField> parseSchemaOption(const TableFunctionInput& input,
                                           const ReadFilesOptions& options, std::string_view name,
                                           const std::string& text) {
  try {
    return input.parse_columns(text);
  } catch (Error& error) {
    throw Error(error.errorClass(), error.subClass(),
                fmt::format("The option `{}` is not a valid schema: {}", name, error.message()))
        .withLocation(options.locate(name));
  }
}

//! A relative path read from the input's base folder (a pipeline's spec folder).
std::string resolvePath(const TableFunctionInput& input, const std::string& path) {
  std::string_view plain = path;
  if (plain.rfind("file:", 0) == 0 || input.relative_path_base.empty())
    return path;
  if (!plain.empty() && plain[0] == '/')
    return path;
  return input.relative_path_base + "/" + path;
}

std::vector<InputFile> selectStreamFiles(const TableFunctionInput& input,
                                         const std::string& location,
                                         std::vector<InputFile> files) {
  if (input.file_stream == nullptr) {
    throw Error(ErrorClass::NOT_SUPPORTED,
                "STREAM read_files(...) is a streaming read of a pipeline flow; a query reads "
                "the files with read_files(...).")
        .withLocation(input.location);
  }
  std::vector<std::string> paths;
  for (const InputFile& file : files)
    paths.push_back(file.path);
  std::vector<std::string> selected = input.file_stream->selectFiles(location, paths);
  std::vector<InputFile> kept;
  size_t next = 0;
  std::sort(selected.begin(), selected.end());
  for (const InputFile& file : files) {
    while (next < selected.size() && selected[next] < file.path)
      ++next;
    if (next < selected.size() && selected[next] == file.path)
      kept.push_back(file);
  }
  return kept;
}

class ReadFilesFunction : public TableFunction {
 public:
  std::string_view name() const override { return "read_files"; }
  TableFunctionBinding bind(const TableFunctionInput& input) const override;
};

TableFunctionBinding ReadFilesFunction::bind(const TableFunctionInput& input) const {
  ReadFilesOptions options(input.location);
  std::optional<OptionValue> path;
  for (const TableFunctionArgument& argument : input.arguments) {
    if (argument.name.empty() && path) {
      throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                  "read_files takes the path as its only positional argument; options are "
                  "passed by name: read_files(path, format => 'json').")
          .withLocation(argument.location);
    }
    OptionValue option{optionText(argument.value), argument.location};
    if (argument.name.empty() || sameIdentifier(argument.name, "path")) {
      path = std::move(option);
    } else {
      options.add(argument.name, std::move(option));
    }
  }
  if (!path) {
    throw Error(ErrorClass::WRONG_NUM_ARGS,
                "The `read_files` requires the path of the files to read: read_files(path, "
                "option => value, ...).")
        .withLocation(input.location);
  }
  const ExecContext& context = *input.exec;

  auto spec = std::make_shared<FileScanSpec>();
  spec->location = path->text;
  std::string glob_filter = options.takeOr("pathglobfilter", "");
  options.take("recursivefilelookup");  // folders are always read recursively
  try {
    spec->files = listInputFiles(resolvePath(input, path->text), glob_filter);
  } catch (Error& error) {
    error.withLocation(path->location);
    throw;
  }

  std::optional<std::string> format_name = options.take("format");
  std::optional<FileFormat> format;
  if (format_name) {
    format = formatByName(*format_name);
    if (!format) {
      std::string lower = foldIdentifier(*format_name);
      bool known = lower == "xml" || lower == "avro" || lower == "orc" || lower == "binaryfile";
      throw Error(
          known ? ErrorClass::NOT_SUPPORTED : ErrorClass::DATA_SOURCE_NOT_FOUND,
          known ? fmt::format("read_files cannot read format '{}' yet: use json, csv, parquet "
                              "or text.",
                              *format_name)
                : fmt::format("Failed to find the data source: {}. Use json, csv, parquet or "
                              "text.",
                              *format_name))
          .withLocation(options.locate("format"));
    }
  } else {
    for (const InputFile& file : spec->files) {
      format = formatByExtension(file.path);
      if (format)
        break;
    }
    if (!format) {
      throw Error(ErrorClass::UNABLE_TO_INFER_SCHEMA,
                  fmt::format("Cannot detect the format of the files at {}: set it with format => "
                              "'json', 'csv', 'parquet' or 'text'.",
                              path->text))
          .withLocation(path->location);
    }
  }
  spec->format = *format;

  std::optional<std::string> schema_text = options.take("schema");
  std::optional<std::string> hints = options.take("schemahints");
  std::optional<bool> infer_types = options.takeBool("infercolumntypes");
  if (std::optional<bool> infer_schema = options.takeBool("inferschema"))
    infer_types = infer_schema;
  std::optional<std::string> rescued = options.take("rescueddatacolumn");
  std::string encoding = options.takeOr("encoding", "UTF-8");
  if (foldIdentifier(encoding) != "utf-8" && foldIdentifier(encoding) != "utf8") {
    throw Error(ErrorClass::NOT_SUPPORTED, "read_files reads UTF-8 text only.")
        .withLocation(options.locate("encoding"));
  }

  std::vector<StructField> schema;
  if (schema_text)
    schema = parseSchemaOption(input, options, "schema", *schema_text);
  try {
    switch (spec->format) {
      case FileFormat::kJson: {
        json::JsonOptions& json = spec->json;
        json.multi_line = options.takeBool("multiline").value_or(false);
        json.mode = takeMode(options);
        json.infer_column_types = infer_types.value_or(true);
        json.rescued_data_column = rescued.value_or("_rescued_data");
        json.date_format = options.takeOr("dateformat", "");
        json.timestamp_format = options.takeOr("timestampformat", "");
        checkDatetimePatterns(json.date_format, json.timestamp_format);
        json.time_zone = sessionZone(context);
        json.single_variant_column = options.takeOr("singlevariantcolumn", "");
        if (!json.single_variant_column.empty()) {
          // Each record whole as one VARIANT: no schema to infer, nothing to rescue.
          if (schema_text) {
            options.fail("singleVariantColumn",
                         "The `singleVariantColumn` option cannot be used if there is also a "
                         "user specified schema.");
          }
          schema = {StructField{json.single_variant_column, DataType::variant(), true, {}}};
          json.rescued_data_column.clear();
        } else if (!schema_text) {
          schema = inferJson(spec->files, json);
        }
        spec->rescued_column = json.rescued_data_column;
        break;
      }
      case FileFormat::kCsv: {
        csv::CsvOptions& csv = spec->csv;
        csv.header = options.takeBool("header").value_or(false);
        std::optional<char> separator = options.takeChar("sep");
        if (std::optional<char> delimiter = options.takeChar("delimiter"))
          separator = delimiter;
        if (separator)
          csv.separator = *separator;
        if (std::optional<char> quote = options.takeChar("quote"))
          csv.quote = *quote;
        if (std::optional<char> escape = options.takeChar("escape"))
          csv.escape = *escape;
        csv.null_value = options.takeOr("nullvalue", "");
        if (std::optional<std::string> empty = options.take("emptyvalue"))
          csv.empty_value = *empty;
        if (std::optional<std::string> line_separator = options.take("linesep")) {
          // One character, as Spark documents it; "\r\n" is the default's own form.
          std::string text = csv::unescapeCharOption(*line_separator);
          if (text.empty())
            options.fail("linesep", "The option `lineSep` cannot be an empty string.");
          if (text.size() > 1 && text != "\r\n")
            options.fail("linesep", "The option `lineSep` can contain only 1 character.");
          csv.line_separator = text == "\r\n" ? '\n' : text[0];
        }
        // Without a given schema the names come from the header, so there is nothing to check.
        csv.enforce_schema = options.takeBool("enforceschema").value_or(true) || !schema_text;
        csv.nan_value = options.takeOr("nanvalue", csv.nan_value);
        csv.positive_inf = options.takeOr("positiveinf", csv.positive_inf);
        csv.negative_inf = options.takeOr("negativeinf", csv.negative_inf);
        csv.date_format = options.takeOr("dateformat", "");
        csv.timestamp_format = options.takeOr("timestampformat", "");
        checkDatetimePatterns(csv.date_format, csv.timestamp_format);
        csv.timestamp_ntz_format = options.takeOr("timestampntzformat", "");
        checkDatetimePatterns("", csv.timestamp_ntz_format);
        csv.multi_line = options.takeBool("multiline").value_or(false);
        csv.ignore_leading_white_space =
            options.takeBool("ignoreleadingwhitespace").value_or(false);
        csv.ignore_trailing_white_space =
            options.takeBool("ignoretrailingwhitespace").value_or(false);
        if (std::optional<char> comment = options.takeChar("comment"))
          csv.comment = *comment;
        csv.mode = takeMode(options);
        csv.infer_column_types = infer_types.value_or(true);
        csv.rescued_data_column = rescued.value_or("_rescued_data");
        csv.time_zone = sessionZone(context);
        if (!schema_text)
          schema = inferCsv(spec->files, csv);
        spec->rescued_column = csv.rescued_data_column;
        break;
      }
      case FileFormat::kParquet:
        if (!schema_text)
          schema = inferParquet(spec->files);
        break;
      case FileFormat::kText:
        spec->whole_text = options.takeBool("wholetext").value_or(false);
        if (schema_text) {
          if (schema.size() != 1 || schema[0].type.id() != TypeId::kString) {
            options.fail("schema", "The text format has one STRING column.");
          }
        } else {
          schema = {StructField{"value", DataType::string(), true, {}}};
        }
        break;
    }
  } catch (Error& error) {
    error.withLocation(input.location);
    throw;
  }
  options.checkAllUsed(fileFormatName(spec->format));
  if (hints)
    applySchemaHints(schema, parseSchemaOption(input, options, "schemaHints", *hints));
  if (schema.empty()) {
    throw Error(ErrorClass::UNABLE_TO_INFER_SCHEMA,
                fmt::format("Unable to infer schema for {} at {}: there are no records to infer it "
                            "from. It must be specified with the `schema` option.",
                            fileFormatName(spec->format), path->text))
        .withLocation(input.location);
  }
  // A rescued column named like a data column would hide it; the data column wins.
  if (std::any_of(schema.begin(), schema.end(), [&](const StructField& field) {
        return sameIdentifier(field.name, spec->rescued_column);
      })) {
    spec->rescued_column.clear();
  }
  spec->json.rescued_data_column = spec->rescued_column;
  spec->csv.rescued_data_column = spec->rescued_column;
  spec->data_schema = std::move(schema);
  // A streaming read infers its schema from every file, so that it stays the same from batch
  // to batch, and reads only the files its flow has not read yet.
  if (input.stream)
    spec->files = selectStreamFiles(input, path->text, std::move(spec->files));

  TableFunctionBinding binding;
  for (const StructField& field : spec->data_schema) {
    binding.column_names.push_back(field.name);
    binding.column_types.push_back(field.type);
  }
  if (!spec->rescued_column.empty()) {
    binding.column_names.push_back(spec->rescued_column);
    binding.column_types.push_back(DataType::string());
  }
  binding.column_names.push_back("_metadata");
  binding.column_types.push_back(fileMetadataType());
  binding.source = std::make_shared<FileScanSource>(std::move(spec));
  return binding;
}

}  // namespace

std::shared_ptr<const TableFunction> makeReadFilesFunction() {
  return std::make_shared<ReadFilesFunction>();
}

}  // namespace sluice

// src/exec/physical/physical_file_scan.cpp
#include "exec/physical/physical_file_scan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "common/text/ascii_case.hpp"
#include "common/types/type_contents.hpp"
#include "exec/physical/file_morsels.hpp"
#include "storage/csv/csv_reader.hpp"
#include "storage/format/file_text.hpp"
#include "storage/format/text_lines.hpp"
#include "storage/json/json_reader.hpp"
#include "storage/parquet/parquet_reader.hpp"
#include "storage/parquet/row_group_pruning.hpp"

namespace sluice {

namespace {

// Reads one Parquet file into the scan's data columns, matched by name (case-insensitive, as
// Spark's Parquet source); a column the file lacks, or that nobody reads, comes out as NULL.
class ParquetFileReader {
 public:
  //! Reads part `part` of `parts` of the file (parquet::selectFilePart).
  ParquetFileReader(const std::string& path, const std::vector<StructField>& schema,
                    const ScanPushdown& pushdown, size_t part, size_t parts)
      : reader_(path), schema_(schema) {
    const std::vector<StructField>& file_fields = reader_.schema();
    std::vector<idx_t> selected;
    source_.assign(schema.size(), -1);
    for (size_t column = 0; column < schema.size(); ++column) {
      if (!pushdown.readsColumn(column))
        continue;
      for (idx_t index = 0; index < file_fields.size(); ++index) {
        if (!sameIdentifier(file_fields[index].name, schema[column].name))
          continue;
        // A collated STRING is stored as any STRING: the values are relabelled as read.
        if (!file_fields[index].type.sameStructure(withoutCollations(schema[column].type))) {
          throw Error(
              ErrorClass::FAILED_READ_FILE, "PARQUET_COLUMN_DATA_TYPE_MISMATCH",
              fmt::format("Encountered error while reading file {}: column `{}` has type {} "
                          "in the file but {} in the schema.",
                          path, schema[column].name, file_fields[index].type.sql(),
                          schema[column].type.sql()));
        }
        source_[column] = static_cast<int>(selected.size());
        selected.push_back(index);
        break;
      }
    }
    reader_.selectColumns(std::move(selected));
    if (!pushdown.predicates.empty()) {
      reader_.selectRowGroups(parquet::rowGroupsThatMayMatch(reader_, pushdown.predicates));
    }
    parquet::selectFilePart(reader_, part, parts);
  }

  bool next(Batch& batch) {
    Batch file_batch;
    if (!reader_.next(file_batch))
      return false;
    batch.columns.clear();
    batch.num_rows = file_batch.num_rows;
    for (size_t column = 0; column < schema_.size(); ++column) {
      if (source_[column] >= 0) {
        Vector& values = file_batch.columns[source_[column]];
        if (!(values.type() == schema_[column].type))
          values.relabel(schema_[column].type);
        batch.columns.push_back(std::move(values));
      } else {
        batch.columns.push_back(Vector::nullConstant(schema_[column].type));
      }
    }
    return true;
  }

 private:
  parquet::ParquetReader reader_;
  const std::vector<StructField>& schema_;
  std::vector<int> source_;  // per schema column: index among the selected file columns, or -1
};

// Spark's _metadata.file_path is a URI: "file:" and the absolute path, with characters that
// URIs escape percent-encoded.
std::string fileUri(const std::string& path) {
  std::string uri = "file:";
  for (char c : path) {
    if (c == ' ' || c == '%' || c == '#' || c == '?') {
      uri += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    } else {
      uri.push_back(c);
    }
  }
  return uri;
}

Value metadataValue(const InputFile& file) {
  auto size = static_cast<int64_t>(file.size);
  return Value::nested(
      fileMetadataType(),
      {Value::string(fileUri(file.path)),
       Value::string(std::filesystem::path(file.path).filename().string()), Value::longValue(size),
       Value::longValue(0), Value::longValue(size), Value::timestamp(file.modification_time_us)});
}

// Whichever reader the format needs, behind one next() that adds the `_metadata` column.
class FileReader {
 public:
  FileReader(const FileScanSpec& spec, const ScanPushdown& pushdown, const InputFile& file,
             size_t part, size_t parts)
      : pushdown_(pushdown), metadata_(metadataValue(file)) {
    switch (spec.format) {
      case FileFormat::kJson:
        json_ = std::make_unique<json::JsonReader>(file.path, readFileText(file.path),
                                                   spec.data_schema, spec.json);
        break;
      case FileFormat::kCsv:
        csv_ = std::make_unique<csv::CsvReader>(file.path, readFileText(file.path),
                                                spec.data_schema, spec.csv);
        break;
      case FileFormat::kText:
        text_ = std::make_unique<TextLineReader>(readFileText(file.path), spec.whole_text);
        break;
      case FileFormat::kParquet:
        parquet_ =
            std::make_unique<ParquetFileReader>(file.path, spec.data_schema, pushdown, part, parts);
        break;
    }
  }

  bool next(Batch& batch) {
    if (!nextData(batch))
      return false;
    // _metadata is the last column.
    if (pushdown_.readsColumn(batch.columns.size())) {
      batch.columns.push_back(Vector::constant(metadata_));
    } else {
      batch.columns.push_back(Vector::nullConstant(fileMetadataType()));
    }
    return true;
  }

 private:
  bool nextData(Batch& batch) {
    if (json_)
      return json_->next(batch);
    if (csv_)
      return csv_->next(batch);
    if (text_)
      return text_->next(batch);
    return parquet_->next(batch);
  }

  const ScanPushdown& pushdown_;
  Value metadata_;
  std::unique_ptr<json::JsonReader> json_;
  std::unique_ptr<csv::CsvReader> csv_;
  std::unique_ptr<TextLineReader> text_;
  std::unique_ptr<ParquetFileReader> parquet_;
};

using FileScanLocal = FileMorselsLocal<FileReader>;

}  // namespace

PhysicalFileScan::PhysicalFileScan(std::vector<DataType> types,
                                   std::shared_ptr<const FileScanSpec> spec, ScanPushdown pushdown)
    : PhysicalOperator("FileScan", std::move(types)),
      spec_(std::move(spec)),
      pushdown_(std::move(pushdown)) {}

std::unique_ptr<GlobalSourceState> PhysicalFileScan::makeGlobalSourceState(const ExecContext&,
                                                                           GlobalSinkState*) const {
  size_t parts =
      spec_->format == FileFormat::kParquet ? parquetPartsPerFile(spec_->files.size()) : 1;
  return std::make_unique<FileMorselsGlobal>(spec_->files.size(), parts);
}

std::unique_ptr<LocalSourceState> PhysicalFileScan::makeLocalSourceState(const ExecContext&,
                                                                         GlobalSourceState&) const {
  return std::make_unique<FileScanLocal>();
}

bool PhysicalFileScan::getData(const ExecContext&, Morsel& morsel, GlobalSourceState& global_state,
                               LocalSourceState& local_state) const {
  return nextFileMorsel(static_cast<FileMorselsGlobal&>(global_state),
                        static_cast<FileScanLocal&>(local_state), morsel,
                        [&](size_t file, size_t part) {
                          return std::make_unique<FileReader>(
                              *spec_, pushdown_, spec_->files[file], part,
                              static_cast<FileMorselsGlobal&>(global_state).parts_per_file);
                        });
}

std::string PhysicalFileScan::details() const {
  return fmt::format("{} {} ({} files)", fileFormatName(spec_->format), spec_->location,
                     spec_->files.size());
}

}  // namespace sluice

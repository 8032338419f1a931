// src/exec/spill/spill_file.cpp
#include "exec/spill/spill_file.hpp"

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <system_error>

#include <fmt/format.h>

#include "common/variant/variant_storage.hpp"
#include "function/physical_type.hpp"
#include "storage/parquet/parquet_reader.hpp"
#include "storage/parquet/parquet_writer.hpp"

namespace sluice {

namespace {

bool spillsAsItself(const DataType& type) {
  switch (type.id()) {
    case TypeId::kVoid:
    case TypeId::kYearMonthInterval:
    case TypeId::kDayTimeInterval:
    case TypeId::kCalendarInterval:
      return false;
    case TypeId::kGeometry:
    case TypeId::kGeography:
      // A Parquet column has one SRID: the values of GEOMETRY(ANY) would lose their own.
      return type.srid() != DataType::kMixedSrid;
    case TypeId::kString:
      // Parquet has no collation: the strings would read back as UTF8_BINARY.
      return !type.isCollatedString();
    case TypeId::kTime:
      // Parquet's TIME(MICROS) reads back as TIME(6): a narrower TIME would change type.
      return type.precision() == DataType::kMaxTimePrecision;
    case TypeId::kArray:
      return spillsAsItself(type.elementType());
    case TypeId::kMap:
      return spillsAsItself(type.keyType()) && spillsAsItself(type.valueType());
    case TypeId::kStruct:
      if (type.fields().empty())
        return false;
      for (const StructField& field : type.fields()) {
        if (!spillsAsItself(field.type))
          return false;
      }
      return true;
    default:
      return true;
  }
}

uint64_t vectorMemoryBytes(const Vector& vector, idx_t rows) {
  const DataType& type = vector.type();
  if (vector.isConstant())
    rows = 1;
  uint64_t bytes = rows / 8;
  if (type.isNested()) {
    bytes += type.id() == TypeId::kStruct ? 0 : rows * sizeof(ListEntry);
    idx_t child_rows = type.id() == TypeId::kStruct ? rows : vector.childSize();
    for (const Vector& child : vector.children())
      bytes += vectorMemoryBytes(child, child_rows);
    return bytes;
  }
  if (type.isVoid())
    return bytes;
  visitScalarType(type, [&]<typename T>() {
    bytes += rows * sizeof(T);
    if constexpr (std::is_same_v<T, StringView>) {
      const StringView* views = vector.data<StringView>();
      for (idx_t row = 0; row < rows; ++row) {
        if (!views[row].isInline())
          bytes += views[row].size();
      }
    }
  });
  return bytes;
}

std::atomic<uint64_t> spill_files_created{0};

std::string newSpillPath() {
  std::error_code error;
  std::filesystem::path folder = std::filesystem::temp_directory_path(error);
  if (error)
    folder = "/tmp";
  return (folder /
          fmt::format("sluice-spill-{}-{}.parquet", getpid(), spill_files_created.fetch_add(1)))
      .string();
}

}  // namespace

bool canSpill(const std::vector<DataType>& types) {
  for (const DataType& type : types) {
    if (!spillsAsItself(type))
      return false;
  }
  return true;
}

uint64_t batchMemoryBytes(const Batch& batch) {
  uint64_t bytes = 0;
  for (const Vector& column : batch.columns)
    bytes += vectorMemoryBytes(column, batch.num_rows);
  return bytes;
}

uint64_t spillFilesCreated() {
  return spill_files_created.load();
}

SpillFile::SpillFile() : path_(newSpillPath()) {}

SpillFile::~SpillFile() {
  std::error_code ignored;
  std::filesystem::remove(path_, ignored);
}

SpillWriter::SpillWriter(SpillFile& file, const std::vector<DataType>& types,
                         uint64_t row_group_rows) {
  file.column_types_ = types;
  std::vector<StructField> schema;
  for (size_t column = 0; column < types.size(); ++column)
    schema.push_back({fmt::format("c{}", column), types[column], true, {}});
  parquet::ParquetWriterOptions options;
  options.codec = parquet::CompressionCodec::kLz4Raw;
  options.enable_dictionary = false;
  options.row_group_rows = row_group_rows;
  options.row_group_size = 64ull << 20;
  // Operators that spill by partition keep a writer open per partition and thread.
  options.write_buffer_size = size_t{64} << 10;
  writer_ = std::make_unique<parquet::ParquetWriter>(file.path(), std::move(schema), options);
}

SpillWriter::~SpillWriter() = default;

void SpillWriter::write(const Batch& batch) {
  writer_->write(batch);
}

void SpillWriter::close() {
  writer_->close();
}

SpillReader::SpillReader(const SpillFile& file)
    : reader_(std::make_unique<parquet::ParquetReader>(file.path())),
      column_types_(file.columnTypes()) {}

SpillReader::~SpillReader() = default;

bool SpillReader::next(Batch& batch) {
  if (!reader_->next(batch))
    return false;
  // A VARIANT comes back as its (value, metadata) group.
  for (size_t column = 0; column < batch.columns.size() && column < column_types_.size();
       ++column) {
    if (!batch.columns[column].type().sameStructure(column_types_[column])) {
      batch.columns[column] =
          variant::fromStorage(batch.columns[column], column_types_[column], batch.num_rows);
    }
  }
  return true;
}

}  // namespace sluice

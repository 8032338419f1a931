// src/storage/parquet/metadata.cpp
//
// Thrift compact encoding and decoding of the footer and page headers. Field ids follow
// parquet-format's parquet.thrift; unknown fields are skipped, required fields are checked.
#include "storage/parquet/metadata.hpp"

#include "common/check.hpp"
#include "storage/parquet/format_error.hpp"
#include "storage/parquet/thrift/compact_reader.hpp"
#include "storage/parquet/thrift/compact_writer.hpp"

namespace sluice::parquet {

namespace {

// ---- decoding --------------------------------------------------------------------------

//! Reads one struct, calling on_field(id, type) per field; on_field returns false to have
//! the field skipped.
template <typename OnField>
void readStruct(CompactReader& reader, OnField&& on_field) {
  reader.beginStruct();
  int16_t field_id;
  ThriftType type;
  while (reader.readFieldHeader(field_id, type)) {
    if (!on_field(field_id, type))
      reader.skip(type);
  }
  reader.endStruct();
}

template <typename OnElement>
void readList(CompactReader& reader, ThriftType expected, const char* what,
              OnElement&& on_element) {
  ThriftType element_type;
  uint32_t size = reader.readListHeader(element_type);
  if (size > 0 && element_type != expected) {
    throwFormatError("{} is a list of {}, expected {}", what, thriftTypeName(element_type),
                     thriftTypeName(expected));
  }
  for (uint32_t index = 0; index < size; ++index)
    on_element();
  reader.endList();
}

void require(bool present, const char* struct_name, const char* field_name) {
  if (!present)
    throwFormatError("{} lacks its required field {}", struct_name, field_name);
}

//! Type-checked readers of field values.
class ThriftFieldReader {
 public:
  ThriftFieldReader(CompactReader& reader, const char* struct_name)
      : reader_(reader), struct_name_(struct_name) {}

  void expect(int16_t id, ThriftType type, ThriftType expected) const {
    CompactReader::expectType(type, expected, struct_name_, id);
  }
  int32_t i32(int16_t id, ThriftType type) {
    expect(id, type, ThriftType::kI32);
    return reader_.readI32();
  }
  int64_t i64(int16_t id, ThriftType type) {
    expect(id, type, ThriftType::kI64);
    return reader_.readI64();
  }
  int16_t i16(int16_t id, ThriftType type) {
    expect(id, type, ThriftType::kI16);
    return reader_.readI16();
  }
  int8_t byte(int16_t id, ThriftType type) {
    expect(id, type, ThriftType::kByte);
    return reader_.readByte();
  }
  bool boolean(int16_t id, ThriftType type) {
    expect(id, type, ThriftType::kBoolTrue);
    return reader_.boolField(type);
  }
  std::string binary(int16_t id, ThriftType type) {
    expect(id, type, ThriftType::kBinary);
    return reader_.readString();
  }
  void structure(int16_t id, ThriftType type) { expect(id, type, ThriftType::kStruct); }
  void list(int16_t id, ThriftType type) { expect(id, type, ThriftType::kList); }

 private:
  CompactReader& reader_;
  const char* struct_name_;
};

TimeUnit decodeTimeUnit(CompactReader& reader) {
  std::optional<TimeUnit> unit;
  readStruct(reader, [&](int16_t id, ThriftType type) {
    if (type != ThriftType::kStruct)
      return false;
    if (id == 1)
      unit = TimeUnit::kMillis;
    if (id == 2)
      unit = TimeUnit::kMicros;
    if (id == 3)
      unit = TimeUnit::kNanos;
    return false;  // the unit structs are empty; skipping reads their stop byte
  });
  if (!unit)
    throwFormatError("TimeUnit names no known unit");
  return *unit;
}

LogicalType decodeLogicalType(CompactReader& reader) {
  LogicalType logical;
  logical.kind = LogicalType::Kind::kOther;
  readStruct(reader, [&](int16_t id, ThriftType type) {
    if (type != ThriftType::kStruct)
      return false;
    switch (id) {
      case 1:
        logical.kind = LogicalType::Kind::kString;
        return false;
      case 2:
        logical.kind = LogicalType::Kind::kMap;
        return false;
      case 3:
        logical.kind = LogicalType::Kind::kList;
        return false;
      case 4:
        logical.kind = LogicalType::Kind::kEnum;
        return false;
      case 5: {
        logical.kind = LogicalType::Kind::kDecimal;
        bool has_scale = false;
        bool has_precision = false;
        ThriftFieldReader decimal(reader, "DecimalType");
        readStruct(reader, [&](int16_t field, ThriftType field_type) {
          if (field == 1) {
            logical.scale = decimal.i32(field, field_type);
            has_scale = true;
            return true;
          }
          if (field == 2) {
            logical.precision = decimal.i32(field, field_type);
            has_precision = true;
            return true;
          }
          return false;
        });
        require(has_scale, "DecimalType", "scale");
        require(has_precision, "DecimalType", "precision");
        return true;
      }
      case 6:
        logical.kind = LogicalType::Kind::kDate;
        return false;
      case 7:
      case 8: {
        logical.kind = id == 7 ? LogicalType::Kind::kTime : LogicalType::Kind::kTimestamp;
        const char* name = id == 7 ? "TimeType" : "TimestampType";
        bool has_adjusted = false;
        bool has_unit = false;
        ThriftFieldReader time(reader, name);
        readStruct(reader, [&](int16_t field, ThriftType field_type) {
          if (field == 1) {
            logical.is_adjusted_to_utc = time.boolean(field, field_type);
            has_adjusted = true;
            return true;
          }
          if (field == 2) {
            time.structure(field, field_type);
            logical.unit = decodeTimeUnit(reader);
            has_unit = true;
            return true;
          }
          return false;
        });
        require(has_adjusted, name, "isAdjustedToUTC");
        require(has_unit, name, "unit");
        return true;
      }
      case 10: {
        logical.kind = LogicalType::Kind::kInteger;
        bool has_width = false;
        bool has_signed = false;
        ThriftFieldReader integer(reader, "IntType");
        readStruct(reader, [&](int16_t field, ThriftType field_type) {
          if (field == 1) {
            logical.bit_width = integer.byte(field, field_type);
            has_width = true;
            return true;
          }
          if (field == 2) {
            logical.is_signed = integer.boolean(field, field_type);
            has_signed = true;
            return true;
          }
          return false;
        });
        require(has_width, "IntType", "bitWidth");
        require(has_signed, "IntType", "isSigned");
        return true;
      }
      case 11:
        logical.kind = LogicalType::Kind::kUnknown;
        return false;
      case 12:
        logical.kind = LogicalType::Kind::kJson;
        return false;
      case 13:
        logical.kind = LogicalType::Kind::kBson;
        return false;
      case 14:
        logical.kind = LogicalType::Kind::kUuid;
        return false;
      case 15:
        logical.kind = LogicalType::Kind::kFloat16;
        return false;
      case 17:
      case 18: {
        logical.kind = id == 17 ? LogicalType::Kind::kGeometry : LogicalType::Kind::kGeography;
        ThriftFieldReader spatial(reader, id == 17 ? "GeometryType" : "GeographyType");
        readStruct(reader, [&](int16_t field, ThriftType field_type) {
          if (field == 1) {
            logical.crs = spatial.binary(field, field_type);
            return true;
          }
          if (field == 2 && id == 18) {
            logical.edge_algorithm = spatial.i32(field, field_type);
            return true;
          }
          return false;
        });
        return true;
      }
      default:
        logical.kind = LogicalType::Kind::kOther;
        return false;
    }
  });
  return logical;
}

SchemaElement decodeSchemaElement(CompactReader& reader) {
  SchemaElement element;
  bool has_name = false;
  ThriftFieldReader fields(reader, "SchemaElement");
  readStruct(reader, [&](int16_t id, ThriftType type) {
    switch (id) {
      case 1:
        element.type = static_cast<PhysicalType>(fields.i32(id, type));
        return true;
      case 2:
        element.type_length = fields.i32(id, type);
        return true;
      case 3:
        element.repetition = static_cast<Repetition>(fields.i32(id, type));
        return true;
      case 4:
        element.name = fields.binary(id, type);
        has_name = true;
        return true;
      case 5:
        element.num_children = fields.i32(id, type);
        return true;
      case 6:
        element.converted_type = static_cast<ConvertedType>(fields.i32(id, type));
        return true;
      case 7:
        element.scale = fields.i32(id, type);
        return true;
      case 8:
        element.precision = fields.i32(id, type);
        return true;
      case 9:
        element.field_id = fields.i32(id, type);
        return true;
      case 10:
        fields.structure(id, type);
        element.logical_type = decodeLogicalType(reader);
        return true;
      default:
        return false;
    }
  });
  require(has_name, "SchemaElement", "name");
  return element;
}

Statistics decodeStatistics(CompactReader& reader) {
  Statistics statistics;
  ThriftFieldReader fields(reader, "Statistics");
  readStruct(reader, [&](int16_t id, ThriftType type) {
    switch (id) {
      case 1:
        statistics.max = fields.binary(id, type);
        return true;
      case 2:
        statistics.min = fields.binary(id, type);
        return true;
      case 3:
        statistics.null_count = fields.i64(id, type);
        return true;
      case 4:
        statistics.distinct_count = fields.i64(id, type);
        return true;
      case 5:
        statistics.max_value = fields.binary(id, type);
        return true;
      case 6:
        statistics.min_value = fields.binary(id, type);
        return true;
      default:
        return false;
    }
  });
  return statistics;
}

KeyValue decodeKeyValue(CompactReader& reader) {
  KeyValue key_value;
  bool has_key = false;
  ThriftFieldReader fields(reader, "KeyValue");
  readStruct(reader, [&](int16_t id, ThriftType type) {
    if (id == 1) {
      key_value.key = fields.binary(id, type);
      has_key = true;
      return true;
    }
    if (id == 2) {
      key_value.value = fields.binary(id, type);
      return true;
    }
    return false;
  });
  require(has_key, "KeyValue", "key");
  return key_value;
}

ColumnMetaData decodeColumnMetaData(CompactReader& reader) {
  ColumnMetaData column;
  uint32_t seen = 0;
  ThriftFieldReader fields(reader, "ColumnMetaData");
  readStruct(reader, [&](int16_t id, ThriftType type) {
    if (id >= 1 && id <= 9)
      seen |= 1u << id;
    switch (id) {
      case 1:
        column.type = static_cast<PhysicalType>(fields.i32(id, type));
        return true;
      case 2:
        fields.list(id, type);
        readList(reader, ThriftType::kI32, "ColumnMetaData.encodings",
                 [&] { column.encodings.push_back(static_cast<Encoding>(reader.readI32())); });
        return true;
      case 3:
        fields.list(id, type);
        readList(reader, ThriftType::kBinary, "ColumnMetaData.path_in_schema",
                 [&] { column.path_in_schema.push_back(reader.readString()); });
        return true;
      case 4:
        column.codec = static_cast<CompressionCodec>(fields.i32(id, type));
        return true;
      case 5:
        column.num_values = fields.i64(id, type);
        return true;
      case 6:
        column.total_uncompressed_size = fields.i64(id, type);
        return true;
      case 7:
        column.total_compressed_size = fields.i64(id, type);
        return true;
      case 9:
        column.data_page_offset = fields.i64(id, type);
        return true;
      case 10:
        column.index_page_offset = fields.i64(id, type);
        return true;
      case 11:
        column.dictionary_page_offset = fields.i64(id, type);
        return true;
      case 12:
        fields.structure(id, type);
        column.statistics = decodeStatistics(reader);
        return true;
      default:
        return false;  // key_value_metadata, encoding_stats, bloom filters, ...
    }
  });
  static const std::pair<int, const char*> kRequired[] = {{1, "type"},
                                                          {2, "encodings"},
                                                          {3, "path_in_schema"},
                                                          {4, "codec"},
                                                          {5, "num_values"},
                                                          {6, "total_uncompressed_size"},
                                                          {7, "total_compressed_size"},
                                                          {9, "data_page_offset"}};
  for (const auto& [id, name] : kRequired)
    require(seen & (1u << id), "ColumnMetaData", name);
  return column;
}

ColumnChunk decodeColumnChunk(CompactReader& reader) {
  ColumnChunk chunk;
  ThriftFieldReader fields(reader, "ColumnChunk");
  readStruct(reader, [&](int16_t id, ThriftType type) {
    switch (id) {
      case 1:
        chunk.file_path = fields.binary(id, type);
        return true;
      case 2:
        chunk.file_offset = fields.i64(id, type);
        return true;
      case 3:
        fields.structure(id, type);
        chunk.meta_data = decodeColumnMetaData(reader);
        return true;
      case 8:
      case 9:
        chunk.encrypted = true;
        return false;
      default:
        return false;
    }
  });
  return chunk;
}

RowGroup decodeRowGroup(CompactReader& reader) {
  RowGroup row_group;
  bool has_columns = false;
  bool has_total = false;
  bool has_rows = false;
  ThriftFieldReader fields(reader, "RowGroup");
  readStruct(reader, [&](int16_t id, ThriftType type) {
    switch (id) {
      case 1:
        fields.list(id, type);
        readList(reader, ThriftType::kStruct, "RowGroup.columns",
                 [&] { row_group.columns.push_back(decodeColumnChunk(reader)); });
        has_columns = true;
        return true;
      case 2:
        row_group.total_byte_size = fields.i64(id, type);
        has_total = true;
        return true;
      case 3:
        row_group.num_rows = fields.i64(id, type);
        has_rows = true;
        return true;
      case 5:
        row_group.file_offset = fields.i64(id, type);
        return true;
      case 6:
        row_group.total_compressed_size = fields.i64(id, type);
        return true;
      case 7:
        row_group.ordinal = fields.i16(id, type);
        return true;
      default:
        return false;
    }
  });
  require(has_columns, "RowGroup", "columns");
  require(has_total, "RowGroup", "total_byte_size");
  require(has_rows, "RowGroup", "num_rows");
  return row_group;
}

ColumnOrder decodeColumnOrder(CompactReader& reader) {
  ColumnOrder order = ColumnOrder::kOther;
  readStruct(reader, [&](int16_t id, ThriftType type) {
    if (id == 1 && type == ThriftType::kStruct)
      order = ColumnOrder::kTypeDefined;
    return false;
  });
  return order;
}

DataPageHeader decodeDataPageHeader(CompactReader& reader) {
  DataPageHeader header;
  uint32_t seen = 0;
  ThriftFieldReader fields(reader, "DataPageHeader");
  readStruct(reader, [&](int16_t id, ThriftType type) {
    if (id >= 1 && id <= 4)
      seen |= 1u << id;
    switch (id) {
      case 1:
        header.num_values = fields.i32(id, type);
        return true;
      case 2:
        header.encoding = static_cast<Encoding>(fields.i32(id, type));
        return true;
      case 3:
        header.definition_level_encoding = static_cast<Encoding>(fields.i32(id, type));
        return true;
      case 4:
        header.repetition_level_encoding = static_cast<Encoding>(fields.i32(id, type));
        return true;
      case 5:
        fields.structure(id, type);
        header.statistics = decodeStatistics(reader);
        return true;
      default:
        return false;
    }
  });
  require(seen & (1u << 1), "DataPageHeader", "num_values");
  require(seen & (1u << 2), "DataPageHeader", "encoding");
  require(seen & (1u << 3), "DataPageHeader", "definition_level_encoding");
  require(seen & (1u << 4), "DataPageHeader", "repetition_level_encoding");
  return header;
}

DictionaryPageHeader decodeDictionaryPageHeader(CompactReader& reader) {
  DictionaryPageHeader header;
  uint32_t seen = 0;
  ThriftFieldReader fields(reader, "DictionaryPageHeader");
  readStruct(reader, [&](int16_t id, ThriftType type) {
    if (id >= 1 && id <= 2)
      seen |= 1u << id;
    switch (id) {
      case 1:
        header.num_values = fields.i32(id, type);
        return true;
      case 2:
        header.encoding = static_cast<Encoding>(fields.i32(id, type));
        return true;
      case 3:
        header.is_sorted = fields.boolean(id, type);
        return true;
      default:
        return false;
    }
  });
  require(seen & (1u << 1), "DictionaryPageHeader", "num_values");
  require(seen & (1u << 2), "DictionaryPageHeader", "encoding");
  return header;
}

DataPageHeaderV2 decodeDataPageHeaderV2(CompactReader& reader) {
  DataPageHeaderV2 header;
  uint32_t seen = 0;
  ThriftFieldReader fields(reader, "DataPageHeaderV2");
  readStruct(reader, [&](int16_t id, ThriftType type) {
    if (id >= 1 && id <= 6)
      seen |= 1u << id;
    switch (id) {
      case 1:
        header.num_values = fields.i32(id, type);
        return true;
      case 2:
        header.num_nulls = fields.i32(id, type);
        return true;
      case 3:
        header.num_rows = fields.i32(id, type);
        return true;
      case 4:
        header.encoding = static_cast<Encoding>(fields.i32(id, type));
        return true;
      case 5:
        header.definition_levels_byte_length = fields.i32(id, type);
        return true;
      case 6:
        header.repetition_levels_byte_length = fields.i32(id, type);
        return true;
      case 7:
        header.is_compressed = fields.boolean(id, type);
        return true;
      case 8:
        fields.structure(id, type);
        header.statistics = decodeStatistics(reader);
        return true;
      default:
        return false;
    }
  });
  static const std::pair<int, const char*> kRequired[] = {{1, "num_values"},
                                                          {2, "num_nulls"},
                                                          {3, "num_rows"},
                                                          {4, "encoding"},
                                                          {5, "definition_levels_byte_length"},
                                                          {6, "repetition_levels_byte_length"}};
  for (const auto& [id, name] : kRequired)
    require(seen & (1u << id), "DataPageHeaderV2", name);
  return header;
}

// ---- encoding --------------------------------------------------------------------------

void encodeStatistics(CompactWriter& writer, const Statistics& statistics) {
  writer.beginStruct();
  if (statistics.max)
    writer.binaryField(1, *statistics.max);
  if (statistics.min)
    writer.binaryField(2, *statistics.min);
  if (statistics.null_count)
    writer.i64Field(3, *statistics.null_count);
  if (statistics.distinct_count)
    writer.i64Field(4, *statistics.distinct_count);
  if (statistics.max_value)
    writer.binaryField(5, *statistics.max_value);
  if (statistics.min_value)
    writer.binaryField(6, *statistics.min_value);
  writer.endStruct();
}

void encodeEmptyStructField(CompactWriter& writer, int16_t field_id) {
  writer.structField(field_id);
  writer.beginStruct();
  writer.endStruct();
}

void encodeLogicalType(CompactWriter& writer, const LogicalType& logical) {
  using Kind = LogicalType::Kind;
  writer.beginStruct();
  switch (logical.kind) {
    case Kind::kString:
      encodeEmptyStructField(writer, 1);
      break;
    case Kind::kMap:
      encodeEmptyStructField(writer, 2);
      break;
    case Kind::kList:
      encodeEmptyStructField(writer, 3);
      break;
    case Kind::kEnum:
      encodeEmptyStructField(writer, 4);
      break;
    case Kind::kDecimal:
      writer.structField(5);
      writer.beginStruct();
      writer.i32Field(1, logical.scale);
      writer.i32Field(2, logical.precision);
      writer.endStruct();
      break;
    case Kind::kDate:
      encodeEmptyStructField(writer, 6);
      break;
    case Kind::kTime:
    case Kind::kTimestamp:
      writer.structField(logical.kind == Kind::kTime ? 7 : 8);
      writer.beginStruct();
      writer.boolField(1, logical.is_adjusted_to_utc);
      writer.structField(2);
      writer.beginStruct();
      encodeEmptyStructField(writer, static_cast<int16_t>(static_cast<int>(logical.unit) + 1));
      writer.endStruct();
      writer.endStruct();
      break;
    case Kind::kInteger:
      writer.structField(10);
      writer.beginStruct();
      writer.byteField(1, logical.bit_width);
      writer.boolField(2, logical.is_signed);
      writer.endStruct();
      break;
    case Kind::kUnknown:
      encodeEmptyStructField(writer, 11);
      break;
    case Kind::kJson:
      encodeEmptyStructField(writer, 12);
      break;
    case Kind::kBson:
      encodeEmptyStructField(writer, 13);
      break;
    case Kind::kUuid:
      encodeEmptyStructField(writer, 14);
      break;
    case Kind::kFloat16:
      encodeEmptyStructField(writer, 15);
      break;
    case Kind::kGeometry:
    case Kind::kGeography:
      writer.structField(logical.kind == Kind::kGeometry ? 17 : 18);
      writer.beginStruct();
      if (!logical.crs.empty())
        writer.binaryField(1, logical.crs);
      writer.endStruct();
      break;
    case Kind::kNone:
    case Kind::kOther:
      SLUICE_UNREACHABLE("cannot encode this logical type");
  }
  writer.endStruct();
}

void encodeSchemaElement(CompactWriter& writer, const SchemaElement& element) {
  writer.beginStruct();
  if (element.type)
    writer.i32Field(1, static_cast<int32_t>(*element.type));
  if (element.type_length)
    writer.i32Field(2, *element.type_length);
  if (element.repetition)
    writer.i32Field(3, static_cast<int32_t>(*element.repetition));
  writer.binaryField(4, element.name);
  if (element.num_children)
    writer.i32Field(5, *element.num_children);
  if (element.converted_type)
    writer.i32Field(6, static_cast<int32_t>(*element.converted_type));
  if (element.scale)
    writer.i32Field(7, *element.scale);
  if (element.precision)
    writer.i32Field(8, *element.precision);
  if (element.field_id)
    writer.i32Field(9, *element.field_id);
  if (element.logical_type.kind != LogicalType::Kind::kNone) {
    writer.structField(10);
    encodeLogicalType(writer, element.logical_type);
  }
  writer.endStruct();
}

void encodeKeyValue(CompactWriter& writer, const KeyValue& key_value) {
  writer.beginStruct();
  writer.binaryField(1, key_value.key);
  if (key_value.value)
    writer.binaryField(2, *key_value.value);
  writer.endStruct();
}

void encodeColumnMetaData(CompactWriter& writer, const ColumnMetaData& column) {
  writer.beginStruct();
  writer.i32Field(1, static_cast<int32_t>(column.type));
  writer.listField(2, ThriftType::kI32, static_cast<uint32_t>(column.encodings.size()));
  for (Encoding encoding : column.encodings)
    writer.writeI32(static_cast<int32_t>(encoding));
  writer.listField(3, ThriftType::kBinary, static_cast<uint32_t>(column.path_in_schema.size()));
  for (const std::string& part : column.path_in_schema)
    writer.writeBinary(part);
  writer.i32Field(4, static_cast<int32_t>(column.codec));
  writer.i64Field(5, column.num_values);
  writer.i64Field(6, column.total_uncompressed_size);
  writer.i64Field(7, column.total_compressed_size);
  writer.i64Field(9, column.data_page_offset);
  if (column.index_page_offset)
    writer.i64Field(10, *column.index_page_offset);
  if (column.dictionary_page_offset)
    writer.i64Field(11, *column.dictionary_page_offset);
  if (column.statistics) {
    writer.structField(12);
    encodeStatistics(writer, *column.statistics);
  }
  writer.endStruct();
}

void encodeColumnChunk(CompactWriter& writer, const ColumnChunk& chunk) {
  SLUICE_CHECK(!chunk.encrypted);
  writer.beginStruct();
  if (chunk.file_path)
    writer.binaryField(1, *chunk.file_path);
  writer.i64Field(2, chunk.file_offset);
  if (chunk.meta_data) {
    writer.structField(3);
    encodeColumnMetaData(writer, *chunk.meta_data);
  }
  writer.endStruct();
}

void encodeRowGroup(CompactWriter& writer, const RowGroup& row_group) {
  writer.beginStruct();
  writer.listField(1, ThriftType::kStruct, static_cast<uint32_t>(row_group.columns.size()));
  for (const ColumnChunk& chunk : row_group.columns)
    encodeColumnChunk(writer, chunk);
  writer.i64Field(2, row_group.total_byte_size);
  writer.i64Field(3, row_group.num_rows);
  if (row_group.file_offset)
    writer.i64Field(5, *row_group.file_offset);
  if (row_group.total_compressed_size)
    writer.i64Field(6, *row_group.total_compressed_size);
  if (row_group.ordinal)
    writer.i16Field(7, *row_group.ordinal);
  writer.endStruct();
}

}  // namespace

FileMetaData decodeFileMetaData(const uint8_t* data, size_t size) {
  CompactReader reader(data, size);
  FileMetaData metadata;
  uint32_t seen = 0;
  ThriftFieldReader fields(reader, "FileMetaData");
  readStruct(reader, [&](int16_t id, ThriftType type) {
    if (id >= 1 && id <= 4)
      seen |= 1u << id;
    switch (id) {
      case 1:
        metadata.version = fields.i32(id, type);
        return true;
      case 2:
        fields.list(id, type);
        readList(reader, ThriftType::kStruct, "FileMetaData.schema",
                 [&] { metadata.schema.push_back(decodeSchemaElement(reader)); });
        return true;
      case 3:
        metadata.num_rows = fields.i64(id, type);
        return true;
      case 4:
        fields.list(id, type);
        readList(reader, ThriftType::kStruct, "FileMetaData.row_groups",
                 [&] { metadata.row_groups.push_back(decodeRowGroup(reader)); });
        return true;
      case 5:
        fields.list(id, type);
        readList(reader, ThriftType::kStruct, "FileMetaData.key_value_metadata",
                 [&] { metadata.key_value_metadata.push_back(decodeKeyValue(reader)); });
        return true;
      case 6:
        metadata.created_by = fields.binary(id, type);
        return true;
      case 7:
        fields.list(id, type);
        readList(reader, ThriftType::kStruct, "FileMetaData.column_orders",
                 [&] { metadata.column_orders.push_back(decodeColumnOrder(reader)); });
        return true;
      case 8:
        metadata.encrypted = true;
        return false;
      default:
        return false;
    }
  });
  require(seen & (1u << 1), "FileMetaData", "version");
  require(seen & (1u << 2), "FileMetaData", "schema");
  require(seen & (1u << 3), "FileMetaData", "num_rows");
  require(seen & (1u << 4), "FileMetaData", "row_groups");
  return metadata;
}

void encodeFileMetaData(const FileMetaData& metadata, std::vector<uint8_t>& out) {
  SLUICE_CHECK(!metadata.encrypted);
  CompactWriter writer(out);
  writer.beginStruct();
  writer.i32Field(1, metadata.version);
  writer.listField(2, ThriftType::kStruct, static_cast<uint32_t>(metadata.schema.size()));
  for (const SchemaElement& element : metadata.schema)
    encodeSchemaElement(writer, element);
  writer.i64Field(3, metadata.num_rows);
  writer.listField(4, ThriftType::kStruct, static_cast<uint32_t>(metadata.row_groups.size()));
  for (const RowGroup& row_group : metadata.row_groups)
    encodeRowGroup(writer, row_group);
  if (!metadata.key_value_metadata.empty()) {
    writer.listField(5, ThriftType::kStruct,
                     static_cast<uint32_t>(metadata.key_value_metadata.size()));
    for (const KeyValue& key_value : metadata.key_value_metadata) {
      encodeKeyValue(writer, key_value);
    }
  }
  if (metadata.created_by)
    writer.binaryField(6, *metadata.created_by);
  if (!metadata.column_orders.empty()) {
    writer.listField(7, ThriftType::kStruct, static_cast<uint32_t>(metadata.column_orders.size()));
    for (ColumnOrder order : metadata.column_orders) {
      SLUICE_CHECK(order == ColumnOrder::kTypeDefined);
      writer.beginStruct();
      encodeEmptyStructField(writer, 1);
      writer.endStruct();
    }
  }
  writer.endStruct();
}

PageHeader decodePageHeader(const uint8_t* data, size_t size, size_t& header_size) {
  CompactReader reader(data, size);
  PageHeader header;
  uint32_t seen = 0;
  ThriftFieldReader fields(reader, "PageHeader");
  readStruct(reader, [&](int16_t id, ThriftType type) {
    if (id >= 1 && id <= 3)
      seen |= 1u << id;
    switch (id) {
      case 1:
        header.type = static_cast<PageType>(fields.i32(id, type));
        return true;
      case 2:
        header.uncompressed_page_size = fields.i32(id, type);
        return true;
      case 3:
        header.compressed_page_size = fields.i32(id, type);
        return true;
      case 4:
        header.crc = fields.i32(id, type);
        return true;
      case 5:
        fields.structure(id, type);
        header.data_page_header = decodeDataPageHeader(reader);
        return true;
      case 7:
        fields.structure(id, type);
        header.dictionary_page_header = decodeDictionaryPageHeader(reader);
        return true;
      case 8:
        fields.structure(id, type);
        header.data_page_header_v2 = decodeDataPageHeaderV2(reader);
        return true;
      default:
        return false;
    }
  });
  require(seen & (1u << 1), "PageHeader", "type");
  require(seen & (1u << 2), "PageHeader", "uncompressed_page_size");
  require(seen & (1u << 3), "PageHeader", "compressed_page_size");
  header_size = reader.position();
  return header;
}

void encodePageHeader(const PageHeader& header, std::vector<uint8_t>& out) {
  CompactWriter writer(out);
  writer.beginStruct();
  writer.i32Field(1, static_cast<int32_t>(header.type));
  writer.i32Field(2, header.uncompressed_page_size);
  writer.i32Field(3, header.compressed_page_size);
  if (header.crc)
    writer.i32Field(4, *header.crc);
  if (header.data_page_header) {
    const DataPageHeader& page = *header.data_page_header;
    writer.structField(5);
    writer.beginStruct();
    writer.i32Field(1, page.num_values);
    writer.i32Field(2, static_cast<int32_t>(page.encoding));
    writer.i32Field(3, static_cast<int32_t>(page.definition_level_encoding));
    writer.i32Field(4, static_cast<int32_t>(page.repetition_level_encoding));
    if (page.statistics) {
      writer.structField(5);
      encodeStatistics(writer, *page.statistics);
    }
    writer.endStruct();
  }
  if (header.dictionary_page_header) {
    const DictionaryPageHeader& page = *header.dictionary_page_header;
    writer.structField(7);
    writer.beginStruct();
    writer.i32Field(1, page.num_values);
    writer.i32Field(2, static_cast<int32_t>(page.encoding));
    if (page.is_sorted)
      writer.boolField(3, *page.is_sorted);
    writer.endStruct();
  }
  if (header.data_page_header_v2) {
    const DataPageHeaderV2& page = *header.data_page_header_v2;
    writer.structField(8);
    writer.beginStruct();
    writer.i32Field(1, page.num_values);
    writer.i32Field(2, page.num_nulls);
    writer.i32Field(3, page.num_rows);
    writer.i32Field(4, static_cast<int32_t>(page.encoding));
    writer.i32Field(5, page.definition_levels_byte_length);
    writer.i32Field(6, page.repetition_levels_byte_length);
    writer.boolField(7, page.is_compressed);
    if (page.statistics) {
      writer.structField(8);
      encodeStatistics(writer, *page.statistics);
    }
    writer.endStruct();
  }
  writer.endStruct();
}

}  // namespace sluice::parquet

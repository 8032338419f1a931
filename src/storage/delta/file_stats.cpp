// src/storage/delta/file_stats.cpp
//
// Delta file statistics from Parquet footers, and back to Values for data skipping.

#include "storage/delta/file_stats.hpp"

#include <cmath>

#include <fmt/format.h>

#include "common/types/decimal.hpp"
#include "common/types/time_units.hpp"
#include "common/types/time_zone.hpp"
#include "common/types/value_text.hpp"
#include "storage/delta/actions.hpp"
#include "storage/delta/value_order.hpp"
#include "storage/parquet/statistics.hpp"

namespace sluice::delta {

namespace {

// Doubles print decimals exactly up to 15 significant digits; wider ones are left out.
constexpr int kMaxExactDecimalDigits = 15;

bool skippingEligible(const DataType& type) {
  return type.isNumeric() || type.id() == TypeId::kString || type.id() == TypeId::kDate ||
         type.id() == TypeId::kTimestamp || type.id() == TypeId::kTimestampNtz;
}

//! The leaf columns statistics count for `type`: a struct's fields one by one, any other
//! column (an array or map too) as one.
int statisticsLeaves(const DataType& type) {
  if (type.id() != TypeId::kStruct)
    return 1;
  int leaves = 0;
  for (const StructField& field : type.fields())
    leaves += statisticsLeaves(field.type);
  return leaves;
}

//! Splits UTF-8 text into code points' byte offsets (a malformed byte counts as one).
std::vector<size_t> codePointStarts(const std::string& text) {
  std::vector<size_t> starts;
  for (size_t i = 0; i < text.size();) {
    starts.push_back(i);
    auto byte = static_cast<unsigned char>(text[i]);
    size_t length = byte < 0x80           ? 1
                    : (byte >> 5) == 0x6  ? 2
                    : (byte >> 4) == 0xE  ? 3
                    : (byte >> 3) == 0x1E ? 4
                                          : 1;
    i += length;
  }
  return starts;
}

constexpr std::string_view kUtf8MaxCharacter = "\xF4\x8F\xBF\xBF";  // U+10FFFF

//! A min or max Value as Delta's stats JSON holds it; nullopt when it cannot be written.
std::optional<Json> statValueToJson(const Value& value, bool is_max, const StatsOptions& options) {
  const DataType& type = value.type();
  switch (type.id()) {
    case TypeId::kByte:
    case TypeId::kShort:
    case TypeId::kInt:
    case TypeId::kLong:
      return Json(value.getInt64());
    case TypeId::kFloat:
      if (!std::isfinite(value.getFloat()))
        return std::nullopt;
      // The float's shortest digits ("1.1", not 1.100000023841858), as Java prints it.
      return Json(std::stod(formatFloat(value.getFloat())));
    case TypeId::kDouble:
      if (!std::isfinite(value.getDouble()))
        return std::nullopt;
      return Json(value.getDouble());
    case TypeId::kDecimal:
      if (type.precision() > kMaxExactDecimalDigits)
        return std::nullopt;
      return Json(decimal::toDouble(value.getDecimalUnscaled(), type.scale()));
    case TypeId::kString: {
      if (is_max) {
        auto truncated = truncateMaxString(value.getString(), options.string_prefix_length);
        if (!truncated)
          return std::nullopt;
        return Json(*truncated);
      }
      return Json(truncateMinString(value.getString(), options.string_prefix_length));
    }
    case TypeId::kDate:
      return Json(formatDate(static_cast<int32_t>(value.getInt64())));
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz: {
      int64_t millis = floorDivide(value.getInt64(), kMicrosPerMilli);
      int64_t seconds = floorDivide(millis, 1000);
      std::string text = formatTimestampNtz(seconds * 1'000'000);
      if (text.size() > 10)
        text[10] = 'T';
      text += fmt::format(".{:03}", millis - seconds * 1000);
      if (type.id() == TypeId::kTimestamp)
        text += 'Z';
      return Json(text);
    }
    default:
      return std::nullopt;
  }
}

//! Min, max and NULL count of one leaf over every row group of the file.
struct LeafSummary {
  std::optional<Value> min;
  std::optional<Value> max;
  std::optional<int64_t> null_count;
};

LeafSummary summarizeLeaf(const parquet::FileMetaData& footer, const parquet::ParquetSchema& schema,
                          uint32_t leaf_index) {
  const parquet::LeafColumn& leaf = schema.leaves[leaf_index];
  bool type_defined = leaf_index < footer.column_orders.size() &&
                      footer.column_orders[leaf_index] == parquet::ColumnOrder::kTypeDefined;
  LeafSummary summary;
  int64_t nulls = 0;
  bool nulls_known = true;
  bool bounds_known = true;
  for (const parquet::RowGroup& group : footer.row_groups) {
    const parquet::ColumnChunk& chunk = group.columns[leaf_index];
    if (!chunk.meta_data || !chunk.meta_data->statistics) {
      nulls_known = bounds_known = false;
      continue;
    }
    parquet::ColumnStatistics stats =
        parquet::decodeColumnStatistics(leaf, *chunk.meta_data->statistics, type_defined);
    if (stats.null_count) {
      nulls += *stats.null_count;
    } else {
      nulls_known = false;
    }
    int64_t non_null = chunk.meta_data->num_values - stats.null_count.value_or(0);
    if (non_null <= 0 && stats.null_count)
      continue;  // an all-NULL row group bounds nothing
    if (!stats.min || !stats.max) {
      bounds_known = false;
      continue;
    }
    if (!summary.min || compareScalarValues(*stats.min, *summary.min) < 0)
      summary.min = stats.min;
    if (!summary.max || compareScalarValues(*stats.max, *summary.max) > 0)
      summary.max = stats.max;
  }
  if (nulls_known)
    summary.null_count = nulls;
  if (!bounds_known)
    summary.min.reset(), summary.max.reset();
  return summary;
}

class StatsBuilder {
 public:
  StatsBuilder(const parquet::FileMetaData& footer, const parquet::ParquetSchema& schema,
               const StatsOptions& options, const std::map<std::string, int64_t>& list_nulls)
      : footer_(footer), schema_(schema), options_(options), list_nulls_(list_nulls) {}

  std::string build() {
    Json min_values = Json::object();
    Json max_values = Json::object();
    Json null_count = Json::object();
    for (const parquet::ColumnNode& column : schema_.columns) {
      if (exhausted())
        break;
      addColumn(column, /*top_level=*/true, min_values, max_values, null_count);
    }
    Json stats = Json::object();
    stats["numRecords"] = footer_.num_rows;
    stats["minValues"] = min_values;
    stats["maxValues"] = max_values;
    stats["nullCount"] = null_count;
    return dumpJson(stats);
  }

 private:
  bool exhausted() const {
    return options_.num_indexed_cols >= 0 && leaves_used_ >= options_.num_indexed_cols;
  }

  void addColumn(const parquet::ColumnNode& node, bool top_level, Json& min_values,
                 Json& max_values, Json& null_count) {
    // A VARIANT column (stored as a group) counts as one column with a null count only, as
    // arrays and maps do; its NULLs were counted as it was written.
    bool counted_whole = top_level && list_nulls_.count(node.name) > 0;
    switch (counted_whole ? parquet::ColumnNode::Kind::kList : node.kind) {
      case parquet::ColumnNode::Kind::kStruct: {
        Json child_min = Json::object();
        Json child_max = Json::object();
        Json child_nulls = Json::object();
        for (const parquet::ColumnNode& child : node.children) {
          if (exhausted())
            break;
          addColumn(child, false, child_min, child_max, child_nulls);
        }
        if (!child_min.empty())
          min_values[node.name] = child_min;
        if (!child_max.empty())
          max_values[node.name] = child_max;
        if (!child_nulls.empty())
          null_count[node.name] = child_nulls;
        return;
      }
      case parquet::ColumnNode::Kind::kList:
      case parquet::ColumnNode::Kind::kMap: {
        ++leaves_used_;
        auto it = list_nulls_.find(node.name);
        if (top_level && it != list_nulls_.end())
          null_count[node.name] = it->second;
        return;
      }
      case parquet::ColumnNode::Kind::kPrimitive: {
        ++leaves_used_;
        LeafSummary summary = summarizeLeaf(footer_, schema_, node.first_leaf);
        if (summary.null_count)
          null_count[node.name] = *summary.null_count;
        if (!skippingEligible(node.type) || !summary.min || !summary.max)
          return;
        auto min = statValueToJson(*summary.min, /*is_max=*/false, options_);
        auto max = statValueToJson(*summary.max, /*is_max=*/true, options_);
        if (min)
          min_values[node.name] = *min;
        if (max)
          max_values[node.name] = *max;
        return;
      }
    }
  }

  const parquet::FileMetaData& footer_;
  const parquet::ParquetSchema& schema_;
  const StatsOptions& options_;
  const std::map<std::string, int64_t>& list_nulls_;
  int leaves_used_ = 0;
};

std::optional<Value> statValueFromJson(const Json& json, const DataType& type) {
  switch (type.id()) {
    case TypeId::kByte:
    case TypeId::kShort:
    case TypeId::kInt:
    case TypeId::kLong:
      if (!json.is_number_integer())
        return std::nullopt;
      return Value::fromInt64(type, json.get<int64_t>());
    case TypeId::kFloat:
      if (!json.is_number())
        return std::nullopt;
      return Value::floatValue(json.get<float>());
    case TypeId::kDouble:
      if (!json.is_number())
        return std::nullopt;
      return Value::doubleValue(json.get<double>());
    case TypeId::kDecimal: {
      if (!json.is_number() || type.precision() > kMaxExactDecimalDigits)
        return std::nullopt;
      auto unscaled = decimal::fromDouble(json.get<double>(), type.precision(), type.scale());
      if (!unscaled)
        return std::nullopt;
      return Value::decimal(*unscaled, type.precision(), type.scale());
    }
    case TypeId::kString:
      if (!json.is_string())
        return std::nullopt;
      return Value::string(json.get<std::string>());
    case TypeId::kDate: {
      if (!json.is_string())
        return std::nullopt;
      auto days = parseDate(json.get<std::string>());
      if (!days)
        return std::nullopt;
      return Value::date(*days);
    }
    case TypeId::kTimestamp: {
      if (!json.is_string())
        return std::nullopt;
      auto micros = parseTimestamp(json.get<std::string>(), TimeZone::utc());
      if (!micros)
        return std::nullopt;
      return Value::timestamp(*micros);
    }
    case TypeId::kTimestampNtz: {
      if (!json.is_string())
        return std::nullopt;
      auto micros = parseTimestampNtz(json.get<std::string>());
      if (!micros)
        return std::nullopt;
      return Value::timestampNtz(*micros);
    }
    default:
      return std::nullopt;
  }
}

}  // namespace

std::string truncateMinString(const std::string& value, int prefix_length) {
  std::vector<size_t> starts = codePointStarts(value);
  if (starts.size() <= static_cast<size_t>(prefix_length))
    return value;
  return value.substr(0, starts[prefix_length]);
}

std::optional<std::string> truncateMaxString(const std::string& value, int prefix_length) {
  std::vector<size_t> starts = codePointStarts(value);
  if (starts.size() <= static_cast<size_t>(prefix_length))
    return value;
  if (prefix_length <= 0)
    return std::nullopt;
  // Extend the prefix past characters the tie-breaker would not exceed; give up past twice
  // the prefix length.
  size_t max_length = 2 * static_cast<size_t>(prefix_length);
  for (size_t length = prefix_length; length <= max_length; ++length) {
    if (length >= starts.size())
      return value;
    size_t at = starts[length];
    size_t next = length + 1 < starts.size() ? starts[length + 1] : value.size();
    std::string_view character = std::string_view(value).substr(at, next - at);
    if (character == kUtf8MaxCharacter)
      continue;
    if (static_cast<unsigned char>(character[0]) < 0x7F)
      return value.substr(0, at) + "\x7F";
    return value.substr(0, at) + std::string(kUtf8MaxCharacter);
  }
  return std::nullopt;
}

std::string buildFileStats(const parquet::FileMetaData& footer,
                           const parquet::ParquetSchema& schema, const StatsOptions& options,
                           const std::map<std::string, int64_t>& list_null_counts) {
  return StatsBuilder(footer, schema, options, list_null_counts).build();
}

bool hasMinMaxStatistics(const std::vector<StructField>& data_fields, const std::string& column,
                         int num_indexed_cols) {
  int leaves_before = 0;
  for (const StructField& field : data_fields) {
    if (field.name == column) {
      bool indexed = num_indexed_cols < 0 || leaves_before < num_indexed_cols;
      return indexed && skippingEligible(field.type);
    }
    leaves_before += statisticsLeaves(field.type);
  }
  return false;
}

FileStats parseFileStats(std::string_view text, const std::vector<StructField>& schema) {
  FileStats stats;
  Json json = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object())
    return stats;
  auto records = json.find("numRecords");
  if (records != json.end() && records->is_number_integer()) {
    stats.num_records = records->get<int64_t>();
  }
  auto section = [&](const char* name) -> const Json* {
    auto it = json.find(name);
    return it != json.end() && it->is_object() ? &*it : nullptr;
  };
  const Json* min_values = section("minValues");
  const Json* max_values = section("maxValues");
  const Json* null_counts = section("nullCount");
  for (const StructField& field : schema) {
    ColumnStats column;
    if (min_values && min_values->contains(field.name)) {
      column.min = statValueFromJson(min_values->at(field.name), field.type);
    }
    if (max_values && max_values->contains(field.name)) {
      column.max = statValueFromJson(max_values->at(field.name), field.type);
    }
    if (null_counts && null_counts->contains(field.name) &&
        null_counts->at(field.name).is_number_integer()) {
      column.null_count = null_counts->at(field.name).get<int64_t>();
    }
    if (column.min || column.max || column.null_count)
      stats.columns[field.name] = column;
  }
  return stats;
}

}  // namespace sluice::delta

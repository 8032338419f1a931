// src/storage/delta/type_widening.cpp
#include "storage/delta/type_widening.hpp"

#include <fmt/format.h>

#include "common/check.hpp"
#include "common/text/ascii_case.hpp"
#include "common/types/decimal.hpp"
#include "common/types/time_units.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/schema_evolution.hpp"
#include "storage/delta/schema_json.hpp"
#include "storage/delta/snapshot.hpp"
#include "storage/delta/table_features.hpp"
#include "storage/delta/table_properties.hpp"
#include "storage/delta/transaction.hpp"

namespace sluice::delta {

namespace {

int integerRank(TypeId id) {
  switch (id) {
    case TypeId::kByte:
      return 1;
    case TypeId::kShort:
      return 2;
    case TypeId::kInt:
      return 3;
    case TypeId::kLong:
      return 4;
    default:
      return 0;
  }
}

template <typename From, typename To>
void convertEach(const Vector& values, idx_t rows, Vector& out, To (*convert)(From)) {
  const From* in = values.data<From>();
  To* target = out.mutableData<To>();
  for (idx_t row = 0; row < rows; ++row) {
    idx_t slot = values.slot(row);
    if (values.isNull(row))
      out.setNull(row);
    else
      target[row] = convert(in[slot]);
  }
}

template <typename From>
void convertNumber(const Vector& values, idx_t rows, Vector& out) {
  switch (out.type().id()) {
    case TypeId::kShort:
      return convertEach<From, int16_t>(values, rows, out,
                                        [](From v) { return static_cast<int16_t>(v); });
    case TypeId::kInt:
      return convertEach<From, int32_t>(values, rows, out,
                                        [](From v) { return static_cast<int32_t>(v); });
    case TypeId::kLong:
      return convertEach<From, int64_t>(values, rows, out,
                                        [](From v) { return static_cast<int64_t>(v); });
    case TypeId::kDouble:
      return convertEach<From, double>(values, rows, out,
                                       [](From v) { return static_cast<double>(v); });
    default:
      SLUICE_UNREACHABLE("not a widening of a number");
  }
}

//! The unscaled value of a DECIMAL or integer at `slot`: integers are DECIMALs of scale 0.
int128_t unscaledAt(const Vector& values, idx_t slot) {
  const DataType& type = values.type();
  switch (type.id()) {
    case TypeId::kByte:
      return values.data<int8_t>()[slot];
    case TypeId::kShort:
      return values.data<int16_t>()[slot];
    case TypeId::kInt:
      return values.data<int32_t>()[slot];
    case TypeId::kLong:
      return values.data<int64_t>()[slot];
    case TypeId::kDecimal:
      return type.isWideDecimal() ? values.data<int128_t>()[slot] : values.data<int64_t>()[slot];
    default:
      SLUICE_UNREACHABLE("not a decimal widening");
  }
}

//! Values of an integer or DECIMAL column as a wider DECIMAL: each unscaled value times
//! 10^(scale difference), which the wider precision always holds.
void convertToDecimal(const Vector& values, idx_t rows, Vector& out) {
  int from_scale = values.type().id() == TypeId::kDecimal ? values.type().scale() : 0;
  int128_t factor = decimal::powerOfTen(out.type().scale() - from_scale);
  bool wide = out.type().isWideDecimal();
  for (idx_t row = 0; row < rows; ++row) {
    if (values.isNull(row)) {
      out.setNull(row);
      continue;
    }
    int128_t unscaled = unscaledAt(values, values.slot(row)) * factor;
    if (wide)
      out.mutableData<int128_t>()[row] = unscaled;
    else
      out.mutableData<int64_t>()[row] = static_cast<int64_t>(unscaled);
  }
}

//! Delta's decimal widenings: DECIMAL(p, s) to DECIMAL(p + k1, s + k2) with k1 >= k2 >= 0,
//! BYTE / SHORT / INT to DECIMAL(10 + k1, k2) and LONG to DECIMAL(20 + k1, k2), k1 >= k2.
bool isDecimalWidening(const DataType& from, const DataType& to) {
  if (to.id() != TypeId::kDecimal)
    return false;
  int whole_digits = to.precision() - to.scale();
  if (from.id() == TypeId::kDecimal) {
    int added_scale = to.scale() - from.scale();
    return added_scale >= 0 && to.precision() - from.precision() >= added_scale && from != to;
  }
  int rank = integerRank(from.id());
  return rank > 0 && whole_digits >= (rank == 4 ? 20 : 10);
}

}  // namespace

bool isSupportedTypeChange(const DataType& from, const DataType& to) {
  int from_rank = integerRank(from.id());
  if (from_rank > 0 && integerRank(to.id()) > from_rank)
    return true;
  if (to.id() == TypeId::kDouble)
    return from.id() == TypeId::kFloat || (from_rank > 0 && from.id() != TypeId::kLong);
  if (isDecimalWidening(from, to))
    return true;
  return from.id() == TypeId::kDate && to.id() == TypeId::kTimestampNtz;
}

Vector widenValues(const Vector& values, idx_t rows, const DataType& to) {
  SLUICE_CHECK(isSupportedTypeChange(values.type(), to));
  Vector out(to, std::max<idx_t>(rows, 1));
  if (to.id() == TypeId::kDecimal) {
    convertToDecimal(values, rows, out);
    return out;
  }
  switch (values.type().id()) {
    case TypeId::kByte:
      convertNumber<int8_t>(values, rows, out);
      break;
    case TypeId::kShort:
      convertNumber<int16_t>(values, rows, out);
      break;
    case TypeId::kInt:
      convertNumber<int32_t>(values, rows, out);
      break;
    case TypeId::kFloat:
      convertNumber<float>(values, rows, out);
      break;
    case TypeId::kDate:
      // Midnight of the day, as Spark casts a DATE to TIMESTAMP_NTZ.
      convertEach<int32_t, int64_t>(values, rows, out, [](int32_t days) {
        return static_cast<int64_t>(days) * kMicrosPerDay;
      });
      break;
    default:
      SLUICE_UNREACHABLE("not a widening");
  }
  return out;
}

void recordTypeChange(Json& field, const DataType& to) {
  Json change = {{"fromType", field["type"]}, {"toType", dataTypeToJson(to)}};
  Json& metadata = field["metadata"];
  if (!metadata.is_object())
    metadata = Json::object();
  if (!metadata.contains("delta.typeChanges"))
    metadata["delta.typeChanges"] = Json::array();
  metadata["delta.typeChanges"].push_back(std::move(change));
  field["type"] = dataTypeToJson(to);
}

Protocol withTypeWidening(const Protocol& protocol, Metadata& metadata) {
  metadata.configuration["delta.enableTypeWidening"] = "true";
  return withTableFeature(protocol, "typeWidening", /*reader=*/true);
}

int64_t widenColumns(const std::string& table_path, const std::vector<StructField>& columns) {
  if (columns.empty())
    return -1;
  LogStore store(table_path);
  Snapshot snapshot = loadSnapshot(store, store.list(), std::nullopt);
  // The schema is edited as JSON so that metadata sluice does not model stays as written.
  Json schema = Json::parse(snapshot.metadata.schema_string);
  std::vector<std::string> names;
  for (const StructField& column : columns) {
    bool found = false;
    for (Json& field : schema["fields"]) {
      if (!sameIdentifier(field["name"].get<std::string>(), column.name))
        continue;
      found = true;
      recordTypeChange(field, column.type);
      names.push_back(column.name);
    }
    SLUICE_CHECK(found);
  }
  Metadata metadata = snapshot.metadata;
  metadata.schema_string = schema.dump();
  Protocol protocol = withTypeWidening(snapshot.protocol, metadata);
  return commitSchemaChange(snapshot, metadata, protocol, "CHANGE COLUMN TYPES", names);
}

}  // namespace sluice::delta

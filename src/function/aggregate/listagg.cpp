// src/function/aggregate/listagg.cpp
//
// listagg / string_agg(expr[, delimiter]) [WITHIN GROUP (ORDER BY key [ASC | DESC])] (Spark's
// ListAgg): the group's non-NULL values of a STRING (or BINARY) expression, concatenated with
// the constant delimiter between them ('' by default, a NULL delimiter too); NULL for a group
// without a value. The binder hands the call over as (key, expr[, delimiter], DESC), with a NULL
// key when there is no WITHIN GROUP clause. Values are sorted by key at the end, NULL keys
// first in ascending order and last in descending order; equal keys keep the order in which
// the threads' lists were merged, which Spark does not define either. Keys of nested types are
// not supported.
#include <algorithm>
#include <cstring>

#include "common/error/error.hpp"
#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/aggregate/collected_values.hpp"
#include "function/physical_type.hpp"
#include "function/scalar/argument_types.hpp"

namespace sluice {

namespace {

// One collected value: the value, its key's bytes and whether the key is NULL.
constexpr idx_t kListAggValueOffset = 0;
constexpr idx_t kListAggKeyOffset = 16;
constexpr idx_t kListAggKeyNullOffset = 32;
constexpr idx_t kListAggEntryWidth = 40;

//! Orders two entries' keys of physical type T, NaN after every number.
template <typename T>
int compareListAggKeys(const uint8_t* a, const uint8_t* b) {
  T left;
  T right;
  std::memcpy(&left, a, sizeof(T));
  std::memcpy(&right, b, sizeof(T));
  if constexpr (std::is_same_v<T, StringView>) {
    int order = left.view().compare(right.view());
    return order < 0 ? -1 : (order > 0 ? 1 : 0);
  } else if constexpr (std::is_floating_point_v<T>) {
    bool left_nan = left != left;
    bool right_nan = right != right;
    if (left_nan || right_nan)
      return left_nan == right_nan ? 0 : (left_nan ? 1 : -1);
    return left < right ? -1 : (right < left ? 1 : 0);
  } else {
    return left < right ? -1 : (right < left ? 1 : 0);
  }
}

class ListAggAggregate : public AggregateFunction {
 public:
  ListAggAggregate(const char* name, std::vector<DataType> argument_types, DataType result,
                   std::string delimiter, bool descending)
      : AggregateFunction(name, argument_types, std::move(result), sizeof(CollectedValues),
                          alignof(CollectedValues)),
        key_type_(argument_types[0]),
        key_width_(argument_types[0].physicalSize()),
        key_is_string_(argument_types[0].isStringLike()),
        delimiter_(std::move(delimiter)),
        descending_(descending) {
    compare_keys_ =
        visitScalarType(key_type_, [&]<typename T>() -> int (*)(const uint8_t*, const uint8_t*) {
          return &compareListAggKeys<T>;
        });
  }

  void update(const AggregateInput& input, uint8_t* const* groups, idx_t offset,
              StringHeap& heap) const override {
    forEachRow(input.rows, [&](idx_t row) {
      appendRow(stateAt<CollectedValues>(groups[row], offset), input, row, heap);
    });
  }

  void updateSingle(const AggregateInput& input, uint8_t* state, StringHeap& heap) const override {
    CollectedValues& collected = stateAt<CollectedValues>(state, 0);
    forEachRow(input.rows, [&](idx_t row) { appendRow(collected, input, row, heap); });
  }

  void combine(uint8_t* const*, uint8_t* const*, idx_t, idx_t) const override {
    SLUICE_UNREACHABLE("listagg combines through combineWithHeap");
  }

  void combineWithHeap(uint8_t* const* sources, uint8_t* const* targets, idx_t count, idx_t offset,
                       StringHeap& heap) const override {
    combineCollectedValues(sources, targets, count, offset, kListAggEntryWidth, heap);
  }

  void finalize(uint8_t* const* states, idx_t count, idx_t offset, Vector& result,
                idx_t first_row) const override {
    std::vector<const uint8_t*> entries;
    std::string joined;
    for (idx_t i = 0; i < count; ++i) {
      const CollectedValues& state = stateAt<CollectedValues>(states[i], offset);
      idx_t row = first_row + i;
      if (state.count == 0) {
        result.setNull(row);
        continue;
      }
      entries.clear();
      state.forEach(kListAggEntryWidth, [&](const uint8_t* entry) { entries.push_back(entry); });
      std::stable_sort(entries.begin(), entries.end(),
                       [&](const uint8_t* a, const uint8_t* b) { return keyBefore(a, b); });
      joined.clear();
      for (size_t index = 0; index < entries.size(); ++index) {
        if (index > 0)
          joined += delimiter_;
        StringView value;
        std::memcpy(&value, entries[index] + kListAggValueOffset, sizeof(StringView));
        joined += value.view();
      }
      result.mutableData<StringView>()[row] = result.addString(joined);
    }
  }

 private:
  bool keyBefore(const uint8_t* a, const uint8_t* b) const {
    bool a_null = a[kListAggKeyNullOffset] != 0;
    bool b_null = b[kListAggKeyNullOffset] != 0;
    if (a_null || b_null) {
      if (a_null == b_null)
        return false;
      // NULLS FIRST ascending, NULLS LAST descending (Spark's defaults).
      return descending_ ? b_null : a_null;
    }
    int order = compare_keys_(a + kListAggKeyOffset, b + kListAggKeyOffset);
    return descending_ ? order > 0 : order < 0;
  }

  void appendRow(CollectedValues& state, const AggregateInput& input, idx_t row,
                 StringHeap& heap) const {
    const Vector& keys = *input.arguments[0];
    const Vector& values = *input.arguments[1];
    if (values.isNull(row))
      return;
    uint8_t entry[kListAggEntryWidth] = {};
    StringView value = keepString(values.data<StringView>()[values.slot(row)], heap);
    std::memcpy(entry + kListAggValueOffset, &value, sizeof(StringView));
    if (keys.isNull(row)) {
      entry[kListAggKeyNullOffset] = 1;
    } else if (key_is_string_) {
      StringView key = keepString(keys.data<StringView>()[keys.slot(row)], heap);
      std::memcpy(entry + kListAggKeyOffset, &key, sizeof(StringView));
    } else if (key_width_ > 0) {
      std::memcpy(entry + kListAggKeyOffset, keys.data<uint8_t>() + keys.slot(row) * key_width_,
                  key_width_);
    }
    state.append(entry, kListAggEntryWidth, heap);
  }

  DataType key_type_;
  idx_t key_width_;
  bool key_is_string_;
  std::string delimiter_;
  bool descending_;
  int (*compare_keys_)(const uint8_t*, const uint8_t*) = nullptr;
};

AggregateFunctionPtr bindListAgg(const AggregateBindRequest& request) {
  bool string_agg = request.name.size() >= 10 &&
                    (request.name[0] == 's' || request.name[0] == 'S') &&
                    (request.name[1] == 't' || request.name[1] == 'T');
  const char* name = string_agg ? "string_agg" : "listagg";
  size_t count = request.argument_types.size();  // key, value[, delimiter], DESC
  DataType key = request.argument_types[0];
  if (key.isVoid())
    key = DataType::intType();
  if (!isOrderableType(key))
    raiseUnorderableInput(request, name, 0);
  if (key.isNested()) {
    throwError(ErrorClass::NOT_SUPPORTED, "{} ordered by a value of type {} is not supported yet.",
               name, key.sql());
  }
  DataType value =
      request.argument_types[1].id() == TypeId::kBinary ? DataType::binary() : DataType::string();
  if (!implicitCastType(request.argument_types[1], value))
    raiseAggregateInputType(request, 1, "\"STRING\" or \"BINARY\"");
  std::vector<DataType> types{key, value};
  std::string delimiter;
  if (count == 4) {
    const Value* constant = request.argument_constants[2];
    if (constant == nullptr) {
      throw Error(ErrorClass::DATATYPE_MISMATCH, "NON_FOLDABLE_INPUT",
                  fmt::format("Cannot resolve \"{}\" due to data type mismatch: the input "
                              "`delimiter` should be a foldable \"STRING\" expression.",
                              request.name));
    }
    if (!constant->isNull() && !constant->type().isStringLike())
      raiseAggregateInputType(request, 2, "\"STRING\"");
    if (!constant->isNull())
      delimiter = constant->getString();
    types.push_back(value);
  }
  const Value* descending = request.argument_constants.back();
  types.push_back(DataType::boolean());
  return std::make_shared<ListAggAggregate>(
      name, std::move(types), value, std::move(delimiter),
      descending != nullptr && !descending->isNull() && descending->getBoolean());
}

}  // namespace

void registerListAggAggregates(AggregateRegistry& registry) {
  AggregateFunctionEntry entry{"listagg",
                               1,
                               2,
                               bindListAgg,
                               /*orders_within_group=*/true,
                               /*needs_whole_partition=*/false,
                               /*within_group_optional=*/true};
  registry.add(entry, {"string_agg"});
}

}  // namespace sluice

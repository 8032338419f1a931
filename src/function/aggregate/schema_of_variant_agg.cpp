// src/function/aggregate/schema_of_variant_agg.cpp
//
// schema_of_variant_agg(v) (Spark's SchemaOfVariantAgg): the merged type of a group's variants,
// printed as schema_of_variant prints one; SQL NULLs are left out, a group without a variant
// gives VOID. The state is the merged type in encodeVariantSchema's form, kept in the operator's
// heap; all-zero bytes are no type yet.
#include <cstring>

#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/scalar/variant/variant_schema.hpp"

namespace sluice {

namespace {

struct MergedSchema {
  const char* bytes;
  uint64_t size;

  DataType type() const {
    return bytes == nullptr ? DataType::voidType()
                            : decodeVariantSchema(std::string_view(bytes, size));
  }
  void set(const DataType& type, StringHeap& heap) {
    std::string encoded = encodeVariantSchema(type);
    char* copy = heap.allocate(encoded.size());
    std::memcpy(copy, encoded.data(), encoded.size());
    bytes = copy;
    size = encoded.size();
  }
};

class SchemaOfVariantAgg : public AggregateFunction {
 public:
  SchemaOfVariantAgg()
      : AggregateFunction("schema_of_variant_agg", {DataType::variant()}, DataType::string(),
                          sizeof(MergedSchema), alignof(MergedSchema)) {}

  void update(const AggregateInput& input, uint8_t* const* groups, idx_t offset,
              StringHeap& heap) const override {
    const Vector& values = *input.arguments[0];
    forEachRow(input.rows, [&](idx_t row) {
      if (!values.isNull(row))
        add(stateAt<MergedSchema>(groups[row], offset), values, row, heap);
    });
  }

  void updateSingle(const AggregateInput& input, uint8_t* state, StringHeap& heap) const override {
    const Vector& values = *input.arguments[0];
    MergedSchema& merged = stateAt<MergedSchema>(state, 0);
    // One group: merge the batch's types first, then into the state once.
    DataType batch = DataType::voidType();
    bool any = false;
    forEachRow(input.rows, [&](idx_t row) {
      if (values.isNull(row))
        return;
      batch = mergeVariantSchemas(batch, rowSchema(values, row));
      any = true;
    });
    if (any)
      merged.set(mergeVariantSchemas(merged.type(), batch), heap);
  }

  void combine(uint8_t* const*, uint8_t* const*, idx_t, idx_t) const override {
    SLUICE_UNREACHABLE("schema_of_variant_agg combines through combineWithHeap");
  }

  void combineWithHeap(uint8_t* const* sources, uint8_t* const* targets, idx_t count, idx_t offset,
                       StringHeap& heap) const override {
    for (idx_t i = 0; i < count; ++i) {
      const MergedSchema& source = stateAt<MergedSchema>(sources[i], offset);
      if (source.bytes == nullptr)
        continue;
      MergedSchema& target = stateAt<MergedSchema>(targets[i], offset);
      target.set(mergeVariantSchemas(target.type(), source.type()), heap);
    }
  }

  void finalize(uint8_t* const* states, idx_t count, idx_t offset, Vector& result,
                idx_t first_row) const override {
    for (idx_t i = 0; i < count; ++i) {
      const MergedSchema& state = stateAt<MergedSchema>(states[i], offset);
      result.mutableData<StringView>()[first_row + i] =
          result.addString(printVariantSchema(state.type()));
    }
  }

 private:
  static DataType rowSchema(const Vector& values, idx_t row) {
    return schemaOfVariant(variant::VariantRef::fromEncoded(values.at<StringView>(row)));
  }

  static void add(MergedSchema& state, const Vector& values, idx_t row, StringHeap& heap) {
    state.set(mergeVariantSchemas(state.type(), rowSchema(values, row)), heap);
  }
};

AggregateFunctionPtr bindSchemaOfVariantAgg(const AggregateBindRequest& request) {
  const DataType& input = request.argument_types[0];
  if (!input.isVariant() && !input.isVoid())
    raiseAggregateInputType(request, 0, "\"VARIANT\"");
  return std::make_shared<SchemaOfVariantAgg>();
}

}  // namespace

void registerSchemaOfVariantAggregates(AggregateRegistry& registry) {
  registry.add({"schema_of_variant_agg", 1, 1, bindSchemaOfVariantAgg});
}

}  // namespace sluice

// src/function/aggregate/collect.cpp
//
// collect_list(expr) / array_agg(expr) and collect_set(expr) (Spark's CollectList and
// CollectSet): the non-NULL values of a group as an ARRAY of the input's type (elements never
// NULL), in input order within one thread; collect_set keeps the first of equal values. A group
// without a non-NULL value gives an empty array.
//
// The state is the list of collected_values.hpp; long strings stay where update kept them, in
// heaps that live as long as the operator.
#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_set>

#include "common/error/error.hpp"
#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/aggregate/collected_values.hpp"

namespace sluice {

namespace {

class CollectAggregate : public AggregateFunction {
 public:
  CollectAggregate(const char* name, const DataType& input, bool distinct)
      : AggregateFunction(name, {input}, DataType::array(input, false), sizeof(CollectedValues),
                          alignof(CollectedValues)),
        width_(input.physicalSize()),
        is_string_(input.hasStringValues()),
        distinct_(distinct),
        collation_(input.isCollatedString() ? &Collation::byId(input.collation()) : nullptr) {}

  bool ignoresDuplicates() const override { return distinct_; }

  void update(const AggregateInput& input, uint8_t* const* groups, idx_t offset,
              StringHeap& heap) const override {
    const Vector& values = *input.arguments[0];
    forEachRow(input.rows, [&](idx_t row) {
      if (!values.isNull(row))
        appendRow(stateAt<CollectedValues>(groups[row], offset), values, row, heap);
    });
  }

  void updateSingle(const AggregateInput& input, uint8_t* state, StringHeap& heap) const override {
    const Vector& values = *input.arguments[0];
    CollectedValues& collected = stateAt<CollectedValues>(state, 0);
    forEachRow(input.rows, [&](idx_t row) {
      if (!values.isNull(row))
        appendRow(collected, values, row, heap);
    });
  }

  void combine(uint8_t* const*, uint8_t* const*, idx_t, idx_t) const override {
    SLUICE_UNREACHABLE("collect_list and collect_set combine through combineWithHeap");
  }

  void combineWithHeap(uint8_t* const* sources, uint8_t* const* targets, idx_t count, idx_t offset,
                       StringHeap& heap) const override {
    for (idx_t i = 0; i < count; ++i) {
      const CollectedValues& source = stateAt<CollectedValues>(sources[i], offset);
      CollectedValues& target = stateAt<CollectedValues>(targets[i], offset);
      target.appendAll(source, width_, heap);
    }
  }

  void finalize(uint8_t* const* states, idx_t count, idx_t offset, Vector& result,
                idx_t first_row) const override {
    Vector& elements = result.child(0);
    std::unordered_set<std::string_view> seen;
    std::unordered_set<std::string> seen_keys;  // collation keys
    std::string scratch;
    auto firstOfItsKind = [&](const uint8_t* value) {
      if (collation_ == nullptr)
        return seen.insert(valueKey(value)).second;
      return seen_keys.insert(std::string(collation_->key(valueKey(value), scratch))).second;
    };
    for (idx_t i = 0; i < count; ++i) {
      const CollectedValues& state = stateAt<CollectedValues>(states[i], offset);
      idx_t start = result.childSize();
      idx_t next = start;
      elements.reserve(start + state.count);
      seen.clear();
      seen_keys.clear();
      state.forEach(width_, [&](const uint8_t* value) {
        if (distinct_ && !firstOfItsKind(value))
          return;
        if (is_string_) {
          StringView text;
          std::memcpy(&text, value, sizeof(StringView));
          elements.mutableData<StringView>()[next] = elements.addString(text.view());
        } else if (width_ > 0) {
          std::memcpy(elements.mutableData<uint8_t>() + next * width_, value, width_);
        }
        ++next;
      });
      if (next > UINT32_MAX) {
        throwError(ErrorClass::NOT_SUPPORTED, "{} of more than {} values is not supported.", name(),
                   UINT32_MAX);
      }
      result.setChildSize(next);
      result.mutableData<ListEntry>()[first_row + i] =
          ListEntry{static_cast<uint32_t>(start), static_cast<uint32_t>(next - start)};
    }
  }

 private:
  //! The bytes that identify a value for collect_set: a string's content, else its bytes.
  std::string_view valueKey(const uint8_t* value) const {
    if (is_string_) {
      const auto* text = reinterpret_cast<const StringView*>(value);
      return text->view();
    }
    return std::string_view(reinterpret_cast<const char*>(value), width_);
  }

  void appendRow(CollectedValues& state, const Vector& values, idx_t row, StringHeap& heap) const {
    idx_t slot = values.slot(row);
    if (is_string_) {
      StringView kept = keepString(values.data<StringView>()[slot], heap);
      state.append(reinterpret_cast<const uint8_t*>(&kept), width_, heap);
    } else {
      state.append(values.data<uint8_t>() + slot * width_, width_, heap);
    }
  }

  idx_t width_;
  bool is_string_;
  bool distinct_;
  //! collect_set keeps the first of the strings its collation holds equal; null for bytes.
  const Collation* collation_;
};

template <bool kDistinct>
AggregateFunctionPtr bindCollect(const AggregateBindRequest& request) {
  const char* name = kDistinct ? "collect_set" : "collect_list";
  const DataType& input = request.argument_types[0];
  if (input.isNested()) {
    throwError(ErrorClass::NOT_SUPPORTED, "{} of values of type {} is not supported yet.", name,
               input.sql());
  }
  return std::make_shared<CollectAggregate>(name, input, kDistinct);
}

}  // namespace

void registerCollectAggregates(AggregateRegistry& registry) {
  registry.add({"collect_list", 1, 1, bindCollect<false>}, {"array_agg"});
  registry.add({"collect_set", 1, 1, bindCollect<true>});
}

}  // namespace sluice

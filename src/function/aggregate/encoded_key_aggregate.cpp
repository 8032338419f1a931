// src/function/aggregate/encoded_key_aggregate.cpp
#include "function/aggregate/encoded_key_aggregate.hpp"

#include "function/scalar/nested_key_encoding.hpp"

namespace sluice {

namespace {

class EncodedKeyAggregate : public AggregateFunction {
 public:
  EncodedKeyAggregate(AggregateFunctionPtr inner, std::vector<DataType> argument_types,
                      std::vector<bool> encoded, DataType return_type, bool decode_result)
      : AggregateFunction(inner->name(), std::move(argument_types), std::move(return_type),
                          inner->stateSize(), inner->stateAlignment()),
        inner_(std::move(inner)),
        encoded_(std::move(encoded)),
        decode_result_(decode_result) {}

  bool ignoresDuplicates() const override { return inner_->ignoresDuplicates(); }

  void update(const AggregateInput& input, uint8_t* const* groups, idx_t offset,
              StringHeap& heap) const override {
    std::vector<Vector> encodings;
    inner_->update(encode(input, encodings), groups, offset, heap);
  }

  void updateSingle(const AggregateInput& input, uint8_t* state, StringHeap& heap) const override {
    std::vector<Vector> encodings;
    inner_->updateSingle(encode(input, encodings), state, heap);
  }

  void combine(uint8_t* const* sources, uint8_t* const* targets, idx_t count,
               idx_t offset) const override {
    inner_->combine(sources, targets, count, offset);
  }

  void combineWithHeap(uint8_t* const* sources, uint8_t* const* targets, idx_t count, idx_t offset,
                       StringHeap& heap) const override {
    inner_->combineWithHeap(sources, targets, count, offset, heap);
  }

  void finalize(uint8_t* const* states, idx_t count, idx_t offset, Vector& result,
                idx_t first_row) const override {
    if (!decode_result_) {
      inner_->finalize(states, count, offset, result, first_row);
      return;
    }
    Vector encodings(DataType::binary(), count == 0 ? 1 : count);
    inner_->finalize(states, count, offset, encodings, 0);
    for (idx_t i = 0; i < count; ++i) {
      if (encodings.isNull(i)) {
        result.setValue(first_row + i, Value::null(returnType()));
      } else {
        result.setValue(first_row + i,
                        decodeKey(std::string_view(encodings.at<StringView>(i)), returnType()));
      }
    }
  }

 private:
  //! The input with each flagged argument replaced by its encodings (kept in `encodings`).
  AggregateInput encode(const AggregateInput& input, std::vector<Vector>& encodings) const {
    AggregateInput encoded = input;
    encodings.reserve(encoded_.size());
    for (size_t index = 0; index < encoded_.size(); ++index) {
      if (!encoded_[index])
        continue;
      const Vector& values = *input.arguments[index];
      if (values.isConstant()) {
        // A constant argument stays one: its one value encoded.
        Vector single(DataType::binary(), 1);
        encodeKeys(values, RowSet{nullptr, 1}, single);
        encodings.push_back(Vector::constantOf(std::move(single)));
      } else {
        encodings.emplace_back(DataType::binary(), values.capacity());
        encodeKeys(values, input.rows, encodings.back());
      }
      encoded.arguments[index] = &encodings.back();
    }
    return encoded;
  }

  AggregateFunctionPtr inner_;
  std::vector<bool> encoded_;
  bool decode_result_;
};

}  // namespace

AggregateFunctionPtr makeEncodedKeyAggregate(AggregateFunctionPtr inner,
                                             std::vector<DataType> argument_types,
                                             std::vector<bool> encoded, DataType return_type,
                                             bool decode_result) {
  for (size_t i = 0; i < encoded.size(); ++i) {
    if (encoded[i])
      requireByteOrderedStrings(argument_types[i]);
  }
  return std::make_shared<EncodedKeyAggregate>(std::move(inner), std::move(argument_types),
                                               std::move(encoded), std::move(return_type),
                                               decode_result);
}

}  // namespace sluice

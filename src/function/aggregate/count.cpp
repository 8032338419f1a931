// src/function/aggregate/count.cpp
//
// count(*), count(expr, ...) and count_if(cond): BIGINT counts, never NULL. count(expr, ...)
// counts the rows where no argument is NULL; count_if the rows where the condition is TRUE.
#include "function/aggregate/aggregate_kernels.hpp"
#include "function/aggregate/aggregate_registry.hpp"
#include "function/scalar/argument_types.hpp"

namespace sluice {

namespace {

//! The kernels of every count: a BIGINT state, raised by 1 for each row that `counts`.
class CountBase : public AggregateFunction {
 public:
  CountBase(std::string name, std::vector<DataType> argument_types)
      : AggregateFunction(std::move(name), std::move(argument_types), DataType::longType(),
                          sizeof(int64_t), alignof(int64_t)) {}

  void combine(uint8_t* const* sources, uint8_t* const* targets, idx_t count,
               idx_t offset) const override {
    for (idx_t i = 0; i < count; ++i)
      stateAt<int64_t>(targets[i], offset) += stateAt<int64_t>(sources[i], offset);
  }
  void finalize(uint8_t* const* states, idx_t count, idx_t offset, Vector& result,
                idx_t first_row) const override {
    auto* out = result.mutableData<int64_t>();
    for (idx_t i = 0; i < count; ++i)
      out[first_row + i] = stateAt<int64_t>(states[i], offset);
  }
};

//! count(*), and count of arguments that cannot be NULL.
class CountStar : public CountBase {
 public:
  using CountBase::CountBase;
  void update(const AggregateInput& input, uint8_t* const* groups, idx_t offset,
              StringHeap&) const override {
    forEachRow(input.rows, [&](idx_t row) { ++stateAt<int64_t>(groups[row], offset); });
  }
  void updateSingle(const AggregateInput& input, uint8_t* state, StringHeap&) const override {
    stateAt<int64_t>(state, 0) += static_cast<int64_t>(input.rows.count);
  }
};

//! count(expr, ...): rows where every argument is non-NULL.
class CountNonNull : public CountBase {
 public:
  using CountBase::CountBase;
  void update(const AggregateInput& input, uint8_t* const* groups, idx_t offset,
              StringHeap&) const override {
    forEachCounted(input, [&](idx_t row) { ++stateAt<int64_t>(groups[row], offset); });
  }
  void updateSingle(const AggregateInput& input, uint8_t* state, StringHeap&) const override {
    int64_t counted = 0;
    forEachCounted(input, [&](idx_t) { ++counted; });
    stateAt<int64_t>(state, 0) += counted;
  }

 private:
  template <typename Body>
  static void forEachCounted(const AggregateInput& input, Body&& body) {
    std::vector<VectorReader<uint8_t>> readers;
    bool any_nulls = false;
    for (const Vector* argument : input.arguments) {
      readers.emplace_back(*argument);
      any_nulls = any_nulls || readers.back().hasNulls();
    }
    if (!any_nulls) {
      forEachRow(input.rows, body);
      return;
    }
    forEachRow(input.rows, [&](idx_t row) {
      for (const auto& reader : readers) {
        if (!reader.isValid(row))
          return;
      }
      body(row);
    });
  }
};

//! count_if(cond): rows where the BOOLEAN condition is TRUE.
class CountIf : public CountBase {
 public:
  using CountBase::CountBase;
  void update(const AggregateInput& input, uint8_t* const* groups, idx_t offset,
              StringHeap&) const override {
    VectorReader<uint8_t> condition(*input.arguments[0]);
    forEachRow(input.rows, [&](idx_t row) {
      stateAt<int64_t>(groups[row], offset) +=
          (condition.isValid(row) && condition[row] != 0) ? 1 : 0;
    });
  }
  void updateSingle(const AggregateInput& input, uint8_t* state, StringHeap&) const override {
    VectorReader<uint8_t> condition(*input.arguments[0]);
    int64_t counted = 0;
    forEachRow(input.rows, [&](idx_t row) {
      counted += (condition.isValid(row) && condition[row] != 0) ? 1 : 0;
    });
    stateAt<int64_t>(state, 0) += counted;
  }
};

}  // namespace

void registerCountAggregates(AggregateRegistry& registry) {
  registry.add({"count", 1, -1, [](const AggregateBindRequest& request) -> AggregateFunctionPtr {
                  // count(1) and other non-NULL constants count every row, as count(*) does.
                  bool counts_every_row = true;
                  for (const Value* constant : request.argument_constants) {
                    if (constant == nullptr || constant->isNull())
                      counts_every_row = false;
                  }
                  if (counts_every_row)
                    return std::make_shared<CountStar>("count", request.argument_types);
                  return std::make_shared<CountNonNull>("count", request.argument_types);
                }});
  registry.add({"count_if", 1, 1, [](const AggregateBindRequest& request) -> AggregateFunctionPtr {
                  auto cast = implicitCastType(request.argument_types[0], DataType::boolean());
                  if (!cast)
                    raiseAggregateInputType(request, 0, "\"BOOLEAN\"");
                  return std::make_shared<CountIf>("count_if", std::vector<DataType>{*cast});
                }});
}

}  // namespace sluice

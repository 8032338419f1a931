// src/function/scalar/options_argument.hpp
//
// The options map argument of the JSON and CSV functions (from_json(json, schema, options),
// to_csv(struct, options), ...): a MAP<STRING, STRING> (INVALID_OPTIONS otherwise), read into
// the function's options once when the query is bound if it is a constant or absent, else once
// per batch from the batch's first row (a map() call that the binder did not fold).
#pragma once

#include <functional>
#include <memory>
#include <utility>

#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"

namespace sluice {

template <typename Options>
class OptionsArgument {
 public:
  //! `read` turns a map value (null when the argument is absent) into options; it may raise
  //! the function's errors for bad options.
  using Reader = std::function<Options(const Value* map)>;

  //! The options argument at `index` of `request`, which may be absent.
  OptionsArgument(const BindRequest& request, size_t index, Reader read)
      : index_(index), read_(std::move(read)) {
    bool present = request.argument_types.size() > index;
    if (present)
      requireOptionsMap(request.argument_types[index]);
    if (!present || request.argument_constants[index] != nullptr) {
      constant_ = std::make_shared<const Options>(
          read_(present ? request.argument_constants[index] : nullptr));
    }
  }

  //! The options of a batch: the constant ones, or those its first row gives.
  std::shared_ptr<const Options> forBatch(const ArgumentVectors& args, const RowSet& rows) const {
    if (constant_ || rows.count == 0)
      return constant_ ? constant_ : std::make_shared<const Options>(read_(nullptr));
    Value map = args[index_]->getValue(rows.row(0));
    return std::make_shared<const Options>(read_(&map));
  }

  //! The options when the argument is a constant or absent; null otherwise.
  const Options* constant() const { return constant_.get(); }

 private:
  size_t index_;
  Reader read_;
  std::shared_ptr<const Options> constant_;
};

}  // namespace sluice

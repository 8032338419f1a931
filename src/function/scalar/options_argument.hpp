// src/function/scalar/options_argument.hpp
//
// The options map argument of the JSON and CSV functions (from_json(json, schema, options),
// to_csv(struct, options), ...): a MAP<STRING, STRING> (INVALID_OPTIONS otherwise), read into
// the function's options once when the query is bound if it is a constant or absent, else once
// per batch from the batch's first row (a map() call that the binder did not fold); and the
// helpers the functions' option readers share.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/types/time_zone.hpp"

#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"

namespace sluice {

//! Calls `apply(name, value)` for each entry of an options map (null or a NULL map: none) whose
//! key and value are not NULL.
template <typename Apply>
void forEachOption(const Value* map, Apply&& apply) {
  if (map == nullptr || map->isNull())
    return;
  for (const Value& entry : map->children()) {
    const Value& key = entry.children()[0];
    const Value& value = entry.children()[1];
    if (!key.isNull() && !value.isNull())
      apply(key.getString(), value.getString());
  }
}

//! The zone the timeZone option of `function` names; INVALID_PARAMETER_VALUE for an unknown one.
inline std::shared_ptr<const TimeZone> timeZoneOption(const std::string& value,
                                                      std::string_view function) {
  std::shared_ptr<const TimeZone> zone = TimeZone::find(value);
  if (!zone) {
    throw Error(ErrorClass::INVALID_PARAMETER_VALUE,
                fmt::format("The value of the `timeZone` option of `{}` is invalid: '{}'.",
                            function, value));
  }
  return zone;
}

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

  //! The options of a (non-empty) batch: the constant ones, or those its first row gives.
  std::shared_ptr<const Options> forBatch(const ArgumentVectors& args, const RowSet& rows) const {
    if (constant_)
      return constant_;
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

//! A kernel whose every row is the one STRING that the options give (schema_of_json and
//! schema_of_csv: the DDL that inference under the options makes of their constant text).
inline ScalarKernel textOfOptionsKernel(OptionsArgument<std::string> text) {
  return
      [text](const ExecContext&, const ArgumentVectors& args, const RowSet& rows, Vector& result) {
        if (rows.count == 0)
          return;
        StringView shared = result.addString(*text.forBatch(args, rows));
        StringView* out = result.mutableData<StringView>();
        forEachRow(rows, [&](idx_t row) {
          result.setNull(row, false);
          out[row] = shared;
        });
      };
}

}  // namespace sluice

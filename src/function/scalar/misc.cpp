// src/function/scalar/misc.cpp
//
// typeof: the simple name of its argument's type, known when the query is bound; version():
// the Spark version whose semantics sluice follows, then "sluice" where Spark gives its git
// revision; luhn_check(str): whether a string of ASCII digits passes the Luhn checksum (false
// for an empty string or any other character); collation(str): the qualified name of the
// collation of a STRING value's type; collate(str, name): the value under another collation.

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "common/text/collation.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/kernel_loops.hpp"

namespace sluice {

namespace {

bool isLuhnNumber(std::string_view digits) {
  if (digits.empty())
    return false;
  int checksum = 0;
  bool doubled = false;
  for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
    if (*it < '0' || *it > '9')
      return false;
    int digit = *it - '0';
    if (doubled)
      digit *= 2;
    checksum += digit / 10 + digit % 10;
    doubled = !doubled;
  }
  return checksum % 10 == 0;
}

BoundScalarFunction bindLuhnCheck(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::string());
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    unaryLoop<StringView, uint8_t>(*args[0], rows, result, [](StringView text, idx_t) -> uint8_t {
      return isLuhnNumber(text);
    });
  };
  return {"luhn_check", {input}, DataType::boolean(), std::move(kernel)};
}

BoundScalarFunction bindVersion(const BindRequest&) {
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors&, const RowSet& rows,
                           Vector& result) {
    StringView text = result.addString("4.1.0 sluice");
    StringView* out = result.mutableData<StringView>();
    forEachRow(rows, [&](idx_t row) {
      result.setNull(row, false);
      out[row] = text;
    });
  };
  return {"version", {}, DataType::string(), std::move(kernel)};
}

BoundScalarFunction bindCollation(const BindRequest& request) {
  const DataType& type = request.argument_types[0];
  requireArgumentType(type.id() == TypeId::kString, request.name,
                      fmt::format("The first parameter requires the \"STRING\" type, however "
                                  "it has the type \"{}\"",
                                  type.sql()));
  std::string name = Collation::byId(type.collation()).qualifiedName();
  ScalarKernel kernel = [name](const ExecContext&, const ArgumentVectors&, const RowSet& rows,
                               Vector& result) {
    StringView text = result.addString(name);
    StringView* out = result.mutableData<StringView>();
    forEachRow(rows, [&](idx_t row) {
      result.setNull(row, false);
      out[row] = text;
    });
  };
  return {"collation", {type}, DataType::string(), std::move(kernel)};
}

//! collate(str, name): `str` under the collation `name`, a constant; the bytes are unchanged.
BoundScalarFunction bindCollate(const BindRequest& request) {
  expectArgumentWithoutCast(request, 0, DataType::string());
  const Value* name = constantArgument(request, 1);
  if (name == nullptr || name->isNull() || request.argument_types[1].id() != TypeId::kString) {
    throw Error(ErrorClass::NOT_A_CONSTANT_STRING, "NOT_CONSTANT",
                "The expression used for the routine or clause `collate` must be a constant "
                "STRING which is NOT NULL.");
  }
  DataType collated = DataType::string(Collation::idForName(name->getString()));
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    result.shareStringsOf(*args[0]);
    unaryLoop<StringView, StringView>(*args[0], rows, result,
                                      [](StringView text, idx_t) { return text; });
  };
  return {"collate",
          {request.argument_types[0], request.argument_types[1]},
          collated,
          std::move(kernel)};
}

}  // namespace

void registerMiscFunctions(FunctionRegistry& registry) {
  registry.addScalar({"collate", 2, 2, bindCollate});
  registry.addScalar({"collation", 1, 1, bindCollation});
  registry.addScalar({"luhn_check", 1, 1, bindLuhnCheck});
  registry.addScalar({"version", 0, 0, bindVersion});
  registry.addScalar(
      {"typeof", 1, 1, [](const BindRequest& request) -> BoundScalarFunction {
         std::string name = request.argument_types[0].simpleString();
         ScalarKernel kernel = [name](const ExecContext&, const ArgumentVectors&,
                                      const RowSet& rows, Vector& result) {
           StringView text = result.addString(name);
           StringView* out = result.mutableData<StringView>();
           forEachRow(rows, [&](idx_t row) {
             result.setNull(row, false);
             out[row] = text;
           });
         };
         return {"typeof", {request.argument_types[0]}, DataType::string(), std::move(kernel)};
       }});
}

}  // namespace sluice

// src/function/scalar/aes_functions.cpp
//
// aes_encrypt(expr, key[, mode[, padding[, iv[, aad]]]]), aes_decrypt(expr, key[, mode[,
// padding[, aad]]]) and try_aes_decrypt (NULL where aes_decrypt raises an error), as Spark's
// (aes_cipher.hpp): expr, key, iv and aad are BINARY (strings cast to their UTF-8 bytes), mode
// and padding STRING; the defaults are GCM, DEFAULT padding, a random IV and no AAD. Any NULL
// argument gives NULL.

#include "function/function_registry.hpp"
#include "function/scalar/aes_cipher.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/null_on_error.hpp"

namespace sluice {

namespace {

//! The arguments' types: BINARY but for mode and padding (positions 2 and 3).
std::vector<DataType> aesArgumentTypes(const BindRequest& request) {
  std::vector<DataType> types;
  for (size_t index = 0; index < request.argument_types.size(); ++index) {
    bool text = index == 2 || index == 3;
    types.push_back(expectArgument(request, index, text ? DataType::string() : DataType::binary()));
  }
  return types;
}

//! Calls `op(arguments)` for each row whose arguments are all non-NULL, absent trailing
//! arguments given as `defaults`; the result is its BINARY value.
template <typename Op>
ScalarKernel aesKernel(std::vector<std::string_view> defaults, Op op) {
  return [defaults, op](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                        Vector& result) {
    std::vector<std::string_view> values(defaults);
    StringView* out = result.mutableData<StringView>();
    forEachRow(rows, [&](idx_t row) {
      for (size_t index = 0; index < args.size(); ++index) {
        if (args[index]->isNull(row)) {
          result.setNull(row);
          return;
        }
        values[index] = args[index]->at<StringView>(row).view();
      }
      out[row] = result.addString(op(values));
      result.setNull(row, false);
    });
  };
}

BoundScalarFunction bindAesEncrypt(const BindRequest& request) {
  ScalarKernel kernel = aesKernel(
      {"", "", "GCM", "DEFAULT", "", ""}, [](const std::vector<std::string_view>& arguments) {
        aes::Mode mode = aes::parseMode(arguments[2], arguments[3]);
        return aes::encrypt(arguments[0], arguments[1], mode, arguments[4], arguments[5]);
      });
  return {"aes_encrypt", aesArgumentTypes(request), DataType::binary(), std::move(kernel)};
}

ScalarKernel decryptKernel() {
  return aesKernel({"", "", "GCM", "DEFAULT", ""},
                   [](const std::vector<std::string_view>& arguments) {
                     aes::Mode mode = aes::parseMode(arguments[2], arguments[3]);
                     return aes::decrypt(arguments[0], arguments[1], mode, arguments[4]);
                   });
}

BoundScalarFunction bindAesDecrypt(const BindRequest& request) {
  return {"aes_decrypt", aesArgumentTypes(request), DataType::binary(), decryptKernel()};
}

BoundScalarFunction bindTryAesDecrypt(const BindRequest& request) {
  return {"try_aes_decrypt", aesArgumentTypes(request), DataType::binary(),
          nullOnErrorKernel(decryptKernel())};
}

}  // namespace

void registerAesFunctions(FunctionRegistry& registry) {
  registry.addScalar({"aes_encrypt", 2, 6, bindAesEncrypt});
  registry.addScalar({"aes_decrypt", 2, 5, bindAesDecrypt});
  registry.addScalar({"try_aes_decrypt", 2, 5, bindTryAesDecrypt});
}

}  // namespace sluice

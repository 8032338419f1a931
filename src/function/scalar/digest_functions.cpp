// src/function/scalar/digest_functions.cpp
//
// md5, sha1 / sha, sha2 and crc32 of BINARY values (strings are cast to their UTF-8 bytes).
// The digests are lower-case hex strings; sha2(x, bits) accepts 224, 256, 384, 512 and 0
// (meaning 256) and is NULL for any other bit length; crc32 is a BIGINT.

#include "common/hash/crc32.hpp"
#include "common/hash/md5.hpp"
#include "common/hash/sha1.hpp"
#include "common/hash/sha2.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/string_kernel.hpp"

namespace sluice {

namespace {

template <typename Bytes>
void appendLowerHex(std::string& out, const Bytes& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  for (auto byte : bytes) {
    auto value = static_cast<uint8_t>(byte);
    out += kDigits[value >> 4];
    out += kDigits[value & 0x0F];
  }
}

template <typename Digest>
BoundScalarFunction bindDigest(std::string name, Digest digest, const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::binary());
  return {std::move(name),
          {input},
          DataType::string(),
          stringResultKernel<StringView>([digest](std::string& out, StringView bytes) {
            appendLowerHex(out, digest(bytes.view()));
            return true;
          })};
}

BoundScalarFunction bindSha2(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::binary());
  DataType bits = expectArgument(request, 1, DataType::intType());
  return {"sha2",
          {input, bits},
          DataType::string(),
          stringResultKernel<StringView, int32_t>(
              [](std::string& out, StringView bytes, int32_t length) {
                std::string digest = hash::sha2(bytes.view(), length == 0 ? 256 : length);
                if (digest.empty())
                  return false;
                appendLowerHex(out, digest);
                return true;
              })};
}

BoundScalarFunction bindCrc32(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::binary());
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    naryLoop<int64_t, StringView>(args, rows, result, [](idx_t, StringView bytes) -> int64_t {
      return hash::crc32(bytes.view());
    });
  };
  return {"crc32", {input}, DataType::longType(), std::move(kernel)};
}

}  // namespace

void registerDigestFunctions(FunctionRegistry& registry) {
  registry.addScalar({"md5", 1, 1, [](const BindRequest& r) {
                        return bindDigest(
                            "md5", [](std::string_view b) { return hash::md5(b); }, r);
                      }});
  registry.addScalar({"sha1", 1, 1,
                      [](const BindRequest& r) {
                        return bindDigest(
                            "sha1", [](std::string_view b) { return hash::sha1(b); }, r);
                      }},
                     {"sha"});
  registry.addScalar({"sha2", 2, 2, bindSha2});
  registry.addScalar({"crc32", 1, 1, bindCrc32});
}

}  // namespace sluice

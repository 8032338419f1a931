// test/fuzz/deletion_vector_fuzz.cpp
//
// libFuzzer target for the deletion vector decoders: the input is read as a serialized
// RoaringBitmapArray (at most 2^20 rows), and as Z85 text whose bytes are decoded again as a
// bitmap. Only sluice::Error may escape, and never INTERNAL_ERROR; any other exception, a
// crash or a sanitizer report is a bug.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "common/error/error.hpp"
#include "storage/delta/deletion_vector.hpp"

// UBSan only reports by default; make every report fatal so the fuzzer keeps the input.
extern "C" const char* __ubsan_default_options() {
  return "halt_on_error=1:print_stacktrace=1";
}

namespace {

constexpr uint64_t kMaxRows = uint64_t{1} << 20;

void check(const sluice::Error& error) {
  if (error.errorClass() == sluice::ErrorClass::INTERNAL_ERROR)
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    std::vector<uint64_t> rows = sluice::delta::decodeRoaringBitmapArray(data, size, kMaxRows);
    for (size_t index = 1; index < rows.size(); ++index) {
      if (rows[index - 1] >= rows[index])
        std::abort();  // the decoder promises ascending rows
    }
  } catch (const sluice::Error& error) {
    check(error);
  }
  try {
    std::vector<uint8_t> bytes =
        sluice::delta::decodeZ85(std::string_view(reinterpret_cast<const char*>(data), size));
    sluice::delta::decodeRoaringBitmapArray(bytes.data(), bytes.size(), kMaxRows);
  } catch (const sluice::Error& error) {
    check(error);
  }
  return 0;
}

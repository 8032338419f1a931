// src/function/scalar/case_mapping.hpp
//
// Spark's lower() for the functions that lowercase before they compare (ilike), beside the
// upper / lower / initcap kernels of case_mapping.cpp.
#pragma once

#include <string>
#include <string_view>

struct UCaseMap;

namespace sluice {

//! Lowercases texts as lower() does under the default collation: Unicode's full mapping in
//! context, by the root locale ('İ' to "i" U+0307, a final capital sigma to 'ς'); ASCII text
//! by a byte loop. One per thread: it keeps ICU's case map, opened at the first text that is
//! not ASCII.
class FullLowercase {
 public:
  FullLowercase() = default;
  ~FullLowercase();
  FullLowercase(const FullLowercase&) = delete;
  FullLowercase& operator=(const FullLowercase&) = delete;

  //! Appends the lowercase form of `text` to `out`.
  void append(std::string& out, std::string_view text);

 private:
  UCaseMap* map_ = nullptr;
};

}  // namespace sluice

// src/common/csv/csv_options.cpp
#include "common/csv/csv_options.hpp"

namespace sluice::csv {

std::string unescapeCharOption(std::string_view text) {
  if (text == "\\t")
    return "\t";
  if (text == "\\n")
    return "\n";
  if (text == "\\\\")
    return "\\";
  if (text == "\\u0000")
    return std::string(1, '\0');
  return std::string(text);
}

}  // namespace sluice::csv

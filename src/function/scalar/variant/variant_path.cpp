// src/function/scalar/variant/variant_path.cpp
#include "function/scalar/variant/variant_path.hpp"

#include <limits>

#include "common/error/error.hpp"

namespace sluice {

std::optional<VariantPath> parseVariantPath(std::string_view text) {
  if (text.empty() || text[0] != '$')
    return std::nullopt;
  VariantPath path;
  size_t position = 1;
  while (position < text.size()) {
    VariantPathStep step;
    if (text[position] == '.') {
      size_t end = text.find_first_of(".[", position + 1);
      if (end == std::string_view::npos)
        end = text.size();
      if (end == position + 1)
        return std::nullopt;  // a name has at least one character
      step.key = std::string(text.substr(position + 1, end - position - 1));
      position = end;
    } else if (text[position] == '[') {
      char next = position + 1 < text.size() ? text[position + 1] : '\0';
      if (next == '\'' || next == '"') {
        size_t close = text.find(next, position + 2);
        if (close == std::string_view::npos || close + 1 >= text.size() || text[close + 1] != ']')
          return std::nullopt;
        step.key = std::string(text.substr(position + 2, close - position - 2));
        position = close + 2;
      } else {
        size_t digits = position + 1;
        int64_t index = 0;
        while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') {
          index = index * 10 + (text[digits] - '0');
          if (index > std::numeric_limits<int32_t>::max())
            return std::nullopt;  // Scala's toInt fails
          ++digits;
        }
        if (digits == position + 1 || digits >= text.size() || text[digits] != ']')
          return std::nullopt;
        step.is_index = true;
        step.index = static_cast<int32_t>(index);
        position = digits + 1;
      }
    } else {
      return std::nullopt;
    }
    path.push_back(std::move(step));
  }
  return path;
}

void raiseInvalidVariantPath(std::string_view text, std::string_view function) {
  throw Error(ErrorClass::INVALID_VARIANT_GET_PATH,
              fmt::format("The path `{}` is not a valid variant extraction path in `{}`. A valid "
                          "path should start with `$` and is followed by zero or more segments "
                          "like `[123]`, `.name`, `['name']`, or `[\"name\"]`.",
                          text, function));
}

std::optional<variant::VariantRef> followVariantPath(const variant::VariantRef& root,
                                                     const VariantPath& path) {
  variant::VariantRef current = root;
  for (const VariantPathStep& step : path) {
    variant::Type type = current.type();
    if (step.is_index) {
      if (type != variant::Type::kArray || static_cast<uint32_t>(step.index) >= current.arraySize())
        return std::nullopt;
      current = current.elementAt(static_cast<uint32_t>(step.index));
    } else {
      if (type != variant::Type::kObject)
        return std::nullopt;
      std::optional<variant::VariantRef> field = current.field(step.key);
      if (!field)
        return std::nullopt;
      current = *field;
    }
  }
  return current;
}

}  // namespace sluice

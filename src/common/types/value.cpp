#include "common/types/value.hpp"

#include <fmt/format.h>

namespace sluice {

bool Value::operator==(const Value& other) const {
  return type_ == other.type_ && storage_ == other.storage_;
}

std::string Value::debugString() const {
  std::string body = std::visit(
      [](const auto& held) -> std::string {
        using T = std::decay_t<decltype(held)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          return "NULL";
        } else if constexpr (std::is_same_v<T, bool>) {
          return held ? "true" : "false";
        } else if constexpr (std::is_same_v<T, int128_t>) {
          // fmt has no __int128; print through two halves only when it is large.
          if (held >= INT64_MIN && held <= INT64_MAX)
            return fmt::format("{}", int64_t(held));
          return "<int128>";
        } else if constexpr (std::is_same_v<T, std::string>) {
          return fmt::format("'{}'", held);
        } else if constexpr (std::is_same_v<T, std::vector<Value>>) {
          std::string out = "[";
          for (size_t i = 0; i < held.size(); ++i) {
            if (i > 0)
              out += ", ";
            out += held[i].debugString();
          }
          return out + "]";
        } else {
          return fmt::format("{}", held);
        }
      },
      storage_);
  return type_.sql() + " " + body;
}

}  // namespace sluice

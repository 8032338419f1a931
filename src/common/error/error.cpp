#include "common/error/error.hpp"

#include <iterator>

namespace sluice {

namespace {

struct ErrorClassInfo {
  std::string_view name;
  std::string_view sql_state;
};

constexpr ErrorClassInfo kErrorClasses[] = {
#define SLUICE_ERROR_CLASS(name, sqlstate) {#name, sqlstate},
#include "common/error/error_classes.def"
#undef SLUICE_ERROR_CLASS
};

}  // namespace

std::string_view errorClassName(ErrorClass error_class) {
  return kErrorClasses[static_cast<size_t>(error_class)].name;
}

std::string_view errorClassSqlState(ErrorClass error_class) {
  return kErrorClasses[static_cast<size_t>(error_class)].sql_state;
}

std::optional<ErrorClass> findErrorClass(std::string_view name) {
  for (size_t index = 0; index < std::size(kErrorClasses); ++index) {
    if (kErrorClasses[index].name == name)
      return static_cast<ErrorClass>(index);
  }
  return std::nullopt;
}

std::string Error::fullClassName() const {
  std::string name(errorClassName(error_class_));
  if (!sub_class_.empty()) {
    name += '.';
    name += sub_class_;
  }
  return name;
}

Error& Error::withLocation(SourceLocation location) {
  if (!location_) {
    location_ = std::move(location);
    render();
  }
  return *this;
}

void Error::render() {
  rendered_ = fmt::format("[{}] {}", fullClassName(), message_);
  if (location_) {
    rendered_ +=
        fmt::format(" ({}:{}:{})", location_->source_name, location_->line, location_->column);
  }
}

std::string Error::report() const {
  std::string out = fmt::format("[{}] {}", fullClassName(), message_);
  if (!location_)
    return out;
  out +=
      fmt::format("\n  --> {}:{}:{}", location_->source_name, location_->line, location_->column);
  if (!location_->line_text.empty()) {
    out += fmt::format("\n   | {}\n   | ", location_->line_text);
    // Tabs stay tabs under the caret so that it lines up in every terminal.
    for (uint32_t i = 1; i < location_->column && i <= location_->line_text.size(); ++i) {
      out += location_->line_text[i - 1] == '\t' ? '\t' : ' ';
    }
    out += '^';
  }
  return out;
}

}  // namespace sluice

// src/catalog/delta_path_name.cpp
#include "catalog/delta_path_name.hpp"

#include <filesystem>

#include "common/text/ascii_case.hpp"

namespace sluice {

std::optional<std::string> deltaPathOf(const std::vector<std::string>& name) {
  if (name.size() == 2 && foldIdentifier(name[0]) == "delta" &&
      (name[1].starts_with("/") || name[1].starts_with("file:"))) {
    return localTablePath(name[1]);
  }
  return std::nullopt;
}

std::string localTablePath(std::string_view path) {
  namespace fs = std::filesystem;
  if (path.starts_with("file://"))
    path.remove_prefix(7);
  else if (path.starts_with("file:"))
    path.remove_prefix(5);
  std::error_code error;
  fs::path absolute = fs::absolute(fs::path(path), error);
  std::string text = (error ? fs::path(path) : absolute).lexically_normal().string();
  if (text.size() > 1 && text.back() == '/')
    text.pop_back();
  return text;
}

}  // namespace sluice

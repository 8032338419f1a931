// src/storage/format/input_files.cpp
#include "storage/format/input_files.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "common/error/error.hpp"

namespace sluice {

namespace fs = std::filesystem;

namespace {

bool isHiddenName(std::string_view name) {
  return !name.empty() && (name[0] == '_' || name[0] == '.');
}

// The end of a bracket expression that starts at `open` ('['), or npos when it is not closed.
size_t bracketEnd(std::string_view pattern, size_t open) {
  size_t at = open + 1;
  if (at < pattern.size() && (pattern[at] == '^' || pattern[at] == '!'))
    ++at;
  if (at < pattern.size() && pattern[at] == ']')
    ++at;  // a leading ']' is a member
  while (at < pattern.size() && pattern[at] != ']')
    ++at;
  return at < pattern.size() ? at : std::string_view::npos;
}

bool bracketMatches(std::string_view set, char c) {
  bool negate = !set.empty() && (set[0] == '^' || set[0] == '!');
  if (negate)
    set.remove_prefix(1);
  bool found = false;
  for (size_t i = 0; i < set.size(); ++i) {
    if (i + 2 < set.size() && set[i + 1] == '-') {
      if (c >= set[i] && c <= set[i + 2])
        found = true;
      i += 2;
    } else if (set[i] == c) {
      found = true;
    }
  }
  return found != negate;
}

// Expands the first {a,b} group of `pattern` (nested groups included) into every pattern it
// stands for; a pattern without groups expands to itself.
void expandBraces(const std::string& pattern, std::vector<std::string>& out) {
  size_t open = pattern.find('{');
  if (open == std::string::npos) {
    out.push_back(pattern);
    return;
  }
  std::vector<std::string> alternatives;
  int depth = 0;
  size_t start = open + 1;
  for (size_t at = open; at < pattern.size(); ++at) {
    char c = pattern[at];
    if (c == '{') {
      ++depth;
    } else if (c == ',' && depth == 1) {
      alternatives.push_back(pattern.substr(start, at - start));
      start = at + 1;
    } else if (c == '}' && --depth == 0) {
      alternatives.push_back(pattern.substr(start, at - start));
      std::string head = pattern.substr(0, open);
      std::string tail = pattern.substr(at + 1);
      for (const std::string& alternative : alternatives)
        expandBraces(head + alternative + tail, out);
      return;
    }
  }
  out.push_back(pattern);  // an unclosed '{' is a plain character
}

// Matches *, ?, [set] and \-escaped characters; '{' is literal here (expanded before).
bool matchSimple(std::string_view pattern, std::string_view name) {
  size_t p = 0;
  size_t n = 0;
  // Backtracking point of the last '*': the pattern position after it and the name position.
  size_t star_p = std::string_view::npos;
  size_t star_n = 0;
  while (n < name.size()) {
    if (p < pattern.size()) {
      char c = pattern[p];
      if (c == '*') {
        star_p = ++p;
        star_n = n;
        continue;
      }
      if (c == '?') {
        ++p;
        ++n;
        continue;
      }
      size_t close = c == '[' ? bracketEnd(pattern, p) : std::string_view::npos;
      if (close != std::string_view::npos) {
        if (bracketMatches(pattern.substr(p + 1, close - p - 1), name[n])) {
          p = close + 1;
          ++n;
          continue;
        }
      } else {
        if (c == '\\' && p + 1 < pattern.size())
          c = pattern[++p];
        if (c == name[n]) {
          ++p;
          ++n;
          continue;
        }
      }
    }
    if (star_p == std::string_view::npos)
      return false;
    p = star_p;
    n = ++star_n;
  }
  while (p < pattern.size() && pattern[p] == '*')
    ++p;
  return p == pattern.size();
}

int64_t modificationMicros(const struct stat& info) {
  return static_cast<int64_t>(info.st_mtim.tv_sec) * 1000000 + info.st_mtim.tv_nsec / 1000;
}

void addFile(const std::string& path, const struct stat& info, std::vector<InputFile>& out) {
  out.push_back(InputFile{path, static_cast<uint64_t>(info.st_size), modificationMicros(info)});
}

// Adds `path` if it is a file, or the files under it if it is a folder.
void addPath(const std::string& path, std::vector<InputFile>& out) {
  struct stat info;
  if (::stat(path.c_str(), &info) != 0)
    return;
  if (S_ISREG(info.st_mode)) {
    addFile(path, info, out);
    return;
  }
  if (!S_ISDIR(info.st_mode))
    return;
  std::error_code error;
  fs::recursive_directory_iterator it(path, fs::directory_options::follow_directory_symlink, error);
  if (error)
    throwError(ErrorClass::IO_ERROR, "Cannot list {}: {}", path, error.message());
  for (; it != fs::recursive_directory_iterator(); it.increment(error)) {
    if (error)
      throwError(ErrorClass::IO_ERROR, "Cannot list {}: {}", path, error.message());
    std::string name = it->path().filename().string();
    if (isHiddenName(name)) {
      if (it->is_directory(error))
        it.disable_recursion_pending();
      continue;
    }
    std::string file = it->path().string();
    if (::stat(file.c_str(), &info) == 0 && S_ISREG(info.st_mode))
      addFile(file, info, out);
  }
}

// Expands the glob components of `components[index...]` below `base`.
void expandGlob(const std::string& base, const std::vector<std::string>& components, size_t index,
                std::vector<std::string>& matches) {
  if (index == components.size()) {
    matches.push_back(base.empty() ? "/" : base);
    return;
  }
  const std::string& component = components[index];
  if (!hasGlobCharacters(component)) {
    std::string next = base + "/" + component;
    struct stat info;
    if (::stat(next.c_str(), &info) == 0)
      expandGlob(next, components, index + 1, matches);
    return;
  }
  std::error_code error;
  fs::directory_iterator it(base.empty() ? "/" : base, error);
  if (error)
    return;
  std::vector<std::string> names;
  for (; it != fs::directory_iterator(); it.increment(error)) {
    if (error)
      break;
    std::string name = it->path().filename().string();
    if (matchGlob(component, name))
      names.push_back(std::move(name));
  }
  std::sort(names.begin(), names.end());
  for (const std::string& name : names)
    expandGlob(base + "/" + name, components, index + 1, matches);
}

std::string absolutePath(std::string_view location) {
  std::string path(location);
  if (path.rfind("file://", 0) == 0) {
    path.erase(0, 7);
  } else if (path.rfind("file:", 0) == 0) {
    path.erase(0, 5);
  }
  if (path.empty())
    throwError(ErrorClass::INVALID_PARAMETER_VALUE, "The path of read_files is empty.");
  if (path[0] != '/') {
    std::error_code error;
    fs::path current = fs::current_path(error);
    if (error)
      throwError(ErrorClass::IO_ERROR, "Cannot find the current folder: {}", error.message());
    path = (current / path).string();
  }
  return path;
}

}  // namespace

bool hasGlobCharacters(std::string_view text) {
  return text.find_first_of("*?[{") != std::string_view::npos;
}

bool matchGlob(std::string_view pattern, std::string_view name) {
  std::vector<std::string> patterns;
  expandBraces(std::string(pattern), patterns);
  for (const std::string& each : patterns) {
    if (matchSimple(each, name))
      return true;
  }
  return false;
}

std::vector<InputFile> listInputFiles(std::string_view location,
                                      std::string_view path_glob_filter) {
  std::string path = absolutePath(location);
  // {a,b} groups may span '/', so they are expanded over the whole path first.
  std::vector<std::string> patterns;
  expandBraces(path, patterns);
  std::vector<std::string> roots;
  for (const std::string& pattern : patterns) {
    if (!hasGlobCharacters(pattern)) {
      roots.push_back(fs::path(pattern).lexically_normal().string());
      continue;
    }
    std::vector<std::string> components;
    size_t start = 1;
    while (start <= pattern.size()) {
      size_t slash = pattern.find('/', start);
      if (slash == std::string::npos)
        slash = pattern.size();
      if (slash > start)
        components.push_back(pattern.substr(start, slash - start));
      start = slash + 1;
    }
    expandGlob("", components, 0, roots);
  }
  std::vector<InputFile> files;
  for (const std::string& root : roots)
    addPath(root, files);
  if (files.empty()) {
    struct stat info;
    bool exists = std::any_of(roots.begin(), roots.end(), [&](const std::string& root) {
      return ::stat(root.c_str(), &info) == 0;
    });
    if (!exists)
      throwError(ErrorClass::PATH_NOT_FOUND, "Path does not exist: file:{}.", path);
  }
  if (!path_glob_filter.empty()) {
    std::erase_if(files, [&](const InputFile& file) {
      return !matchGlob(path_glob_filter, fs::path(file.path).filename().string());
    });
  }
  std::sort(files.begin(), files.end(),
            [](const InputFile& a, const InputFile& b) { return a.path < b.path; });
  files.erase(std::unique(files.begin(), files.end(),
                          [](const InputFile& a, const InputFile& b) { return a.path == b.path; }),
              files.end());
  return files;
}

}  // namespace sluice

// src/storage/delta/log_store.cpp
//
// Listing, reading and put-if-absent writing of the Delta log on a POSIX file system.

#include "storage/delta/log_store.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <tuple>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/file/local_file.hpp"

namespace sluice::delta {

namespace fs = std::filesystem;

namespace {

bool isDigits(std::string_view text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

//! One checkpoint file of the listing, before multi-part sets are checked for completeness.
struct CheckpointName {
  int64_t version = 0;
  CheckpointFiles::Kind kind = CheckpointFiles::Kind::kClassic;
  int64_t part = 0;   // multi-part only, from 1
  int64_t parts = 0;  // multi-part only
  std::string name;
};

//! Parses "NNN.checkpoint.parquet", "NNN.checkpoint.P.T.parquet" (10-digit part and total) and
//! "NNN.checkpoint.<unique>.json|parquet"; nullopt for any other name.
std::optional<CheckpointName> parseCheckpointName(const std::string& name) {
  constexpr std::string_view kInfix = ".checkpoint.";
  if (name.size() <= 20 + kInfix.size() || !isDigits(std::string_view(name).substr(0, 20)) ||
      std::string_view(name).substr(20, kInfix.size()) != kInfix) {
    return std::nullopt;
  }
  CheckpointName parsed;
  parsed.version = std::stoll(name.substr(0, 20));
  parsed.name = name;
  std::string_view rest = std::string_view(name).substr(20 + kInfix.size());
  if (rest == "parquet")
    return parsed;
  std::vector<std::string_view> pieces;
  size_t start = 0;
  while (true) {
    size_t dot = rest.find('.', start);
    pieces.push_back(rest.substr(start, dot == std::string_view::npos ? dot : dot - start));
    if (dot == std::string_view::npos)
      break;
    start = dot + 1;
  }
  if (pieces.size() == 3 && pieces[2] == "parquet" && pieces[0].size() == 10 &&
      pieces[1].size() == 10 && isDigits(pieces[0]) && isDigits(pieces[1])) {
    parsed.kind = CheckpointFiles::Kind::kMultiPart;
    parsed.part = std::stoll(std::string(pieces[0]));
    parsed.parts = std::stoll(std::string(pieces[1]));
    if (parsed.parts < 1 || parsed.part < 1 || parsed.part > parsed.parts)
      return std::nullopt;
    return parsed;
  }
  if (pieces.size() == 2 && !pieces[0].empty() && (pieces[1] == "json" || pieces[1] == "parquet")) {
    parsed.kind = CheckpointFiles::Kind::kUuidNamed;
    return parsed;
  }
  return std::nullopt;
}

//! Orders checkpoints as Delta does: by version, then kind, then number of parts, then name.
bool checkpointLess(const CheckpointFiles& a, const CheckpointFiles& b) {
  if (a.version != b.version)
    return a.version < b.version;
  if (a.kind != b.kind)
    return a.kind < b.kind;
  if (a.names.size() != b.names.size())
    return a.names.size() < b.names.size();
  return a.names < b.names;
}

//! Groups checkpoint files into complete checkpoints; a multi-part set lacking a part goes to
//! `incomplete`.
void groupCheckpoints(std::vector<CheckpointName> names, LogListing& listing) {
  std::sort(names.begin(), names.end(), [](const CheckpointName& a, const CheckpointName& b) {
    return std::tie(a.version, a.kind, a.parts, a.part, a.name) <
           std::tie(b.version, b.kind, b.parts, b.part, b.name);
  });
  for (size_t index = 0; index < names.size();) {
    const CheckpointName& first = names[index];
    if (first.kind != CheckpointFiles::Kind::kMultiPart) {
      listing.checkpoints.push_back({first.version, first.kind, {first.name}});
      ++index;
      continue;
    }
    // The files of one multi-part set: same version and total, parts 1..total once each.
    size_t end = index;
    while (end < names.size() && names[end].kind == CheckpointFiles::Kind::kMultiPart &&
           names[end].version == first.version && names[end].parts == first.parts) {
      ++end;
    }
    CheckpointFiles set{first.version, first.kind, {}};
    int64_t expected = 1;
    for (size_t at = index; at < end; ++at) {
      if (names[at].part == expected) {
        set.names.push_back(names[at].name);
        ++expected;
      }
    }
    if (expected == first.parts + 1) {
      listing.checkpoints.push_back(std::move(set));
    } else {
      for (size_t at = index; at < end; ++at)
        listing.incomplete_checkpoints.push_back(names[at].name);
    }
    index = end;
  }
  std::sort(listing.checkpoints.begin(), listing.checkpoints.end(), checkpointLess);
}

}  // namespace

int64_t LogListing::latestVersion() const {
  int64_t latest = -1;
  if (!commits.empty())
    latest = commits.back();
  if (!checkpoints.empty())
    latest = std::max(latest, checkpoints.back().version);
  return latest;
}

const CheckpointFiles* LogListing::checkpointAtOrBefore(int64_t version) const {
  const CheckpointFiles* chosen = nullptr;
  for (const CheckpointFiles& checkpoint : checkpoints) {
    if (checkpoint.version > version)
      break;
    chosen = &checkpoint;
  }
  return chosen;
}

std::string readWholeFile(const std::string& path) {
  LocalFileReader reader(path);
  std::string content(reader.size(), '\0');
  if (!content.empty())
    reader.readAt(0, content.size(), content.data());
  return content;
}

LogStore::LogStore(std::string table_path) : table_path_(std::move(table_path)) {
  while (table_path_.size() > 1 && table_path_.back() == '/')
    table_path_.pop_back();
  log_path_ = table_path_ + "/_delta_log";
}

std::string LogStore::commitPath(int64_t version) const {
  return log_path_ + "/" + commitFileName(version);
}

std::string LogStore::checkpointPath(int64_t version) const {
  return log_path_ + "/" + checkpointFileName(version);
}

std::string LogStore::logFilePath(const std::string& name) const {
  return log_path_ + "/" + name;
}

std::string LogStore::sidecarFolder() const {
  return log_path_ + "/_sidecars";
}

LogListing LogStore::list() const {
  LogListing listing;
  std::vector<CheckpointName> checkpoint_names;
  std::error_code error;
  fs::directory_iterator it(log_path_, error);
  if (error) {
    if (error == std::errc::no_such_file_or_directory)
      return listing;
    throwError(ErrorClass::IO_ERROR, "Cannot list {}: {}", log_path_, error.message());
  }
  for (; it != fs::directory_iterator(); it.increment(error)) {
    if (error) {
      throwError(ErrorClass::IO_ERROR, "Cannot list {}: {}", log_path_, error.message());
    }
    std::string name = it->path().filename().string();
    if (auto version = commitVersionOf(name)) {
      listing.commits.push_back(*version);
      continue;
    }
    if (auto checkpoint = parseCheckpointName(name)) {
      // An empty checkpoint file is a write that never finished; Delta skips it too.
      std::error_code size_error;
      uintmax_t size = it->file_size(size_error);
      if (size_error || size > 0)
        checkpoint_names.push_back(std::move(*checkpoint));
    }
  }
  std::sort(listing.commits.begin(), listing.commits.end());
  groupCheckpoints(std::move(checkpoint_names), listing);
  return listing;
}

std::vector<Action> LogStore::readCommit(int64_t version) const {
  std::string path = commitPath(version);
  struct stat info;
  if (::stat(path.c_str(), &info) != 0) {
    throw Error(ErrorClass::DELTA_LOG_FILE_NOT_FOUND,
                fmt::format("Unable to read the Delta log file {} of version {}: {}.", path,
                            version, std::strerror(errno)));
  }
  return parseActions(readWholeFile(path), path);
}

int64_t LogStore::commitModificationTime(int64_t version) const {
  std::string path = commitPath(version);
  struct stat info;
  if (::stat(path.c_str(), &info) != 0) {
    throwError(ErrorClass::IO_ERROR, "Cannot stat {}: {}", path, std::strerror(errno));
  }
  return static_cast<int64_t>(info.st_mtim.tv_sec) * 1000 + info.st_mtim.tv_nsec / 1'000'000;
}

void LogStore::ensureLogFolder() const {
  std::error_code error;
  fs::create_directories(log_path_, error);
  if (error) {
    throwError(ErrorClass::IO_ERROR, "Cannot create {}: {}", log_path_, error.message());
  }
}

std::string LogStore::newTempPath() const {
  ensureLogFolder();
  // A leading '.' keeps the temp file out of every listing of the log.
  return log_path_ + "/." + randomUuid() + ".tmp";
}

void LogStore::installFile(const std::string& temp_path, const std::string& name) const {
  std::string final_path = log_path_ + "/" + name;
  if (::rename(temp_path.c_str(), final_path.c_str()) != 0) {
    int error = errno;
    ::unlink(temp_path.c_str());
    throwError(ErrorClass::IO_ERROR, "Cannot create {}: {}", final_path, std::strerror(error));
  }
}

std::string LogStore::writeTempFile(const std::string& content) const {
  std::string temp_path = newTempPath();
  LocalFileWriter writer(temp_path);
  writer.write(content.data(), content.size());
  writer.close(/*sync=*/true);
  return temp_path;
}

bool LogStore::putCommit(int64_t version, const std::string& content) const {
  std::string temp_path = writeTempFile(content);
  std::string final_path = commitPath(version);
  int result = ::link(temp_path.c_str(), final_path.c_str());
  int link_error = errno;
  ::unlink(temp_path.c_str());
  if (result == 0)
    return true;
  if (link_error == EEXIST)
    return false;
  throwError(ErrorClass::IO_ERROR, "Cannot create {}: {}", final_path, std::strerror(link_error));
}

void LogStore::replaceFile(const std::string& name, const std::string& content) const {
  installFile(writeTempFile(content), name);
}

std::optional<LastCheckpoint> LogStore::readLastCheckpoint() const {
  std::string path = log_path_ + "/_last_checkpoint";
  struct stat info;
  if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode))
    return std::nullopt;
  std::string text;
  try {
    text = readWholeFile(path);
  } catch (const Error&) {
    return std::nullopt;
  }
  Json json = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object())
    return std::nullopt;
  auto integer = [&](const char* name) -> std::optional<int64_t> {
    auto it = json.find(name);
    if (it == json.end() || !it->is_number_integer())
      return std::nullopt;
    return it->get<int64_t>();
  };
  auto version = integer("version");
  if (!version || *version < 0)
    return std::nullopt;
  LastCheckpoint last;
  last.version = *version;
  last.size = integer("size").value_or(0);
  last.size_in_bytes = integer("sizeInBytes");
  last.num_of_add_files = integer("numOfAddFiles");
  last.parts = integer("parts");
  return last;
}

void LogStore::writeLastCheckpoint(const LastCheckpoint& last) const {
  // Checkpoints of several versions may be written at once; the hint keeps the newest that
  // exists. One naming a checkpoint that is gone is replaced.
  if (auto existing = readLastCheckpoint(); existing && existing->version > last.version) {
    LogListing listing = list();
    if (std::any_of(
            listing.checkpoints.begin(), listing.checkpoints.end(),
            [&](const CheckpointFiles& files) { return files.version == existing->version; }))
      return;
  }
  Json json = Json::object();
  json["version"] = last.version;
  json["size"] = last.size;
  if (last.size_in_bytes)
    json["sizeInBytes"] = *last.size_in_bytes;
  if (last.num_of_add_files)
    json["numOfAddFiles"] = *last.num_of_add_files;
  if (last.parts)
    json["parts"] = *last.parts;
  replaceFile("_last_checkpoint", dumpJson(json));
}

bool tableExists(const std::string& table_path) {
  std::error_code error;
  return std::filesystem::is_directory(std::filesystem::path(table_path) / "_delta_log", error);
}

bool hasCommits(const std::string& table_path) {
  return !LogStore(table_path).list().empty();
}

}  // namespace sluice::delta

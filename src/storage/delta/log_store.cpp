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

}  // namespace

int64_t LogListing::latestVersion() const {
  int64_t latest = -1;
  if (!commits.empty())
    latest = commits.back();
  if (!classic_checkpoints.empty())
    latest = std::max(latest, classic_checkpoints.back());
  return latest;
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

LogListing LogStore::list() const {
  LogListing listing;
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
    if (name.size() <= 20 || !isDigits(std::string_view(name).substr(0, 20)))
      continue;
    std::string_view rest = std::string_view(name).substr(20);
    if (rest == ".checkpoint.parquet") {
      listing.classic_checkpoints.push_back(std::stoll(name.substr(0, 20)));
    } else if (rest.starts_with(".checkpoint.")) {
      listing.other_checkpoints.push_back(name);
    }
  }
  std::sort(listing.commits.begin(), listing.commits.end());
  std::sort(listing.classic_checkpoints.begin(), listing.classic_checkpoints.end());
  std::sort(listing.other_checkpoints.begin(), listing.other_checkpoints.end());
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
  if (::stat(path.c_str(), &info) != 0)
    return std::nullopt;
  Json json;
  try {
    json = Json::parse(readWholeFile(path));
  } catch (const nlohmann::json::exception& error) {
    throw Error(
        ErrorClass::FAILED_READ_FILE,
        fmt::format("Malformed Delta log entry at {}:1: invalid JSON ({}).", path, error.what()));
  }
  auto integer = [&](const char* name) -> std::optional<int64_t> {
    auto it = json.find(name);
    if (it == json.end() || !it->is_number_integer())
      return std::nullopt;
    return it->get<int64_t>();
  };
  auto version = integer("version");
  if (!json.is_object() || !version) {
    throw Error(ErrorClass::FAILED_READ_FILE,
                fmt::format("Malformed Delta log entry at {}:1: no integer `version`.", path));
  }
  LastCheckpoint last;
  last.version = *version;
  last.size = integer("size").value_or(0);
  last.size_in_bytes = integer("sizeInBytes");
  last.num_of_add_files = integer("numOfAddFiles");
  last.parts = integer("parts");
  return last;
}

void LogStore::writeLastCheckpoint(const LastCheckpoint& last) const {
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

}  // namespace sluice::delta

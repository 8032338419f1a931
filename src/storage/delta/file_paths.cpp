// src/storage/delta/file_paths.cpp
//
// Log file names, UUIDs, and the URI form of paths in the log.

#include "storage/delta/file_paths.hpp"
#include "common/text/percent_decoding.hpp"

#include <unistd.h>

#include <random>

#include <fmt/format.h>

namespace sluice::delta {

namespace {

bool allDigits(std::string_view text) {
  if (text.empty())
    return false;
  for (char c : text) {
    if (c < '0' || c > '9')
      return false;
  }
  return true;
}

}  // namespace

std::string randomUuid() {
  // One generator per thread, seeded from the OS, and reseeded in a forked child, so that
  // concurrent writers never share a sequence (their file names would collide).
  thread_local std::mt19937_64 generator;
  thread_local pid_t seeded_for = 0;
  if (seeded_for != ::getpid()) {
    std::random_device device;
    std::seed_seq seed{device(), device(), device(), device(), device(), device()};
    generator.seed(seed);
    seeded_for = ::getpid();
  }
  uint64_t high = generator();
  uint64_t low = generator();
  high = (high & 0xFFFFFFFFFFFF0FFFull) | 0x0000000000004000ull;  // version 4
  low = (low & 0x3FFFFFFFFFFFFFFFull) | 0x8000000000000000ull;    // IETF variant
  return fmt::format("{:08x}-{:04x}-{:04x}-{:04x}-{:012x}", high >> 32, (high >> 16) & 0xFFFF,
                     high & 0xFFFF, low >> 48, low & 0xFFFFFFFFFFFFull);
}

std::string commitFileName(int64_t version) {
  return fmt::format("{:020}.json", version);
}

std::string checkpointFileName(int64_t version) {
  return fmt::format("{:020}.checkpoint.parquet", version);
}

std::optional<int64_t> commitVersionOf(std::string_view name) {
  if (name.size() != 25 || !name.ends_with(".json"))
    return std::nullopt;
  std::string_view digits = name.substr(0, 20);
  if (!allDigits(digits))
    return std::nullopt;
  return std::stoll(std::string(digits));
}

std::string encodeUriPath(std::string_view path) {
  std::string encoded;
  encoded.reserve(path.size());
  for (char c : path) {
    auto byte = static_cast<unsigned char>(c);
    bool escape = byte <= 0x20 || byte == 0x7F;
    switch (c) {
      case '%':
      case '"':
      case '<':
      case '>':
      case '\\':
      case '^':
      case '`':
      case '{':
      case '|':
      case '}':
      case '#':
      case '?':
      case '[':
      case ']':
        escape = true;
        break;
      default:
        break;
    }
    if (escape) {
      encoded += fmt::format("%{:02X}", byte);
    } else {
      encoded += c;
    }
  }
  return encoded;
}

std::string decodeUriPath(std::string_view path) {
  return decodePercentEscapes(path);
}

std::string resolveDataPath(const std::string& table_path, std::string_view log_path) {
  std::string_view path = log_path;
  if (path.starts_with("file://")) {
    path.remove_prefix(7);
  } else if (path.starts_with("file:")) {
    path.remove_prefix(5);
  }
  std::string decoded = decodeUriPath(path);
  if (!decoded.empty() && decoded.front() == '/')
    return decoded;
  std::string joined = table_path;
  if (!joined.empty() && joined.back() != '/')
    joined += '/';
  return joined + decoded;
}

}  // namespace sluice::delta

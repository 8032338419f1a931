// src/exec/spill/memory_limit.cpp
#include "exec/spill/memory_limit.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string>

#include <fmt/format.h>

#include "common/error/error.hpp"
#include "exec/parallel/task_scheduler.hpp"
#include "storage/parquet/buffer_pool.hpp"

namespace sluice {

namespace {

//! What a query process holds that nothing counts: batches on their way through the
//! operators, string heaps, the allocators' arenas, thread stacks, code. Measured at the peak
//! of the medallion pipeline under a 256 MB limit: 130 MB besides the operators' tables and
//! the readers' buffers, whatever the limit.
constexpr uint64_t kUncountedMemory = uint64_t{128} << 20;

}  // namespace

std::optional<uint64_t> parseByteSize(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  uint64_t number = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (error != std::errc() || end == text.data())
    return std::nullopt;
  std::string unit(end, text.data() + text.size());
  for (char& c : unit)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  int shift = 0;
  if (unit.empty() || unit == "b") {
    shift = 0;
  } else if (unit == "k" || unit == "kb") {
    shift = 10;
  } else if (unit == "m" || unit == "mb") {
    shift = 20;
  } else if (unit == "g" || unit == "gb") {
    shift = 30;
  } else if (unit == "t" || unit == "tb") {
    shift = 40;
  } else if (unit == "p" || unit == "pb") {
    shift = 50;
  } else {
    return std::nullopt;
  }
  if (shift > 0 && number > (UINT64_MAX >> shift))
    return std::nullopt;
  return number << shift;
}

uint64_t defaultMemoryLimit() {
  long pages = sysconf(_SC_PHYS_PAGES);
  long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0)
    return uint64_t{8} << 30;
  return static_cast<uint64_t>(pages) / 5 * 4 * static_cast<uint64_t>(page_size);
}

uint64_t operatorMemoryLimit(uint64_t limit) {
  uint64_t reserved = parquet::parquetBufferBytes() + std::min(kUncountedMemory, limit / 2);
  // Readers that hold most of the limit themselves (a file of huge pages) leave the operators a
  // quarter of it: spilling everything would not bring the memory under the limit either.
  return std::max(limit > reserved ? limit - reserved : 0, limit / 4);
}

namespace {

//! The bytes every HeldMemory of the process counts.
std::atomic<uint64_t> operator_bytes{0};

}  // namespace

HeldMemory::~HeldMemory() {
  operator_bytes.fetch_sub(bytes_.load());
}

uint64_t HeldMemory::add(uint64_t bytes) {
  operator_bytes.fetch_add(bytes, std::memory_order_relaxed);
  return bytes_.fetch_add(bytes, std::memory_order_relaxed) + bytes;
}

void HeldMemory::release(uint64_t bytes) {
  operator_bytes.fetch_sub(bytes, std::memory_order_relaxed);
  bytes_.fetch_sub(bytes, std::memory_order_relaxed);
}

uint64_t operatorMemoryAvailable(const HeldMemory& held, uint64_t limit) {
  uint64_t all = operator_bytes.load(std::memory_order_relaxed);
  uint64_t own = held.bytes();
  uint64_t others = all > own ? all - own : 0;
  uint64_t share = operatorMemoryLimit(limit);
  return share > others ? share - others : 0;
}

bool holdsFairShareOverLimit(const HeldMemory& held, uint64_t own, uint64_t limit) {
  uint64_t bytes = held.bytes();
  return bytes > operatorMemoryAvailable(held, limit) &&
         own * 2 * TaskScheduler::shared().threadCount() >= bytes;
}

uint64_t memoryLimitOrThrow(std::string_view text) {
  // SET keeps a value as written; a quoted size is taken too.
  std::string_view size = text;
  if (size.size() >= 2 && (size.front() == '\'' || size.front() == '"') &&
      size.back() == size.front()) {
    size = size.substr(1, size.size() - 2);
  }
  std::optional<uint64_t> bytes = parseByteSize(size);
  if (!bytes || *bytes == 0) {
    throw Error(ErrorClass::INVALID_CONF_VALUE,
                fmt::format("The value '{}' in the config \"{}\" is invalid. It must be a "
                            "positive size in bytes, with an optional unit (k, m, g, t, p).",
                            text, kMemoryLimitKey));
  }
  return *bytes;
}

}  // namespace sluice

// src/exec/physical/file_morsels.cpp
#include "exec/physical/file_morsels.hpp"

#include <algorithm>

#include "exec/parallel/task_scheduler.hpp"

namespace sluice {

namespace {

constexpr size_t kPartsPerThread = 2;
constexpr size_t kMaxPartsPerFile = 16;
constexpr uint32_t kTailFileParts = 4;

}  // namespace

std::vector<FilePart> wholeFiles(size_t files) {
  std::vector<FilePart> parts;
  parts.reserve(files);
  for (size_t file = 0; file < files; ++file)
    parts.push_back(FilePart{static_cast<uint32_t>(file), 0, 1});
  return parts;
}

std::vector<FilePart> planParquetParts(size_t files) {
  size_t threads = TaskScheduler::shared().threadCount();
  size_t wanted = kPartsPerThread * threads;
  std::vector<FilePart> parts;
  if (files == 0)
    return parts;
  if (files < wanted) {
    auto per_file = static_cast<uint32_t>(
        std::clamp<size_t>((wanted + files - 1) / files, 1, kMaxPartsPerFile));
    for (size_t file = 0; file < files; ++file) {
      for (uint32_t part = 0; part < per_file; ++part)
        parts.push_back(FilePart{static_cast<uint32_t>(file), part, per_file});
    }
    return parts;
  }
  // One thread has no others to wait for.
  size_t first_cut = threads > 1 ? files - std::min(files, threads) : files;
  for (size_t file = 0; file < files; ++file) {
    uint32_t per_file = file < first_cut ? 1 : kTailFileParts;
    for (uint32_t part = 0; part < per_file; ++part)
      parts.push_back(FilePart{static_cast<uint32_t>(file), part, per_file});
  }
  return parts;
}

}  // namespace sluice

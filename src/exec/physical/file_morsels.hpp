// src/exec/physical/file_morsels.hpp
//
// The morsel loop that the scans of files share: threads take parts of files from a shared
// counter (a file may be cut into row ranges, its parts, so that a few large files still keep
// every core busy to the end) and read each part batch by batch; a morsel's index is (file
// number, part, batch number in the part), so results keep the order of the file list.
#pragma once

#include <algorithm>
#include <atomic>
#include <memory>

#include "exec/parallel/task_scheduler.hpp"
#include "exec/physical/physical_operator.hpp"

namespace sluice {

//! How many parts to cut each of `files` Parquet files into: a few files are cut into row
//! ranges so that every thread has parts to take (a single large file would otherwise be read
//! on one core); many are not, since each part reads its chunks and dictionaries again.
inline size_t parquetPartsPerFile(size_t files) {
  constexpr size_t kPartsPerThread = 2;
  constexpr size_t kMaxPartsPerFile = 16;
  if (files == 0)
    return 1;
  size_t wanted = kPartsPerThread * TaskScheduler::shared().threadCount();
  return std::clamp<size_t>((wanted + files - 1) / files, 1, kMaxPartsPerFile);
}

struct FileMorselsGlobal : GlobalSourceState {
  explicit FileMorselsGlobal(size_t files, size_t parts_per_file = 1)
      : files(files), parts_per_file(parts_per_file) {}
  size_t maxThreads() const override { return files * parts_per_file; }
  uint64_t partitions() const override { return files * parts_per_file; }

  size_t files;
  size_t parts_per_file;
  std::atomic<size_t> next_part{0};
};

//! A thread's open part of a file: `Reader` has `bool next(Batch&)`.
template <typename Reader>
struct FileMorselsLocal : LocalSourceState {
  std::unique_ptr<Reader> reader;
  size_t file = 0;
  size_t part = 0;
  uint32_t batch_number = 0;
};

//! Fills `morsel` with the next non-empty batch of this thread's part of a file, opening the
//! next part (`open(file number, part)` returns a Reader) when it runs out; false when every
//! part is taken and read.
template <typename Reader, typename Open>
bool nextFileMorsel(FileMorselsGlobal& global, FileMorselsLocal<Reader>& local, Morsel& morsel,
                    const Open& open) {
  while (true) {
    if (!local.reader) {
      size_t unit = global.next_part.fetch_add(1);
      if (unit >= global.files * global.parts_per_file)
        return false;
      local.file = unit / global.parts_per_file;
      local.part = unit % global.parts_per_file;
      local.reader = open(local.file, local.part);
      local.batch_number = 0;
    }
    Batch batch;
    if (!local.reader->next(batch)) {
      local.reader.reset();
      continue;
    }
    if (batch.num_rows == 0)
      continue;
    morsel.index = (static_cast<uint64_t>(local.file) << 32) |
                   (static_cast<uint64_t>(local.part) << 24) | local.batch_number++;
    morsel.partition = local.file * global.parts_per_file + local.part;
    morsel.batch = std::move(batch);
    return true;
  }
}

}  // namespace sluice

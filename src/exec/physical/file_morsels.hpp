// src/exec/physical/file_morsels.hpp
//
// The morsel loop that the scans of files share: threads take parts of files from a shared
// counter and read each part batch by batch. A Parquet file may be cut into row ranges, its
// parts, so that every core stays busy to the end (planParquetParts); a morsel's index is (file
// number, part, batch number in the part), so results keep the order of the file list.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "exec/physical/physical_operator.hpp"

namespace sluice {

//! Part `part` of `parts` equal row ranges of file `file` (parquet::selectFilePart).
struct FilePart {
  uint32_t file = 0;
  uint32_t part = 0;
  uint32_t parts = 1;
};

//! Every file whole, in order.
std::vector<FilePart> wholeFiles(size_t files);

//! How `files` Parquet files are read on the scheduler's threads, in order:
//!   - fewer files than two per thread: each is cut so that every thread has two parts to take
//!     (a single large file would otherwise be read on one core);
//!   - otherwise the last file per thread is cut into quarters and the others are read whole. A
//!     thread that takes the last whole file then leaves at most a quarter file to the others,
//!     not up to a whole one, while the files before are read once: each part of a file reads
//!     its column chunks and dictionaries again.
std::vector<FilePart> planParquetParts(size_t files);

struct FileMorselsGlobal : GlobalSourceState {
  explicit FileMorselsGlobal(std::vector<FilePart> parts) : parts(std::move(parts)) {}
  size_t maxThreads() const override { return parts.size(); }
  uint64_t partitions() const override { return parts.size(); }

  std::vector<FilePart> parts;
  std::atomic<size_t> next_part{0};
};

//! A thread's open part of a file: `Reader` has `bool next(Batch&)`.
template <typename Reader>
struct FileMorselsLocal : LocalSourceState {
  std::unique_ptr<Reader> reader;
  size_t unit = 0;  // index into FileMorselsGlobal::parts
  uint32_t batch_number = 0;
};

//! Fills `morsel` with the next non-empty batch of this thread's part of a file, opening the
//! next part (`open(const FilePart&)` returns a Reader) when it runs out; false when every
//! part is taken and read.
template <typename Reader, typename Open>
bool nextFileMorsel(FileMorselsGlobal& global, FileMorselsLocal<Reader>& local, Morsel& morsel,
                    const Open& open) {
  while (true) {
    if (!local.reader) {
      size_t unit = global.next_part.fetch_add(1);
      if (unit >= global.parts.size())
        return false;
      local.unit = unit;
      local.reader = open(global.parts[unit]);
      local.batch_number = 0;
    }
    Batch batch;
    if (!local.reader->next(batch)) {
      local.reader.reset();
      continue;
    }
    if (batch.num_rows == 0)
      continue;
    const FilePart& part = global.parts[local.unit];
    morsel.index = (static_cast<uint64_t>(part.file) << 32) |
                   (static_cast<uint64_t>(part.part) << 24) | local.batch_number++;
    morsel.partition = local.unit;
    morsel.batch = std::move(batch);
    return true;
  }
}

}  // namespace sluice

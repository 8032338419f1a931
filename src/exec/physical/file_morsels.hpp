// src/exec/physical/file_morsels.hpp
//
// The morsel loop that the scans of files share: threads take whole files from a shared
// counter and read each batch by batch; a morsel's index is (file number, batch number in the
// file), so results keep the order of the file list.
#pragma once

#include <atomic>
#include <memory>

#include "exec/physical/physical_operator.hpp"

namespace sluice {

struct FileMorselsGlobal : GlobalSourceState {
  explicit FileMorselsGlobal(size_t files) : files(files) {}
  size_t maxThreads() const override { return files; }

  size_t files;
  std::atomic<size_t> next_file{0};
};

//! A thread's open file: `Reader` has `bool next(Batch&)`.
template <typename Reader>
struct FileMorselsLocal : LocalSourceState {
  std::unique_ptr<Reader> reader;
  size_t file = 0;
  uint32_t batch_number = 0;
};

//! Fills `morsel` with the next non-empty batch of this thread's file, opening the next file
//! (`open(file number)` returns a Reader) when it runs out; false when every file is taken
//! and read.
template <typename Reader, typename Open>
bool nextFileMorsel(FileMorselsGlobal& global, FileMorselsLocal<Reader>& local, Morsel& morsel,
                    const Open& open) {
  while (true) {
    if (!local.reader) {
      size_t file = global.next_file.fetch_add(1);
      if (file >= global.files)
        return false;
      local.reader = open(file);
      local.file = file;
      local.batch_number = 0;
    }
    Batch batch;
    if (!local.reader->next(batch)) {
      local.reader.reset();
      continue;
    }
    if (batch.num_rows == 0)
      continue;
    morsel.index = (static_cast<uint64_t>(local.file) << 32) | local.batch_number++;
    morsel.batch = std::move(batch);
    return true;
  }
}

}  // namespace sluice

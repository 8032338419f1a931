// test/fuzz/parquet_reader_fuzz.cpp
//
// libFuzzer target for the Parquet page and column readers: the input is a whole file. After
// the footer (as in parquet_footer_fuzz.cpp) every row is read: pages v1 and v2, dictionaries,
// every encoding and codec, definition and repetition levels, record assembly of nested
// columns. It is read twice: all columns in file order in full batches, then the columns in
// reverse order in small batches, so that batches end inside pages and records. Every value
// is boxed, which checks that the vectors the reader built are consistent (offsets, children,
// validity). Only sluice::Error may escape, and never INTERNAL_ERROR.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "common/error/error.hpp"
#include "storage/parquet/parquet_reader.hpp"

// UBSan only reports by default; make every report fatal so the fuzzer keeps the input.
extern "C" const char* __ubsan_default_options() {
  return "halt_on_error=1:print_stacktrace=1";
}

namespace {

//! A small file can validly encode billions of NULLs or repeated values (one RLE run), and
//! reading them all is slow, not wrong: each pass stops after this many rows.
constexpr int64_t kMaxRows = 20000;
constexpr int64_t kMaxSmallBatchRows = 2000;
//! Boxing is the harness's cost, not the reader's: a column whose ARRAY / MAP elements exceed
//! this (one row can hold millions) is not boxed.
constexpr sluice::idx_t kMaxBoxedElements = 100000;

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "%s\n%s\n", what, detail.c_str());
  std::abort();
}

//! ParquetReader takes a path: the input goes to one in-memory file per process, reached
//! through /proc/self/fd, so parallel fuzzers never share it and nothing touches the disk.
const std::string& writeInput(const uint8_t* data, size_t size) {
  static int fd = -1;
  static std::string path;
  if (fd < 0) {
    fd = ::memfd_create("parquet_reader_fuzz", MFD_CLOEXEC);
    if (fd < 0)
      fail("memfd_create failed", "");
    path = "/proc/self/fd/" + std::to_string(fd);
  }
  if (::ftruncate(fd, 0) != 0)
    fail("ftruncate failed", path);
  size_t done = 0;
  while (done < size) {
    ssize_t written = ::pwrite(fd, data + done, size - done, static_cast<off_t>(done));
    if (written <= 0)
      fail("pwrite failed", path);
    done += static_cast<size_t>(written);
  }
  return path;
}

//! The ARRAY / MAP elements under `vector`, at every depth.
sluice::idx_t elementCount(const sluice::Vector& vector) {
  if (!vector.type().isNested())
    return 0;
  sluice::idx_t count = vector.childSize();  // 0 for a STRUCT
  for (const sluice::Vector& child : vector.children())
    count += elementCount(child);
  return count;
}

void readRows(sluice::parquet::ParquetReader& reader, int64_t max_rows) {
  int64_t rows = 0;
  sluice::Batch batch;
  while (rows < max_rows && reader.next(batch)) {
    for (const sluice::Vector& column : batch.columns) {
      if (elementCount(column) > kMaxBoxedElements)
        continue;
      for (sluice::idx_t row = 0; row < batch.num_rows; ++row) {
        (void)column.getValue(row).debugString();
      }
    }
    rows += static_cast<int64_t>(batch.num_rows);
  }
}

void readFile(const std::string& path) {
  {
    sluice::parquet::ParquetReader reader(path);
    for (sluice::idx_t group = 0; group < reader.numRowGroups(); ++group) {
      for (sluice::idx_t leaf = 0; leaf < reader.parquetSchema().leaves.size(); ++leaf) {
        (void)reader.statistics(group, leaf);
      }
    }
    readRows(reader, kMaxRows);
  }
  sluice::parquet::ParquetReaderOptions options;
  options.batch_size = 7;
  sluice::parquet::ParquetReader reader(path, options);
  std::vector<sluice::idx_t> columns;
  for (sluice::idx_t column = reader.schema().size(); column > 0; --column) {
    columns.push_back(column - 1);
  }
  reader.selectColumns(columns);
  readRows(reader, kMaxSmallBatchRows);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string& path = writeInput(data, size);
  try {
    readFile(path);
  } catch (const sluice::Error& error) {
    if (error.errorClass() == sluice::ErrorClass::INTERNAL_ERROR)
      fail("internal error while reading the file", error.report());
  } catch (const std::exception& error) {
    fail("exception other than sluice::Error while reading the file", error.what());
  }
  return 0;
}

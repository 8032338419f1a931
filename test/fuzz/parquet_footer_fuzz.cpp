// test/fuzz/parquet_footer_fuzz.cpp
//
// libFuzzer target for the Parquet footer: the input is a whole file. Opening it decodes and
// validates the footer (Thrift compact metadata, schema tree, row-group byte ranges); then
// the schema and every row group's column statistics are read, as planning does for
// row-group pruning and Delta file statistics. Any input must either open or raise a
// sluice::Error; an INTERNAL_ERROR, any other exception, a crash or a sanitizer report is a
// bug.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "common/error/error.hpp"
#include "storage/parquet/parquet_reader.hpp"

// UBSan only reports by default; make every report fatal so the fuzzer keeps the input.
extern "C" const char* __ubsan_default_options() {
  return "halt_on_error=1:print_stacktrace=1";
}

namespace {

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
    fd = ::memfd_create("parquet_footer_fuzz", MFD_CLOEXEC);
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

void readFooter(const std::string& path) {
  sluice::parquet::ParquetReader reader(path);
  // The Spark types and the leaf columns as planning sees them.
  for (const sluice::StructField& field : reader.schema())
    (void)field.type.sql();
  const sluice::parquet::ParquetSchema& schema = reader.parquetSchema();
  (void)reader.numRows();
  for (sluice::idx_t group = 0; group < reader.numRowGroups(); ++group) {
    (void)reader.rowGroupRows(group);
    for (sluice::idx_t leaf = 0; leaf < schema.leaves.size(); ++leaf) {
      sluice::parquet::ColumnStatistics statistics = reader.statistics(group, leaf);
      // Render the bounds: the decoded Values must be well formed for their types.
      if (statistics.min)
        (void)statistics.min->debugString();
      if (statistics.max)
        (void)statistics.max->debugString();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string& path = writeInput(data, size);
  try {
    readFooter(path);
  } catch (const sluice::Error& error) {
    if (error.errorClass() == sluice::ErrorClass::INTERNAL_ERROR)
      fail("internal error while reading the footer", error.report());
  } catch (const std::exception& error) {
    fail("exception other than sluice::Error while reading the footer", error.what());
  }
  return 0;
}

// test/unit/catalog/catalog_test_util.hpp
//
// A scratch storage folder for catalog and session tests, removed with the object.
#pragma once

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>

namespace sluice::test_util {

class ScratchStorage {
 public:
  ScratchStorage() {
    static std::atomic<int> counter{0};
    root_ = std::filesystem::temp_directory_path() /
            ("sluice_catalog_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::remove_all(root_);
  }
  ~ScratchStorage() {
    std::error_code ignored;
    std::filesystem::remove_all(root_, ignored);
  }
  ScratchStorage(const ScratchStorage&) = delete;
  ScratchStorage& operator=(const ScratchStorage&) = delete;

  //! The storage folder; not created until a catalog opens it.
  std::string path() const { return root_.string(); }

 private:
  std::filesystem::path root_;
};

}  // namespace sluice::test_util

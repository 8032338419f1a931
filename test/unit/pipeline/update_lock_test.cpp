// test/unit/pipeline/update_lock_test.cpp
#include "pipeline/update/update_lock.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <optional>

#include "common/error/error.hpp"

namespace sluice {
namespace {

namespace fs = std::filesystem;

class UpdateLockTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("sluice_lock_" + std::to_string(::getpid()));
    fs::remove_all(folder_);
    fs::create_directories(folder_);
  }
  void TearDown() override { fs::remove_all(folder_); }

  fs::path folder_;
};

TEST_F(UpdateLockTest, ASecondUpdateIsRefusedWithTheRunningOnesName) {
  UpdateLock first(folder_.string(), "sales", "update-1");
  try {
    UpdateLock second(folder_.string(), "sales", "update-2");
    FAIL() << "a second update took the lock";
  } catch (const Error& error) {
    EXPECT_EQ(error.fullClassName(), "PIPELINE_UPDATE_ALREADY_RUNNING");
    EXPECT_NE(std::string(error.what()).find("update-1"), std::string::npos) << error.what();
    EXPECT_NE(std::string(error.what()).find("sales"), std::string::npos) << error.what();
  }
}

TEST_F(UpdateLockTest, TheLockIsFreeOnceItsUpdateEnds) {
  { UpdateLock first(folder_.string(), "sales", "update-1"); }
  EXPECT_NO_THROW(UpdateLock(folder_.string(), "sales", "update-2"));
}

}  // namespace
}  // namespace sluice

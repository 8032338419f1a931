// test/unit/cli/format_command_test.cpp
//
// `sluice format`: printing, --check with its exit code, --in-place, and files that do not
// parse (reported, exit 2, never rewritten).
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "cli/cli_app.hpp"

namespace sluice {
namespace {

struct CommandRun {
  int code;
  std::string out;
  std::string err;
};

CommandRun sluice(std::vector<std::string> arguments) {
  arguments.insert(arguments.begin(), "sluice");
  std::vector<const char*> argv;
  for (const std::string& argument : arguments)
    argv.push_back(argument.c_str());
  std::ostringstream out;
  std::ostringstream err;
  int code = runCli(static_cast<int>(argv.size()), argv.data(), out, err);
  return {code, out.str(), err.str()};
}

class FormatCommandTest : public testing::Test {
 protected:
  void SetUp() override {
    // ctest runs each test as its own process, several at once: one folder per process.
    dir_ = std::filesystem::path(testing::TempDir()) /
           ("sluice_format_command_test_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  std::string write(const std::string& name, const std::string& text) {
    std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  static std::string read(const std::string& path) {
    std::ifstream stream(path, std::ios::binary);
    std::ostringstream buffer;
    buffer << stream.rdbuf();
    return buffer.str();
  }
  void TearDown() override {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  std::filesystem::path dir_;
};

TEST_F(FormatCommandTest, PrintsTheCanonicalForm) {
  std::string path = write("a.sql", "select 1");
  CommandRun run = sluice({"format", path});
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_EQ(run.out, "SELECT 1;\n");
  EXPECT_EQ(read(path), "select 1");
}

TEST_F(FormatCommandTest, CheckNamesTheFilesThatWouldChange) {
  std::string messy = write("messy.sql", "select 1");
  std::string clean = write("clean.sql", "SELECT 1;\n");
  CommandRun run = sluice({"format", "--check", messy, clean});
  EXPECT_EQ(run.code, 1);
  EXPECT_EQ(run.out, messy + "\n");
  CommandRun clean_only = sluice({"format", "--check", clean});
  EXPECT_EQ(clean_only.code, 0);
  EXPECT_EQ(clean_only.out, "");
}

TEST_F(FormatCommandTest, InPlaceRewritesTheFile) {
  std::string path = write("a.sql", "-- keep me\nselect 1");
  CommandRun run = sluice({"format", "--in-place", path});
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(read(path), "-- keep me\nSELECT 1;\n");
  EXPECT_FALSE(std::filesystem::exists(path + ".sluice-format.tmp"));
}

TEST_F(FormatCommandTest, ASyntaxErrorIsReportedAndTheFileLeftAlone) {
  std::string path = write("bad.sql", "select 1;\nselect (1");
  CommandRun run = sluice({"format", "--in-place", path});
  EXPECT_EQ(run.code, 2);
  EXPECT_NE(run.err.find("PARSE_SYNTAX_ERROR"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("bad.sql:2:"), std::string::npos) << run.err;
  EXPECT_EQ(read(path), "select 1;\nselect (1");
}

TEST_F(FormatCommandTest, UsageErrors) {
  EXPECT_EQ(sluice({"format"}).code, 2);
  EXPECT_EQ(sluice({"format", "--check", "--in-place", "x.sql"}).code, 2);
  CommandRun missing = sluice({"format", (dir_ / "missing.sql").string()});
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("cannot read"), std::string::npos) << missing.err;
}

}  // namespace
}  // namespace sluice

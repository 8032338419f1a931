// test/unit/pipeline/pipeline_spec_test.cpp
//
// The pipeline spec: discovery from a folder up, the fields Spark's CLI takes, and its errors
// by class.
#include "pipeline/spec/pipeline_spec.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "common/error/error.hpp"

namespace sluice {
namespace {

namespace fs = std::filesystem;

class PipelineSpecTest : public ::testing::Test {
 protected:
  void SetUp() override {
    static int counter = 0;
    root_ = fs::temp_directory_path() /
            ("sluice_spec_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  fs::path write(const std::string& relative, const std::string& text) {
    fs::path path = root_ / relative;
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
    return path;
  }

  std::string errorClassOf(const std::function<void()>& action) {
    try {
      action();
    } catch (const Error& error) {
      return error.fullClassName();
    }
    return "no error";
  }

  fs::path root_;
};

TEST_F(PipelineSpecTest, ReadsEveryField) {
  fs::path spec = write("spark-pipeline.yml",
                        "name: sales\n"
                        "storage: file:///tmp/sales-storage\n"
                        "catalog: main\n"
                        "schema: bronze\n"
                        "libraries:\n"
                        "  - glob:\n"
                        "      include: transformations/**\n"
                        "  - glob:\n"
                        "      include: extra.sql\n"
                        "configuration:\n"
                        "  source: /data/raw\n"
                        "  limit: \"5\"\n"
                        "development: true\n");
  PipelineSpec loaded = loadPipelineSpec(spec.string());
  EXPECT_EQ(loaded.name, "sales");
  EXPECT_EQ(loaded.storage, "/tmp/sales-storage");
  EXPECT_EQ(loaded.catalog, "main");
  EXPECT_EQ(loaded.schema, "bronze");
  EXPECT_EQ(loaded.libraries, (std::vector<std::string>{"transformations/**", "extra.sql"}));
  EXPECT_EQ(loaded.configuration.at("source"), "/data/raw");
  EXPECT_EQ(loaded.configuration.at("limit"), "5");
  EXPECT_TRUE(loaded.development);
}

TEST_F(PipelineSpecTest, StorageDefaultsBesideTheSpec) {
  fs::path spec = write("pipeline.yaml", "name: p\ndatabase: silver\n");
  PipelineSpec loaded = loadPipelineSpec(spec.string());
  EXPECT_EQ(loaded.storage, (root_ / ".sluice").string());
  EXPECT_EQ(loaded.schema, "silver");
  EXPECT_FALSE(loaded.catalog);
}

TEST_F(PipelineSpecTest, IsFoundFromAFolderBelow) {
  fs::path spec = write("spark-pipeline.yaml", "name: p\n");
  fs::create_directories(root_ / "transformations" / "deep");
  EXPECT_EQ(findPipelineSpec((root_ / "transformations" / "deep").string()), spec.string());
}

TEST_F(PipelineSpecTest, ErrorsByClass) {
  EXPECT_EQ(errorClassOf([&] { findPipelineSpec(root_.string()); }),
            "PIPELINE_SPEC_FILE_NOT_FOUND");
  write("spark-pipeline.yml", "name: a\n");
  write("pipeline.yml", "name: b\n");
  EXPECT_EQ(errorClassOf([&] { findPipelineSpec(root_.string()); }),
            "MULTIPLE_PIPELINE_SPEC_FILES_FOUND");
  EXPECT_EQ(errorClassOf([&] { loadPipelineSpec((root_ / "missing.yml").string()); }),
            "PIPELINE_SPEC_FILE_DOES_NOT_EXIST");
  fs::path no_name = write("a/spark-pipeline.yml", "storage: x\n");
  EXPECT_EQ(errorClassOf([&] { loadPipelineSpec(no_name.string()); }),
            "PIPELINE_SPEC_MISSING_REQUIRED_FIELD");
  fs::path unknown = write("b/spark-pipeline.yml", "name: p\ntarget: x\n");
  EXPECT_EQ(errorClassOf([&] { loadPipelineSpec(unknown.string()); }),
            "PIPELINE_SPEC_UNEXPECTED_FIELD");
  fs::path glob =
      write("c/spark-pipeline.yml",
            "name: p\nlibraries:\n  - glob:\n      include: transformations/**/*.sql\n");
  EXPECT_EQ(errorClassOf([&] { loadPipelineSpec(glob.string()); }),
            "PIPELINE_SPEC_INVALID_GLOB_PATTERN");
  fs::path number = write("d/spark-pipeline.yml", "name: p\nconfiguration:\n  limit: 5\n");
  EXPECT_EQ(errorClassOf([&] { loadPipelineSpec(number.string()); }),
            "PIPELINE_SPEC_DICT_VALUE_NOT_STRING");
  fs::path list = write("e/spark-pipeline.yml", "name: p\nconfiguration: [a, b]\n");
  EXPECT_EQ(errorClassOf([&] { loadPipelineSpec(list.string()); }), "PIPELINE_SPEC_FIELD_NOT_DICT");
  fs::path yaml = write("f/spark-pipeline.yml", "name: [unclosed\n");
  EXPECT_EQ(errorClassOf([&] { loadPipelineSpec(yaml.string()); }), "INVALID_PIPELINE_SPEC");
}

TEST_F(PipelineSpecTest, SourceFilesOfTheLibraries) {
  fs::path spec = write("spark-pipeline.yml",
                        "name: p\nlibraries:\n  - glob:\n      include: transformations/**\n"
                        "  - glob:\n      include: one.sql\n");
  write("transformations/b.sql", "");
  write("transformations/nested/a.py", "");
  write("transformations/__pycache__/a.cpython-311.pyc", "");
  write("one.sql", "");
  std::vector<std::string> files = pipelineSourceFiles(loadPipelineSpec(spec.string()));
  EXPECT_EQ(files, (std::vector<std::string>{(root_ / "one.sql").string(),
                                             (root_ / "transformations/b.sql").string(),
                                             (root_ / "transformations/nested/a.py").string()}));
  write("transformations/notes.txt", "");
  EXPECT_EQ(errorClassOf([&] { pipelineSourceFiles(loadPipelineSpec(spec.string())); }),
            "PIPELINE_UNSUPPORTED_DEFINITIONS_FILE_EXTENSION");
}

}  // namespace
}  // namespace sluice

// test/unit/storage/input_files_test.cpp
//
// File discovery for read_files: glob matching, folders read recursively without hidden
// names, globs over several path components, pathGlobFilter, and compressed text inputs.
#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <filesystem>
#include <fstream>

#include "common/error/error.hpp"
#include "storage/format/file_text.hpp"
#include "storage/format/input_files.hpp"
#include "storage/format/text_lines.hpp"

namespace sluice {
namespace {

namespace fs = std::filesystem;

class ScratchFolder {
 public:
  ScratchFolder() {
    static int counter = 0;
    root_ = fs::temp_directory_path() /
            ("sluice_files_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  ~ScratchFolder() {
    std::error_code ignored;
    fs::remove_all(root_, ignored);
  }
  std::string write(const std::string& relative, const std::string& content) {
    fs::path path = root_ / relative;
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << content;
    return path.string();
  }
  std::string path(const std::string& relative = "") const { return (root_ / relative).string(); }

 private:
  fs::path root_;
};

std::vector<std::string> names(const std::vector<InputFile>& files, std::string root) {
  if (root.back() != '/')
    root += '/';
  std::vector<std::string> out;
  for (const InputFile& file : files)
    out.push_back(file.path.substr(root.size()));
  return out;
}

TEST(InputFilesTest, GlobMatching) {
  EXPECT_TRUE(matchGlob("*.json", "a.json"));
  EXPECT_FALSE(matchGlob("*.json", "a.jsonl"));
  EXPECT_TRUE(matchGlob("part-?.csv", "part-1.csv"));
  EXPECT_FALSE(matchGlob("part-?.csv", "part-10.csv"));
  EXPECT_TRUE(matchGlob("[a-c]x", "bx"));
  EXPECT_FALSE(matchGlob("[^a-c]x", "bx"));
  EXPECT_TRUE(matchGlob("[!a-c]x", "dx"));
  EXPECT_TRUE(matchGlob("{ab,c{de,fh}}", "cfh"));
  EXPECT_FALSE(matchGlob("{ab,c{de,fh}}", "cd"));
  EXPECT_TRUE(matchGlob("a*b*c", "aXXbYYc"));
  EXPECT_FALSE(matchGlob("a*b*c", "aXXbYY"));
  EXPECT_TRUE(matchGlob("\\*", "*"));
  EXPECT_FALSE(matchGlob("\\*", "a"));
  EXPECT_TRUE(matchGlob("*", ""));
}

TEST(InputFilesTest, FolderIsListedRecursivelyWithoutHiddenNames) {
  ScratchFolder folder;
  folder.write("b/2.json", "{}");
  folder.write("a/1.json", "{}");
  folder.write("a/_SUCCESS", "");
  folder.write(".hidden/3.json", "{}");
  folder.write("_delta_log/0.json", "{}");
  EXPECT_EQ(names(listInputFiles(folder.path()), folder.path()),
            (std::vector<std::string>{"a/1.json", "b/2.json"}));
  std::vector<InputFile> one = listInputFiles(folder.path("a/1.json"));
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].size, 2u);
  EXPECT_GT(one[0].modification_time_us, 0);
}

TEST(InputFilesTest, GlobsSpanComponentsAndFilterAppliesToNames) {
  ScratchFolder folder;
  folder.write("2024/01/a.json", "{}");
  folder.write("2024/02/b.csv", "x");
  folder.write("2025/01/c.json", "{}");
  EXPECT_EQ(names(listInputFiles(folder.path("2024/*")), folder.path()),
            (std::vector<std::string>{"2024/01/a.json", "2024/02/b.csv"}));
  EXPECT_EQ(names(listInputFiles(folder.path("*/01/*.json")), folder.path()),
            (std::vector<std::string>{"2024/01/a.json", "2025/01/c.json"}));
  EXPECT_EQ(names(listInputFiles(folder.path(), "*.csv"), folder.path()),
            (std::vector<std::string>{"2024/02/b.csv"}));
  EXPECT_EQ(names(listInputFiles(folder.path("{2024/02,2025/01}")), folder.path()),
            (std::vector<std::string>{"2024/02/b.csv", "2025/01/c.json"}));
  EXPECT_EQ(names(listInputFiles("file:" + folder.path("2025")), folder.path()),
            (std::vector<std::string>{"2025/01/c.json"}));
}

TEST(InputFilesTest, MissingPathsAreErrorsButEmptyFoldersAreNot) {
  ScratchFolder folder;
  fs::create_directories(folder.path("empty"));
  EXPECT_TRUE(listInputFiles(folder.path("empty")).empty());
  try {
    listInputFiles(folder.path("nothing/here"));
    FAIL() << "expected PATH_NOT_FOUND";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::PATH_NOT_FOUND);
    EXPECT_NE(error.message().find("nothing/here"), std::string::npos);
  }
  EXPECT_THROW(listInputFiles(folder.path("*.nomatch")), Error);
}

std::string gzipped(const std::string& text) {
  z_stream stream{};
  deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&stream, text.size()) + 32, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.avail_in = static_cast<uInt>(text.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  return out;
}

TEST(FileTextTest, DecompressesByExtensionAndKeepsPadding) {
  ScratchFolder folder;
  std::string text;
  for (int line = 0; line < 20000; ++line)
    text += "{\"line\":" + std::to_string(line) + "}\n";
  std::string plain = folder.write("a.json", text);
  // Two gzip members, as `cat a.gz b.gz` makes.
  std::string gz =
      folder.write("b.json.gz", gzipped(text.substr(0, 1000)) + gzipped(text.substr(1000)));
  std::string zst_bytes(ZSTD_compressBound(text.size()), '\0');
  zst_bytes.resize(ZSTD_compress(zst_bytes.data(), zst_bytes.size(), text.data(), text.size(), 3));
  std::string zst = folder.write("c.json.zst", zst_bytes);
  for (const std::string& path : {plain, gz, zst}) {
    std::string read = readFileText(path);
    EXPECT_EQ(read, text) << path;
    EXPECT_GE(read.capacity(), read.size() + kTextPadding) << path;
    std::string prefix = readFileTextPrefix(path, 1000);
    EXPECT_LE(prefix.size(), 1000u) << path;
    EXPECT_EQ(prefix.back(), '\n') << path;
    EXPECT_EQ(text.compare(0, prefix.size(), prefix), 0) << path;
  }
}

TEST(FileTextTest, CorruptCompressedDataNamesTheFile) {
  ScratchFolder folder;
  std::string gz = gzipped("{\"a\":1}\n");
  gz.resize(gz.size() - 6);  // cut the trailer and some data
  std::string path = folder.write("bad.json.gz", gz);
  try {
    readFileText(path);
    FAIL() << "expected FAILED_READ_FILE";
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::FAILED_READ_FILE);
    EXPECT_NE(error.message().find("bad.json.gz"), std::string::npos);
  }
  std::string zst = folder.write("bad.json.zst", "not zstd at all");
  EXPECT_THROW(readFileText(zst), Error);
}

TEST(TextLinesTest, LineEndsAndWholeText) {
  TextLineReader reader("a\r\nb\n\nc\rd", false, 2);
  std::vector<std::string> lines;
  Batch batch;
  while (reader.next(batch)) {
    ASSERT_LE(batch.num_rows, 2u);
    for (idx_t row = 0; row < batch.num_rows; ++row)
      lines.push_back(batch.columns[0].getValue(row).getString());
  }
  EXPECT_EQ(lines, (std::vector<std::string>{"a", "b", "", "c", "d"}));

  TextLineReader trailing("x\n", false);
  ASSERT_TRUE(trailing.next(batch));
  EXPECT_EQ(batch.num_rows, 1u);
  EXPECT_FALSE(trailing.next(batch));

  TextLineReader whole("x\ny\n", true);
  ASSERT_TRUE(whole.next(batch));
  EXPECT_EQ(batch.columns[0].getValue(0).getString(), "x\ny\n");
  EXPECT_FALSE(whole.next(batch));
}

}  // namespace
}  // namespace sluice

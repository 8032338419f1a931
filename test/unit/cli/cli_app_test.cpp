// test/unit/cli/cli_app_test.cpp
//
// The `sluice` command end to end in-process: usage errors, --version, and `sluice query` with
// its exit codes, and `sluice dry-run`'s report of each view's incremental refresh.
#include "cli/cli_app.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

namespace sluice {
namespace {

struct CliRun {
  int code;
  std::string out;
  std::string err;
};

CliRun runSluice(std::vector<std::string> arguments) {
  arguments.insert(arguments.begin(), "sluice");
  std::vector<const char*> argv;
  for (const std::string& argument : arguments)
    argv.push_back(argument.c_str());
  std::ostringstream out;
  std::ostringstream err;
  int code = runCli(static_cast<int>(argv.size()), argv.data(), out, err);
  return {code, out.str(), err.str()};
}

std::string storageDir() {
  // ctest runs each test as its own process, several at once: one folder per process.
  return (std::filesystem::path(testing::TempDir()) /
          ("sluice_cli_app_test_" + std::to_string(::getpid())))
      .string();
}

TEST(CliAppTest, PrintsVersionAndHelp) {
  CliRun version = runSluice({"--version"});
  EXPECT_EQ(version.code, 0);
  EXPECT_NE(version.out.find("sluice "), std::string::npos) << version.out;
  CliRun help = runSluice({"--help"});
  EXPECT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("query"), std::string::npos) << help.out;
}

TEST(CliAppTest, UsageErrorsExitTwo) {
  EXPECT_EQ(runSluice({}).code, 2);
  EXPECT_EQ(runSluice({"--no-such-flag"}).code, 2);
  EXPECT_EQ(runSluice({"frobnicate"}).code, 2);
  EXPECT_EQ(runSluice({"query"}).code, 2);
  EXPECT_EQ(runSluice({"query", "SELECT 1", "--format", "xml"}).code, 2);
  CliRun missing = runSluice({"query", "-f", "/nonexistent/file.sql"});
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("cannot read /nonexistent/file.sql"), std::string::npos);
}

TEST(CliAppTest, QueryPrintsResults) {
  CliRun run =
      runSluice({"query", "--storage", storageDir(), "--format", "csv", "SELECT 1 AS a, 'x' AS b"});
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_EQ(run.out, "a,b\n1,x\n");
}

TEST(CliAppTest, QueryReadsAFile) {
  std::filesystem::path file = std::filesystem::path(testing::TempDir()) /
                               ("cli_app_test_" + std::to_string(::getpid()) + ".sql");
  std::ofstream(file) << "SELECT 1 AS a;\nSELECT 2 AS b;\n";
  CliRun run =
      runSluice({"query", "--storage", storageDir(), "--format", "json", "-f", file.string()});
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_EQ(run.out, "{\"a\":1}\n{\"b\":2}\n");
}

TEST(CliAppTest, InvalidSqlExitsTwoAndRuntimeErrorsExitOne) {
  CliRun invalid = runSluice({"query", "--storage", storageDir(), "SELEC 1"});
  EXPECT_EQ(invalid.code, 2);
  EXPECT_NE(invalid.err.find("[PARSE_SYNTAX_ERROR]"), std::string::npos) << invalid.err;
  CliRun failed = runSluice({"query", "--storage", storageDir(), "SELECT 1/0"});
  EXPECT_EQ(failed.code, 1);
  EXPECT_NE(failed.err.find("[DIVIDE_BY_ZERO]"), std::string::npos) << failed.err;
}

TEST(CliAppTest, QueryPrintsTheResultsBeforeAFailure) {
  CliRun run = runSluice({"query", "--storage", storageDir(), "--format", "csv",
                          "SELECT 1 AS a; SELECT 2 AS b; SELECT 1/0; SELECT 4 AS d"});
  EXPECT_EQ(run.code, 1);
  EXPECT_EQ(run.out, "a\n1\nb\n2\n");
  EXPECT_NE(run.err.find("[DIVIDE_BY_ZERO]"), std::string::npos) << run.err;
}

TEST(CliAppTest, DryRunSaysWhetherEachViewRefreshesIncrementally) {
  std::filesystem::path folder = std::filesystem::path(storageDir()) / "dry_run_pipeline";
  std::filesystem::create_directories(folder / "transformations");
  std::filesystem::create_directories(folder / "in");
  std::ofstream(folder / "spark-pipeline.yml")
      << "name: dry\nlibraries:\n  - glob:\n      include: transformations/**\n";
  std::ofstream(folder / "transformations" / "views.sql")
      << "CREATE STREAMING TABLE events AS SELECT * FROM STREAM read_files('in', format => "
         "'json', schema => 'k STRING, v INT');\n"
         "CREATE MATERIALIZED VIEW totals AS SELECT k, count(DISTINCT v) AS n FROM events "
         "GROUP BY k;\n"
         "CREATE MATERIALIZED VIEW big AS SELECT k, v FROM events WHERE v > 1;\n"
         "CREATE MATERIALIZED VIEW top AS SELECT k, v FROM events ORDER BY v LIMIT 3;\n"
         "CREATE MATERIALIZED VIEW sampled AS SELECT k FROM events WHERE rand() > 0.5;\n";
  CliRun run = runSluice({"dry-run", "--spec", (folder / "spark-pipeline.yml").string()});
  EXPECT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("spark_catalog.default.totals: incremental when rows are appended to "
                         "spark_catalog.default.events (GROUP_AGGREGATE, GENERIC_AGGREGATE)"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("spark_catalog.default.big: incremental when rows are appended to "
                         "spark_catalog.default.events (APPEND_ONLY)"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("spark_catalog.default.top: recomputed at every change "
                         "(OPERATOR_NOT_INCREMENTALIZABLE)"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("spark_catalog.default.sampled: recomputed at every change "
                         "(NON_DETERMINISTIC_EXPRESSION)"),
            std::string::npos)
      << run.out;
}

}  // namespace
}  // namespace sluice

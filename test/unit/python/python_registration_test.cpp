// test/unit/python/python_registration_test.cpp
#include "python/python_registration.hpp"

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include <gtest/gtest.h>
#include <pybind11/embed.h>

#include "pipeline/graph/graph_report.hpp"
#include "pipeline/pipeline_validation.hpp"
#include "sql/printer.hpp"

namespace sluice {
namespace {

namespace fs = std::filesystem;
namespace py = pybind11;

class PythonRegistrationTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() /
              ("sluice_python_registration_" + std::to_string(::getpid()) + "_" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(folder_);
    defaults_.catalog = "spark_catalog";
    defaults_.schema = "default";
  }
  void TearDown() override { fs::remove_all(folder_); }

  // Registers `source` as the file pipeline.py of a pipeline.
  void registerSource(const std::string& source) {
    fs::path path = folder_ / "pipeline.py";
    std::ofstream(path) << source;
    registerPythonFile(LibraryFile{path.string(), "pipeline.py", folder_.string()}, defaults_,
                       graph_, errors_);
  }

  fs::path folder_;
  RegistrationDefaults defaults_;
  DataflowGraph graph_;
  std::vector<Error> errors_;
};

TEST_F(PythonRegistrationTest, DecoratorsRegisterDatasetsAndFlows) {
  registerSource(
      "from pyspark import pipelines as dp\n"
      "\n"
      "@dp.materialized_view\n"
      "def b():\n"
      "    return spark.read.table('a')\n"
      "\n"
      "dp.create_streaming_table('c')\n"
      "\n"
      "@dp.append_flow(target='c', once=True)\n"
      "def backfill():\n"
      "    return spark.read.table('b')\n"
      "\n"
      "@dp.temporary_view\n"
      "def v():\n"
      "    return spark.range(3)\n");
  ASSERT_TRUE(errors_.empty()) << errors_.front().report();
  ASSERT_EQ(graph_.datasets.size(), 3u);
  EXPECT_EQ(graph_.datasets[0].kind, DatasetKind::kMaterializedView);
  EXPECT_EQ(graph_.datasets[0].name.table, "b");
  EXPECT_EQ(graph_.datasets[0].origin.source_name, "pipeline.py");
  EXPECT_EQ(graph_.datasets[0].origin.line, 3u);
  EXPECT_EQ(graph_.datasets[1].kind, DatasetKind::kStreamingTable);
  EXPECT_EQ(graph_.datasets[1].origin.line, 7u);
  EXPECT_EQ(graph_.datasets[2].kind, DatasetKind::kTemporaryView);
  ASSERT_EQ(graph_.flows.size(), 2u);
  EXPECT_EQ(graph_.flows[1].name.table, "backfill");
  EXPECT_EQ(graph_.flows[1].target.table, "c");
  EXPECT_TRUE(graph_.flows[1].once);
}

TEST_F(PythonRegistrationTest, TableIsStreamingOnlyForAStreamingQuery) {
  registerSource(
      "import dlt\n"
      "@dlt.table\n"
      "def batch():\n"
      "    return spark.table('a')\n"
      "@dlt.table\n"
      "def stream():\n"
      "    return dlt.read_stream('a')\n");
  ASSERT_TRUE(errors_.empty()) << errors_.front().report();
  ASSERT_EQ(graph_.datasets.size(), 2u);
  EXPECT_EQ(graph_.datasets[0].kind, DatasetKind::kMaterializedView);
  EXPECT_EQ(graph_.datasets[1].kind, DatasetKind::kStreamingTable);
}

TEST_F(PythonRegistrationTest, ErrorsNameTheFileLineAndDataset) {
  registerSource(
      "import sluice.pipelines as dp\n"
      "\n"
      "@dp.materialized_view\n"
      "def broken():\n"
      "    return 1 / 0\n");
  ASSERT_EQ(errors_.size(), 1u);
  EXPECT_EQ(errors_[0].errorClass(), ErrorClass::PYTHON_EXCEPTION);
  EXPECT_NE(errors_[0].message().find("materialized view `broken`"), std::string::npos);
  EXPECT_NE(errors_[0].message().find("ZeroDivisionError"), std::string::npos);
  EXPECT_NE(errors_[0].message().find("File \"pipeline.py\", line 5, in broken"),
            std::string::npos);
  ASSERT_TRUE(errors_[0].location());
  EXPECT_EQ(errors_[0].location()->line, 5u);
  EXPECT_TRUE(graph_.datasets.empty());
}

TEST_F(PythonRegistrationTest, QuotesNamesAndLiterals) {
  registerSource(
      "from pyspark import pipelines as dp\n"
      "from pyspark.sql import functions as F\n"
      "@dp.materialized_view(name='`odd``name`', comment=\"it's\")\n"
      "def f():\n"
      "    return spark.range(1).select(F.lit(\"'; DROP TABLE x; --\").alias('a`b'))\n");
  ASSERT_TRUE(errors_.empty()) << errors_.front().report();
  ASSERT_EQ(graph_.datasets.size(), 1u);
  EXPECT_EQ(graph_.datasets[0].name.table, "odd`name");
  EXPECT_EQ(graph_.datasets[0].comment, "it's");
}

TEST_F(PythonRegistrationTest, TableArgumentsBecomeTableClauses) {
  registerSource(
      "from pyspark import pipelines as dp\n"
      "dp.create_table('t', schema='a INT, b STRING', partition_cols=['a'], comment='c',\n"
      "                table_properties={'k': 'v'}, format='delta')\n"
      "dp.create_streaming_table('s', cluster_by_auto=True, private=True)\n"
      "dp.create_table('u', format='delta; DROP')\n");
  ASSERT_EQ(errors_.size(), 1u);
  EXPECT_NE(errors_[0].message().find("not a format name"), std::string::npos);
  ASSERT_EQ(graph_.datasets.size(), 2u);
  const Dataset& table = graph_.datasets[0];
  EXPECT_EQ(table.kind, DatasetKind::kManagedTable);
  ASSERT_NE(table.spec, nullptr);
  EXPECT_EQ(table.spec->partition_columns, std::vector<std::string>{"a"});
  EXPECT_EQ(table.comment, "c");
  const Dataset& stream = graph_.datasets[1];
  EXPECT_TRUE(stream.is_private);
  ASSERT_NE(stream.spec, nullptr);
  ASSERT_TRUE(stream.spec->clustering);
  EXPECT_EQ(stream.spec->clustering->kind, sql::Clustering::Kind::kAuto);
}

TEST_F(PythonRegistrationTest, RefreshPolicyBecomesTheViewsRefreshPolicy) {
  registerSource(
      "from pyspark import pipelines as dp\n"
      "@dp.materialized_view(refresh_policy='incremental_strict')\n"
      "def strict():\n"
      "    return spark.read.table('a')\n"
      "@dp.materialized_view(refresh_policy='FULL')\n"
      "def full():\n"
      "    return spark.read.table('a')\n"
      "@dp.materialized_view\n"
      "def automatic():\n"
      "    return spark.read.table('a')\n"
      "@dp.materialized_view(refresh_policy='sometimes')\n"
      "def wrong():\n"
      "    return spark.read.table('a')\n");
  ASSERT_EQ(errors_.size(), 1u);
  EXPECT_NE(errors_[0].message().find("VALUE_NOT_ALLOWED"), std::string::npos);
  ASSERT_EQ(graph_.datasets.size(), 3u);
  ASSERT_NE(graph_.datasets[0].spec, nullptr);
  EXPECT_EQ(graph_.datasets[0].spec->refresh_policy, sql::RefreshPolicy::kIncrementalStrict);
  ASSERT_NE(graph_.datasets[1].spec, nullptr);
  EXPECT_EQ(graph_.datasets[1].spec->refresh_policy, sql::RefreshPolicy::kFull);
  EXPECT_TRUE(graph_.datasets[2].spec == nullptr || !graph_.datasets[2].spec->refresh_policy);
}

// A materialized view's refresh compares its statement with the last refresh's: a file
// registered again, after other DataFrames were made, gives the same statements.
TEST_F(PythonRegistrationTest, RegisteringAgainGivesTheSameStatements) {
  std::string source =
      "from pyspark import pipelines as dp\n"
      "from pyspark.sql import functions as F\n"
      "left = spark.read.table('a')\n"
      "@dp.materialized_view\n"
      "def joined():\n"
      "    right = spark.read.table('b').where(F.lit('`__q1`') != 'x')\n"
      "    return left.join(right, left['id'] == right['id']).select(left['id'])\n";
  registerSource(source);
  ASSERT_TRUE(errors_.empty()) << errors_.front().report();
  ASSERT_EQ(graph_.datasets.size(), 1u);
  std::string first = sql::printStatement(*graph_.datasets[0].statement);
  graph_ = DataflowGraph{};
  registerSource(source);
  ASSERT_TRUE(errors_.empty()) << errors_.front().report();
  ASSERT_EQ(graph_.datasets.size(), 1u);
  EXPECT_EQ(sql::printStatement(*graph_.datasets[0].statement), first);
  // The string literal is the user's, left as written.
  EXPECT_NE(first.find("'`__q1`'"), std::string::npos) << first;
}

TEST_F(PythonRegistrationTest, DefinitionsOutsideAPipelineAreRefused) {
  registerSource("");
  py::gil_scoped_acquire gil;
  try {
    py::exec("import sluice.pipelines as dp\ndp.create_table('t')\n");
    FAIL() << "a definition outside a pipeline was accepted";
  } catch (py::error_already_set& error) {
    EXPECT_NE(
        std::string(error.what()).find("GRAPH_ELEMENT_DEFINED_OUTSIDE_OF_DECLARATIVE_PIPELINE"),
        std::string::npos);
  }
}

TEST_F(PythonRegistrationTest, CreateSinkRegistersASinkThatDryRunLists) {
  registerSource(
      "from pyspark import pipelines as dp\n"
      "\n"
      "dp.create_streaming_table('src', schema='id LONG')\n"
      "\n"
      "@dp.append_flow(target='src', once=True)\n"
      "def seed():\n"
      "    return spark.range(3)\n"
      "\n"
      "dp.create_sink('out', 'JSON', {'path': 'folder'})\n"
      "\n"
      "@dp.append_flow(target='out')\n"
      "def to_out():\n"
      "    return spark.readStream.table('src')\n");
  ASSERT_TRUE(errors_.empty()) << errors_.front().report();
  ASSERT_EQ(graph_.sinks.size(), 1u);
  const Sink& sink = graph_.sinks[0];
  EXPECT_EQ(sink.name.toString(), "spark_catalog.default.out");
  EXPECT_EQ(sink.format, "json");
  EXPECT_EQ(sinkOption(sink, "PATH"), "folder");
  EXPECT_EQ(sink.origin.line, 9u);
  EXPECT_EQ(graph_.findSink(graph_.flows.back().target), &sink);

  PipelineDefinition definition;
  definition.spec.name = "p";
  definition.spec.root = folder_.string();
  definition.graph = std::move(graph_);
  GraphAnalysis analysis = validatePipeline(definition, nullptr);
  ASSERT_TRUE(analysis.errors.empty()) << analysis.errors.front().report();
  std::string report = graphReportText(analysis, "p");
  EXPECT_NE(report.find("1 datasets, 2 flows, 1 sink"), std::string::npos) << report;
  EXPECT_NE(report.find("sink out (json, path=folder)  -- pipeline.py:9"), std::string::npos)
      << report;
  EXPECT_NE(report.find("  <- append flow to_out reading STREAM spark_catalog.default.src"),
            std::string::npos)
      << report;
  std::string dot = graphDiagram(analysis, "p", GraphFormat::kDot);
  EXPECT_NE(dot.find("d1 [label=\"out\\nsink (json)\", shape=cds];"), std::string::npos) << dot;
  EXPECT_NE(dot.find("d0 -> d1 [label=\"to_out\", style=dashed];"), std::string::npos) << dot;
}

TEST_F(PythonRegistrationTest, CreateSinkChecksItsArguments) {
  registerSource(
      "from pyspark import pipelines as dp\n"
      "dp.create_sink('out', 'delta', {'path': 1})\n");
  ASSERT_EQ(errors_.size(), 1u);
  EXPECT_NE(std::string(errors_[0].what()).find("NOT_DICT"), std::string::npos)
      << errors_[0].what();
  EXPECT_TRUE(graph_.sinks.empty());
}

}  // namespace
}  // namespace sluice

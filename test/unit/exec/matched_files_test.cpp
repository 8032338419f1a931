// test/unit/exec/matched_files_test.cpp
//
// findMatchedFiles, the first pass of copy-on-write DML: which files hold a matching row, how
// many rows match, and that files the statistics rule out are not read at all.
#include <gtest/gtest.h>

#include "../storage/delta_test_util.hpp"
#include "exec/dml/matched_files.hpp"
#include "function/function_registry.hpp"
#include "planner/binder/expression_binder.hpp"

namespace sluice {
namespace {

using delta::testing::column;
using delta::testing::Row;

class MatchedFilesTest : public ::testing::Test {
 protected:
  // Three files: file k holds n = 10k .. 10k+9 (n is NULL for 10k + 9 in file 1).
  void SetUp() override {
    std::vector<StructField> schema = {column("n", DataType::intType()),
                                       column("s", DataType::string())};
    delta::testing::writeRows(table_.path(), {}, delta::testing::createOptions(schema));
    for (int file = 0; file < 3; ++file) {
      std::vector<Row> rows;
      for (int i = 0; i < 10; ++i) {
        bool null = file == 1 && i == 9;
        rows.push_back({null ? Value::null(DataType::intType()) : Value::intValue(file * 10 + i),
                        Value::string("x")});
      }
      delta::testing::writeRows(table_.path(), rows, delta::testing::appendOptions());
    }
    snapshot_ = std::make_shared<const delta::Snapshot>(delta::openSnapshot(table_.path()));
  }

  static BoundExpressionPtr call(std::string_view name, BoundExpressionPtr left,
                                 BoundExpressionPtr right) {
    const ScalarFunctionEntry* entry = FunctionRegistry::builtin().findScalar(name);
    std::vector<BoundExpressionPtr> arguments;
    arguments.push_back(std::move(left));
    arguments.push_back(std::move(right));
    return ExpressionBinder::bindBuiltinCall(*entry, name, std::move(arguments));
  }
  static BoundExpressionPtr n() { return BoundExpression::makeColumn(0, DataType::intType()); }
  static BoundExpressionPtr constant(int32_t value) {
    return BoundExpression::makeConstant(Value::intValue(value));
  }

  MatchedFiles match(const BoundExpression* condition) {
    return findMatchedFiles(snapshot_, condition, ExecContext{});
  }

  delta::testing::ScratchTable table_;
  std::shared_ptr<const delta::Snapshot> snapshot_;
};

TEST_F(MatchedFilesTest, StatisticsRuleOutFilesBeforeAnyIsRead) {
  BoundExpressionPtr condition = call("=", n(), constant(15));
  MatchedFiles matched = match(condition.get());
  EXPECT_EQ(matched.num_files_read, 1);
  ASSERT_EQ(matched.files.size(), 1u);
  EXPECT_EQ(matched.num_matched_rows, 1);

  condition = call(">=", n(), constant(25));
  matched = match(condition.get());
  EXPECT_EQ(matched.num_files_read, 1);
  EXPECT_EQ(matched.num_matched_rows, 5);
}

TEST_F(MatchedFilesTest, FilesReadWithoutAMatchAreNotRewritten) {
  // n % 10 = 9 matches in files 0 and 2; file 1's 19 is NULL. The statistics decide nothing.
  BoundExpressionPtr condition = call("=", call("%", n(), constant(10)), constant(9));
  MatchedFiles matched = match(condition.get());
  EXPECT_EQ(matched.num_files_read, 3);
  EXPECT_EQ(matched.files.size(), 2u);
  EXPECT_EQ(matched.num_matched_rows, 2);
  for (const delta::AddFile& file : matched.files) {
    EXPECT_NE(file.stats->find("\"maxValues\":{\"n\":"), std::string::npos);
    EXPECT_EQ(file.stats->find("\"maxValues\":{\"n\":18"), std::string::npos) << *file.stats;
  }
}

TEST_F(MatchedFilesTest, NoConditionMatchesEveryRowCountedFromStatistics) {
  MatchedFiles matched = match(nullptr);
  EXPECT_EQ(matched.num_files_read, 0);
  EXPECT_EQ(matched.files.size(), 3u);
  EXPECT_EQ(matched.num_matched_rows, 30);
}

TEST_F(MatchedFilesTest, NothingMatches) {
  BoundExpressionPtr condition = call(">", n(), constant(100));
  MatchedFiles matched = match(condition.get());
  EXPECT_EQ(matched.num_files_read, 0);
  EXPECT_TRUE(matched.files.empty());
  EXPECT_EQ(matched.num_matched_rows, 0);
}

TEST_F(MatchedFilesTest, ScanOfFilesReadsOnlyThoseFiles) {
  BoundExpressionPtr condition = call("<", n(), constant(3));
  MatchedFiles matched = match(condition.get());
  ASSERT_EQ(matched.files.size(), 1u);
  LogicalOperatorPtr scan = scanOfFiles(snapshot_, matched.files, "t");
  EXPECT_EQ(scan->column_names, (std::vector<std::string>{"n", "s"}));
  ASSERT_TRUE(scan->source->storedBytes().has_value());
  EXPECT_EQ(*scan->source->storedBytes(), static_cast<double>(matched.files[0].size));
}

}  // namespace
}  // namespace sluice

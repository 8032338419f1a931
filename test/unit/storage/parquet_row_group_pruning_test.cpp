// test/unit/storage/parquet_row_group_pruning_test.cpp
//
// Row groups skipped by their statistics: comparisons, NULL tests, constants converted to the
// column's type, columns the file lacks, and floating-point maxima that cannot be trusted.
#include "storage/parquet/row_group_pruning.hpp"

#include <gtest/gtest.h>

#include "parquet_test_util.hpp"

namespace sluice::parquet {
namespace {

using testing::ScratchFolder;
using Op = ScanPredicate::Op;

class RowGroupPruningTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // Ten row groups of 100 rows: id 0..999; `note` NULL in the fourth group only; `ratio`
    // id / 10 as a DOUBLE.
    std::vector<StructField> fields{{"id", DataType::longType(), true, ""},
                                    {"note", DataType::string(), true, ""},
                                    {"ratio", DataType::doubleType(), true, ""}};
    std::vector<testing::Row> rows;
    for (int64_t id = 0; id < 1000; ++id) {
      Value note = id >= 300 && id < 400 ? Value::null(DataType::string())
                                         : Value::string("n" + std::to_string(id));
      rows.push_back(
          {Value::longValue(id), note, Value::doubleValue(static_cast<double>(id) / 10)});
    }
    ParquetWriterOptions options;
    options.row_group_rows = 100;
    path_ = folder_.file("groups.parquet");
    testing::writeRows(path_, fields, rows, options, 100);
  }

  std::vector<idx_t> kept(std::vector<ScanPredicate> predicates) {
    ParquetReader reader(path_);
    EXPECT_EQ(reader.numRowGroups(), 10u);
    return rowGroupsThatMayMatch(reader, predicates);
  }

  ScratchFolder folder_;
  std::string path_;
};

TEST_F(RowGroupPruningTest, ComparisonsKeepOnlyOverlappingGroups) {
  EXPECT_EQ(kept({ScanPredicate::compare("id", Op::kEqual, Value::longValue(42))}),
            (std::vector<idx_t>{0}));
  EXPECT_EQ(kept({ScanPredicate::compare("id", Op::kGreaterOrEqual, Value::longValue(750))}),
            (std::vector<idx_t>{7, 8, 9}));
  EXPECT_EQ(kept({ScanPredicate::compare("id", Op::kGreater, Value::longValue(799))}),
            (std::vector<idx_t>{8, 9}));
  EXPECT_EQ(kept({ScanPredicate::compare("id", Op::kLess, Value::longValue(200))}),
            (std::vector<idx_t>{0, 1}));
  EXPECT_EQ(kept({ScanPredicate::compare("id", Op::kLessOrEqual, Value::longValue(200))}),
            (std::vector<idx_t>{0, 1, 2}));
  EXPECT_TRUE(kept({ScanPredicate::compare("id", Op::kLess, Value::longValue(0))}).empty());
}

TEST_F(RowGroupPruningTest, PredicatesAreAConjunction) {
  EXPECT_EQ(kept({ScanPredicate::compare("id", Op::kGreaterOrEqual, Value::longValue(250)),
                  ScanPredicate::compare("ID", Op::kLess, Value::longValue(450))}),
            (std::vector<idx_t>{2, 3, 4}));
}

TEST_F(RowGroupPruningTest, NullTestsUseTheNullCount) {
  EXPECT_EQ(kept({ScanPredicate::isNull("note")}), (std::vector<idx_t>{3}));
  std::vector<idx_t> not_null = kept({ScanPredicate::isNotNull("note")});
  EXPECT_EQ(not_null.size(), 9u);
  EXPECT_EQ(std::count(not_null.begin(), not_null.end(), 3), 0);
  EXPECT_TRUE(kept({ScanPredicate::isNull("id")}).empty());
}

TEST_F(RowGroupPruningTest, ComparisonWithNullMatchesNothing) {
  EXPECT_TRUE(
      kept({ScanPredicate::compare("id", Op::kEqual, Value::null(DataType::longType()))}).empty());
}

TEST_F(RowGroupPruningTest, ConstantsAreConvertedExactlyOrIgnored) {
  // An INT constant widens to the BIGINT column.
  EXPECT_EQ(kept({ScanPredicate::compare("id", Op::kEqual, Value::intValue(150))}),
            (std::vector<idx_t>{1}));
  // A string constant does not convert: the predicate skips nothing.
  EXPECT_EQ(kept({ScanPredicate::compare("id", Op::kEqual, Value::string("150"))}).size(), 10u);
}

TEST_F(RowGroupPruningTest, UnknownColumnsSkipNothing) {
  EXPECT_EQ(kept({ScanPredicate::compare("missing", Op::kEqual, Value::longValue(1))}).size(), 10u);
}

TEST_F(RowGroupPruningTest, FloatingMaximaAreNotTrusted) {
  // NaN may hide above the maximum: only the minimum rules groups out.
  EXPECT_EQ(kept({ScanPredicate::compare("ratio", Op::kGreater, Value::doubleValue(95.0))}).size(),
            10u);
  EXPECT_EQ(kept({ScanPredicate::compare("ratio", Op::kLess, Value::doubleValue(25.0))}),
            (std::vector<idx_t>{0, 1, 2}));
  // Zero may be stored as -0.0 or 0.0: it rules nothing out.
  EXPECT_EQ(kept({ScanPredicate::compare("ratio", Op::kLess, Value::doubleValue(0.0))}).size(),
            10u);
}

}  // namespace
}  // namespace sluice::parquet

// test/unit/storage/delta_data_skipping_test.cpp
//
// Skipping files by partition values and by min / max / null-count statistics.

#include <gtest/gtest.h>

#include "delta_test_util.hpp"
#include "storage/delta/file_paths.hpp"

namespace sluice::delta {
namespace {

using testing::column;
using testing::Row;
using testing::ScratchTable;
using Op = SkippingPredicate::Op;

class DeltaDataSkippingTest : public ::testing::Test {
 protected:
  // Three files of one partition each; file k holds n = 10k .. 10k+9, s = "k..." text, and
  // t is NULL in file 2 only.
  void SetUp() override {
    std::vector<StructField> schema = {
        column("n", DataType::intType()), column("s", DataType::string()),
        column("t", DataType::timestamp()), column("p", DataType::string())};
    testing::writeRows(table_.path(), {}, testing::createOptions(schema, {"p"}));
    for (int file = 0; file < 3; ++file) {
      std::vector<Row> rows;
      for (int i = 0; i < 10; ++i) {
        rows.push_back({Value::intValue(file * 10 + i),
                        Value::string(std::string(1, static_cast<char>('a' + file)) + "x"),
                        file == 2 ? Value::null(DataType::timestamp())
                                  : Value::timestamp((file * 1000 + i) * 1000 + 123),
                        file == 1 ? Value::null(DataType::string())
                                  : Value::string("p" + std::to_string(file))});
      }
      testing::writeRows(table_.path(), rows, testing::appendOptions());
    }
  }

  //! The first n value of each file the predicates keep, sorted.
  std::vector<int> keptFiles(std::vector<SkippingPredicate> predicates) {
    std::vector<int> kept;
    for (const AddFile& file : liveFiles(openSnapshot(table_.path()), predicates)) {
      FileStats stats = parseFileStats(*file.stats, openSnapshot(table_.path()).schema);
      kept.push_back(static_cast<int>(stats.columns.at("n").min->getInt64() / 10));
    }
    std::sort(kept.begin(), kept.end());
    return kept;
  }

  ScratchTable table_;
};

TEST_F(DeltaDataSkippingTest, ComparisonsUseMinAndMax) {
  auto n = [](Op op, int value) {
    return SkippingPredicate::compare("n", op, Value::intValue(value));
  };
  EXPECT_EQ(keptFiles({}), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(keptFiles({n(Op::kEqual, 15)}), (std::vector<int>{1}));
  EXPECT_EQ(keptFiles({n(Op::kEqual, 10)}), (std::vector<int>{1}));
  EXPECT_EQ(keptFiles({n(Op::kEqual, 9)}), (std::vector<int>{0}));
  EXPECT_EQ(keptFiles({n(Op::kEqual, 100)}), (std::vector<int>{}));
  EXPECT_EQ(keptFiles({n(Op::kLess, 10)}), (std::vector<int>{0}));
  EXPECT_EQ(keptFiles({n(Op::kLessOrEqual, 10)}), (std::vector<int>{0, 1}));
  EXPECT_EQ(keptFiles({n(Op::kGreater, 19)}), (std::vector<int>{2}));
  EXPECT_EQ(keptFiles({n(Op::kGreaterOrEqual, 19)}), (std::vector<int>{1, 2}));
  // A conjunction keeps a file only if every predicate may hold.
  EXPECT_EQ(keptFiles({n(Op::kGreater, 5), n(Op::kLess, 12)}), (std::vector<int>{0, 1}));
  // Constants of other numeric types are converted exactly; a comparison with NULL is never true.
  EXPECT_EQ(keptFiles({SkippingPredicate::compare("N", Op::kEqual, Value::longValue(25))}),
            (std::vector<int>{2}));
  EXPECT_EQ(
      keptFiles({SkippingPredicate::compare("n", Op::kEqual, Value::null(DataType::intType()))}),
      (std::vector<int>{}));
  EXPECT_EQ(keptFiles({SkippingPredicate::compare("s", Op::kEqual, Value::string("bx"))}),
            (std::vector<int>{1}));
  EXPECT_EQ(keptFiles({SkippingPredicate::compare("s", Op::kGreater, Value::string("b"))}),
            (std::vector<int>{1, 2}));
  // Unknown columns skip nothing.
  EXPECT_EQ(keptFiles({SkippingPredicate::compare("zz", Op::kEqual, Value::intValue(1))}),
            (std::vector<int>{0, 1, 2}));
}

TEST_F(DeltaDataSkippingTest, TimestampMaximaCoverTheirTruncatedMicroseconds) {
  // File 1 holds t up to 1009 ms + 123 us; the stats keep 1009 ms.
  Value last = Value::timestamp(1'009'123);
  EXPECT_EQ(keptFiles({SkippingPredicate::compare("t", Op::kEqual, last)}), (std::vector<int>{1}));
  EXPECT_EQ(keptFiles({SkippingPredicate::compare("t", Op::kGreaterOrEqual, last)}),
            (std::vector<int>{1}));
  EXPECT_EQ(keptFiles({SkippingPredicate::compare("t", Op::kGreater, Value::timestamp(1'010'000))}),
            (std::vector<int>{}));
}

TEST_F(DeltaDataSkippingTest, NullChecksUseNullCounts) {
  EXPECT_EQ(keptFiles({SkippingPredicate::isNull("t")}), (std::vector<int>{2}));
  EXPECT_EQ(keptFiles({SkippingPredicate::isNotNull("t")}), (std::vector<int>{0, 1}));
  EXPECT_EQ(keptFiles({SkippingPredicate::compare("t", Op::kGreater, Value::timestamp(0))}),
            (std::vector<int>{0, 1}));
}

TEST_F(DeltaDataSkippingTest, PartitionValuesPruneFiles) {
  EXPECT_EQ(keptFiles({SkippingPredicate::compare("p", Op::kEqual, Value::string("p2"))}),
            (std::vector<int>{2}));
  EXPECT_EQ(keptFiles({SkippingPredicate::isNull("p")}), (std::vector<int>{1}));
  EXPECT_EQ(keptFiles({SkippingPredicate::isNotNull("p")}), (std::vector<int>{0, 2}));
  EXPECT_EQ(keptFiles({SkippingPredicate::compare("p", Op::kLess, Value::string("p1"))}),
            (std::vector<int>{0}));

  // The scan reads only the kept files, with the partition column filled in.
  Snapshot snapshot = openSnapshot(table_.path());
  DeltaTableScan scan(snapshot, {"p", "n"},
                      {SkippingPredicate::compare("p", Op::kEqual, Value::string("p2"))});
  EXPECT_EQ(scan.files().size(), 1u);
  std::vector<Row> rows = testing::scanRows(scan);
  ASSERT_EQ(rows.size(), 10u);
  EXPECT_EQ(rows[0], (Row{Value::string("p2"), Value::intValue(20)}));
}

}  // namespace
}  // namespace sluice::delta

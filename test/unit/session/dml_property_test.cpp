// test/unit/session/dml_property_test.cpp
//
// A property test of the statements that change a Delta table: seeded random sequences of
// INSERT, DELETE, UPDATE, MERGE and OPTIMIZE run on a table and, side by side, on an
// in-memory model of its rows. After every statement the table holds the model's rows; at the
// end time travel to every version gives that version's rows, and where the table records its
// changes (delta.enableChangeDataFeed) replaying table_changes from the first version rebuilds
// the table. Each table shape is tried: plain, partitioned, with the change data feed, with
// deletion vectors enabled, and with column mapping after a column rename.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <random>
#include <set>

#include <fmt/format.h>

#include "session/session.hpp"

namespace sluice {
namespace {

//! A row of the table t (id BIGINT, grp STRING, v BIGINT): its grp and v, by id.
struct ModelRow {
  std::string grp;
  int64_t v = 0;
  bool operator==(const ModelRow& other) const { return grp == other.grp && v == other.v; }
};
using Model = std::map<int64_t, ModelRow>;

std::string describe(const Model& model) {
  std::string out;
  for (const auto& [id, row] : model)
    out += fmt::format("{}:{}:{} ", id, row.grp, row.v);
  return out;
}

//! The rows of `query`, whose columns are id, grp and v.
Model readRows(Session& session, const std::string& query) {
  StatementResult result = session.execute(query).back();
  Model rows;
  for (idx_t row = 0; row < result.numRows(); ++row) {
    int64_t id = std::stoll(result.displayValue(row, 0));
    EXPECT_EQ(rows.count(id), 0u) << "id " << id << " twice in " << query;
    rows[id] = ModelRow{result.displayValue(row, 1), std::stoll(result.displayValue(row, 2))};
  }
  return rows;
}

int64_t latestVersion(Session& session) {
  return std::stoll(session.execute("DESCRIBE HISTORY t LIMIT 1").back().displayValue(0, 0));
}

struct Shape {
  const char* name;
  //! What follows CREATE TABLE t (id BIGINT, grp STRING, v BIGINT).
  const char* clauses;
  bool change_feed = false;
  //! The value column is renamed (column mapping) before the first change.
  bool rename = false;
};

class DmlProperty {
 public:
  DmlProperty(const Shape& shape, uint32_t seed)
      : shape_(shape),
        random_(seed),
        folder_(std::filesystem::temp_directory_path() /
                fmt::format("sluice_dml_property_{}_{}_{}", ::getpid(), shape.name, seed)),
        session_(SessionOptions{folder_.string()}) {
    std::filesystem::remove_all(folder_);
    session_.execute(fmt::format("CREATE TABLE t (id BIGINT, grp STRING, {} BIGINT) {}",
                                 shape.rename ? "value" : "v", shape.clauses));
    if (shape.rename)
      session_.execute("ALTER TABLE t RENAME COLUMN value TO v");
    versions_[latestVersion(session_)] = model_;
  }
  ~DmlProperty() {
    std::error_code ignored;
    std::filesystem::remove_all(folder_, ignored);
  }

  void step() {
    std::string statement = randomStatement();
    session_.execute(statement);
    Model table = readRows(session_, "SELECT id, grp, v FROM t");
    ASSERT_EQ(describe(table), describe(model_)) << "after " << statement;
    versions_[latestVersion(session_)] = model_;
  }

  void checkHistory() {
    for (const auto& [version, rows] : versions_) {
      Model read =
          readRows(session_, fmt::format("SELECT id, grp, v FROM t VERSION AS OF {}", version));
      EXPECT_EQ(describe(read), describe(rows)) << "version " << version;
    }
    if (!shape_.change_feed)
      return;
    // The changes of every commit after the creation, applied in commit order, rebuild the
    // table: within a commit the old images go before the new ones.
    StatementResult changes =
        session_
            .execute(
                "SELECT id, grp, v, _change_type, _commit_version FROM table_changes('t', 1) "
                "ORDER BY _commit_version, _change_type IN ('insert', 'update_postimage'), id")
            .back();
    Model replayed;
    for (idx_t row = 0; row < changes.numRows(); ++row) {
      int64_t id = std::stoll(changes.displayValue(row, 0));
      std::string kind = changes.displayValue(row, 3);
      if (kind == "delete" || kind == "update_preimage") {
        EXPECT_EQ(replayed.erase(id), 1u) << kind << " of an absent id " << id;
      } else {
        EXPECT_EQ(replayed.count(id), 0u) << kind << " of a present id " << id;
        replayed[id] =
            ModelRow{changes.displayValue(row, 1), std::stoll(changes.displayValue(row, 2))};
      }
    }
    EXPECT_EQ(describe(replayed), describe(model_));
  }

 private:
  int64_t pick(int64_t low, int64_t high) {
    return std::uniform_int_distribution<int64_t>(low, high)(random_);
  }
  std::string group() { return std::string(1, static_cast<char>('a' + pick(0, 3))); }

  std::string randomStatement() {
    switch (pick(0, 9)) {
      case 0:
      case 1:
      case 2:
        return insert();
      case 3:
      case 4:
        return remove();
      case 5:
      case 6:
        return update();
      case 7:
      case 8:
        return merge();
      default:
        return "OPTIMIZE t";
    }
  }

  std::string insert() {
    std::string values;
    int64_t count = pick(1, 40);
    for (int64_t index = 0; index < count; ++index) {
      int64_t id = next_id_++;
      ModelRow row{group(), pick(-50, 50)};
      values += fmt::format("{}({}, '{}', {})", index ? ", " : "", id, row.grp, row.v);
      model_[id] = row;
    }
    return "INSERT INTO t VALUES " + values;
  }

  std::string remove() {
    int64_t modulus = pick(2, 7);
    int64_t remainder = pick(0, modulus - 1);
    std::string grp = group();
    for (auto it = model_.begin(); it != model_.end();) {
      bool matches =
          ((it->second.v % modulus) + modulus) % modulus == remainder && it->second.grp != grp;
      it = matches ? model_.erase(it) : std::next(it);
    }
    return fmt::format("DELETE FROM t WHERE pmod(v, {}) = {} AND grp <> '{}'", modulus, remainder,
                       grp);
  }

  std::string update() {
    std::string grp = group();
    std::string moved_to = group();
    int64_t delta = pick(-5, 5);
    int64_t below = pick(0, next_id_);
    for (auto& [id, row] : model_) {
      if (row.grp == grp && id < below) {
        row.v += delta;
        row.grp = moved_to;
      }
    }
    return fmt::format("UPDATE t SET v = v + {}, grp = '{}' WHERE grp = '{}' AND id < {}", delta,
                       moved_to, grp, below);
  }

  //! Source rows with distinct ids, some of the table's, some new: a matched row whose source
  //! value is negative is deleted, other matches updated, new ids inserted, and (sometimes)
  //! table rows of one group no source row matches deleted.
  std::string merge() {
    std::set<int64_t> ids;
    int64_t count = pick(1, 25);
    for (int64_t index = 0; index < count; ++index)
      ids.insert(model_.empty() || pick(0, 2) == 0 ? next_id_++ : pick(0, next_id_ - 1));
    std::string values;
    std::map<int64_t, ModelRow> source;
    for (int64_t id : ids) {
      ModelRow row{group(), pick(-20, 50)};
      values += fmt::format("{}({}, '{}', {})", values.empty() ? "" : ", ", id, row.grp, row.v);
      source[id] = row;
    }
    bool by_source = pick(0, 2) == 0;
    std::string unmatched_group = group();
    Model merged = model_;
    for (const auto& [id, row] : source) {
      auto target = merged.find(id);
      if (target == merged.end()) {
        merged[id] = row;
      } else if (row.v < 0) {
        merged.erase(target);
      } else {
        target->second = row;
      }
    }
    if (by_source) {
      for (auto it = merged.begin(); it != merged.end();) {
        bool unmatched = !source.count(it->first) && model_.count(it->first) &&
                         it->second.grp == unmatched_group;
        it = unmatched ? merged.erase(it) : std::next(it);
      }
    }
    model_ = std::move(merged);
    std::string statement = fmt::format(
        "MERGE INTO t USING (SELECT * FROM VALUES {} AS s(id, grp, v)) AS s ON t.id = s.id "
        "WHEN MATCHED AND s.v < 0 THEN DELETE "
        "WHEN MATCHED THEN UPDATE SET * "
        "WHEN NOT MATCHED THEN INSERT *",
        values);
    if (by_source) {
      statement +=
          fmt::format(" WHEN NOT MATCHED BY SOURCE AND t.grp = '{}' THEN DELETE", unmatched_group);
    }
    return statement;
  }

  Shape shape_;
  std::mt19937 random_;
  std::filesystem::path folder_;
  Session session_;
  Model model_;
  int64_t next_id_ = 0;
  std::map<int64_t, Model> versions_;
};

const Shape kShapes[] = {
    {"plain", "", false, false},
    {"partitioned", "PARTITIONED BY (grp)", false, false},
    {"change_feed", "TBLPROPERTIES ('delta.enableChangeDataFeed' = 'true')", true, false},
    {"deletion_vectors", "TBLPROPERTIES ('delta.enableDeletionVectors' = 'true')", false, false},
    {"deletion_vectors_change_feed",
     "PARTITIONED BY (grp) TBLPROPERTIES ('delta.enableDeletionVectors' = 'true', "
     "'delta.enableChangeDataFeed' = 'true')",
     true, false},
    {"column_mapping",
     "PARTITIONED BY (grp) TBLPROPERTIES ('delta.columnMapping.mode' = 'name', "
     "'delta.enableChangeDataFeed' = 'true')",
     true, true},
};

TEST(DmlPropertyTest, RandomChangesMatchTheModelAtEveryVersion) {
  for (const Shape& shape : kShapes) {
    for (uint32_t seed = 1; seed <= 3; ++seed) {
      SCOPED_TRACE(fmt::format("shape {} seed {}", shape.name, seed));
      DmlProperty property(shape, seed);
      for (int step = 0; step < 25; ++step) {
        property.step();
        if (::testing::Test::HasFatalFailure())
          return;
      }
      property.checkHistory();
    }
  }
}

}  // namespace
}  // namespace sluice

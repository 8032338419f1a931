// test/unit/session/dml_interop_files_test.cpp
//
// A Delta table changed by DML, for other engines, driven by test/interop/delta_duckdb.mjs:
// when SLUICE_DELTA_INTEROP_DIR is set, a session creates <dir>/tables/dml (an external table,
// CREATE TABLE ... LOCATION) and changes it with INSERT, INSERT ... REPLACE WHERE, INSERT
// OVERWRITE of a partition, DELETE, UPDATE and MERGE, a checkpoint among the commits; then it
// writes the rows sluice reads back to <dir>/expected/dml.parquet. The table records its
// changes (delta.enableChangeDataFeed): the changes table_changes reads go to
// <dir>/expected/dml_changes.parquet. The script replays the log, reads the live files and the
// change data files with DuckDB and compares. Skipped otherwise.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "session/session.hpp"
#include "storage/parquet/parquet_writer.hpp"

namespace sluice {
namespace {

//! Runs `query` and writes its rows to the Parquet file `path`; returns them.
StatementResult writeResult(Session& session, const std::string& query, const std::string& path) {
  std::vector<StatementResult> results = session.execute(query);
  EXPECT_EQ(results.size(), 1u);
  StatementResult rows = results.at(0);
  std::vector<StructField> schema;
  for (size_t column = 0; column < rows.columnNames().size(); ++column)
    schema.push_back(StructField{rows.columnNames()[column], rows.columnTypes()[column], true, {}});
  parquet::ParquetWriter writer(path, schema);
  for (const Batch& batch : rows.batches())
    writer.write(batch);
  writer.close();
  return rows;
}

TEST(DmlInteropFilesTest, WriteTable) {
  const char* folder_name = std::getenv("SLUICE_DELTA_INTEROP_DIR");
  if (folder_name == nullptr)
    GTEST_SKIP() << "SLUICE_DELTA_INTEROP_DIR is not set";
  std::filesystem::path folder(folder_name);
  std::filesystem::create_directories(folder / "expected");
  std::string table = (folder / "tables" / "dml").string();

  Session session(SessionOptions{(folder / "dml_catalog").string()});
  // v0 create; v1, v2 insert; v3 (checkpoint) delete; v4 update moving rows to a new
  // partition; v5 replace where; v6 (checkpoint) overwrite of a partition; v7 delete again;
  // v8 merge updating rows of one partition and moving others to a new one.
  session.execute(
      "CREATE TABLE dml (id BIGINT, kind STRING, amount DOUBLE, day DATE) PARTITIONED BY (kind) "
      "TBLPROPERTIES ('delta.checkpointInterval' = '3', 'delta.enableChangeDataFeed' = 'true') "
      "LOCATION '" +
      table + "'");
  session.execute(
      "INSERT INTO dml SELECT id, CASE id % 3 WHEN 0 THEN 'a' WHEN 1 THEN 'b' END, id * 1.5, "
      "date_add(DATE '2024-01-01', CAST(id % 30 AS INT)) FROM range(0, 5000)");
  session.execute(
      "INSERT INTO dml (id, kind, amount) SELECT id, 'c', -1.0 * id FROM range(5000, 6000)");
  session.execute("DELETE FROM dml WHERE id % 7 = 0");
  session.execute("UPDATE dml SET kind = 'd', amount = amount + 0.25 WHERE id BETWEEN 100 AND 300");
  session.execute(
      "INSERT INTO dml REPLACE WHERE kind = 'c' SELECT id, 'c', id / 4, DATE '2025-06-30' "
      "FROM range(7000, 7500)");
  session.execute(
      "INSERT OVERWRITE dml PARTITION (kind = 'a') SELECT id, id * 2.0, NULL FROM range(9000, "
      "9100)");
  session.execute("DELETE FROM dml WHERE amount BETWEEN 1000 AND 2000 OR kind IS NULL AND id < 50");
  session.execute(
      "MERGE INTO dml t USING (SELECT id, id % 2 = 0 AS moved FROM range(9000, 9040)) s "
      "ON t.id = s.id WHEN MATCHED AND s.moved THEN UPDATE SET kind = 'm' "
      "WHEN MATCHED THEN UPDATE SET amount = -5.0");

  StatementResult rows =
      writeResult(session, "SELECT * FROM dml", (folder / "expected" / "dml.parquet").string());
  // Keep in step with the row count in delta_duckdb.mjs.
  EXPECT_EQ(rows.numRows(), 2618u);
  StatementResult changes = writeResult(
      session,
      "SELECT id, kind, amount, day, _change_type, _commit_version FROM table_changes('dml', 0)",
      (folder / "expected" / "dml_changes.parquet").string());
  EXPECT_GT(changes.numRows(), 0u);
}

}  // namespace
}  // namespace sluice

// test/unit/exec/catalog_session_test.cpp
//
// The catalog statements run by a query session over a scratch storage folder: CREATE TABLE
// (empty, AS query, OR REPLACE, IF NOT EXISTS), DROP TABLE, schemas and USE, SHOW, DESCRIBE in
// its forms, VACUUM and OPTIMIZE; what they write is read back through the Delta reader, and
// their errors are checked by class and location.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "../catalog/catalog_test_util.hpp"
#include "catalog/catalog.hpp"
#include "common/error/error.hpp"
#include "session/session.hpp"
#include "storage/delta/history.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {
namespace {

namespace fs = std::filesystem;
using test_util::ScratchStorage;

class CatalogSessionTest : public ::testing::Test {
 protected:
  CatalogSessionTest() : session_(SessionOptions{storage_.path()}) {}

  StatementResult run(const std::string& sql) {
    std::vector<StatementResult> results = session_.execute(sql);
    EXPECT_FALSE(results.empty());
    return results.empty() ? StatementResult() : std::move(results.back());
  }

  //! Every row, values as the shell shows them joined by '|'.
  static std::vector<std::string> rows(const StatementResult& result) {
    std::vector<std::string> lines;
    for (idx_t row = 0; row < result.numRows(); ++row) {
      std::string line;
      for (idx_t column = 0; column < result.numColumns(); ++column) {
        if (column > 0)
          line += '|';
        line += result.displayValue(row, column);
      }
      lines.push_back(line);
    }
    return lines;
  }

  std::vector<std::string> query(const std::string& sql) { return rows(run(sql)); }

  //! Runs `sql`, which must fail with `error_class`; returns the error.
  Error failure(const std::string& sql, ErrorClass error_class) {
    try {
      session_.execute(sql);
    } catch (const Error& error) {
      EXPECT_EQ(error.errorClass(), error_class) << error.what();
      return error;
    }
    ADD_FAILURE() << "no error: " << sql;
    return Error(ErrorClass::INTERNAL_ERROR, "no error");
  }

  std::string tablePath(const std::string& schema, const std::string& table) const {
    return storage_.path() + "/tables/spark_catalog/" + schema + "/" + table;
  }

  //! The rows of a Delta table, each as "v1|v2|...", sorted.
  static std::vector<std::string> readTable(const std::string& path) {
    delta::Snapshot snapshot = delta::openSnapshot(path);
    delta::DeltaTableScan scan(snapshot);
    std::vector<std::string> names;
    std::vector<DataType> types;
    for (const StructField& field : scan.schema()) {
      names.push_back(field.name);
      types.push_back(field.type);
    }
    std::vector<Batch> batches;
    Batch batch;
    while (scan.next(batch))
      batches.push_back(std::move(batch));
    std::vector<std::string> lines = rows(StatementResult(names, types, std::move(batches)));
    std::sort(lines.begin(), lines.end());
    return lines;
  }

  ScratchStorage storage_;
  Session session_;
};

TEST_F(CatalogSessionTest, APlainQueryCreatesNoStorageFolder) {
  run("SELECT 1");
  run("CREATE TEMPORARY VIEW v AS SELECT 1 AS x");
  run("DROP VIEW IF EXISTS nothing");
  EXPECT_FALSE(fs::exists(storage_.path()));
  run("SHOW TABLES");
  EXPECT_TRUE(fs::exists(storage_.path() + "/catalog.db"));
}

TEST_F(CatalogSessionTest, CreateTableMakesAnEmptyDeltaTable) {
  StatementResult result =
      run("CREATE TABLE Events (id BIGINT NOT NULL COMMENT 'the id', kind STRING, "
          "tags ARRAY<STRING>, meta STRUCT<a: INT, b: DECIMAL(10,2)>) USING DELTA "
          "PARTITIONED BY (KIND) COMMENT 'all events' TBLPROPERTIES ('delta.appendOnly' = 'true')");
  EXPECT_EQ(result.numColumns(), 0u);
  std::string path = tablePath("default", "events");
  delta::Snapshot snapshot = delta::openSnapshot(path);
  ASSERT_EQ(snapshot.schema.size(), 4u);
  EXPECT_FALSE(snapshot.schema[0].nullable);
  EXPECT_EQ(snapshot.schema[0].comment, "the id");
  EXPECT_EQ(snapshot.metadata.partition_columns, std::vector<std::string>{"kind"});
  EXPECT_EQ(snapshot.metadata.description, "all events");
  EXPECT_EQ(snapshot.metadata.configuration.at("delta.appendOnly"), "true");
  EXPECT_TRUE(readTable(path).empty());

  Catalog catalog(storage_.path());
  std::optional<TableEntry> entry = catalog.findTable({"spark_catalog", "default", "events"});
  ASSERT_TRUE(entry);
  EXPECT_EQ(entry->kind, TableKind::kManagedTable);
  EXPECT_EQ(entry->location, path);
  EXPECT_EQ(entry->comment, "all events");

  EXPECT_EQ(query("DESCRIBE events"),
            (std::vector<std::string>{
                "id|bigint|the id", "kind|string|NULL", "tags|array<string>|NULL",
                "meta|struct<a:int,b:decimal(10,2)>|NULL", "# Partition Information||",
                "# col_name|data_type|comment", "kind|string|NULL"}));
  std::vector<std::string> history = query("DESCRIBE HISTORY events");
  ASSERT_EQ(history.size(), 1u);
  EXPECT_NE(history[0].find("|CREATE TABLE|"), std::string::npos) << history[0];
}

TEST_F(CatalogSessionTest, CreateTableAsSelectWritesTheRows) {
  run("CREATE TEMPORARY VIEW src AS VALUES (1, 'a'), (2, 'b'), (3, NULL) AS t(id, name)");
  StatementResult result = run("CREATE TABLE copy AS SELECT id, name, id * 10 AS tens FROM src");
  EXPECT_EQ(result.numColumns(), 0u);  // Spark's CTAS prints nothing
  std::string path = tablePath("default", "copy");
  EXPECT_EQ(readTable(path), (std::vector<std::string>{"1|a|10", "2|b|20", "3|NULL|30"}));
  EXPECT_EQ(query("DESCRIBE TABLE copy"),
            (std::vector<std::string>{"id|int|NULL", "name|string|NULL", "tens|int|NULL"}));
  EXPECT_EQ(delta::readHistory(path)[0].operation, "CREATE TABLE AS SELECT");

  run("CREATE OR REPLACE TABLE copy PARTITIONED BY (k) AS SELECT 7 AS v, 'x' AS k");
  EXPECT_EQ(readTable(path), std::vector<std::string>{"7|x"});
  std::vector<delta::HistoryEntry> history = delta::readHistory(path);
  ASSERT_EQ(history.size(), 2u);
  EXPECT_EQ(history[0].operation, "CREATE OR REPLACE TABLE AS SELECT");
  EXPECT_EQ(delta::openSnapshot(path).metadata.partition_columns, std::vector<std::string>{"k"});

  // IF NOT EXISTS leaves an existing table alone.
  run("CREATE TABLE IF NOT EXISTS copy AS SELECT 1 / 0 AS boom");
  EXPECT_EQ(readTable(path), std::vector<std::string>{"7|x"});
}

TEST_F(CatalogSessionTest, AFailingQueryLeavesNoTable) {
  failure("CREATE TABLE t AS SELECT 1 / 0 AS x", ErrorClass::DIVIDE_BY_ZERO);
  EXPECT_FALSE(fs::exists(tablePath("default", "t")));
  failure("DESCRIBE t", ErrorClass::TABLE_OR_VIEW_NOT_FOUND);
  // A table the writer refuses (VOID columns) is unregistered again.
  failure("CREATE TABLE n AS SELECT NULL AS x", ErrorClass::UNSUPPORTED_DATATYPE);
  EXPECT_TRUE(query("SHOW TABLES").empty());
}

TEST_F(CatalogSessionTest, CreateTableErrorsCarryClassAndLocation) {
  run("CREATE TABLE t (a INT)");
  Error exists =
      failure("SELECT 1;\n  CREATE TABLE t (b INT)", ErrorClass::TABLE_OR_VIEW_ALREADY_EXISTS);
  EXPECT_NE(exists.message().find("`spark_catalog`.`default`.`t`"), std::string::npos);
  ASSERT_TRUE(exists.location());
  EXPECT_EQ(exists.location()->line, 2u);
  EXPECT_EQ(exists.location()->column, 3u);
  failure("CREATE TABLE nope.t (a INT)", ErrorClass::SCHEMA_NOT_FOUND);
  failure("CREATE TABLE u (a INT, A STRING)", ErrorClass::COLUMN_ALREADY_EXISTS);
  failure("CREATE TABLE u (a INT) PARTITIONED BY (b)", ErrorClass::UNRESOLVED_COLUMN);
  failure("CREATE TABLE u", ErrorClass::INVALID_SQL_SYNTAX);
  failure("CREATE TABLE u (a INT) AS SELECT 1 AS a", ErrorClass::INVALID_SQL_SYNTAX);
  Error generated = failure("CREATE TABLE u (a INT,\n b INT GENERATED ALWAYS AS (a + 1))",
                            ErrorClass::NOT_SUPPORTED);
  EXPECT_EQ(generated.location()->line, 2u);
  EXPECT_EQ(generated.location()->column, 2u);
  failure("CREATE TABLE u LOCATION '/tmp/sluice_never_written' AS SELECT 1 AS a",
          ErrorClass::NOT_SUPPORTED);
  EXPECT_EQ(query("SHOW TABLES"), std::vector<std::string>{"default|t|false"});
}

TEST_F(CatalogSessionTest, PipelineFormsAreRefusedByName) {
  Error flow = failure("CREATE TABLE m FLOW INSERT BY NAME SELECT 1", ErrorClass::NOT_SUPPORTED);
  EXPECT_EQ(flow.message(),
            "CREATE TABLE ... FLOW runs as part of a pipeline, not in a query session.");
  EXPECT_EQ(flow.location()->column, 16u);
  Error streaming = failure("CREATE STREAMING TABLE s AS SELECT 1", ErrorClass::NOT_SUPPORTED);
  EXPECT_EQ(streaming.message(),
            "CREATE STREAMING TABLE runs as part of a pipeline, not in a query session.");
  Error expectation =
      failure("CREATE TABLE e (a INT, CONSTRAINT ok EXPECT (a > 0))", ErrorClass::NOT_SUPPORTED);
  EXPECT_EQ(expectation.location()->column, 24u);
  EXPECT_FALSE(fs::exists(storage_.path()));
}

TEST_F(CatalogSessionTest, DropTableDeletesTheFolder) {
  run("CREATE TABLE t AS SELECT 1 AS a");
  ASSERT_TRUE(fs::exists(tablePath("default", "t")));
  run("DROP TABLE T");
  EXPECT_FALSE(fs::exists(tablePath("default", "t")));
  Error missing = failure("DROP TABLE db.t", ErrorClass::TABLE_OR_VIEW_NOT_FOUND);
  EXPECT_NE(missing.message().find("The table or view `db`.`t` cannot be found."),
            std::string::npos)
      << missing.message();
  run("DROP TABLE IF EXISTS t");
  // DROP TABLE drops a temporary view too, as Spark's does.
  run("CREATE TEMPORARY VIEW v AS SELECT 1");
  run("DROP TABLE v");
  failure("SELECT * FROM v", ErrorClass::TABLE_OR_VIEW_NOT_FOUND);
}

TEST_F(CatalogSessionTest, ViewsAndTablesRefuseTheOthersDrop) {
  run("CREATE TABLE t (a INT)");
  {
    Catalog catalog(storage_.path());
    TableEntry view;
    view.name = {"spark_catalog", "default", "pv"};
    view.kind = TableKind::kView;
    view.view_text = "SELECT 1 AS one, 'x' AS two";
    catalog.createTable(view, false);
  }
  failure("DROP TABLE pv", ErrorClass::EXPECT_TABLE_NOT_VIEW);
  failure("DROP VIEW t", ErrorClass::EXPECT_VIEW_NOT_TABLE);
  EXPECT_EQ(query("DESCRIBE pv"), (std::vector<std::string>{"one|int|NULL", "two|string|NULL"}));
  failure("DESCRIBE HISTORY pv", ErrorClass::EXPECT_TABLE_NOT_VIEW);
  run("DROP VIEW pv");
  EXPECT_EQ(query("SHOW TABLES"), std::vector<std::string>{"default|t|false"});
}

TEST_F(CatalogSessionTest, ShowTablesListsTablesThenTemporaryViews) {
  run("CREATE TABLE orders (a INT)");
  run("CREATE TABLE customers (a INT)");
  run("CREATE TEMPORARY VIEW Recent AS SELECT 1");
  EXPECT_EQ(query("SHOW TABLES"),
            (std::vector<std::string>{"default|customers|false", "default|orders|false",
                                      "|recent|true"}));
  EXPECT_EQ(query("SHOW TABLES LIKE 'ORD*|rec*'"),
            (std::vector<std::string>{"default|orders|false", "|recent|true"}));
  EXPECT_EQ(query("SHOW TABLES 'c.*'"), std::vector<std::string>{"default|customers|false"});
  StatementResult result = run("SHOW TABLES");
  EXPECT_EQ(result.columnNames(),
            (std::vector<std::string>{"namespace", "tableName", "isTemporary"}));
  failure("SHOW TABLES IN nope", ErrorClass::SCHEMA_NOT_FOUND);
}

TEST_F(CatalogSessionTest, SchemasAndUse) {
  run("CREATE SCHEMA Sales COMMENT 'money' WITH DBPROPERTIES ('team' = 'x')");
  run("CREATE DATABASE IF NOT EXISTS sales");
  failure("CREATE SCHEMA sales", ErrorClass::SCHEMA_ALREADY_EXISTS);
  EXPECT_EQ(query("SHOW SCHEMAS"), (std::vector<std::string>{"default", "sales"}));
  EXPECT_EQ(query("SHOW DATABASES LIKE 's*'"), std::vector<std::string>{"sales"});
  EXPECT_EQ(run("SHOW SCHEMAS").columnNames(), std::vector<std::string>{"namespace"});
  EXPECT_EQ(query("DESCRIBE SCHEMA EXTENDED sales"),
            (std::vector<std::string>{
                "Catalog Name|spark_catalog", "Namespace Name|sales", "Comment|money",
                "Location|file:" + storage_.path() + "/tables/spark_catalog/sales",
                "Properties|((team,x))"}));

  run("USE sales");
  run("CREATE TABLE orders AS SELECT 1 AS id");
  EXPECT_TRUE(fs::exists(tablePath("sales", "orders")));
  EXPECT_EQ(query("SHOW TABLES"), std::vector<std::string>{"sales|orders|false"});
  EXPECT_TRUE(query("SHOW TABLES IN default").empty());
  run("USE SCHEMA default");
  EXPECT_EQ(query("SHOW TABLES IN spark_catalog.sales"),
            std::vector<std::string>{"sales|orders|false"});
  run("USE spark_catalog.sales");
  EXPECT_EQ(query("DESCRIBE orders"), std::vector<std::string>{"id|int|NULL"});
  failure("USE nope", ErrorClass::SCHEMA_NOT_FOUND);
  failure("USE CATALOG main", ErrorClass::CATALOG_NOT_FOUND);
  failure("USE main.sales", ErrorClass::CATALOG_NOT_FOUND);
  EXPECT_EQ(query("SHOW CATALOGS"), std::vector<std::string>{"spark_catalog"});

  failure("DROP SCHEMA sales", ErrorClass::SCHEMA_NOT_EMPTY);
  run("DROP SCHEMA sales CASCADE");
  EXPECT_FALSE(fs::exists(tablePath("sales", "orders")));
  EXPECT_EQ(query("SHOW SCHEMAS"), std::vector<std::string>{"default"});
  run("DROP SCHEMA IF EXISTS sales");
  failure("DROP SCHEMA sales", ErrorClass::SCHEMA_NOT_FOUND);
  // Dropping the current schema made default current again.
  run("CREATE TABLE back_home (a INT)");
  EXPECT_TRUE(fs::exists(tablePath("default", "back_home")));
}

TEST_F(CatalogSessionTest, DescribeExtendedAddsTheTableDetails) {
  run("CREATE TABLE t (a INT, b STRING) CLUSTER BY (a) COMMENT 'c' TBLPROPERTIES ('k' = 'v')");
  std::vector<std::string> lines = query("DESC FORMATTED t");
  ASSERT_GE(lines.size(), 15u);
  EXPECT_EQ(lines[0], "a|int|NULL");
  EXPECT_EQ(lines[2], "# Clustering Information||");
  EXPECT_EQ(lines[4], "a|int|NULL");
  EXPECT_EQ(lines[5], "||");
  EXPECT_EQ(lines[6], "# Detailed Table Information||");
  EXPECT_EQ(lines[7], "Catalog|spark_catalog|");
  EXPECT_EQ(lines[8], "Database|default|");
  EXPECT_EQ(lines[9], "Table|t|");
  EXPECT_EQ(lines[10].rfind("Created Time|", 0), 0u);
  EXPECT_EQ(lines[11], "Last Access|UNKNOWN|");
  EXPECT_EQ(lines[12], "Type|MANAGED|");
  EXPECT_EQ(lines[13], "Provider|delta|");
  EXPECT_EQ(lines[14], "Comment|c|");
  EXPECT_EQ(lines[15], "Table Properties|[k=v]|");
  EXPECT_EQ(lines[16], "Location|file:" + tablePath("default", "t") + "|");
}

TEST_F(CatalogSessionTest, DescribeATemporaryView) {
  run("CREATE TEMPORARY VIEW v (x COMMENT 'the x', y) AS SELECT 1, struct(2 AS a)");
  EXPECT_EQ(query("DESCRIBE v"), (std::vector<std::string>{"x|int|the x", "y|struct<a:int>|NULL"}));
  EXPECT_EQ(query("DESCRIBE EXTENDED v").size(), 2u);
}

TEST_F(CatalogSessionTest, DescribeHistoryAndDetailHaveDeltasColumns) {
  run("CREATE TABLE t (a INT, p STRING) PARTITIONED BY (p)");
  run("CREATE OR REPLACE TABLE t PARTITIONED BY (p) AS SELECT 1 AS a, 'x' AS p");
  StatementResult history = run("DESCRIBE HISTORY t");
  EXPECT_EQ(history.columnNames(),
            (std::vector<std::string>{"version", "timestamp", "userId", "userName", "operation",
                                      "operationParameters", "job", "notebook", "clusterId",
                                      "readVersion", "isolationLevel", "isBlindAppend",
                                      "operationMetrics", "userMetadata", "engineInfo"}));
  ASSERT_EQ(history.numRows(), 2u);
  EXPECT_EQ(history.displayValue(0, 0), "1");
  EXPECT_EQ(history.displayValue(0, 4), "CREATE OR REPLACE TABLE AS SELECT");
  EXPECT_EQ(history.displayValue(1, 0), "0");
  EXPECT_EQ(run("DESCRIBE HISTORY t LIMIT 1").numRows(), 1u);

  StatementResult detail = run("DESCRIBE DETAIL t");
  EXPECT_EQ(detail.columnNames(),
            (std::vector<std::string>{"format", "id", "name", "description", "location",
                                      "createdAt", "lastModified", "partitionColumns",
                                      "clusteringColumns", "numFiles", "sizeInBytes", "properties",
                                      "minReaderVersion", "minWriterVersion", "tableFeatures"}));
  ASSERT_EQ(detail.numRows(), 1u);
  EXPECT_EQ(detail.displayValue(0, 0), "delta");
  EXPECT_EQ(detail.displayValue(0, 2), "spark_catalog.default.t");
  EXPECT_EQ(detail.displayValue(0, 4), "file:" + tablePath("default", "t"));
  EXPECT_EQ(detail.displayValue(0, 7), "[\"p\"]");
  EXPECT_EQ(detail.displayValue(0, 9), "1");

  // A path, or delta.`path`, names the folder directly.
  std::string path = tablePath("default", "t");
  EXPECT_EQ(run("DESCRIBE DETAIL '" + path + "'").displayValue(0, 9), "1");
  EXPECT_EQ(run("DESCRIBE HISTORY delta.`" + path + "`").numRows(), 2u);
  failure("DESCRIBE DETAIL missing", ErrorClass::TABLE_OR_VIEW_NOT_FOUND);
}

TEST_F(CatalogSessionTest, VacuumAndOptimize) {
  run("CREATE TABLE t AS SELECT 1 AS a");
  run("CREATE OR REPLACE TABLE t AS SELECT 2 AS a");
  std::string path = tablePath("default", "t");
  failure("VACUUM t RETAIN 0 HOURS", ErrorClass::INVALID_ARGUMENT);
  run("SET spark.databricks.delta.retentionDurationCheck.enabled = false");
  std::vector<std::string> dry = query("VACUUM t RETAIN 0 HOURS DRY RUN");
  ASSERT_EQ(dry.size(), 1u);
  EXPECT_EQ(dry[0].rfind("file:" + path + "/part-", 0), 0u) << dry[0];
  EXPECT_EQ(query("VACUUM t RETAIN 0 HOURS"), std::vector<std::string>{"file:" + path});
  EXPECT_TRUE(query("VACUUM t RETAIN 0 HOURS DRY RUN").empty());
  EXPECT_EQ(readTable(path), std::vector<std::string>{"2"});

  StatementResult optimize = run("OPTIMIZE t");
  EXPECT_EQ(optimize.columnNames(), (std::vector<std::string>{"path", "metrics"}));
  EXPECT_EQ(optimize.displayValue(0, 0), "file:" + path);
  EXPECT_EQ(optimize.displayValue(0, 1),
            "{\"numFilesAdded\":0,\"numFilesRemoved\":0,\"filesAdded\":{\"totalFiles\":0,"
            "\"totalSize\":0},\"filesRemoved\":{\"totalFiles\":0,\"totalSize\":0}}");
  failure("VACUUM missing", ErrorClass::TABLE_OR_VIEW_NOT_FOUND);
}

}  // namespace
}  // namespace sluice

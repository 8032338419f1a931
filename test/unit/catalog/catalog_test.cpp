// test/unit/catalog/catalog_test.cpp
//
// The catalog over SQLite: tables created, found, listed and dropped; case-insensitive names;
// qualify() with 1, 2 and 3 parts and LIVE; schemas and catalogs; two Catalog objects on one
// folder seeing each other's changes; the errors, by class.
#include "catalog/catalog.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "catalog/catalog_migrations.hpp"
#include "catalog/sqlite_database.hpp"
#include "catalog_test_util.hpp"
#include "common/error/error.hpp"

namespace sluice {
namespace {

using test_util::ScratchStorage;

TableEntry managedTable(std::string schema, std::string table, std::string location = "/x") {
  TableEntry entry;
  entry.name = {"spark_catalog", std::move(schema), std::move(table)};
  entry.location = std::move(location);
  return entry;
}

template <typename Body>
ErrorClass errorClassOf(Body body) {
  try {
    body();
  } catch (const Error& error) {
    return error.errorClass();
  }
  ADD_FAILURE() << "no error";
  return ErrorClass::INTERNAL_ERROR;
}

TEST(CatalogTest, OpensWithTheDefaultCatalogAndSchema) {
  ScratchStorage storage;
  EXPECT_FALSE(Catalog::existsIn(storage.path()));
  Catalog catalog(storage.path());
  EXPECT_TRUE(Catalog::existsIn(storage.path()));
  EXPECT_EQ(catalog.databasePath(), storage.path() + "/catalog.db");
  EXPECT_EQ(catalog.currentCatalog(), "spark_catalog");
  EXPECT_EQ(catalog.currentSchema(), "default");
  EXPECT_EQ(catalog.listCatalogs(), std::vector<std::string>{"spark_catalog"});
  ASSERT_EQ(catalog.listSchemas("spark_catalog").size(), 1u);
  EXPECT_EQ(catalog.listSchemas("spark_catalog")[0].name, "default");
  EXPECT_TRUE(catalog.listTables("spark_catalog", "default").empty());
}

TEST(CatalogTest, RelativeStorageFoldersBecomeAbsolute) {
  ScratchStorage storage;
  std::filesystem::create_directories(storage.path());
  std::filesystem::path before = std::filesystem::current_path();
  std::filesystem::current_path(storage.path());
  {
    Catalog catalog("./store/");
    EXPECT_EQ(catalog.storageDir(), storage.path() + "/store");
    EXPECT_EQ(catalog.defaultLocation({"spark_catalog", "default", "T"}),
              storage.path() + "/store/tables/spark_catalog/default/t");
  }
  std::filesystem::current_path(before);
}

TEST(CatalogTest, CreateFindListAndDropTables) {
  ScratchStorage storage;
  Catalog catalog(storage.path());
  TableEntry entry = managedTable("default", "Events", "/data/events");
  entry.comment = "all events";
  entry.properties = {{"delta.appendOnly", "true"}, {"owner", "me"}};
  entry.pipeline_id = "p1";
  entry.created_at_ms = 1234;
  catalog.createTable(entry, /*replace=*/false);
  TableEntry view = managedTable("default", "a_view", "");
  view.kind = TableKind::kView;
  view.view_text = "SELECT 1 AS x";
  catalog.createTable(view, /*replace=*/false);

  std::optional<TableEntry> found = catalog.findTable({"SPARK_CATALOG", "Default", "EVENTS"});
  ASSERT_TRUE(found);
  EXPECT_EQ(found->name, (QualifiedTableName{"spark_catalog", "default", "events"}));
  EXPECT_EQ(found->kind, TableKind::kManagedTable);
  EXPECT_EQ(found->location, "/data/events");
  EXPECT_EQ(found->comment, "all events");
  EXPECT_EQ(found->properties, entry.properties);
  EXPECT_EQ(found->pipeline_id, "p1");
  EXPECT_EQ(found->created_at_ms, 1234);

  std::vector<TableEntry> tables = catalog.listTables("spark_catalog", "DEFAULT");
  ASSERT_EQ(tables.size(), 2u);
  EXPECT_EQ(tables[0].name.table, "a_view");
  EXPECT_EQ(tables[0].kind, TableKind::kView);
  EXPECT_EQ(tables[0].view_text, "SELECT 1 AS x");
  EXPECT_EQ(tables[1].name.table, "events");

  catalog.dropTable({"spark_catalog", "default", "Events"});
  EXPECT_FALSE(catalog.findTable({"spark_catalog", "default", "events"}));
  EXPECT_EQ(catalog.listTables("spark_catalog", "default").size(), 1u);
}

TEST(CatalogTest, CreateTableRefusesDuplicatesUnlessReplacing) {
  ScratchStorage storage;
  Catalog catalog(storage.path());
  catalog.createTable(managedTable("default", "t", "/one"), false);
  EXPECT_EQ(errorClassOf([&] { catalog.createTable(managedTable("default", "T", "/two"), false); }),
            ErrorClass::TABLE_OR_VIEW_ALREADY_EXISTS);
  catalog.createTable(managedTable("default", "T", "/two"), /*replace=*/true);
  EXPECT_EQ(catalog.findTable({"spark_catalog", "default", "t"})->location, "/two");
}

TEST(CatalogTest, ErrorsHaveSparksClassesAndMessages) {
  ScratchStorage storage;
  Catalog catalog(storage.path());
  EXPECT_EQ(errorClassOf([&] { catalog.createTable(managedTable("nope", "t"), false); }),
            ErrorClass::SCHEMA_NOT_FOUND);
  try {
    catalog.dropTable({"spark_catalog", "default", "missing"});
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::TABLE_OR_VIEW_NOT_FOUND);
    EXPECT_NE(error.message().find("`spark_catalog`.`default`.`missing`"), std::string::npos)
        << error.message();
  }
  EXPECT_EQ(errorClassOf([&] { catalog.setCurrentCatalog("main"); }),
            ErrorClass::CATALOG_NOT_FOUND);
  EXPECT_EQ(errorClassOf([&] { catalog.setCurrentNamespace("spark_catalog", "nope"); }),
            ErrorClass::SCHEMA_NOT_FOUND);
  EXPECT_EQ(errorClassOf([&] {
              catalog.createSchema({"main", "s", "", {}, 0}, false);
            }),
            ErrorClass::CATALOG_NOT_FOUND);
  EXPECT_EQ(errorClassOf([&] {
              catalog.qualify({"a", "b", "c", "d"});
            }),
            ErrorClass::NOT_SUPPORTED);
}

TEST(CatalogTest, QualifyResolvesOneTwoAndThreeParts) {
  ScratchStorage storage;
  Catalog catalog(storage.path());
  EXPECT_EQ(catalog.qualify({"T"}), (QualifiedTableName{"spark_catalog", "default", "t"}));
  EXPECT_EQ(catalog.qualify({"Sales", "T"}), (QualifiedTableName{"spark_catalog", "sales", "t"}));
  EXPECT_EQ(catalog.qualify({"Main", "Sales", "T"}), (QualifiedTableName{"main", "sales", "t"}));
  // LIVE.t is the pipeline language's name for t in the current schema.
  EXPECT_EQ(catalog.qualify({"LIVE", "t"}), (QualifiedTableName{"spark_catalog", "default", "t"}));
  catalog.createSchema({"spark_catalog", "Sales", "", {}, 0}, false);
  catalog.setCurrentNamespace("spark_catalog", "SALES");
  EXPECT_EQ(catalog.qualify({"t"}), (QualifiedTableName{"spark_catalog", "sales", "t"}));
  EXPECT_EQ(catalog.qualify({"live", "t"}), (QualifiedTableName{"spark_catalog", "sales", "t"}));
  using SchemaName = std::pair<std::string, std::string>;
  EXPECT_EQ(catalog.qualifySchema({"s"}), SchemaName("spark_catalog", "s"));
  EXPECT_EQ(catalog.qualifySchema({"C", "S"}), SchemaName("c", "s"));
  EXPECT_EQ(QualifiedTableName({"a", "b", "c"}).toString(), "a.b.c");
  EXPECT_EQ(QualifiedTableName({"a", "b", "c`d"}).quoted(), "`a`.`b`.`c``d`");
}

TEST(CatalogTest, SchemasAreCreatedListedAndDropped) {
  ScratchStorage storage;
  Catalog catalog(storage.path());
  EXPECT_TRUE(catalog.createSchema({"spark_catalog", "Sales", "money", {{"k", "v"}}, 0}, false));
  EXPECT_FALSE(catalog.createSchema({"spark_catalog", "sales", "", {}, 0}, /*if_not_exists=*/true));
  EXPECT_EQ(errorClassOf([&] {
              catalog.createSchema({"spark_catalog", "SALES", "", {}, 0}, false);
            }),
            ErrorClass::SCHEMA_ALREADY_EXISTS);
  std::optional<SchemaEntry> sales = catalog.findSchema("spark_catalog", "sales");
  ASSERT_TRUE(sales);
  EXPECT_EQ(sales->comment, "money");
  EXPECT_EQ(sales->properties, (std::map<std::string, std::string>{{"k", "v"}}));
  std::vector<SchemaEntry> schemas = catalog.listSchemas("spark_catalog");
  ASSERT_EQ(schemas.size(), 2u);
  EXPECT_EQ(schemas[0].name, "default");
  EXPECT_EQ(schemas[1].name, "sales");

  catalog.createTable(managedTable("sales", "orders", "/orders"), false);
  catalog.setCurrentNamespace("spark_catalog", "sales");
  // A schema with tables needs CASCADE, which hands back the tables it dropped.
  EXPECT_EQ(errorClassOf([&] { catalog.dropSchema("spark_catalog", "sales", false); }),
            ErrorClass::SCHEMA_NOT_EMPTY);
  std::vector<TableEntry> dropped = catalog.dropSchema("spark_catalog", "Sales", true);
  ASSERT_EQ(dropped.size(), 1u);
  EXPECT_EQ(dropped[0].location, "/orders");
  EXPECT_FALSE(catalog.findSchema("spark_catalog", "sales"));
  EXPECT_FALSE(catalog.findTable({"spark_catalog", "sales", "orders"}));
  // The session falls back to the default schema when its current one is dropped.
  EXPECT_EQ(catalog.currentSchema(), "default");
  EXPECT_EQ(errorClassOf([&] { catalog.dropSchema("spark_catalog", "sales", false); }),
            ErrorClass::SCHEMA_NOT_FOUND);
  EXPECT_EQ(errorClassOf([&] { catalog.dropSchema("spark_catalog", "default", true); }),
            ErrorClass::NOT_SUPPORTED);
}

TEST(CatalogTest, CatalogsComeWithADefaultSchema) {
  ScratchStorage storage;
  Catalog catalog(storage.path());
  EXPECT_TRUE(catalog.createCatalog("Main"));
  EXPECT_FALSE(catalog.createCatalog("main"));
  EXPECT_EQ(catalog.listCatalogs(), (std::vector<std::string>{"main", "spark_catalog"}));
  catalog.setCurrentCatalog("MAIN");
  EXPECT_EQ(catalog.currentCatalog(), "main");
  EXPECT_EQ(catalog.currentSchema(), "default");
  EXPECT_EQ(catalog.qualify({"t"}), (QualifiedTableName{"main", "default", "t"}));
}

TEST(CatalogTest, TwoCatalogsOnOneFolderSeeEachOthersChanges) {
  ScratchStorage storage;
  Catalog first(storage.path());
  Catalog second(storage.path());
  first.createSchema({"spark_catalog", "shared", "", {}, 0}, false);
  first.createTable(managedTable("shared", "t", "/t"), false);
  ASSERT_TRUE(second.findTable({"spark_catalog", "shared", "t"}));
  EXPECT_EQ(errorClassOf([&] { second.createTable(managedTable("shared", "t"), false); }),
            ErrorClass::TABLE_OR_VIEW_ALREADY_EXISTS);
  second.dropTable({"spark_catalog", "shared", "t"});
  EXPECT_FALSE(first.findTable({"spark_catalog", "shared", "t"}));
  // The current schema belongs to each object, as to a Spark session.
  first.setCurrentNamespace("spark_catalog", "shared");
  EXPECT_EQ(second.currentSchema(), "default");
}

TEST(CatalogTest, ReopeningKeepsTheContentsAndTheSchemaVersion) {
  ScratchStorage storage;
  {
    Catalog catalog(storage.path());
    catalog.createTable(managedTable("default", "kept", "/kept"), false);
  }
  Catalog reopened(storage.path());
  EXPECT_TRUE(reopened.findTable({"spark_catalog", "default", "kept"}));
  SqliteDatabase db(reopened.databasePath());
  SqliteStatement version(db, "SELECT version FROM catalog_version");
  ASSERT_TRUE(version.step());
  EXPECT_EQ(version.integer(0), catalogSchemaVersion());
}

TEST(CatalogTest, ANewerDatabaseIsRefused) {
  ScratchStorage storage;
  { Catalog catalog(storage.path()); }
  {
    SqliteDatabase db(storage.path() + "/catalog.db");
    db.execute("UPDATE catalog_version SET version = 999");
  }
  try {
    Catalog catalog(storage.path());
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::IO_ERROR);
    EXPECT_NE(error.message().find("version 999"), std::string::npos) << error.message();
  }
}

TEST(CatalogTest, SqliteFailuresAreIoErrorsNamingTheDatabase) {
  ScratchStorage storage;
  std::filesystem::create_directories(storage.path());
  {
    std::ofstream garbage(storage.path() + "/catalog.db");
    garbage << "this is not a database, but long enough to look like a header of one............";
  }
  try {
    Catalog catalog(storage.path());
    FAIL();
  } catch (const Error& error) {
    EXPECT_EQ(error.errorClass(), ErrorClass::IO_ERROR);
    EXPECT_NE(error.message().find(storage.path() + "/catalog.db"), std::string::npos)
        << error.message();
    EXPECT_NE(error.message().find("not a database"), std::string::npos) << error.message();
  }
}

TEST(CatalogTest, DefaultLocationsEscapeNamesThatAreNoPlainFolder) {
  ScratchStorage storage;
  Catalog catalog(storage.path());
  EXPECT_EQ(catalog.defaultLocation({"spark_catalog", "Default", "Events"}),
            storage.path() + "/tables/spark_catalog/default/events");
  EXPECT_EQ(catalog.defaultLocation({"spark_catalog", "..", "a/b"}),
            storage.path() + "/tables/spark_catalog/%2E%2E/a%2Fb");
}

}  // namespace
}  // namespace sluice

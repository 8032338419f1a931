// src/catalog/catalog_migrations.cpp
//
// The catalog database's migrations, oldest first. Never edit a migration once released: add
// the next one.
#include "catalog/catalog_migrations.hpp"

#include <chrono>
#include <iterator>

#include "catalog/catalog_entry.hpp"
#include "catalog/sqlite_database.hpp"
#include "common/clock.hpp"
#include "common/error/error.hpp"

namespace sluice {

namespace {

// Migration n brings the database from version n to n + 1.
constexpr const char* kMigrations[] = {
    // 1: catalogs, schemas and tables, with the default catalog and schema.
    R"sql(
      CREATE TABLE catalogs (
        name TEXT PRIMARY KEY,
        comment TEXT NOT NULL DEFAULT '',
        created_at_ms INTEGER NOT NULL
      );
      CREATE TABLE schemas (
        catalog TEXT NOT NULL REFERENCES catalogs (name),
        name TEXT NOT NULL,
        comment TEXT NOT NULL DEFAULT '',
        properties TEXT NOT NULL DEFAULT '{}',
        created_at_ms INTEGER NOT NULL,
        PRIMARY KEY (catalog, name)
      );
      CREATE TABLE tables (
        catalog TEXT NOT NULL,
        schema TEXT NOT NULL,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        location TEXT NOT NULL,
        pipeline_id TEXT NOT NULL,
        comment TEXT NOT NULL,
        properties TEXT NOT NULL,
        row_filter TEXT NOT NULL,
        view_text TEXT NOT NULL,
        created_at_ms INTEGER NOT NULL,
        PRIMARY KEY (catalog, schema, name),
        FOREIGN KEY (catalog, schema) REFERENCES schemas (catalog, name)
      );
      INSERT INTO catalogs (name, created_at_ms) VALUES ('spark_catalog', :now);
      INSERT INTO schemas (catalog, name, comment, created_at_ms)
        VALUES ('spark_catalog', 'default', 'default database', :now);
    )sql",
    // 2: persistent SQL functions (CREATE FUNCTION), kept as their statement's text.
    R"sql(
      CREATE TABLE functions (
        catalog TEXT NOT NULL,
        schema TEXT NOT NULL,
        name TEXT NOT NULL,
        definition TEXT NOT NULL,
        pipeline_id TEXT NOT NULL,
        created_at_ms INTEGER NOT NULL,
        PRIMARY KEY (catalog, schema, name),
        FOREIGN KEY (catalog, schema) REFERENCES schemas (catalog, name)
      );
    )sql",
    // 3: the folder moves of table renames not known to be done (Catalog::renameTable).
    R"sql(
      CREATE TABLE folder_moves (
        from_path TEXT PRIMARY KEY,
        to_path TEXT NOT NULL
      );
    )sql",
};

constexpr int kNumMigrations = static_cast<int>(std::size(kMigrations));

//! The database's version; 0 for a new database.
int readVersion(SqliteDatabase& db) {
  SqliteStatement exists(db,
                         "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = "
                         "'catalog_version'");
  exists.step();
  if (exists.integer(0) == 0)
    return 0;
  SqliteStatement version(db, "SELECT max(version) FROM catalog_version");
  if (!version.step() || version.isNull(0))
    return 0;
  return static_cast<int>(version.integer(0));
}

//! Runs one migration's statements; `:now` stands for the current time in milliseconds.
void applyMigration(SqliteDatabase& db, const char* sql) {
  std::string text(sql);
  std::string now = std::to_string(epochMillis());
  for (size_t at = text.find(":now"); at != std::string::npos; at = text.find(":now", at)) {
    text.replace(at, 4, now);
  }
  db.execute(text);
}

}  // namespace

int catalogSchemaVersion() {
  return kNumMigrations;
}

void migrateCatalogDatabase(SqliteDatabase& db) {
  // Most opens find the database current and need no write lock.
  if (readVersion(db) == kNumMigrations)
    return;
  SqliteTransaction transaction(db);
  db.execute("CREATE TABLE IF NOT EXISTS catalog_version (version INTEGER NOT NULL)");
  int version = readVersion(db);
  if (version > kNumMigrations) {
    throwError(ErrorClass::IO_ERROR,
               "The catalog database {} is at version {}, newer than this sluice knows ({}); "
               "use a newer sluice.",
               db.path(), version, kNumMigrations);
  }
  for (; version < kNumMigrations; ++version)
    applyMigration(db, kMigrations[version]);
  db.execute("DELETE FROM catalog_version");
  SqliteStatement record(db, "INSERT INTO catalog_version (version) VALUES (?)");
  record.bind(1, int64_t{kNumMigrations});
  record.run();
  transaction.commit();
}

}  // namespace sluice

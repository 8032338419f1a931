// src/catalog/catalog_migrations.hpp
//
// The layout of the catalog database and its migrations. The catalog_version table holds the
// version the database is at; opening a database applies the migrations after it in one
// transaction, so an older database is brought up to date and two processes opening a new
// storage folder at once create it only once. A database newer than this build is refused.
#pragma once

namespace sluice {

class SqliteDatabase;

//! The version this build writes: the number of migrations.
int catalogSchemaVersion();

//! Brings `db` up to catalogSchemaVersion(), creating the default catalog and schema.
void migrateCatalogDatabase(SqliteDatabase& db);

}  // namespace sluice

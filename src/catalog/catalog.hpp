// src/catalog/catalog.hpp
//
// The catalog: catalogs, their schemas, and the tables, views and SQL functions in them, stored in
// SQLite at <storage_dir>/catalog.db. Names are case-insensitive (folded to lower case). Every call
// reads or writes the database, so several Catalog objects, in one process or several, share one
// storage folder and see each other's changes at once. The current catalog and schema (USE)
// belong to this object, as they belong to a Spark session.
//
// Managed tables live at <storage_dir>/tables/<catalog>/<schema>/<table>; the catalog records
// where a table is, and the caller creates and deletes its folder.
//
// The catalog and the tables' Delta logs never disagree, whenever a process dies: a table is
// registered before its first commit under a creation lock (lockTableCreation), and an entry
// whose creation was killed before the commit is removed, with its folder, when the catalog is
// next opened (with a warning on stderr); a rename that moves a folder is journaled, and
// finished at the next open when its process died in between.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "catalog/catalog_entry.hpp"
#include "common/fs/file_lock.hpp"

namespace sluice {

class SqliteDatabase;

//! Resolves table, schema.table (LIVE.table: the current schema) or catalog.schema.table
//! against a current catalog and schema, folding every part. More parts: NOT_SUPPORTED.
QualifiedTableName qualifyTableName(const std::vector<std::string>& parts,
                                    std::string_view current_catalog,
                                    std::string_view current_schema);

class Catalog {
 public:
  static constexpr std::string_view kDefaultCatalog = "spark_catalog";
  static constexpr std::string_view kDefaultSchema = "default";
  static constexpr std::string_view kDatabaseFileName = "catalog.db";
  //! The schema prefix of the pipeline language: LIVE.t is t in the current schema.
  static constexpr std::string_view kLiveSchema = "live";

  //! Opens (creating the folder and the database) <storage_dir>/catalog.db; the default
  //! catalog and schema always exist and are current.
  explicit Catalog(std::string storage_dir);
  ~Catalog();
  Catalog(const Catalog&) = delete;
  Catalog& operator=(const Catalog&) = delete;

  //! True when `storage_dir` already holds a catalog database (opening one would not create
  //! anything).
  static bool existsIn(std::string_view storage_dir);

  //! The storage folder, absolute.
  const std::string& storageDir() const { return storage_dir_; }
  const std::string& databasePath() const;

  // The current namespace.
  std::string currentCatalog() const;
  std::string currentSchema() const;
  //! USE CATALOG: CATALOG_NOT_FOUND unless it exists; its default schema becomes current.
  void setCurrentCatalog(std::string_view catalog);
  //! USE SCHEMA: CATALOG_NOT_FOUND / SCHEMA_NOT_FOUND unless both exist.
  void setCurrentNamespace(std::string_view catalog, std::string_view schema);

  // Name resolution.
  //! Resolves table, schema.table (LIVE.table: the current schema) or catalog.schema.table
  //! against the current namespace. More parts: NOT_SUPPORTED.
  QualifiedTableName qualify(const std::vector<std::string>& parts) const;
  //! Resolves schema or catalog.schema into (catalog, schema).
  std::pair<std::string, std::string> qualifySchema(const std::vector<std::string>& parts) const;

  // Catalogs. Only the default catalog exists until a pipeline creates its own.
  bool catalogExists(std::string_view catalog) const;
  //! Creates a catalog; false when it already existed.
  bool createCatalog(std::string_view catalog, std::string_view comment = {});
  //! All catalogs, sorted by name.
  std::vector<std::string> listCatalogs() const;

  // Schemas.
  std::optional<SchemaEntry> findSchema(std::string_view catalog, std::string_view schema) const;
  //! Creates a schema: CATALOG_NOT_FOUND; SCHEMA_ALREADY_EXISTS unless `if_not_exists`, in
  //! which case false is returned.
  bool createSchema(const SchemaEntry& entry, bool if_not_exists);
  //! Drops a schema and returns the tables it held (the caller deletes their folders).
  //! SCHEMA_NOT_FOUND; a schema with tables needs `cascade`; the default schema stays.
  std::vector<TableEntry> dropSchema(std::string_view catalog, std::string_view schema,
                                     bool cascade);
  //! The schemas of `catalog`, sorted by name.
  std::vector<SchemaEntry> listSchemas(std::string_view catalog) const;

  // Tables and views.
  std::optional<TableEntry> findTable(const QualifiedTableName& name) const;
  //! Registers a table or view: SCHEMA_NOT_FOUND; TABLE_OR_VIEW_ALREADY_EXISTS unless
  //! `replace`, which overwrites the entry.
  void createTable(const TableEntry& entry, bool replace);
  //! Removes the entry (not the folder): TABLE_OR_VIEW_NOT_FOUND.
  void dropTable(const QualifiedTableName& name);
  //! Moves the entry of `from` to `renamed.name` in one transaction; when `renamed.location`
  //! differs from the entry's, the folder is moved too (journaled first, so that a process
  //! killed before the move is done has it finished at the next open).
  void renameTable(const QualifiedTableName& from, const TableEntry& renamed);

  //! Marks the creation of the table `name` at `location` (its folder, created) as in
  //! progress, until finishTableCreation or the process's end. TABLE_OR_VIEW_ALREADY_EXISTS
  //! when another process is creating a table there.
  FileLock lockTableCreation(const QualifiedTableName& name, const std::string& location);
  //! The table at `location` committed its first version: the mark goes.
  static void finishTableCreation(const std::string& location, FileLock lock);
  //! The creation failed before its first commit: the entry and the folder go.
  void abandonTableCreation(const QualifiedTableName& name, const std::string& location);
  //! The tables and views of a schema, sorted by name.
  std::vector<TableEntry> listTables(std::string_view catalog, std::string_view schema) const;
  // Functions (CREATE FUNCTION), in the schemas beside tables.
  std::optional<FunctionEntry> findFunction(const QualifiedTableName& name) const;
  //! Registers a function: SCHEMA_NOT_FOUND; ROUTINE_ALREADY_EXISTS unless `replace`, which
  //! overwrites the entry.
  void createFunction(const FunctionEntry& entry, bool replace);
  //! Removes the function; false when there was none.
  bool dropFunction(const QualifiedTableName& name);
  //! The functions of a schema, sorted by name.
  std::vector<FunctionEntry> listFunctions(std::string_view catalog, std::string_view schema) const;

  //! <storage_dir>/tables/<catalog>/<schema>/<table>, each name escaped for the file system.
  std::string defaultLocation(const QualifiedTableName& name) const;

 private:
  //! At open: finishes journaled folder moves and removes the tables whose creation was
  //! killed before their first commit (catalog_recovery.cpp).
  void recoverInterruptedChanges();
  //! Moves a journaled folder unless that was done already, then clears the journal's row.
  void finishFolderMove(const std::string& from, const std::string& to);
  void createTableLocked(const TableEntry& entry, bool replace);
  bool catalogExistsLocked(std::string_view catalog) const;
  std::optional<SchemaEntry> findSchemaLocked(std::string_view catalog,
                                              std::string_view schema) const;
  std::vector<TableEntry> listTablesLocked(std::string_view catalog, std::string_view schema) const;

  std::string storage_dir_;
  std::unique_ptr<SqliteDatabase> db_;
  //! One statement at a time on the connection: pipelines register tables from many threads.
  mutable std::mutex mutex_;
  std::string current_catalog_;
  std::string current_schema_;
};

}  // namespace sluice

// src/catalog/catalog.cpp
//
// The catalog over its SQLite database: name resolution, catalogs, schemas and tables.
#include "catalog/catalog.hpp"

#include <chrono>
#include <filesystem>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "catalog/catalog_entry.hpp"
#include "catalog/catalog_errors.hpp"
#include "catalog/catalog_migrations.hpp"
#include "catalog/sqlite_database.hpp"
#include "common/check.hpp"
#include "common/clock.hpp"

namespace sluice {

namespace fs = std::filesystem;

namespace {

constexpr const char* kTableColumns =
    "catalog, schema, name, kind, location, pipeline_id, comment, properties, row_filter, "
    "view_text, created_at_ms";

std::string propertiesToJson(const std::map<std::string, std::string>& properties) {
  nlohmann::json object = nlohmann::json::object();
  for (const auto& [key, value] : properties)
    object[key] = value;
  return object.dump();
}

std::map<std::string, std::string> propertiesFromJson(const std::string& text,
                                                      const std::string& database) {
  std::map<std::string, std::string> properties;
  nlohmann::json object = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!object.is_object()) {
    throwError(ErrorClass::IO_ERROR, "The catalog database {} holds malformed properties: {}",
               database, text);
  }
  for (const auto& [key, value] : object.items()) {
    properties[key] = value.is_string() ? value.get<std::string>() : value.dump();
  }
  return properties;
}

//! A name as one folder: Hive's escapePathName (the characters a path or a URI would read
//! differently become %XX), and "." or ".." spelled out so that no name leaves its parent.
std::string escapeFolderName(std::string_view name) {
  if (name == ".")
    return "%2E";
  if (name == "..")
    return "%2E%2E";
  static constexpr std::string_view kEscaped = "\"#%'*/:=?\\\x7f{[]^";
  std::string out;
  for (char c : name) {
    auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || kEscaped.find(c) != std::string_view::npos) {
      out += fmt::format("%{:02X}", byte);
    } else {
      out += c;
    }
  }
  return out;
}

QualifiedTableName foldName(const QualifiedTableName& name) {
  return {foldIdentifier(name.catalog), foldIdentifier(name.schema), foldIdentifier(name.table)};
}

}  // namespace

Catalog::Catalog(std::string storage_dir)
    : current_catalog_(kDefaultCatalog), current_schema_(kDefaultSchema) {
  std::error_code error;
  fs::path folder = fs::absolute(storage_dir, error);
  if (error)
    folder = storage_dir;
  storage_dir_ = folder.lexically_normal().string();
  if (storage_dir_.size() > 1 && storage_dir_.back() == '/')
    storage_dir_.pop_back();
  fs::create_directories(storage_dir_, error);
  if (error) {
    throwError(ErrorClass::IO_ERROR, "Cannot create the storage folder {}: {}", storage_dir_,
               error.message());
  }
  db_ = std::make_unique<SqliteDatabase>((fs::path(storage_dir_) / kDatabaseFileName).string(),
                                         migrateCatalogDatabase);
  recoverInterruptedChanges();
}

Catalog::~Catalog() = default;

bool Catalog::existsIn(std::string_view storage_dir) {
  std::error_code error;
  return fs::is_regular_file(fs::path(storage_dir) / kDatabaseFileName, error);
}

const std::string& Catalog::databasePath() const {
  return db_->path();
}

std::string Catalog::currentCatalog() const {
  std::lock_guard lock(mutex_);
  return current_catalog_;
}

std::string Catalog::currentSchema() const {
  std::lock_guard lock(mutex_);
  return current_schema_;
}

void Catalog::setCurrentCatalog(std::string_view catalog) {
  std::string folded = foldIdentifier(catalog);
  std::lock_guard lock(mutex_);
  if (!catalogExistsLocked(folded))
    throw catalogNotFound(catalog);
  current_catalog_ = folded;
  current_schema_ = kDefaultSchema;
}

void Catalog::setCurrentNamespace(std::string_view catalog, std::string_view schema) {
  std::string folded_catalog = foldIdentifier(catalog);
  std::string folded_schema = foldIdentifier(schema);
  std::lock_guard lock(mutex_);
  if (!catalogExistsLocked(folded_catalog))
    throw catalogNotFound(catalog);
  if (!findSchemaLocked(folded_catalog, folded_schema))
    throw schemaNotFound(catalog, schema);
  current_catalog_ = folded_catalog;
  current_schema_ = folded_schema;
}

QualifiedTableName qualifyTableName(const std::vector<std::string>& parts,
                                    std::string_view current_catalog,
                                    std::string_view current_schema) {
  SLUICE_CHECK(!parts.empty());
  std::string catalog = foldIdentifier(current_catalog);
  std::string schema = foldIdentifier(current_schema);
  switch (parts.size()) {
    case 1:
      return {catalog, schema, foldIdentifier(parts[0])};
    case 2:
      if (foldIdentifier(parts[0]) == Catalog::kLiveSchema)
        return {catalog, schema, foldIdentifier(parts[1])};
      return {catalog, foldIdentifier(parts[0]), foldIdentifier(parts[1])};
    case 3:
      return {foldIdentifier(parts[0]), foldIdentifier(parts[1]), foldIdentifier(parts[2])};
    default:
      throwError(ErrorClass::NOT_SUPPORTED,
                 "The name {} has {} parts; a table name has at most three "
                 "(catalog.schema.table).",
                 quoteNameParts(parts), parts.size());
  }
}

QualifiedTableName Catalog::qualify(const std::vector<std::string>& parts) const {
  std::lock_guard lock(mutex_);
  return qualifyTableName(parts, current_catalog_, current_schema_);
}

std::pair<std::string, std::string> Catalog::qualifySchema(
    const std::vector<std::string>& parts) const {
  SLUICE_CHECK(!parts.empty());
  std::lock_guard lock(mutex_);
  switch (parts.size()) {
    case 1:
      return {current_catalog_, foldIdentifier(parts[0])};
    case 2:
      return {foldIdentifier(parts[0]), foldIdentifier(parts[1])};
    default:
      throwError(ErrorClass::NOT_SUPPORTED,
                 "The name {} has {} parts; a schema name has at most two (catalog.schema).",
                 quoteNameParts(parts), parts.size());
  }
}

bool Catalog::catalogExistsLocked(std::string_view catalog) const {
  SqliteStatement query(*db_, "SELECT 1 FROM catalogs WHERE name = ?");
  query.bind(1, catalog);
  return query.step();
}

bool Catalog::catalogExists(std::string_view catalog) const {
  std::lock_guard lock(mutex_);
  return catalogExistsLocked(foldIdentifier(catalog));
}

bool Catalog::createCatalog(std::string_view catalog, std::string_view comment) {
  std::string folded = foldIdentifier(catalog);
  std::lock_guard lock(mutex_);
  SqliteTransaction transaction(*db_);
  if (catalogExistsLocked(folded))
    return false;
  int64_t now = epochMillis();
  SqliteStatement insert(*db_,
                         "INSERT INTO catalogs (name, comment, created_at_ms) VALUES (?, ?, ?)");
  insert.bind(1, folded).bind(2, comment).bind(3, now).run();
  // Every catalog has its default schema, as spark_catalog has.
  SqliteStatement schema(*db_,
                         "INSERT INTO schemas (catalog, name, comment, created_at_ms) VALUES "
                         "(?, ?, 'default database', ?)");
  schema.bind(1, folded).bind(2, kDefaultSchema).bind(3, now).run();
  transaction.commit();
  return true;
}

std::vector<std::string> Catalog::listCatalogs() const {
  std::lock_guard lock(mutex_);
  SqliteStatement query(*db_, "SELECT name FROM catalogs ORDER BY name");
  std::vector<std::string> names;
  while (query.step())
    names.push_back(query.text(0));
  return names;
}

std::optional<SchemaEntry> Catalog::findSchemaLocked(std::string_view catalog,
                                                     std::string_view schema) const {
  SqliteStatement query(*db_,
                        "SELECT catalog, name, comment, properties, created_at_ms FROM schemas "
                        "WHERE catalog = ? AND name = ?");
  query.bind(1, catalog).bind(2, schema);
  if (!query.step())
    return std::nullopt;
  return SchemaEntry{query.text(0), query.text(1), query.text(2),
                     propertiesFromJson(query.text(3), db_->path()), query.integer(4)};
}

std::optional<SchemaEntry> Catalog::findSchema(std::string_view catalog,
                                               std::string_view schema) const {
  std::lock_guard lock(mutex_);
  return findSchemaLocked(foldIdentifier(catalog), foldIdentifier(schema));
}

bool Catalog::createSchema(const SchemaEntry& entry, bool if_not_exists) {
  std::string catalog = foldIdentifier(entry.catalog);
  std::string schema = foldIdentifier(entry.name);
  std::lock_guard lock(mutex_);
  SqliteTransaction transaction(*db_);
  if (!catalogExistsLocked(catalog))
    throw catalogNotFound(entry.catalog);
  if (findSchemaLocked(catalog, schema)) {
    if (if_not_exists)
      return false;
    throw schemaAlreadyExists(catalog, schema);
  }
  SqliteStatement insert(*db_,
                         "INSERT INTO schemas (catalog, name, comment, properties, created_at_ms) "
                         "VALUES (?, ?, ?, ?, ?)");
  insert.bind(1, catalog).bind(2, schema).bind(3, entry.comment);
  insert.bind(4, propertiesToJson(entry.properties));
  insert.bind(5, entry.created_at_ms != 0 ? entry.created_at_ms : epochMillis());
  insert.run();
  transaction.commit();
  return true;
}

std::vector<TableEntry> Catalog::dropSchema(std::string_view catalog, std::string_view schema,
                                            bool cascade) {
  std::string folded_catalog = foldIdentifier(catalog);
  std::string folded_schema = foldIdentifier(schema);
  std::lock_guard lock(mutex_);
  SqliteTransaction transaction(*db_);
  if (!findSchemaLocked(folded_catalog, folded_schema))
    throw schemaNotFound(catalog, schema);
  if (folded_schema == kDefaultSchema) {
    throwError(ErrorClass::NOT_SUPPORTED, "Cannot drop the default schema {}.",
               quoteNameParts({folded_catalog, folded_schema}));
  }
  std::vector<TableEntry> tables = listTablesLocked(folded_catalog, folded_schema);
  SqliteStatement functions(*db_, "SELECT 1 FROM functions WHERE catalog = ? AND schema = ?");
  functions.bind(1, folded_catalog).bind(2, folded_schema);
  if ((!tables.empty() || functions.step()) && !cascade) {
    throwError(ErrorClass::SCHEMA_NOT_EMPTY,
               "Cannot drop a schema {} because it contains objects. Use DROP SCHEMA ... CASCADE "
               "to drop the schema and all its objects.",
               quoteNameParts({folded_catalog, folded_schema}));
  }
  SqliteStatement drop_tables(*db_, "DELETE FROM tables WHERE catalog = ? AND schema = ?");
  drop_tables.bind(1, folded_catalog).bind(2, folded_schema).run();
  SqliteStatement drop_functions(*db_, "DELETE FROM functions WHERE catalog = ? AND schema = ?");
  drop_functions.bind(1, folded_catalog).bind(2, folded_schema).run();
  SqliteStatement drop(*db_, "DELETE FROM schemas WHERE catalog = ? AND name = ?");
  drop.bind(1, folded_catalog).bind(2, folded_schema).run();
  transaction.commit();
  // A session whose current schema is gone falls back to the default one, as Spark's does.
  if (current_catalog_ == folded_catalog && current_schema_ == folded_schema) {
    current_schema_ = kDefaultSchema;
  }
  return tables;
}

std::vector<SchemaEntry> Catalog::listSchemas(std::string_view catalog) const {
  std::lock_guard lock(mutex_);
  SqliteStatement query(*db_,
                        "SELECT catalog, name, comment, properties, created_at_ms FROM schemas "
                        "WHERE catalog = ? ORDER BY name");
  query.bind(1, foldIdentifier(catalog));
  std::vector<SchemaEntry> schemas;
  while (query.step()) {
    schemas.push_back(SchemaEntry{query.text(0), query.text(1), query.text(2),
                                  propertiesFromJson(query.text(3), db_->path()),
                                  query.integer(4)});
  }
  return schemas;
}

namespace {

TableEntry readTableRow(const SqliteStatement& row, const std::string& database) {
  TableEntry entry;
  entry.name = {row.text(0), row.text(1), row.text(2)};
  std::string kind = row.text(3);
  std::optional<TableKind> parsed = parseTableKind(kind);
  if (!parsed) {
    throwError(ErrorClass::IO_ERROR,
               "The catalog database {} holds an unknown table kind '{}' "
               "for {}.",
               database, kind, entry.name.quoted());
  }
  entry.kind = *parsed;
  entry.location = row.text(4);
  entry.pipeline_id = row.text(5);
  entry.comment = row.text(6);
  entry.properties = propertiesFromJson(row.text(7), database);
  entry.row_filter = row.text(8);
  entry.view_text = row.text(9);
  entry.created_at_ms = row.integer(10);
  return entry;
}

}  // namespace

std::optional<TableEntry> Catalog::findTable(const QualifiedTableName& name) const {
  QualifiedTableName folded = foldName(name);
  std::lock_guard lock(mutex_);
  SqliteStatement query(*db_, fmt::format("SELECT {} FROM tables WHERE catalog = ? AND schema = ? "
                                          "AND name = ?",
                                          kTableColumns));
  query.bind(1, folded.catalog).bind(2, folded.schema).bind(3, folded.table);
  if (!query.step())
    return std::nullopt;
  return readTableRow(query, db_->path());
}

void Catalog::createTable(const TableEntry& entry, bool replace) {
  std::lock_guard lock(mutex_);
  SqliteTransaction transaction(*db_);
  createTableLocked(entry, replace);
  transaction.commit();
}

void Catalog::createTableLocked(const TableEntry& entry, bool replace) {
  QualifiedTableName name = foldName(entry.name);
  if (!catalogExistsLocked(name.catalog))
    throw catalogNotFound(name.catalog);
  if (!findSchemaLocked(name.catalog, name.schema))
    throw schemaNotFound(name.catalog, name.schema);
  SqliteStatement exists(*db_,
                         "SELECT 1 FROM tables WHERE catalog = ? AND schema = ? AND name = ?");
  exists.bind(1, name.catalog).bind(2, name.schema).bind(3, name.table);
  if (exists.step() && !replace) {
    throw tableOrViewAlreadyExists({name.catalog, name.schema, name.table});
  }
  SqliteStatement insert(*db_, fmt::format("INSERT OR REPLACE INTO tables ({}) VALUES "
                                           "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                           kTableColumns));
  insert.bind(1, name.catalog).bind(2, name.schema).bind(3, name.table);
  insert.bind(4, tableKindName(entry.kind)).bind(5, entry.location).bind(6, entry.pipeline_id);
  insert.bind(7, entry.comment).bind(8, propertiesToJson(entry.properties));
  insert.bind(9, entry.row_filter).bind(10, entry.view_text);
  insert.bind(11, entry.created_at_ms != 0 ? entry.created_at_ms : epochMillis());
  insert.run();
}

void Catalog::dropTable(const QualifiedTableName& name) {
  QualifiedTableName folded = foldName(name);
  std::lock_guard lock(mutex_);
  SqliteStatement drop(*db_, "DELETE FROM tables WHERE catalog = ? AND schema = ? AND name = ?");
  drop.bind(1, folded.catalog).bind(2, folded.schema).bind(3, folded.table).run();
  if (db_->changes() == 0)
    throw tableOrViewNotFound({folded.catalog, folded.schema, folded.table});
}

void Catalog::renameTable(const QualifiedTableName& from, const TableEntry& renamed) {
  QualifiedTableName old_name = foldName(from);
  std::optional<TableEntry> entry = findTable(old_name);
  if (!entry)
    throw tableOrViewNotFound({old_name.catalog, old_name.schema, old_name.table});
  bool moves = renamed.location != entry->location;
  {
    std::lock_guard lock(mutex_);
    SqliteTransaction transaction(*db_);
    SqliteStatement drop(*db_, "DELETE FROM tables WHERE catalog = ? AND schema = ? AND name = ?");
    drop.bind(1, old_name.catalog).bind(2, old_name.schema).bind(3, old_name.table).run();
    createTableLocked(renamed, /*replace=*/false);
    if (moves) {
      SqliteStatement journal(*db_,
                              "INSERT OR REPLACE INTO folder_moves (from_path, to_path) "
                              "VALUES (?, ?)");
      journal.bind(1, entry->location).bind(2, renamed.location).run();
    }
    transaction.commit();
  }
  if (moves)
    finishFolderMove(entry->location, renamed.location);
}

std::vector<TableEntry> Catalog::listTablesLocked(std::string_view catalog,
                                                  std::string_view schema) const {
  SqliteStatement query(*db_, fmt::format("SELECT {} FROM tables WHERE catalog = ? AND schema = ? "
                                          "ORDER BY name",
                                          kTableColumns));
  query.bind(1, catalog).bind(2, schema);
  std::vector<TableEntry> tables;
  while (query.step())
    tables.push_back(readTableRow(query, db_->path()));
  return tables;
}

std::vector<TableEntry> Catalog::listTables(std::string_view catalog,
                                            std::string_view schema) const {
  std::lock_guard lock(mutex_);
  return listTablesLocked(foldIdentifier(catalog), foldIdentifier(schema));
}

namespace {

constexpr const char* kFunctionColumns =
    "catalog, schema, name, definition, pipeline_id, "
    "created_at_ms";

FunctionEntry readFunctionRow(const SqliteStatement& row) {
  return FunctionEntry{
      {row.text(0), row.text(1), row.text(2)}, row.text(3), row.text(4), row.integer(5)};
}

}  // namespace

std::optional<FunctionEntry> Catalog::findFunction(const QualifiedTableName& name) const {
  QualifiedTableName folded = foldName(name);
  std::lock_guard lock(mutex_);
  SqliteStatement query(*db_, fmt::format("SELECT {} FROM functions WHERE catalog = ? AND "
                                          "schema = ? AND name = ?",
                                          kFunctionColumns));
  query.bind(1, folded.catalog).bind(2, folded.schema).bind(3, folded.table);
  if (!query.step())
    return std::nullopt;
  return readFunctionRow(query);
}

void Catalog::createFunction(const FunctionEntry& entry, bool replace) {
  QualifiedTableName name = foldName(entry.name);
  std::lock_guard lock(mutex_);
  SqliteTransaction transaction(*db_);
  if (!catalogExistsLocked(name.catalog))
    throw catalogNotFound(name.catalog);
  if (!findSchemaLocked(name.catalog, name.schema))
    throw schemaNotFound(name.catalog, name.schema);
  SqliteStatement exists(*db_,
                         "SELECT 1 FROM functions WHERE catalog = ? AND schema = ? AND name = ?");
  exists.bind(1, name.catalog).bind(2, name.schema).bind(3, name.table);
  if (exists.step() && !replace)
    throw routineAlreadyExists({name.catalog, name.schema, name.table});
  SqliteStatement insert(*db_, fmt::format("INSERT OR REPLACE INTO functions ({}) VALUES "
                                           "(?, ?, ?, ?, ?, ?)",
                                           kFunctionColumns));
  insert.bind(1, name.catalog).bind(2, name.schema).bind(3, name.table);
  insert.bind(4, entry.definition).bind(5, entry.pipeline_id);
  insert.bind(6, entry.created_at_ms != 0 ? entry.created_at_ms : epochMillis());
  insert.run();
  transaction.commit();
}

bool Catalog::dropFunction(const QualifiedTableName& name) {
  QualifiedTableName folded = foldName(name);
  std::lock_guard lock(mutex_);
  SqliteStatement drop(*db_, "DELETE FROM functions WHERE catalog = ? AND schema = ? AND name = ?");
  drop.bind(1, folded.catalog).bind(2, folded.schema).bind(3, folded.table).run();
  return db_->changes() != 0;
}

std::vector<FunctionEntry> Catalog::listFunctions(std::string_view catalog,
                                                  std::string_view schema) const {
  std::lock_guard lock(mutex_);
  SqliteStatement query(*db_, fmt::format("SELECT {} FROM functions WHERE catalog = ? AND "
                                          "schema = ? ORDER BY name",
                                          kFunctionColumns));
  query.bind(1, foldIdentifier(catalog)).bind(2, foldIdentifier(schema));
  std::vector<FunctionEntry> functions;
  while (query.step())
    functions.push_back(readFunctionRow(query));
  return functions;
}

std::string Catalog::defaultLocation(const QualifiedTableName& name) const {
  QualifiedTableName folded = foldName(name);
  fs::path path = fs::path(storage_dir_) / "tables" / escapeFolderName(folded.catalog) /
                  escapeFolderName(folded.schema) / escapeFolderName(folded.table);
  return path.string();
}

}  // namespace sluice

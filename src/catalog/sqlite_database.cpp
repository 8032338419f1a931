// src/catalog/sqlite_database.cpp
//
// The SQLite connection, statement and transaction wrappers of the catalog.
#include "catalog/sqlite_database.hpp"

#include <sqlite3.h>

#include <filesystem>

#include <fmt/format.h>

#include "common/error/error.hpp"

namespace sluice {

SqliteDatabase::SqliteDatabase(std::string path,
                               const std::function<void(SqliteDatabase&)>& create_schema)
    : path_(std::move(path)) {
  std::error_code ignored;
  bool created =
      !std::filesystem::exists(path_, ignored) || std::filesystem::file_size(path_, ignored) == 0;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX;
  int code = sqlite3_open_v2(path_.c_str(), &db_, flags, nullptr);
  if (code != SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(code);
    sqlite3_close(db_);
    db_ = nullptr;
    throwError(ErrorClass::IO_ERROR, "Cannot open the catalog database {}: {}", path_, message);
  }
  sqlite3_extended_result_codes(db_, 1);
  // The WAL file stays when the last connection closes (checkpointed, so nothing is lost):
  // deleting it and creating it again at every process's end and start cost an inode, a
  // truncation and a folder sync each time.
  int persist_wal = 1;
  sqlite3_file_control(db_, "main", SQLITE_FCNTL_PERSIST_WAL, &persist_wal);
  // Nor is the WAL checkpointed into the database when the process ends: the next process
  // reads it as it is, and a checkpoint runs whenever it grows past SQLite's limit. Syncing
  // both files at every process's end cost more than the rest of a short update.
  sqlite3_db_config(db_, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
  // The timeout comes first: switching to WAL itself may wait for another process. On a
  // database just created, the switch (a write of its own in rollback mode), the WAL's
  // header and the tables go without journal or sync.
  sqlite3_busy_timeout(db_, kBusyTimeoutMs);
  try {
    if (created)
      execute("PRAGMA synchronous = OFF; PRAGMA journal_mode = OFF;");
    execute("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;");
    create_schema(*this);
    execute("PRAGMA synchronous = NORMAL;");
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
}

SqliteDatabase::~SqliteDatabase() {
  sqlite3_close(db_);
}

void SqliteDatabase::execute(std::string_view sql) {
  std::string text(sql);
  char* message = nullptr;
  int code = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &message);
  if (code != SQLITE_OK) {
    std::string detail = message ? message : sqlite3_errstr(code);
    sqlite3_free(message);
    throwError(ErrorClass::IO_ERROR, "The catalog database {} failed: {}", path_, detail);
  }
}

int64_t SqliteDatabase::changes() const {
  return sqlite3_changes64(db_);
}

void SqliteDatabase::fail(int code, std::string_view what) const {
  const char* message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(code);
  throwError(ErrorClass::IO_ERROR, "The catalog database {} failed to {}: {}", path_, what,
             message);
}

SqliteStatement::SqliteStatement(const SqliteDatabase& db, std::string_view sql) : db_(db) {
  int code = sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()), &statement_,
                                nullptr);
  if (code != SQLITE_OK)
    db.fail(code, "prepare a statement");
}

SqliteStatement::~SqliteStatement() {
  sqlite3_finalize(statement_);
}

SqliteStatement& SqliteStatement::bind(int index, std::string_view value) {
  // An empty view may have no data pointer, which SQLite would bind as NULL.
  const char* data = value.data() != nullptr ? value.data() : "";
  int code =
      sqlite3_bind_text(statement_, index, data, static_cast<int>(value.size()), SQLITE_TRANSIENT);
  if (code != SQLITE_OK)
    db_.fail(code, "bind a value");
  return *this;
}

SqliteStatement& SqliteStatement::bindOptional(int index, const std::optional<std::string>& value) {
  if (value)
    return bind(index, std::string_view(*value));
  int code = sqlite3_bind_null(statement_, index);
  if (code != SQLITE_OK)
    db_.fail(code, "bind a value");
  return *this;
}

SqliteStatement& SqliteStatement::bind(int index, int64_t value) {
  int code = sqlite3_bind_int64(statement_, index, value);
  if (code != SQLITE_OK)
    db_.fail(code, "bind a value");
  return *this;
}

bool SqliteStatement::step() {
  int code = sqlite3_step(statement_);
  if (code == SQLITE_ROW)
    return true;
  if (code == SQLITE_DONE)
    return false;
  db_.fail(code, "run a statement");
}

void SqliteStatement::run() {
  while (step()) {
  }
}

std::string SqliteStatement::text(int column) const {
  const unsigned char* value = sqlite3_column_text(statement_, column);
  if (value == nullptr)
    return {};
  return std::string(reinterpret_cast<const char*>(value),
                     static_cast<size_t>(sqlite3_column_bytes(statement_, column)));
}

std::optional<std::string> SqliteStatement::optionalText(int column) const {
  if (isNull(column))
    return std::nullopt;
  return text(column);
}

int64_t SqliteStatement::integer(int column) const {
  return sqlite3_column_int64(statement_, column);
}

bool SqliteStatement::isNull(int column) const {
  return sqlite3_column_type(statement_, column) == SQLITE_NULL;
}

SqliteTransaction::SqliteTransaction(SqliteDatabase& db) : db_(db) {
  db_.execute("BEGIN IMMEDIATE");
}

SqliteTransaction::~SqliteTransaction() {
  if (done_)
    return;
  // A failed rollback leaves nothing to do: SQLite rolls back when the connection closes.
  sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void SqliteTransaction::commit() {
  db_.execute("COMMIT");
  done_ = true;
}

}  // namespace sluice

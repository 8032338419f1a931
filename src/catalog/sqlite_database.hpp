// src/catalog/sqlite_database.hpp
//
// Small RAII wrappers over the SQLite C API for the catalog: a connection (WAL journal and a
// busy timeout, so that several processes can share one storage folder), a prepared statement
// and an IMMEDIATE transaction that rolls back unless committed. Every SQLite failure becomes
// an IO_ERROR naming the database file and SQLite's message.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace sluice {

class SqliteDatabase {
 public:
  //! How long a statement waits for another connection's write lock before failing.
  static constexpr int kBusyTimeoutMs = 10'000;

  //! Opens (creating) the database file at `path`, in WAL mode with a busy timeout, and runs
  //! `create_schema` (which must do nothing to a database that has its tables already). On a
  //! database the call creates, the first writes go without syncs: an empty file has nothing
  //! to protect, and they would cost more than the rest of a short update.
  SqliteDatabase(std::string path, const std::function<void(SqliteDatabase&)>& create_schema);
  //! Opens a database whose tables its creator made.
  explicit SqliteDatabase(std::string path)
      : SqliteDatabase(std::move(path), [](SqliteDatabase&) {}) {}
  ~SqliteDatabase();
  SqliteDatabase(const SqliteDatabase&) = delete;
  SqliteDatabase& operator=(const SqliteDatabase&) = delete;

  const std::string& path() const { return path_; }
  sqlite3* handle() const { return db_; }

  //! Runs one or more statements that return no rows.
  void execute(std::string_view sql);
  //! Rows changed by the last INSERT, UPDATE or DELETE.
  int64_t changes() const;

  //! Throws IO_ERROR for result code `code` of `what`, with SQLite's message.
  [[noreturn]] void fail(int code, std::string_view what) const;

 private:
  std::string path_;
  sqlite3* db_ = nullptr;
};

class SqliteStatement {
 public:
  SqliteStatement(const SqliteDatabase& db, std::string_view sql);
  ~SqliteStatement();
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  //! Binds parameter `index` (from 1); an empty optional binds NULL.
  SqliteStatement& bind(int index, std::string_view value);
  SqliteStatement& bindOptional(int index, const std::optional<std::string>& value);
  SqliteStatement& bind(int index, int64_t value);

  //! Advances to the next row; false when the statement is done.
  bool step();
  //! Runs a statement that returns no rows.
  void run();

  std::string text(int column) const;
  std::optional<std::string> optionalText(int column) const;
  int64_t integer(int column) const;
  bool isNull(int column) const;

 private:
  const SqliteDatabase& db_;
  sqlite3_stmt* statement_ = nullptr;
};

//! BEGIN IMMEDIATE ... COMMIT: takes the write lock at the start so that a read-then-write
//! sequence cannot be overtaken by another process; rolls back when destroyed uncommitted.
class SqliteTransaction {
 public:
  explicit SqliteTransaction(SqliteDatabase& db);
  ~SqliteTransaction();
  SqliteTransaction(const SqliteTransaction&) = delete;
  SqliteTransaction& operator=(const SqliteTransaction&) = delete;

  void commit();

 private:
  SqliteDatabase& db_;
  bool done_ = false;
};

}  // namespace sluice

// src/catalog/catalog_recovery.cpp
//
// What keeps the catalog and the tables' folders in step when a process dies part-way through
// a statement: the creation lock of a new table, the journal of folder moves, and the recovery
// that the next open of the catalog runs.
//
// A new managed table is registered before its first commit (so that no folder exists that no
// entry names), holding an flock on <folder>/_sluice_creating.lock until the commit; the file
// goes once the table is committed. An entry whose lock file is still there and not held by a
// live process belongs to a statement that was killed: without a commit the entry and the
// folder are removed; with one (killed between the commit and the file's removal), only the
// file. Delta readers and VACUUM pass over files whose name starts with '_'.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <utility>

#include <fmt/format.h>

#include "catalog/catalog.hpp"
#include "catalog/catalog_errors.hpp"
#include "catalog/sqlite_database.hpp"
#include "common/error/error.hpp"
#include "storage/delta/log_store.hpp"

namespace sluice {

namespace fs = std::filesystem;

namespace {

constexpr const char* kCreationLockName = "_sluice_creating.lock";

std::string creationLockPath(const std::string& location) {
  return (fs::path(location) / kCreationLockName).string();
}

}  // namespace

FileLock Catalog::lockTableCreation(const QualifiedTableName& name, const std::string& location) {
  std::error_code error;
  fs::create_directories(location, error);
  if (error) {
    throwError(ErrorClass::IO_ERROR, "Cannot create the folder {} of {}: {}", location,
               name.quoted(), error.message());
  }
  std::optional<FileLock> lock = FileLock::tryLock(creationLockPath(location));
  if (!lock)
    throw tableOrViewAlreadyExists({name.catalog, name.schema, name.table});
  lock->describeHolder(fmt::format("process {}", ::getpid()));
  return std::move(*lock);
}

void Catalog::finishTableCreation(const std::string& location, FileLock lock) {
  // Removed while still held (`lock` is released on return), so that no other process finds
  // it unheld in between.
  std::error_code error;
  fs::remove(creationLockPath(location), error);
}

void Catalog::abandonTableCreation(const QualifiedTableName& name, const std::string& location) {
  try {
    dropTable(name);
  } catch (const Error&) {
    // Already gone: nothing names the folder.
  }
  if (!delta::hasCommits(location)) {
    std::error_code error;
    fs::remove_all(location, error);
  }
}

void Catalog::finishFolderMove(const std::string& from, const std::string& to) {
  std::error_code error;
  if (fs::exists(from, error) && !fs::exists(to, error)) {
    fs::create_directories(fs::path(to).parent_path(), error);
    fs::rename(from, to, error);
    // Another process finishing the same move at once makes one rename fail harmlessly.
    if (error && !(fs::exists(to) && !fs::exists(from))) {
      throwError(ErrorClass::IO_ERROR, "Cannot move the table folder {} to {}: {}", from, to,
                 error.message());
    }
  }
  std::lock_guard lock(mutex_);
  SqliteStatement done(*db_, "DELETE FROM folder_moves WHERE from_path = ?");
  done.bind(1, from).run();
}

void Catalog::recoverInterruptedChanges() {
  std::vector<std::pair<std::string, std::string>> moves;
  std::vector<std::pair<QualifiedTableName, std::string>> managed;
  {
    std::lock_guard lock(mutex_);
    SqliteStatement journal(*db_, "SELECT from_path, to_path FROM folder_moves");
    while (journal.step())
      moves.emplace_back(journal.text(0), journal.text(1));
    SqliteStatement tables(*db_,
                           "SELECT catalog, schema, name, location FROM tables "
                           "WHERE kind = ? AND pipeline_id = ''");
    tables.bind(1, tableKindName(TableKind::kManagedTable));
    while (tables.step()) {
      managed.emplace_back(QualifiedTableName{tables.text(0), tables.text(1), tables.text(2)},
                           tables.text(3));
    }
  }
  // Moves first: a renamed table's folder is then where its entry says.
  for (const auto& [from, to] : moves)
    finishFolderMove(from, to);
  for (const auto& [name, location] : managed) {
    std::string lock_path = creationLockPath(location);
    std::error_code error;
    if (!fs::exists(lock_path, error))
      continue;
    std::optional<FileLock> lock = FileLock::tryLock(lock_path);
    if (!lock)
      continue;  // its statement is still running
    if (delta::hasCommits(location)) {
      fs::remove(lock_path, error);
      continue;
    }
    abandonTableCreation(name, location);
    std::fprintf(stderr,
                 "warning: removed %s from the catalog: the statement creating it was stopped "
                 "before the table's first commit.\n",
                 name.quoted().c_str());
  }
}

}  // namespace sluice

// test/unit/catalog/catalog_recovery_test.cpp
//
// The catalog's recovery at open from statements killed part-way: a table whose creation
// never committed is removed with its folder (unless its creator still runs); one that
// committed keeps its entry; a journaled folder move of a rename is finished.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>

#include "catalog/catalog.hpp"
#include "catalog/sqlite_database.hpp"
#include "catalog_test_util.hpp"
#include "common/error/error.hpp"

namespace sluice {
namespace {

namespace fs = std::filesystem;
using test_util::ScratchStorage;

const QualifiedTableName kName{"spark_catalog", "default", "t"};

TableEntry managedEntry(const Catalog& catalog, const QualifiedTableName& name) {
  TableEntry entry;
  entry.name = name;
  entry.location = catalog.defaultLocation(name);
  return entry;
}

//! A commit file as the first version of a Delta table would have it.
void writeFirstCommit(const std::string& location) {
  fs::create_directories(fs::path(location) / "_delta_log");
  std::ofstream(fs::path(location) / "_delta_log" / "00000000000000000000.json")
      << "{\"commitInfo\":{}}\n";
}

//! The state a CREATE TABLE killed part-way leaves: the entry registered under the creation
//! lock, the lock gone with its process; the first commit written when `committed`, else a
//! half-written data file. Returns the table's folder.
std::string killedCreation(const ScratchStorage& storage, bool committed) {
  Catalog catalog(storage.path());
  TableEntry entry = managedEntry(catalog, kName);
  FileLock lock = catalog.lockTableCreation(kName, entry.location);
  catalog.createTable(entry, false);
  if (committed)
    writeFirstCommit(entry.location);
  else
    std::ofstream(fs::path(entry.location) / "part-0.parquet") << "half written";
  return entry.location;
}

TEST(CatalogRecoveryTest, AnUncommittedCreationIsRemovedAtTheNextOpen) {
  ScratchStorage storage;
  std::string location = killedCreation(storage, /*committed=*/false);
  Catalog reopened(storage.path());
  EXPECT_FALSE(reopened.findTable(kName));
  EXPECT_FALSE(fs::exists(location));
  // The name takes a new table.
  FileLock lock = reopened.lockTableCreation(kName, location);
  reopened.createTable(managedEntry(reopened, kName), false);
}

TEST(CatalogRecoveryTest, ACreationInProgressIsLeftAlone) {
  ScratchStorage storage;
  Catalog creator(storage.path());
  TableEntry entry = managedEntry(creator, kName);
  FileLock lock = creator.lockTableCreation(kName, entry.location);
  creator.createTable(entry, false);
  Catalog other(storage.path());  // opens while the creation runs
  EXPECT_TRUE(other.findTable(kName));
  EXPECT_TRUE(fs::exists(entry.location));
  EXPECT_THROW(other.lockTableCreation(kName, entry.location), Error);
  writeFirstCommit(entry.location);
  Catalog::finishTableCreation(entry.location, std::move(lock));
  Catalog after(storage.path());
  EXPECT_TRUE(after.findTable(kName));
  EXPECT_TRUE(fs::exists(fs::path(entry.location) / "_delta_log"));
}

TEST(CatalogRecoveryTest, ACommittedCreationKilledBeforeItsMarkWentKeepsItsEntry) {
  ScratchStorage storage;
  std::string location = killedCreation(storage, /*committed=*/true);
  Catalog reopened(storage.path());
  EXPECT_TRUE(reopened.findTable(kName));
  EXPECT_FALSE(fs::exists(fs::path(location) / "_sluice_creating.lock"));
}

TEST(CatalogRecoveryTest, RenameMovesTheEntryAndTheFolder) {
  ScratchStorage storage;
  Catalog catalog(storage.path());
  TableEntry entry = managedEntry(catalog, kName);
  catalog.createTable(entry, false);
  writeFirstCommit(entry.location);
  QualifiedTableName to{"spark_catalog", "default", "u"};
  TableEntry renamed = managedEntry(catalog, to);
  catalog.renameTable(kName, renamed);
  EXPECT_FALSE(catalog.findTable(kName));
  ASSERT_TRUE(catalog.findTable(to));
  EXPECT_FALSE(fs::exists(entry.location));
  EXPECT_TRUE(fs::exists(fs::path(renamed.location) / "_delta_log"));
}

TEST(CatalogRecoveryTest, AJournaledFolderMoveIsFinishedAtTheNextOpen) {
  ScratchStorage storage;
  std::string from;
  std::string to;
  {
    Catalog catalog(storage.path());
    TableEntry entry = managedEntry(catalog, kName);
    from = entry.location;
    to = catalog.defaultLocation({"spark_catalog", "default", "u"});
    writeFirstCommit(from);
    // The state a rename killed after its catalog transaction leaves: the entry renamed and
    // the move journaled, the folder still at its old place.
    entry.name = {"spark_catalog", "default", "u"};
    entry.location = to;
    catalog.createTable(entry, false);
    SqliteDatabase db(catalog.databasePath());
    SqliteStatement journal(db, "INSERT INTO folder_moves (from_path, to_path) VALUES (?, ?)");
    journal.bind(1, from).bind(2, to).run();
  }
  Catalog reopened(storage.path());
  EXPECT_FALSE(fs::exists(from));
  EXPECT_TRUE(fs::exists(fs::path(to) / "_delta_log"));
  SqliteDatabase db(reopened.databasePath());
  SqliteStatement left(db, "SELECT count(*) FROM folder_moves");
  ASSERT_TRUE(left.step());
  EXPECT_EQ(left.integer(0), 0);
}

}  // namespace
}  // namespace sluice

// src/pipeline/update/pipeline_state.cpp
#include "pipeline/update/pipeline_state.hpp"

#include <filesystem>
#include <random>

#include <fmt/format.h>

#include "catalog/sqlite_database.hpp"

namespace sluice {

namespace {

constexpr std::string_view kSchema = R"sql(
CREATE TABLE IF NOT EXISTS pipeline (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS flows (
  flow TEXT PRIMARY KEY,
  next_batch INTEGER NOT NULL DEFAULT 0,
  once_done INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS batches (
  flow TEXT NOT NULL,
  batch INTEGER NOT NULL,
  committed INTEGER NOT NULL DEFAULT 0,
  -- A full refresh of the flow's target retires its batches: their input counts no more.
  retired INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (flow, batch)
);
CREATE TABLE IF NOT EXISTS batch_files (
  flow TEXT NOT NULL,
  batch INTEGER NOT NULL,
  location TEXT NOT NULL,
  path TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS batch_files_by_location ON batch_files (flow, location);
CREATE TABLE IF NOT EXISTS batch_versions (
  flow TEXT NOT NULL,
  batch INTEGER NOT NULL,
  source TEXT NOT NULL,
  from_version INTEGER NOT NULL,
  to_version INTEGER NOT NULL
);
-- A full refresh of a table in progress: truncating it and retiring its flows' batches must
-- both happen, so an update that finds one here finishes it before anything else.
CREATE TABLE IF NOT EXISTS pending_refreshes (target TEXT PRIMARY KEY);
-- The last refresh of each materialized view, and the pipeline tables it read.
CREATE TABLE IF NOT EXISTS view_refreshes (
  view TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  inputs TEXT NOT NULL,
  view_version INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS view_refresh_sources (
  view TEXT NOT NULL,
  source TEXT NOT NULL,
  version INTEGER NOT NULL,
  PRIMARY KEY (view, source)
);
CREATE TABLE IF NOT EXISTS view_refresh_states (
  view TEXT NOT NULL,
  state TEXT NOT NULL,
  version INTEGER NOT NULL,
  PRIMARY KEY (view, state)
);
CREATE TABLE IF NOT EXISTS updates (
  update_id TEXT PRIMARY KEY,
  started_ms INTEGER NOT NULL,
  ended_ms INTEGER,
  state TEXT NOT NULL
);
)sql";

}  // namespace

bool BatchInput::empty() const {
  for (const auto& [location, paths] : files) {
    if (!paths.empty())
      return false;
  }
  return versions.empty();
}

std::string newUuid() {
  std::random_device device;
  std::mt19937_64 generator((static_cast<uint64_t>(device()) << 32) ^ device());
  uint64_t high = generator();
  uint64_t low = generator();
  high = (high & 0xffffffffffff0fffULL) | 0x0000000000004000ULL;  // version 4
  low = (low & 0x3fffffffffffffffULL) | 0x8000000000000000ULL;    // variant 1
  return fmt::format("{:08x}-{:04x}-{:04x}-{:04x}-{:012x}", high >> 32, (high >> 16) & 0xffff,
                     high & 0xffff, low >> 48, low & 0xffffffffffffULL);
}

PipelineState::PipelineState(const std::string& folder) {
  std::filesystem::create_directories(folder);
  db_ = std::make_unique<SqliteDatabase>((std::filesystem::path(folder) / "state.db").string(),
                                         [](SqliteDatabase& db) { db.execute(kSchema); });
  SqliteTransaction transaction(*db_);
  SqliteStatement find(*db_, "SELECT value FROM pipeline WHERE key = 'id'");
  if (find.step()) {
    pipeline_id_ = find.text(0);
  } else {
    pipeline_id_ = newUuid();
    SqliteStatement(*db_, "INSERT INTO pipeline (key, value) VALUES ('id', ?)")
        .bind(1, pipeline_id_)
        .run();
  }
  transaction.commit();
}

PipelineState::~PipelineState() = default;

std::optional<std::string> PipelineState::storedPipelineId(const std::string& folder) {
  std::string path = (std::filesystem::path(folder) / "state.db").string();
  std::error_code error;
  if (!std::filesystem::exists(path, error))
    return std::nullopt;
  SqliteDatabase db(path);
  SqliteStatement find(db, "SELECT value FROM pipeline WHERE key = 'id'");
  if (!find.step())
    return std::nullopt;
  return find.text(0);
}

std::optional<PlannedBatch> PipelineState::openBatch(const std::string& flow) {
  std::lock_guard lock(mutex_);
  SqliteStatement find(*db_,
                       "SELECT batch FROM batches WHERE flow = ? AND committed = 0 AND retired = 0 "
                       "ORDER BY batch DESC LIMIT 1");
  find.bind(1, flow);
  if (!find.step())
    return std::nullopt;
  PlannedBatch batch;
  batch.batch_id = find.integer(0);
  SqliteStatement files(*db_,
                        "SELECT location, path FROM batch_files WHERE flow = ? AND batch = ? "
                        "ORDER BY location, path");
  files.bind(1, flow).bind(2, batch.batch_id);
  while (files.step())
    batch.input.files[files.text(0)].push_back(files.text(1));
  SqliteStatement versions(*db_,
                           "SELECT source, from_version, to_version FROM batch_versions WHERE "
                           "flow = ? AND batch = ?");
  versions.bind(1, flow).bind(2, batch.batch_id);
  while (versions.step())
    batch.input.versions[versions.text(0)] = {versions.integer(1), versions.integer(2)};
  return batch;
}

void PipelineState::planBatch(const std::string& flow, const PlannedBatch& batch) {
  std::lock_guard lock(mutex_);
  SqliteTransaction transaction(*db_);
  SqliteStatement(*db_, "INSERT OR IGNORE INTO flows (flow) VALUES (?)").bind(1, flow).run();
  SqliteStatement(*db_, "UPDATE flows SET next_batch = MAX(next_batch, ? + 1) WHERE flow = ?")
      .bind(1, batch.batch_id)
      .bind(2, flow)
      .run();
  SqliteStatement(*db_, "INSERT OR REPLACE INTO batches (flow, batch) VALUES (?, ?)")
      .bind(1, flow)
      .bind(2, batch.batch_id)
      .run();
  SqliteStatement(*db_, "DELETE FROM batch_files WHERE flow = ? AND batch = ?")
      .bind(1, flow)
      .bind(2, batch.batch_id)
      .run();
  SqliteStatement(*db_, "DELETE FROM batch_versions WHERE flow = ? AND batch = ?")
      .bind(1, flow)
      .bind(2, batch.batch_id)
      .run();
  for (const auto& [location, paths] : batch.input.files) {
    for (const std::string& path : paths) {
      SqliteStatement(*db_,
                      "INSERT INTO batch_files (flow, batch, location, path) VALUES (?, ?, ?, ?)")
          .bind(1, flow)
          .bind(2, batch.batch_id)
          .bind(3, location)
          .bind(4, path)
          .run();
    }
  }
  for (const auto& [source, range] : batch.input.versions) {
    SqliteStatement(*db_,
                    "INSERT INTO batch_versions (flow, batch, source, from_version, to_version) "
                    "VALUES (?, ?, ?, ?, ?)")
        .bind(1, flow)
        .bind(2, batch.batch_id)
        .bind(3, source)
        .bind(4, range.first)
        .bind(5, range.second)
        .run();
  }
  transaction.commit();
}

void PipelineState::commitBatch(const std::string& flow, int64_t batch_id, bool once) {
  std::lock_guard lock(mutex_);
  SqliteTransaction transaction(*db_);
  SqliteStatement(*db_, "UPDATE batches SET committed = 1 WHERE flow = ? AND batch = ?")
      .bind(1, flow)
      .bind(2, batch_id)
      .run();
  if (once) {
    SqliteStatement(*db_, "INSERT OR IGNORE INTO flows (flow) VALUES (?)").bind(1, flow).run();
    SqliteStatement(*db_, "UPDATE flows SET once_done = 1 WHERE flow = ?").bind(1, flow).run();
  }
  transaction.commit();
}

int64_t PipelineState::nextBatchId(const std::string& flow) {
  std::lock_guard lock(mutex_);
  SqliteStatement find(*db_, "SELECT next_batch FROM flows WHERE flow = ?");
  find.bind(1, flow);
  return find.step() ? find.integer(0) : 0;
}

std::set<std::string> PipelineState::processedFiles(const std::string& flow,
                                                    const std::string& location) {
  std::lock_guard lock(mutex_);
  SqliteStatement find(*db_,
                       "SELECT f.path FROM batch_files f JOIN batches b ON b.flow = f.flow AND "
                       "b.batch = f.batch WHERE f.flow = ? AND f.location = ? AND b.committed = 1 "
                       "AND b.retired = 0");
  find.bind(1, flow).bind(2, location);
  std::set<std::string> paths;
  while (find.step())
    paths.insert(find.text(0));
  return paths;
}

std::optional<int64_t> PipelineState::processedVersion(const std::string& flow,
                                                       const std::string& source) {
  std::lock_guard lock(mutex_);
  SqliteStatement find(*db_,
                       "SELECT MAX(v.to_version) FROM batch_versions v JOIN batches b ON b.flow = "
                       "v.flow AND b.batch = v.batch WHERE v.flow = ? AND v.source = ? AND "
                       "b.committed = 1 AND b.retired = 0");
  find.bind(1, flow).bind(2, source);
  if (!find.step() || find.isNull(0))
    return std::nullopt;
  return find.integer(0);
}

bool PipelineState::onceDone(const std::string& flow) {
  std::lock_guard lock(mutex_);
  SqliteStatement find(*db_, "SELECT once_done FROM flows WHERE flow = ?");
  find.bind(1, flow);
  return find.step() && find.integer(0) != 0;
}

void PipelineState::beginFullRefresh(const std::string& target) {
  std::lock_guard lock(mutex_);
  SqliteStatement(*db_, "INSERT OR IGNORE INTO pending_refreshes (target) VALUES (?)")
      .bind(1, target)
      .run();
}

std::vector<std::string> PipelineState::pendingFullRefreshes() {
  std::lock_guard lock(mutex_);
  SqliteStatement find(*db_, "SELECT target FROM pending_refreshes ORDER BY target");
  std::vector<std::string> targets;
  while (find.step())
    targets.push_back(find.text(0));
  return targets;
}

void PipelineState::finishFullRefresh(const std::string& target,
                                      const std::vector<std::string>& flows) {
  std::lock_guard lock(mutex_);
  SqliteTransaction transaction(*db_);
  for (const std::string& flow : flows) {
    SqliteStatement(*db_, "UPDATE batches SET retired = 1 WHERE flow = ?").bind(1, flow).run();
    SqliteStatement(*db_, "UPDATE flows SET once_done = 0 WHERE flow = ?").bind(1, flow).run();
  }
  SqliteStatement(*db_, "DELETE FROM view_refreshes WHERE view = ?").bind(1, target).run();
  SqliteStatement(*db_, "DELETE FROM view_refresh_sources WHERE view = ?").bind(1, target).run();
  SqliteStatement(*db_, "DELETE FROM view_refresh_states WHERE view = ?").bind(1, target).run();
  SqliteStatement(*db_, "DELETE FROM pending_refreshes WHERE target = ?").bind(1, target).run();
  transaction.commit();
}

std::optional<ViewRefreshRecord> PipelineState::lastViewRefresh(const std::string& view) {
  std::lock_guard lock(mutex_);
  SqliteStatement find(
      *db_, "SELECT fingerprint, inputs, view_version FROM view_refreshes WHERE view = ?");
  find.bind(1, view);
  if (!find.step())
    return std::nullopt;
  ViewRefreshRecord record;
  record.fingerprint = find.text(0);
  record.inputs = find.text(1);
  record.view_version = find.integer(2);
  SqliteStatement sources(*db_, "SELECT source, version FROM view_refresh_sources WHERE view = ?");
  sources.bind(1, view);
  while (sources.step())
    record.source_versions[sources.text(0)] = sources.integer(1);
  SqliteStatement states(*db_, "SELECT state, version FROM view_refresh_states WHERE view = ?");
  states.bind(1, view);
  while (states.step())
    record.state_versions[states.text(0)] = states.integer(1);
  return record;
}

void PipelineState::recordViewRefresh(const std::string& view, const ViewRefreshRecord& record) {
  std::lock_guard lock(mutex_);
  SqliteTransaction transaction(*db_);
  SqliteStatement(*db_,
                  "INSERT OR REPLACE INTO view_refreshes (view, fingerprint, inputs, view_version) "
                  "VALUES (?, ?, ?, ?)")
      .bind(1, view)
      .bind(2, record.fingerprint)
      .bind(3, record.inputs)
      .bind(4, record.view_version)
      .run();
  SqliteStatement(*db_, "DELETE FROM view_refresh_sources WHERE view = ?").bind(1, view).run();
  for (const auto& [source, version] : record.source_versions) {
    SqliteStatement(*db_,
                    "INSERT INTO view_refresh_sources (view, source, version) VALUES (?, ?, ?)")
        .bind(1, view)
        .bind(2, source)
        .bind(3, version)
        .run();
  }
  SqliteStatement(*db_, "DELETE FROM view_refresh_states WHERE view = ?").bind(1, view).run();
  for (const auto& [state, version] : record.state_versions) {
    SqliteStatement(*db_, "INSERT INTO view_refresh_states (view, state, version) VALUES (?, ?, ?)")
        .bind(1, view)
        .bind(2, state)
        .bind(3, version)
        .run();
  }
  transaction.commit();
}

void PipelineState::startUpdate(const std::string& update_id, int64_t started_ms) {
  std::lock_guard lock(mutex_);
  SqliteStatement(*db_,
                  "INSERT INTO updates (update_id, started_ms, state) VALUES (?, ?, 'RUNNING')")
      .bind(1, update_id)
      .bind(2, started_ms)
      .run();
}

void PipelineState::finishUpdate(const std::string& update_id, const std::string& state,
                                 int64_t ended_ms) {
  std::lock_guard lock(mutex_);
  SqliteStatement(*db_, "UPDATE updates SET state = ?, ended_ms = ? WHERE update_id = ?")
      .bind(1, state)
      .bind(2, ended_ms)
      .bind(3, update_id)
      .run();
}

}  // namespace sluice

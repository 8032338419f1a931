// src/storage/delta/transaction.cpp
//
// Put-if-absent commits with retry and conflict detection.

#include "storage/delta/transaction.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "common/clock.hpp"
#include "common/error/error.hpp"
#include "storage/delta/checkpoint.hpp"
#include "storage/delta/file_paths.hpp"
#include "storage/delta/snapshot.hpp"

namespace sluice::delta {

namespace {

std::string describeWinner(int64_t version, const std::vector<Action>& actions) {
  for (const Action& action : actions) {
    if (const auto* info = std::get_if<CommitInfo>(&action)) {
      std::string operation = info->operation();
      if (!operation.empty())
        return fmt::format("version {} ({})", version, operation);
    }
  }
  return fmt::format("version {}", version);
}

[[noreturn]] void throwConflict(ErrorClass error_class, std::string_view what, int64_t version,
                                const std::vector<Action>& winner) {
  throw Error(error_class,
              fmt::format("{} Conflicting commit: {}. Refer to "
                          "https://docs.delta.io/latest/concurrency-control.html for details.",
                          what, describeWinner(version, winner)));
}

bool isBlindAppend(const std::vector<Action>& commit) {
  for (const Action& action : commit) {
    if (const auto* info = std::get_if<CommitInfo>(&action)) {
      auto it = info->fields.find("isBlindAppend");
      return it != info->fields.end() && it->is_boolean() && it->get<bool>();
    }
  }
  return false;
}

void checkConflicts(const CommitPlan& plan, int64_t version, const std::vector<Action>& winner) {
  std::optional<std::string> own_app_id;
  std::set<std::string> own_domains;
  std::set<std::string> own_removes;
  bool changes_metadata = false;
  for (const Action& action : plan.actions) {
    changes_metadata = changes_metadata || std::holds_alternative<Metadata>(action);
    if (const auto* txn = std::get_if<SetTransaction>(&action))
      own_app_id = txn->app_id;
    if (const auto* domain = std::get_if<DomainMetadata>(&action)) {
      own_domains.insert(domain->domain);
    }
    if (const auto* remove = std::get_if<RemoveFile>(&action)) {
      own_removes.insert(decodeUriPath(remove->path));
    }
  }
  // WriteSerializable orders a concurrent blind append after this transaction, unless this
  // one changes the schema the append was written for.
  bool blind_appends_conflict =
      plan.isolation_level == IsolationLevel::kSerializable || changes_metadata;
  bool adds_conflict = plan.read_whole_table && (blind_appends_conflict || !isBlindAppend(winner));
  for (const Action& action : winner) {
    if (std::holds_alternative<Protocol>(action)) {
      throwConflict(ErrorClass::DELTA_PROTOCOL_CHANGED,
                    "The protocol version of the Delta table has been changed by a concurrent "
                    "update. This happens when multiple writers are writing to an empty "
                    "directory or when the table was upgraded. Please try the operation again.",
                    version, winner);
    }
    if (std::holds_alternative<Metadata>(action)) {
      throwConflict(ErrorClass::DELTA_METADATA_CHANGED,
                    "The metadata of the Delta table has been changed by a concurrent update. "
                    "Please try the operation again.",
                    version, winner);
    }
    if (const auto* domain = std::get_if<DomainMetadata>(&action)) {
      if (own_domains.count(domain->domain)) {
        throwConflict(ErrorClass::DELTA_METADATA_CHANGED,
                      fmt::format("The metadata domain {} of the Delta table has been changed "
                                  "by a concurrent update. Please try the operation again.",
                                  domain->domain),
                      version, winner);
      }
    }
    if (const auto* txn = std::get_if<SetTransaction>(&action)) {
      if (own_app_id && txn->app_id == *own_app_id) {
        throwConflict(ErrorClass::DELTA_CONCURRENT_TRANSACTION,
                      fmt::format("This error occurs when multiple streaming queries are using "
                                  "the same checkpoint to write into this table: application "
                                  "{} committed concurrently.",
                                  txn->app_id),
                      version, winner);
      }
    }
    if (const auto* add = std::get_if<AddFile>(&action)) {
      if (adds_conflict && add->data_change) {
        throwConflict(ErrorClass::DELTA_CONCURRENT_APPEND,
                      "Files were added to the table by a concurrent update. Please try the "
                      "operation again.",
                      version, winner);
      }
    }
    if (const auto* remove = std::get_if<RemoveFile>(&action)) {
      std::string path = decodeUriPath(remove->path);
      if (own_removes.count(path)) {
        throwConflict(ErrorClass::DELTA_CONCURRENT_DELETE_DELETE,
                      fmt::format("This transaction attempted to delete one or more files "
                                  "that were deleted by a concurrent update ({}). Please try "
                                  "the operation again.",
                                  path),
                      version, winner);
      }
      if (plan.read_files.count(path) || (plan.read_whole_table && remove->data_change)) {
        throwConflict(ErrorClass::DELTA_CONCURRENT_DELETE_READ,
                      fmt::format("This transaction attempted to read one or more files that "
                                  "were deleted by a concurrent update ({}). Please try the "
                                  "operation again.",
                                  path),
                      version, winner);
      }
    }
  }
}

std::string renderCommit(const CommitPlan& plan, int64_t read_version) {
  std::vector<Action> actions;
  actions.reserve(plan.actions.size() + 1);
  // Spark puts the timestamp first and the read version after the operation's fields.
  CommitInfo info;
  info.fields["timestamp"] = epochMillis();
  for (auto it = plan.commit_info.fields.begin(); it != plan.commit_info.fields.end(); ++it) {
    if (it.key() != "timestamp")
      info.fields[it.key()] = it.value();
  }
  if (read_version >= 0)
    info.fields["readVersion"] = read_version;
  actions.emplace_back(std::move(info));
  actions.insert(actions.end(), plan.actions.begin(), plan.actions.end());
  return serializeActions(actions);
}

}  // namespace

void describeOperation(CommitPlan& plan, std::string_view operation, Json parameters,
                       IsolationLevel isolation_level, bool blind_append,
                       std::optional<Json> metrics) {
  plan.isolation_level = isolation_level;
  Json& fields = plan.commit_info.fields;
  fields["operation"] = operation;
  fields["operationParameters"] = std::move(parameters);
  if (plan.read_version >= 0)
    fields["readVersion"] = plan.read_version;
  fields["isolationLevel"] = isolationLevelName(isolation_level);
  fields["isBlindAppend"] = blind_append;
  if (metrics)
    fields["operationMetrics"] = std::move(*metrics);
  fields["engineInfo"] = "sluice";
}

CommitResult commitTransaction(const LogStore& store, CommitPlan plan) {
  CommitResult result;
  int64_t attempt_version = plan.read_version + 1;
  while (true) {
    if (store.putCommit(attempt_version, renderCommit(plan, plan.read_version)))
      break;
    if (plan.read_version < 0) {
      throw Error(ErrorClass::DELTA_LOG_ALREADY_EXISTS,
                  fmt::format("A Delta log already exists at {}.", store.logPath()));
    }
    // Someone else committed `attempt_version`; check every commit we have not seen yet.
    LogListing listing = store.list();
    int64_t latest = std::max(listing.latestVersion(), attempt_version);
    for (int64_t version = attempt_version; version <= latest; ++version) {
      checkConflicts(plan, version, store.readCommit(version));
    }
    attempt_version = latest + 1;
    ++result.attempts;
  }
  result.version = attempt_version;

  if (result.version > 0 && result.version % plan.checkpoint_interval == 0) {
    // A missing checkpoint only makes readers replay more commits, so the commit stands even
    // if writing the checkpoint fails.
    try {
      writeCheckpoint(store, loadSnapshot(store, result.version), epochMillis());
      result.checkpoint_written = true;
    } catch (const Error&) {
      result.checkpoint_written = false;
    }
  }
  return result;
}

}  // namespace sluice::delta

// src/pipeline/update/keyed_rows.cpp
#include "pipeline/update/keyed_rows.hpp"

#include <algorithm>

#include "common/text/ascii_case.hpp"
#include "exec/expression/vector_copy.hpp"
#include "exec/parallel/task_scheduler.hpp"
#include "storage/delta/table_features.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

namespace {

constexpr idx_t kRowsPerBatch = 2048;

//! Which rows of a scan a part keeps.
enum class RowChoice : uint8_t {
  kKeyed,      // rows whose key is in the request's set
  kAll,        // every row
  kNullFirst,  // rows whose first key column is NULL
};

struct ScanPart {
  std::vector<delta::AddFile> files;
  size_t part = 0;
  size_t parts = 1;
};

//! Reads `part` of the files and appends the rows `choice` keeps to `found`.
void scanPart(const delta::Snapshot& snapshot, const KeyedRowsRequest& request,
              const std::vector<std::string>& columns,
              const std::vector<delta::SkippingPredicate>& predicates, const ScanPart& part,
              RowChoice choice, KeyedRows& found) {
  delta::DeltaTableScan scan(snapshot, columns, part.files, predicates);
  if (part.parts > 1)
    scan.selectFileParts(part.part, part.parts);
  scan.includeRowIdentity();
  // With values every column is read, the keys among them; otherwise only the keys.
  std::vector<size_t> key_positions = request.key_columns;
  if (!request.with_values) {
    for (size_t key = 0; key < key_positions.size(); ++key)
      key_positions[key] = key;
  }
  Batch batch;
  std::vector<uint32_t> rows;
  std::vector<Value> key;
  while (scan.next(batch)) {
    size_t width = batch.columns.size();
    const Vector& paths = batch.columns[width - 2];
    const Vector& positions = batch.columns[width - 1];
    std::vector<const Vector*> keys;
    for (size_t position : key_positions) {
      batch.columns[position].flatten(batch.num_rows);
      keys.push_back(&batch.columns[position]);
    }
    rows.clear();
    if (choice == RowChoice::kKeyed) {
      request.keys->findCandidates(keys, batch.num_rows, rows);
    } else {
      for (idx_t row = 0; row < batch.num_rows; ++row) {
        if (choice == RowChoice::kAll || keys.front()->isNull(row))
          rows.push_back(static_cast<uint32_t>(row));
      }
    }
    if (rows.empty())
      continue;
    std::string path = paths.at<StringView>(0).str();
    if (found.files.empty() || found.files.back() != path)
      found.files.push_back(std::move(path));
    auto file = static_cast<uint32_t>(found.files.size() - 1);
    for (uint32_t row : rows) {
      if (choice == RowChoice::kKeyed) {
        key.clear();
        for (const Vector* column : keys)
          key.push_back(column->getValue(row));
        if (!request.keys->contains(key))
          continue;  // a hash collision
      }
      KeyedRow kept;
      kept.file = file;
      kept.position = static_cast<uint64_t>(positions.at<int64_t>(row));
      if (request.with_values) {
        for (size_t column = 0; column + 2 < width; ++column)
          kept.values.push_back(batch.columns[column].getValue(row));
      }
      found.rows.push_back(std::move(kept));
    }
  }
}

//! Reads `files` on every core (whole files apart when there are enough of them, otherwise
//! parts of each file) and returns the rows `choice` keeps.
KeyedRows scanFiles(const delta::Snapshot& snapshot, const KeyedRowsRequest& request,
                    const std::vector<std::string>& columns,
                    const std::vector<delta::SkippingPredicate>& predicates,
                    std::vector<delta::AddFile> files, RowChoice choice) {
  if (files.empty())
    return {};
  TaskScheduler& scheduler = TaskScheduler::shared();
  size_t tasks = scheduler.threadCount();
  std::vector<ScanPart> parts(tasks);
  for (size_t task = 0; task < tasks; ++task) {
    parts[task].part = task;
    if (files.size() >= tasks) {
      for (size_t file = task; file < files.size(); file += tasks)
        parts[task].files.push_back(files[file]);
    } else {
      parts[task].files = files;
      parts[task].parts = tasks;
    }
  }
  std::vector<KeyedRows> found(tasks);
  scheduler.parallelFor(tasks, [&](size_t task) {
    scanPart(snapshot, request, columns, predicates, parts[task], choice, found[task]);
  });
  KeyedRows rows;
  for (KeyedRows& part : found)
    rows.append(std::move(part));
  return rows;
}

}  // namespace

void KeyedRows::append(KeyedRows other) {
  auto first = static_cast<uint32_t>(files.size());
  for (std::string& file : other.files)
    files.push_back(std::move(file));
  for (KeyedRow& row : other.rows) {
    row.file += first;
    rows.push_back(std::move(row));
  }
}

std::optional<std::vector<size_t>> keyColumnIndexes(const std::vector<StructField>& schema,
                                                    const std::vector<std::string>& names,
                                                    const std::vector<DataType>& types) {
  std::vector<size_t> indexes;
  for (size_t key = 0; key < names.size(); ++key) {
    auto found = std::find_if(schema.begin(), schema.end(), [&](const StructField& field) {
      return sameIdentifier(field.name, names[key]);
    });
    if (found == schema.end() || !found->type.sameStructure(types[key]))
      return std::nullopt;
    indexes.push_back(static_cast<size_t>(found - schema.begin()));
  }
  return indexes;
}

KeyedRows findKeyedRows(const delta::Snapshot& snapshot, const KeyedRowsRequest& request) {
  std::vector<std::string> columns;
  if (!request.with_values) {
    for (size_t column : request.key_columns)
      columns.push_back(snapshot.schema[column].name);
  }
  const std::string& first_key = snapshot.schema[request.key_columns.front()].name;
  if (request.keys == nullptr)
    return scanFiles(snapshot, request, columns, {}, delta::liveFiles(snapshot), RowChoice::kAll);

  KeyedRows rows;
  if (!request.keys->empty()) {
    auto [low, high] = *request.keys->firstColumnRange();
    std::vector<delta::SkippingPredicate> predicates = {
        delta::SkippingPredicate::compare(first_key, ScanPredicate::Op::kGreaterOrEqual, low),
        delta::SkippingPredicate::compare(first_key, ScanPredicate::Op::kLessOrEqual, high)};
    rows = scanFiles(snapshot, request, columns, predicates, delta::liveFiles(snapshot, predicates),
                     RowChoice::kKeyed);
  }
  if (request.with_null_keys) {
    std::vector<delta::SkippingPredicate> predicates = {
        delta::SkippingPredicate::isNull(first_key)};
    rows.append(scanFiles(snapshot, request, columns, predicates,
                          delta::liveFiles(snapshot, predicates), RowChoice::kNullFirst));
  }
  return rows;
}

void writeBoxedRows(delta::DeltaTableWriter& writer, const std::vector<std::vector<Value>>& rows) {
  const std::vector<StructField>& schema = writer.schema();
  for (size_t first = 0; first < rows.size(); first += kRowsPerBatch) {
    idx_t count = std::min<size_t>(kRowsPerBatch, rows.size() - first);
    Batch out;
    out.num_rows = count;
    for (size_t column = 0; column < schema.size(); ++column) {
      Vector vector(schema[column].type, count);
      for (idx_t row = 0; row < count; ++row)
        vector.setValue(row, rows[first + row][column]);
      out.columns.push_back(std::move(vector));
    }
    writer.write(out);
  }
}

KeyedReplacement::KeyedReplacement(const std::string& location, const delta::Snapshot* snapshot,
                                   delta::TableWriteOptions options)
    : snapshot_(snapshot) {
  options.mode = delta::WriteMode::kAppend;
  if (snapshot != nullptr) {
    options.read_version = snapshot->version;
    options.reads_table = true;
    if (delta::writesDeletionVectors(snapshot->protocol, snapshot->metadata)) {
      vectors_ = std::make_shared<delta::RowDeletions>();
      options.deleted_rows = vectors_;
    }
  }
  writer_ = std::make_unique<delta::DeltaTableWriter>(location, std::move(options));
}

void KeyedReplacement::deleteRows(const std::map<std::string, std::vector<uint64_t>>& positions) {
  for (const auto& [path, rows] : positions) {
    if (vectors_) {
      vectors_->add(path, rows);
    } else {
      std::vector<uint64_t>& kept = rewrites_[path];
      kept.insert(kept.end(), rows.begin(), rows.end());
    }
  }
}

void KeyedReplacement::append(const std::vector<std::vector<Value>>& rows) {
  writeBoxedRows(*writer_, rows);
}

delta::TableWriteResult KeyedReplacement::commit() {
  if (rewrites_.empty())
    return writer_->commit();
  // Copy-on-write: the rows the rewritten files keep join the new ones.
  std::vector<delta::AddFile> rewritten;
  for (const auto& [decoded, file] : snapshot_->files) {
    if (rewrites_.count(file.path) > 0)
      rewritten.push_back(file);
  }
  for (auto& [path, positions] : rewrites_)
    std::sort(positions.begin(), positions.end());
  delta::DeltaTableScan scan(*snapshot_, {}, rewritten);
  scan.includeRowIdentity();
  Batch batch;
  std::vector<uint32_t> kept;
  while (scan.next(batch)) {
    size_t width = batch.columns.size();
    const std::vector<uint64_t>& deleted =
        rewrites_.at(batch.columns[width - 2].at<StringView>(0).str());
    kept.clear();
    for (idx_t row = 0; row < batch.num_rows; ++row) {
      auto position = static_cast<uint64_t>(batch.columns[width - 1].at<int64_t>(row));
      if (!std::binary_search(deleted.begin(), deleted.end(), position))
        kept.push_back(static_cast<uint32_t>(row));
    }
    if (kept.empty())
      continue;
    batch.columns.resize(width - 2);
    writer_->write(gatherBatch(batch.columns, RowSet{kept.data(), kept.size()}));
  }
  writer_->replaceFiles(rewritten);
  return writer_->commit();
}

}  // namespace sluice

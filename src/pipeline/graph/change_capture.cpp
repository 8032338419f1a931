// src/pipeline/graph/change_capture.cpp
#include "pipeline/graph/change_capture.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "catalog/catalog_entry.hpp"
#include "common/text/ascii_case.hpp"
#include "function/scalar/argument_types.hpp"
#include "sql/parser/parser.hpp"
#include "sql/printer.hpp"
#include "storage/delta/data_file_writer.hpp"

namespace sluice {

namespace {

class LayoutResolver {
 public:
  LayoutResolver(const Flow& flow, const std::vector<StructField>& query_columns)
      : flow_(flow), cdc_(flow.spec->cdc), query_(query_columns) {}

  ChangeCaptureLayout resolve() {
    ChangeCaptureLayout layout;
    layout.scd_type = cdc_.scd_type.value_or(1);
    layout.from_snapshot = cdc_.from_snapshot;
    if (cdc_.keys.empty()) {
      throw Error(ErrorClass::AUTOCDC_EMPTY_KEYS,
                  fmt::format("The AUTO CDC flow {} names no KEYS: at least one column must "
                              "identify the rows it changes.",
                              flow_.name.quoted()));
    }
    std::vector<size_t> source;  // the source's columns: the query's, without the helpers
    for (size_t index = 0; index < query_.size(); ++index) {
      const std::string& name = query_[index].name;
      if (name == kCdcSequenceColumn)
        layout.sequence_in_query = index;
      else if (name == kCdcDeleteColumn)
        layout.delete_in_query = index;
      else if (name == kCdcTruncateColumn)
        layout.truncate_in_query = index;
      else
        source.push_back(index);
    }
    for (size_t index : source) {
      if (sameIdentifier(query_[index].name, delta::kChangeTypeColumn) &&
          query_[index].type.id() == TypeId::kString && !layout.from_snapshot)
        layout.change_type_in_query = index;
    }
    layout.sequence_type = query_[layout.sequence_in_query].type;
    if (!isOrderableType(layout.sequence_type)) {
      throw Error(ErrorClass::AUTOCDC_MICROBATCH_VALIDATION, "NON_ORDERABLE_SEQUENCE",
                  fmt::format("The SEQUENCE BY of the AUTO CDC flow {} has the type {}, whose "
                              "values cannot be ordered.",
                              flow_.name.quoted(), layout.sequence_type.sql()));
    }
    std::vector<std::string> source_names;
    for (size_t index : source)
      source_names.push_back(query_[index].name);
    checkFound(cdc_.keys, source_names, "KEYS");
    std::vector<bool> kept = select(cdc_.columns, source_names, "COLUMNS", true);
    for (size_t index = 0; index < source.size(); ++index) {
      if (!kept[index])
        continue;
      layout.data.push_back(query_[source[index]]);
      layout.data.back().nullable = true;
      layout.data_in_query.push_back(source[index]);
    }
    std::vector<std::string> data_names;
    for (const StructField& field : layout.data)
      data_names.push_back(field.name);
    for (const std::string& key : cdc_.keys) {
      std::optional<size_t> found = find(data_names, key);
      if (!found) {
        throw Error(ErrorClass::AUTOCDC_KEY_NOT_IN_SELECTED_SCHEMA,
                    fmt::format("The key {} of the AUTO CDC flow {} is left out by its COLUMNS "
                                "clause; the target must keep every key.",
                                quoteName(key), flow_.name.quoted()));
      }
      layout.keys.push_back(*found);
    }
    std::vector<bool> ignore_null(layout.data.size(), false);
    if (cdc_.ignore_null_updates)
      ignore_null = select(cdc_.ignore_null_updates_on, data_names, "IGNORE NULL UPDATES ON", true);
    std::vector<bool> tracked = select(cdc_.track_history, data_names, "TRACK HISTORY ON", true);
    for (size_t key : layout.keys) {
      ignore_null[key] = false;
      tracked[key] = false;
    }
    layout.ignore_null = std::move(ignore_null);
    layout.tracked = std::move(tracked);
    layout.target = layout.data;
    if (layout.scd_type == 2) {
      for (const char* reserved : {kScdStartColumn, kScdEndColumn}) {
        if (find(data_names, reserved)) {
          throw Error(ErrorClass::AUTOCDC_RESERVED_COLUMN_NAME_CONFLICT,
                      fmt::format("The source of the AUTO CDC flow {} has a column {}, which an "
                                  "SCD type 2 target reserves for the validity of each version. "
                                  "Rename it or leave it out with COLUMNS * EXCEPT ({}).",
                                  flow_.name.quoted(), quoteName(reserved), reserved));
        }
      }
      layout.target.push_back(StructField{kScdStartColumn, layout.sequence_type, true, {}});
      layout.target.push_back(StructField{kScdEndColumn, layout.sequence_type, true, {}});
    }
    return layout;
  }

 private:
  static std::optional<size_t> find(const std::vector<std::string>& names, std::string_view name) {
    for (size_t index = 0; index < names.size(); ++index) {
      if (sameIdentifier(names[index], name))
        return index;
    }
    return std::nullopt;
  }

  void checkFound(const std::vector<std::string>& wanted, const std::vector<std::string>& names,
                  std::string_view clause) const {
    std::vector<std::string> missing;
    for (const std::string& name : wanted) {
      if (!find(names, name))
        missing.push_back(quoteName(name));
    }
    if (missing.empty())
      return;
    std::vector<std::string> available;
    for (const std::string& name : names)
      available.push_back(quoteName(name));
    throw Error(ErrorClass::AUTOCDC_COLUMNS_NOT_FOUND_IN_SCHEMA,
                fmt::format("The {} clause of the AUTO CDC flow {} names {}, which its source "
                            "does not have. Available columns: {}.",
                            clause, flow_.name.quoted(), fmt::join(missing, ", "),
                            fmt::join(available, ", ")));
  }

  //! Which of `names` a selection takes (absent: `absent_means_all` or none).
  std::vector<bool> select(const std::optional<sql::ColumnSelection>& selection,
                           const std::vector<std::string>& names, std::string_view clause,
                           bool absent_means_all) const {
    std::vector<bool> chosen(names.size(), absent_means_all);
    if (!selection)
      return chosen;
    checkFound(selection->columns, names, clause);
    for (size_t index = 0; index < names.size(); ++index) {
      bool listed =
          std::any_of(selection->columns.begin(), selection->columns.end(),
                      [&](const std::string& c) { return sameIdentifier(c, names[index]); });
      switch (selection->kind) {
        case sql::ColumnSelection::Kind::kAll:
          chosen[index] = true;
          break;
        case sql::ColumnSelection::Kind::kList:
          chosen[index] = listed;
          break;
        case sql::ColumnSelection::Kind::kAllExcept:
          chosen[index] = !listed;
          break;
      }
    }
    return chosen;
  }

  const Flow& flow_;
  const sql::AutoCdcSpec& cdc_;
  const std::vector<StructField>& query_;
};

std::shared_ptr<const sql::Statement> parseQuery(const std::string& text,
                                                 const std::string& source_name) {
  std::vector<sql::StatementPtr> statements = sql::parseStatements(text, source_name);
  SLUICE_CHECK(statements.size() == 1 && statements[0]->kind() == sql::StatementKind::kQuery);
  return std::shared_ptr<const sql::Statement>(std::move(statements[0]));
}

}  // namespace

bool isSnapshotFlow(const Flow& flow) {
  return flow.kind == FlowKind::kAutoCdc && flow.spec != nullptr && flow.spec->cdc.from_snapshot;
}

std::shared_ptr<const sql::Statement> makeChangeQuery(const sql::AutoCdcSpec& cdc,
                                                      const std::string& source_name) {
  if (cdc.source == nullptr)
    return nullptr;
  if (cdc.from_snapshot) {
    // The snapshot is the source's rows as an update reads them; its version is the time it
    // was taken.
    std::string text = fmt::format("SELECT *, current_timestamp() AS {} FROM {}",
                                   kCdcSequenceColumn, sql::printTableRef(*cdc.source));
    return parseQuery(text, source_name);
  }
  if (cdc.sequence_by == nullptr)
    return nullptr;
  std::string text = fmt::format("SELECT *, ({}) AS {}", sql::printExpression(*cdc.sequence_by),
                                 kCdcSequenceColumn);
  if (cdc.apply_as_delete) {
    text += fmt::format(", coalesce(({}), false) AS {}", sql::printExpression(*cdc.apply_as_delete),
                        kCdcDeleteColumn);
  }
  if (cdc.apply_as_truncate) {
    text += fmt::format(", coalesce(({}), false) AS {}",
                        sql::printExpression(*cdc.apply_as_truncate), kCdcTruncateColumn);
  }
  text += " FROM " + sql::printTableRef(*cdc.source);
  return parseQuery(text, source_name);
}

std::vector<std::string> ChangeCaptureLayout::keyNames() const {
  std::vector<std::string> names;
  for (size_t key : keys)
    names.push_back(data[key].name);
  return names;
}

std::vector<std::string> ChangeCaptureLayout::trackedNames() const {
  std::vector<std::string> names;
  for (size_t index = 0; index < data.size(); ++index) {
    if (tracked[index])
      names.push_back(data[index].name);
  }
  return names;
}

ChangeCaptureLayout resolveChangeCapture(const Flow& flow,
                                         const std::vector<StructField>& query_columns) {
  SLUICE_CHECK(flow.spec != nullptr && flow.spec->kind == sql::FlowSpec::Kind::kAutoCdc);
  return LayoutResolver(flow, query_columns).resolve();
}

}  // namespace sluice

// src/session/describe_statements.cpp
//
// DESCRIBE in its four forms, with Spark's and Delta's output columns:
//   DESCRIBE [TABLE] [EXTENDED] t  -> col_name, data_type, comment: the columns (types as
//     Spark's simpleString), a "# Partition Information" or "# Clustering Information" section,
//     and with EXTENDED "# Detailed Table Information" (Catalog, Database, Table, Created Time,
//     Last Access, Type, Provider, Comment, View Text, Table Properties, Location), laid out as
//     Spark's DescribeTableCommand does. A temporary view shows its columns only.
//   DESCRIBE SCHEMA [EXTENDED] s   -> info_name, info_value (Catalog Name, Namespace Name,
//     Comment, Location; Properties with EXTENDED).
//   DESCRIBE HISTORY t [LIMIT n]   -> Delta's history columns, newest commit first.
//   DESCRIBE DETAIL t              -> Delta's detail columns, one row.
#include <ctime>
#include <filesystem>

#include <fmt/format.h>

#include "catalog/catalog_errors.hpp"
#include "planner/binder/query_binder.hpp"
#include "session/catalog_statements.hpp"
#include "session/result_rows_builder.hpp"
#include "sql/parser/parser.hpp"
#include "storage/delta/history.hpp"
#include "storage/delta/table_reader.hpp"

namespace sluice {

namespace {

Value text(std::string value) {
  return Value::string(std::move(value));
}

Value optionalText(const std::optional<std::string>& value) {
  return value ? Value::string(*value) : Value::null(DataType::string());
}

Value timestampMillis(int64_t millis) {
  return Value::timestamp(millis * 1000);
}

Value stringArray(const std::vector<std::string>& items) {
  std::vector<Value> values;
  for (const std::string& item : items)
    values.push_back(Value::string(item));
  return Value::nested(DataType::array(DataType::string()), std::move(values));
}

DataType stringMapType() {
  return DataType::map(DataType::string(), DataType::string());
}

Value stringMap(const std::map<std::string, std::string>& map) {
  DataType type = stringMapType();
  std::vector<Value> entries;
  for (const auto& [key, value] : map) {
    entries.push_back(Value::nested(type.childType(), {Value::string(key), Value::string(value)}));
  }
  return Value::nested(type, std::move(entries));
}

//! Java's Date.toString in UTC, as Spark prints "Created Time": "Tue Apr 02 10:20:30 UTC 2024".
std::string javaDate(int64_t millis) {
  std::time_t seconds = static_cast<std::time_t>(millis / 1000);
  std::tm parts{};
  gmtime_r(&seconds, &parts);
  char buffer[64];
  size_t length = std::strftime(buffer, sizeof buffer, "%a %b %d %H:%M:%S UTC %Y", &parts);
  return std::string(buffer, length);
}

//! The rows of DESCRIBE TABLE: col_name, data_type, comment.
class DescribeRows {
 public:
  DescribeRows()
      : rows_({"col_name", "data_type", "comment"},
              {DataType::string(), DataType::string(), DataType::string()}) {}

  void column(const std::string& name, const DataType& type, const std::string& comment) {
    rows_.addRow({text(name), text(type.simpleString()),
                  comment.empty() ? Value::null(DataType::string()) : text(comment)});
  }
  void info(std::string name, std::string value) {
    rows_.addRow({text(std::move(name)), text(std::move(value)), text("")});
  }
  //! A section of columns that the table is partitioned or clustered by.
  void section(std::string_view title, const std::vector<std::string>& names,
               const std::vector<StructField>& schema) {
    if (names.empty())
      return;
    info(std::string(title), "");
    rows_.addRow({text("# col_name"), text("data_type"), text("comment")});
    for (const std::string& name : names) {
      for (const StructField& field : schema) {
        if (field.name == name)
          column(field.name, field.type, field.comment);
      }
    }
  }
  StatementResult finish() { return rows_.finish(); }

 private:
  ResultRowsBuilder rows_;
};

//! Binds a view's query for its column names and types.
LogicalOperatorPtr bindView(const sql::Statement& statement, const sql::Query& query,
                            CatalogSession& session) {
  BindContext context = session.bindContext();
  return QueryBinder(context, statement).bindQuery(query);
}

}  // namespace

LogicalOperatorPtr bindCatalogView(const TableEntry& entry, CatalogSession& session) {
  std::vector<sql::StatementPtr> statements =
      sql::parseStatements(entry.view_text, entry.name.toString());
  if (statements.size() != 1 || statements[0]->kind() != sql::StatementKind::kQuery) {
    throwError(ErrorClass::INVALID_PARAMETER_VALUE, "The view {} has no single query: {}",
               entry.name.quoted(), entry.view_text);
  }
  return bindView(*statements[0], *statements[0]->as<sql::QueryStatement>().query, session);
}

namespace {

StatementResult describeTemporaryView(const TemporaryView& view, CatalogSession& session) {
  LogicalOperatorPtr plan = bindView(*view.statement, *view.query, session);
  const auto* create = view.statement->kind() == sql::StatementKind::kCreateView
                           ? &view.statement->as<sql::CreateViewStatement>()
                           : nullptr;
  DescribeRows rows;
  for (size_t column = 0; column < plan->column_names.size(); ++column) {
    std::string name =
        column < view.column_names.size() ? view.column_names[column] : plan->column_names[column];
    std::string comment;
    if (create && column < create->columns.size() && create->columns[column].comment) {
      comment = *create->columns[column].comment;
    }
    rows.column(name, plan->column_types[column], comment);
  }
  return rows.finish();
}

std::string propertyList(const std::map<std::string, std::string>& properties) {
  std::string out = "[";
  for (const auto& [key, value] : properties) {
    if (out.size() > 1)
      out += ',';
    out += key + "=" + value;
  }
  return out + "]";
}

StatementResult describeCatalogEntry(const TableEntry& entry, bool extended,
                                     CatalogSession& session) {
  DescribeRows rows;
  std::map<std::string, std::string> properties = entry.properties;
  if (entry.kind == TableKind::kView) {
    LogicalOperatorPtr plan = bindCatalogView(entry, session);
    for (size_t column = 0; column < plan->column_names.size(); ++column) {
      rows.column(plan->column_names[column], plan->column_types[column], "");
    }
  } else {
    delta::Snapshot snapshot = delta::openSnapshot(entry.location);
    for (const StructField& field : snapshot.schema) {
      rows.column(field.name, field.type, field.comment);
    }
    rows.section("# Partition Information", snapshot.metadata.partition_columns, snapshot.schema);
    rows.section("# Clustering Information", snapshot.clusteringColumns(), snapshot.schema);
    properties = snapshot.metadata.configuration;
  }
  if (!extended)
    return rows.finish();
  rows.info("", "");
  rows.info("# Detailed Table Information", "");
  rows.info("Catalog", entry.name.catalog);
  rows.info("Database", entry.name.schema);
  rows.info("Table", entry.name.table);
  rows.info("Created Time", javaDate(entry.created_at_ms));
  rows.info("Last Access", "UNKNOWN");
  rows.info("Type", std::string(tableKindName(entry.kind)));
  if (entry.kind != TableKind::kView)
    rows.info("Provider", "delta");
  if (!entry.comment.empty())
    rows.info("Comment", entry.comment);
  if (entry.kind == TableKind::kView)
    rows.info("View Text", entry.view_text);
  if (!properties.empty())
    rows.info("Table Properties", propertyList(properties));
  if (entry.kind != TableKind::kView)
    rows.info("Location", fileUri(entry.location));
  return rows.finish();
}

}  // namespace

StatementResult runDescribeTable(const sql::DescribeTableStatement& describe,
                                 CatalogSession& session) {
  if (describe.name.size() == 1) {
    const auto& views = session.temporaryViews();
    auto view = views.find(foldIdentifier(describe.name[0]));
    if (view != views.end())
      return describeTemporaryView(view->second, session);
  }
  Catalog& catalog = session.catalog();
  std::optional<TableEntry> entry = catalog.findTable(catalog.qualify(describe.name));
  if (!entry)
    throw tableOrViewNotFound(describe.name);
  return describeCatalogEntry(*entry, describe.extended, session);
}

StatementResult runDescribeSchema(const sql::DescribeSchemaStatement& describe,
                                  CatalogSession& session) {
  Catalog& catalog = session.catalog();
  auto [catalog_name, schema_name] = catalog.qualifySchema(describe.name);
  std::optional<SchemaEntry> schema = catalog.findSchema(catalog_name, schema_name);
  if (!schema)
    throw schemaNotFound(catalog_name, schema_name);
  std::string location =
      std::filesystem::path(catalog.defaultLocation({catalog_name, schema_name, "t"}))
          .parent_path()
          .string();
  ResultRowsBuilder rows({"info_name", "info_value"}, {DataType::string(), DataType::string()});
  rows.addRow({text("Catalog Name"), text(schema->catalog)});
  rows.addRow({text("Namespace Name"), text(schema->name)});
  rows.addRow({text("Comment"), text(schema->comment)});
  rows.addRow({text("Location"), text(fileUri(location))});
  if (describe.extended) {
    // Scala's tuples: ((k1,v1), (k2,v2)).
    std::string properties;
    for (const auto& [key, value] : schema->properties) {
      properties += fmt::format("{}({},{})", properties.empty() ? "" : ", ", key, value);
    }
    rows.addRow({text("Properties"), text(properties.empty() ? "" : "(" + properties + ")")});
  }
  return rows.finish();
}

StatementResult runDescribeHistory(const sql::DescribeHistoryStatement& describe,
                                   CatalogSession& session) {
  DeltaTarget target = resolveDeltaTarget(describe.target, session, "DESCRIBE HISTORY");
  if (describe.limit && *describe.limit < 0) {
    throwError(ErrorClass::INVALID_PARAMETER_VALUE,
               "The LIMIT of DESCRIBE HISTORY must not be negative: {}.", *describe.limit);
  }
  std::vector<delta::HistoryEntry> history = delta::readHistory(target.location, describe.limit);
  DataType job = DataType::structOf({{"jobId", DataType::string(), true, {}},
                                     {"jobName", DataType::string(), true, {}},
                                     {"jobRunId", DataType::string(), true, {}},
                                     {"runId", DataType::string(), true, {}},
                                     {"jobOwnerId", DataType::string(), true, {}},
                                     {"triggerType", DataType::string(), true, {}}});
  DataType notebook = DataType::structOf({{"notebookId", DataType::string(), true, {}}});
  ResultRowsBuilder rows(
      {"version", "timestamp", "userId", "userName", "operation", "operationParameters", "job",
       "notebook", "clusterId", "readVersion", "isolationLevel", "isBlindAppend",
       "operationMetrics", "userMetadata", "engineInfo"},
      {DataType::longType(), DataType::timestamp(), DataType::string(), DataType::string(),
       DataType::string(), stringMapType(), job, notebook, DataType::string(), DataType::longType(),
       DataType::string(), DataType::boolean(), stringMapType(), DataType::string(),
       DataType::string()});
  auto commitString = [](const delta::HistoryEntry& entry, const char* key) {
    auto found = entry.commit_info.find(key);
    if (found == entry.commit_info.end() || !found->is_string()) {
      return Value::null(DataType::string());
    }
    return Value::string(found->get<std::string>());
  };
  for (const delta::HistoryEntry& entry : history) {
    rows.addRow({Value::longValue(entry.version), timestampMillis(entry.timestamp),
                 commitString(entry, "userId"), commitString(entry, "userName"),
                 text(entry.operation), stringMap(entry.operation_parameters), Value::null(job),
                 Value::null(notebook), commitString(entry, "clusterId"),
                 entry.read_version ? Value::longValue(*entry.read_version)
                                    : Value::null(DataType::longType()),
                 optionalText(entry.isolation_level),
                 entry.is_blind_append ? Value::boolean(*entry.is_blind_append)
                                       : Value::null(DataType::boolean()),
                 stringMap(entry.operation_metrics), optionalText(entry.user_metadata),
                 optionalText(entry.engine_info)});
  }
  return rows.finish(session.timeZone());
}

StatementResult runDescribeDetail(const sql::DescribeDetailStatement& describe,
                                  CatalogSession& session) {
  DeltaTarget target = resolveDeltaTarget(describe.target, session, "DESCRIBE DETAIL");
  delta::TableDetail detail = delta::describeDetail(target.location);
  std::optional<std::string> name = detail.name;
  if (target.entry)
    name = target.entry->name.toString();
  ResultRowsBuilder rows(
      {"format", "id", "name", "description", "location", "createdAt", "lastModified",
       "partitionColumns", "clusteringColumns", "numFiles", "sizeInBytes", "properties",
       "minReaderVersion", "minWriterVersion", "tableFeatures"},
      {DataType::string(), DataType::string(), DataType::string(), DataType::string(),
       DataType::string(), DataType::timestamp(), DataType::timestamp(),
       DataType::array(DataType::string()), DataType::array(DataType::string()),
       DataType::longType(), DataType::longType(), stringMapType(), DataType::intType(),
       DataType::intType(), DataType::array(DataType::string())});
  rows.addRow(
      {text(detail.format), text(detail.id), optionalText(name), optionalText(detail.description),
       text(detail.location),
       detail.created_at ? timestampMillis(*detail.created_at) : Value::null(DataType::timestamp()),
       timestampMillis(detail.last_modified), stringArray(detail.partition_columns),
       stringArray(detail.clustering_columns), Value::longValue(detail.num_files),
       Value::longValue(detail.size_in_bytes), stringMap(detail.properties),
       Value::intValue(detail.min_reader_version), Value::intValue(detail.min_writer_version),
       stringArray(detail.table_features)});
  return rows.finish(session.timeZone());
}

}  // namespace sluice

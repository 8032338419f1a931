// src/pipeline/registration/sql_registration.cpp
#include "pipeline/registration/sql_registration.hpp"

#include <optional>
#include <utility>

#include <fmt/format.h>

#include "catalog/catalog.hpp"
#include "pipeline/graph/change_capture.hpp"
#include "sql/parameter_substitution.hpp"
#include "sql/parser/parser.hpp"

namespace sluice {

namespace {

class SqlFileRegistration {
 public:
  SqlFileRegistration(const RegistrationDefaults& defaults, DataflowGraph& graph,
                      std::vector<Error>& errors)
      : graph_(graph), errors_(errors) {
    context_.catalog = defaults.catalog;
    context_.schema = defaults.schema;
    // The spec's configuration is the pipeline's Spark conf, which SET statements extend.
    context_.settings = defaults.configuration;
  }

  void add(std::shared_ptr<const sql::Statement> statement) {
    try {
      registerStatement(std::move(statement));
    } catch (Error& error) {
      errors_.push_back(std::move(error));
    }
  }

 private:
  [[noreturn]] void fail(const sql::Statement& statement, sql::SourcePosition at,
                         ErrorClass error_class, std::string message) {
    throw Error(error_class, std::move(message)).withLocation(statement.locate(at));
  }

  QualifiedTableName qualify(const sql::Statement& statement,
                             const std::vector<std::string>& parts) {
    try {
      return qualifyTableName(parts, context_.catalog, context_.schema);
    } catch (Error& error) {
      error.withLocation(statement.locate(statement.position));
      throw;
    }
  }

  void registerStatement(std::shared_ptr<const sql::Statement> statement) {
    switch (statement->kind()) {
      case sql::StatementKind::kCreateTable:
        return registerTable(std::move(statement));
      case sql::StatementKind::kCreateView:
        return registerView(std::move(statement));
      case sql::StatementKind::kCreateFlow:
        return registerFlow(std::move(statement));
      case sql::StatementKind::kCreateFunction:
        return registerFunction(std::move(statement));
      case sql::StatementKind::kSet:
        return registerSet(statement->as<sql::SetStatement>());
      case sql::StatementKind::kSetTimeZone:
        return registerSetTimeZone(statement->as<sql::SetTimeZoneStatement>());
      case sql::StatementKind::kUse:
        return registerUse(statement->as<sql::UseStatement>());
      default:
        // Spark's pipelines accept only the statements that define the graph.
        fail(*statement, statement->position, ErrorClass::NOT_SUPPORTED,
             fmt::format("{} is not a pipeline statement: a pipeline's SQL files define "
                         "datasets and flows (CREATE STREAMING TABLE, CREATE MATERIALIZED VIEW, "
                         "CREATE TABLE, CREATE [TEMPORARY] VIEW, CREATE FLOW), the SQL functions "
                         "they call (CREATE [TEMPORARY] FUNCTION), SET and USE.",
                         sql::statementName(*statement)));
    }
  }

  // CREATE [OR REPLACE] [TEMPORARY] FUNCTION f(...) RETURN ...; checked with the graph.
  void registerFunction(std::shared_ptr<const sql::Statement> statement) {
    const auto& create = statement->as<sql::CreateFunctionStatement>();
    PipelineFunction function;
    function.temporary = create.temporary;
    if (create.temporary) {
      if (create.name.size() > 1) {
        fail(create, create.position, ErrorClass::INVALID_SQL_SYNTAX,
             fmt::format("CREATE TEMPORARY FUNCTION with specifying a database ({}) is not "
                         "allowed.",
                         create.name.front()));
      }
      function.name.table = create.name[0];
    } else {
      function.name = qualify(*statement, create.name);
    }
    function.function = SqlFunction{create.name.back(), statement, &create};
    function.origin = statement->locate(statement->position);
    function.context = context_;
    graph_.functions.push_back(std::move(function));
  }

  // CREATE [OR REFRESH] [PRIVATE] STREAMING TABLE / MATERIALIZED VIEW / TABLE ...
  void registerTable(std::shared_ptr<const sql::Statement> statement) {
    const auto& create = statement->as<sql::CreateTableStatement>();
    Dataset dataset;
    dataset.name = qualify(*statement, create.name);
    dataset.statement = statement;
    dataset.spec = &create.spec;
    dataset.expectations = &create.spec.expectations;
    dataset.comment = create.spec.comment;
    dataset.is_private = create.is_private;
    dataset.origin = statement->locate(statement->position);
    dataset.context = context_;
    switch (create.table_kind) {
      case sql::TableKind::kStreamingTable:
      case sql::TableKind::kStreamingLiveTable:
        dataset.kind = DatasetKind::kStreamingTable;
        break;
      case sql::TableKind::kMaterializedView:
      case sql::TableKind::kLiveTable:
        dataset.kind = DatasetKind::kMaterializedView;
        break;
      case sql::TableKind::kManagedTable:
        dataset.kind = DatasetKind::kManagedTable;
        if (create.or_replace) {
          fail(create, create.position, ErrorClass::NOT_SUPPORTED,
               "CREATE OR REPLACE TABLE runs in a query session; a pipeline's table is "
               "declared with CREATE TABLE t [(columns)] [FLOW INSERT [ONCE] BY NAME query].");
        }
        if (create.flow.kind == sql::FlowSpec::Kind::kQuery) {
          fail(create, create.flow.position, ErrorClass::NOT_SUPPORTED,
               "CREATE TABLE ... AS query runs in a query session; a pipeline's table is "
               "written by flows: CREATE TABLE t FLOW INSERT BY NAME query, or CREATE FLOW f AS "
               "INSERT INTO t BY NAME query.");
        }
        break;
    }
    if (create.spec.refresh_policy && dataset.kind != DatasetKind::kMaterializedView) {
      fail(create, create.spec.refresh_policy_position, ErrorClass::NOT_SUPPORTED,
           fmt::format("REFRESH POLICY applies to materialized views; the {} `{}` is not one.",
                       datasetKindName(dataset.kind), create.name.back()));
    }
    if (create.flow.kind != sql::FlowSpec::Kind::kNone) {
      Flow flow;
      flow.name = dataset.name;
      flow.target = dataset.name;
      flow.implicit = true;
      flow.statement = statement;
      flow.spec = &create.flow;
      flow.query = create.flow.query.get();
      flow.once = create.flow.once;
      flow.origin = dataset.origin;
      flow.context = context_;
      if (create.flow.kind == sql::FlowSpec::Kind::kAutoCdc)
        attachChangeQuery(flow);
      else if (dataset.kind == DatasetKind::kMaterializedView)
        flow.kind = FlowKind::kMaterialize;
      else
        flow.kind = FlowKind::kAppend;
      graph_.flows.push_back(std::move(flow));
    }
    graph_.datasets.push_back(std::move(dataset));
  }

  // CREATE [OR REPLACE] [TEMPORARY | LIVE] VIEW v [(columns)] AS query
  void registerView(std::shared_ptr<const sql::Statement> statement) {
    const auto& create = statement->as<sql::CreateViewStatement>();
    Dataset dataset;
    dataset.kind =
        create.temporary || create.live ? DatasetKind::kTemporaryView : DatasetKind::kView;
    if (dataset.kind == DatasetKind::kTemporaryView) {
      if (create.name.size() > 1) {
        fail(create, create.position, ErrorClass::NOT_SUPPORTED,
             fmt::format("A temporary view has a one-part name; {} has {}.",
                         quoteNameParts(create.name), create.name.size()));
      }
      dataset.name.table = create.name[0];
    } else {
      dataset.name = qualify(*statement, create.name);
    }
    dataset.statement = statement;
    dataset.view_query = create.query.get();
    dataset.view_columns = create.columns;
    dataset.expectations = &create.expectations;
    dataset.comment = create.comment;
    dataset.origin = statement->locate(statement->position);
    dataset.context = context_;
    graph_.datasets.push_back(std::move(dataset));
  }

  // CREATE FLOW f AS INSERT [ONCE] INTO t BY NAME query, CREATE FLOW f AS AUTO CDC INTO t ...,
  // and the unnamed APPLY CHANGES INTO t ... / AUTO CDC INTO t ...
  void registerFlow(std::shared_ptr<const sql::Statement> statement) {
    const auto& create = statement->as<sql::CreateFlowStatement>();
    Flow flow;
    if (create.name.size() > 1) {
      fail(create, create.position, ErrorClass::MULTIPART_FLOW_NAME_NOT_SUPPORTED,
           fmt::format("Flow with multi-part name {} is not supported: a flow is named by one "
                       "identifier and lives in the schema of its statement.",
                       quoteNameParts(create.name)));
    }
    flow.target = qualify(*statement, create.target);
    flow.name = create.name.empty() ? flow.target : qualify(*statement, create.name);
    flow.statement = statement;
    flow.spec = &create.flow;
    flow.query = create.flow.query.get();
    flow.once = create.flow.once;
    flow.comment = create.comment;
    flow.origin = statement->locate(statement->position);
    flow.context = context_;
    flow.kind = FlowKind::kAppend;
    if (create.flow.kind == sql::FlowSpec::Kind::kAutoCdc)
      attachChangeQuery(flow);
    graph_.flows.push_back(std::move(flow));
  }

  //! An AUTO CDC flow reads the query its clauses make (change_capture.hpp).
  static void attachChangeQuery(Flow& flow) {
    flow.kind = FlowKind::kAutoCdc;
    flow.change_query =
        makeChangeQuery(flow.spec->cdc, fmt::format("<AUTO CDC {}>", flow.name.toString()));
    if (flow.change_query)
      flow.query = flow.change_query->as<sql::QueryStatement>().query.get();
  }

  void registerSet(const sql::SetStatement& set) {
    if (set.form == sql::SetStatement::Form::kReset ||
        set.form == sql::SetStatement::Form::kResetAll) {
      fail(set, set.position, ErrorClass::NOT_SUPPORTED,
           "RESET in a pipeline: a pipeline's settings are its spec's configuration and the SET "
           "statements before each definition.");
    }
    if (set.form != sql::SetStatement::Form::kAssign) {
      fail(set, set.position, ErrorClass::NOT_SUPPORTED,
           "A pipeline's SET assigns a setting (SET key = value) for the statements after it.");
    }
    context_.settings[set.key] = set.value;
  }

  void registerSetTimeZone(const sql::SetTimeZoneStatement& set) {
    if (set.interval) {
      fail(set, set.position, ErrorClass::NOT_SUPPORTED,
           "SET TIME ZONE INTERVAL in a pipeline; name the zone: SET TIME ZONE '+08:00'.");
    }
    context_.settings["spark.sql.session.timeZone"] = set.local ? "UTC" : set.zone;
  }

  void registerUse(const sql::UseStatement& use) {
    switch (use.target) {
      case sql::UseStatement::Target::kCatalog:
        context_.catalog = foldIdentifier(use.name[0]);
        context_.schema = std::string(Catalog::kDefaultSchema);
        break;
      case sql::UseStatement::Target::kSchema:
      case sql::UseStatement::Target::kDefault:
        if (use.name.size() == 2) {
          context_.catalog = foldIdentifier(use.name[0]);
          context_.schema = foldIdentifier(use.name[1]);
        } else {
          context_.schema = foldIdentifier(use.name.back());
        }
        break;
    }
  }

  DataflowGraph& graph_;
  std::vector<Error>& errors_;
  RegistrationContext context_;
};

}  // namespace

void registerSqlFile(const std::string& text, const std::string& source_name,
                     const RegistrationDefaults& defaults, DataflowGraph& graph,
                     std::vector<Error>& errors) {
  std::string substituted;
  try {
    substituted = sql::substituteParameters(text, defaults.configuration, source_name);
  } catch (Error& error) {
    errors.push_back(std::move(error));
    return;
  }
  registerSqlText(substituted, source_name, defaults, graph, errors);
}

void registerSqlText(const std::string& text, const std::string& source_name,
                     const RegistrationDefaults& defaults, DataflowGraph& graph,
                     std::vector<Error>& errors) {
  SqlFileRegistration registration(defaults, graph, errors);
  // Statements are cut at ';' before they are parsed, so an error in one leaves the reader at
  // the next; an error the reader raises twice at one place (the text cannot be cut) ends it.
  sql::StatementReader reader(text, source_name);
  std::optional<std::pair<uint32_t, uint32_t>> last_error;
  while (true) {
    try {
      sql::StatementPtr statement = reader.next();
      if (!statement)
        break;
      registration.add(std::shared_ptr<const sql::Statement>(std::move(statement)));
    } catch (Error& error) {
      std::optional<std::pair<uint32_t, uint32_t>> at;
      if (error.location())
        at = std::make_pair(error.location()->line, error.location()->column);
      bool repeated = at && at == last_error;
      last_error = at;
      if (!repeated)
        errors.push_back(std::move(error));
      if (repeated || !at)
        break;
    }
  }
}

}  // namespace sluice

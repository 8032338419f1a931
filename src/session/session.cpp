#include "session/session.hpp"

#include <fmt/ranges.h>

#include "common/clock.hpp"
#include "common/error/error.hpp"
#include "common/types/time_units.hpp"
#include "common/types/time_zone.hpp"
#include "exec/chain/plan_executor.hpp"
#include "exec/parallel/task_scheduler.hpp"
#include "exec/physical/recursion_limits.hpp"
#include "exec/physical_planner.hpp"
#include "exec/plan_optimization.hpp"
#include "exec/spill/memory_limit.hpp"
#include "exec/table_function/builtin_table_functions.hpp"
#include "planner/binder/expression_binder.hpp"
#include "planner/binder/query_binder.hpp"
#include "planner/binder/sql_function_binder.hpp"
#include "session/catalog_statements.hpp"
#include "session/function_statements.hpp"
#include "session/located.hpp"
#include "session/parameter_binding.hpp"
#include "session/session_variables.hpp"
#include "sql/ast/cache_statement.hpp"
#include "sql/parser/parser.hpp"
#include "sql/printer.hpp"

namespace sluice {

namespace {

constexpr std::string_view kTimeZoneKey = "spark.sql.session.timeZone";

std::shared_ptr<const TimeZone> findZoneOrThrow(std::string_view name) {
  auto zone = TimeZone::find(name);
  if (!zone) {
    throw Error(ErrorClass::INVALID_CONF_VALUE, "TIME_ZONE",
                fmt::format("The value '{}' in the config \"{}\" is invalid. Cannot resolve the "
                            "given timezone.",
                            name, kTimeZoneKey));
  }
  return zone;
}

StatementResult keyValueResult(std::vector<std::pair<std::string, std::string>> rows) {
  Batch batch;
  batch.num_rows = rows.size();
  Vector keys(DataType::string(), std::max<size_t>(rows.size(), 1));
  Vector values(DataType::string(), std::max<size_t>(rows.size(), 1));
  for (size_t i = 0; i < rows.size(); ++i) {
    keys.setValue(i, Value::string(rows[i].first));
    values.setValue(i, Value::string(rows[i].second));
  }
  batch.columns.push_back(std::move(keys));
  batch.columns.push_back(std::move(values));
  return StatementResult({"key", "value"}, {DataType::string(), DataType::string()},
                         {std::move(batch)});
}

}  // namespace

class SessionState : public ViewResolver, public FunctionResolver, public CatalogSession {
 public:
  explicit SessionState(SessionOptions options) : options_(std::move(options)) {
    time_zone_ = findZoneOrThrow("UTC");
    config_[std::string(kTimeZoneKey)] = "UTC";
  }

  const TemporaryView* findView(std::string_view name) const override {
    auto found = views_.find(foldIdentifier(name));
    return found == views_.end() ? nullptr : &found->second;
  }

  const SqlFunction* findFunction(const std::vector<std::string>& name) const override {
    // Temporary functions have one-part names.
    if (name.size() != 1)
      return nullptr;
    auto found = functions_.find(foldIdentifier(name[0]));
    return found == functions_.end() ? nullptr : &found->second;
  }

  const std::map<std::string, SqlFunction>& temporaryFunctions() const override {
    return functions_;
  }

  StatementResult run(std::shared_ptr<const sql::Statement> statement) {
    switch (statement->kind()) {
      case sql::StatementKind::kQuery:
        return runQuery(*statement, *statement->as<sql::QueryStatement>().query);
      case sql::StatementKind::kSet:
        return runSet(statement->as<sql::SetStatement>());
      case sql::StatementKind::kSetTimeZone:
        return runSetTimeZone(statement->as<sql::SetTimeZoneStatement>());
      case sql::StatementKind::kCreateView:
        return runCreateView(statement);
      case sql::StatementKind::kDropView:
        return runDropView(statement->as<sql::DropViewStatement>());
      case sql::StatementKind::kExplain:
        return runExplain(statement->as<sql::ExplainStatement>());
      case sql::StatementKind::kExecuteImmediate:
        return runExecuteImmediate(statement->as<sql::ExecuteImmediateStatement>());
      case sql::StatementKind::kDeclareVariable:
        return variables_.declare(statement, *this);
      case sql::StatementKind::kSetVariable:
        return variables_.set(statement->as<sql::SetVariableStatement>(), *this);
      case sql::StatementKind::kDropVariable:
        return variables_.drop(statement->as<sql::DropVariableStatement>());
      case sql::StatementKind::kCacheTable:
        return runCacheTable(statement);
      case sql::StatementKind::kUncacheTable:
        return runUncacheTable(*statement);
      case sql::StatementKind::kClearCache:
        return {};
      case sql::StatementKind::kRefresh: {
        const auto& refresh = statement->as<sql::RefreshStatement>();
        if (!refresh.name.empty())
          checkRelationExists(*statement, refresh.name, refresh.name_position);
        return {};
      }
      case sql::StatementKind::kCreateFunction:
        if (statement->as<sql::CreateFunctionStatement>().temporary)
          return runCreateFunction(statement);
        return locatedAt(*statement, [&] { return runCreateCatalogFunction(statement, *this); });
      case sql::StatementKind::kDropFunction:
        return runDropFunction(statement->as<sql::DropFunctionStatement>());
      case sql::StatementKind::kCreateTable:
      case sql::StatementKind::kUse:
      case sql::StatementKind::kDropTable:
      case sql::StatementKind::kCreateSchema:
      case sql::StatementKind::kDropSchema:
      case sql::StatementKind::kShowTables:
      case sql::StatementKind::kShowSchemas:
      case sql::StatementKind::kShowCatalogs:
      case sql::StatementKind::kShowFunctions:
      case sql::StatementKind::kDescribeFunction:
      case sql::StatementKind::kDescribeTable:
      case sql::StatementKind::kDescribeSchema:
      case sql::StatementKind::kDescribeHistory:
      case sql::StatementKind::kDescribeDetail:
      case sql::StatementKind::kVacuum:
      case sql::StatementKind::kOptimize:
      case sql::StatementKind::kInsert:
      case sql::StatementKind::kDelete:
      case sql::StatementKind::kUpdate:
      case sql::StatementKind::kMerge:
      case sql::StatementKind::kAlterTable:
      case sql::StatementKind::kShowTblProperties:
      case sql::StatementKind::kShowColumns:
      case sql::StatementKind::kShowCreateTable:
      case sql::StatementKind::kRestore:
        if (isCatalogStatement(*statement))
          return runCatalogStatement(*statement, *this);
        [[fallthrough]];
      case sql::StatementKind::kCreateFlow:
        // OperatorChain statements declare datasets and flows; a pipeline update runs them.
        throw Error(ErrorClass::NOT_SUPPORTED,
                    fmt::format("{} runs as part of a pipeline, not in a query session.",
                                sql::statementName(*statement)))
            .withLocation(statement->locate(statement->position));
    }
    SLUICE_UNREACHABLE("unknown statement kind");
  }

  // CatalogSession.
  Catalog& catalog() override {
    // Opened on first use, so that a session that never needs it creates no folder.
    if (!catalog_)
      openCatalog();
    return *catalog_;
  }
  Catalog* existingCatalog() override {
    if (!catalog_ && !Catalog::existsIn(options_.storage_dir))
      return nullptr;
    return &catalog();
  }
  const std::map<std::string, TemporaryView>& temporaryViews() const override { return views_; }
  bool dropTemporaryView(std::string_view name) override {
    return views_.erase(foldIdentifier(name)) > 0;
  }
  LogicalOperatorPtr bindQuery(const sql::Statement& statement, const sql::Query& query) override {
    BindContext context = bindContext();
    QueryBinder binder(context, statement);
    return optimizePlan(binder.bindQuery(query), context.exec);
  }
  QueryOutput executeQuery(const sql::Statement& statement, const sql::Query& query) override {
    StatementResult result = runQuery(statement, query);
    return {result.columnNames(), result.columnTypes(), result.batches()};
  }
  std::optional<std::string> config(std::string_view key) const override {
    auto found = config_.find(std::string(key));
    if (found == config_.end())
      return std::nullopt;
    return found->second;
  }
  std::shared_ptr<const TimeZone> timeZone() const override { return time_zone_; }

  BindContext bindContext() const override {
    BindContext context;
    context.variables = &variables_;
    context.views = this;
    context.functions = this;
    // Tables are looked up only once a catalog exists: a plain SELECT creates no folder.
    if (!catalog_ && Catalog::existsIn(options_.storage_dir))
      openCatalog();
    context.catalog = catalog_.get();
    context.table_functions =
        options_.table_functions ? options_.table_functions.get() : &builtinTableFunctions();
    context.exec.time_zone = time_zone_.get();
    context.exec.memory_limit = memory_limit_;
    context.exec.cte_recursion_level_limit = cte_recursion_level_limit_;
    context.exec.cte_recursion_row_limit = cte_recursion_row_limit_;
    context.exec.statement_start_micros = epochMicros();
    return context;
  }

 private:
  //! Opens the catalog in the options' current namespace (a pipeline's: created when the
  //! pipeline has not run yet, as its first update would).
  void openCatalog() const {
    catalog_ = std::make_unique<Catalog>(options_.storage_dir);
    if (options_.current_catalog.empty() && options_.current_schema.empty())
      return;
    std::string catalog =
        options_.current_catalog.empty() ? catalog_->currentCatalog() : options_.current_catalog;
    std::string schema = options_.current_schema.empty() ? std::string(Catalog::kDefaultSchema)
                                                         : options_.current_schema;
    if (!catalog_->catalogExists(catalog))
      catalog_->createCatalog(catalog);
    SchemaEntry entry;
    entry.catalog = foldIdentifier(catalog);
    entry.name = foldIdentifier(schema);
    catalog_->createSchema(entry, /*if_not_exists=*/true);
    catalog_->setCurrentNamespace(catalog, schema);
  }

  StatementResult runQuery(const sql::Statement& statement, const sql::Query& query) {
    BindContext context = bindContext();
    QueryBinder binder(context, statement);
    LogicalOperatorPtr plan = optimizePlan(binder.bindQuery(query), context.exec);
    PhysicalOperatorPtr physical = createPhysicalPlan(*plan, context.exec);
    std::vector<Batch> batches = PlanExecutor(context.exec, TaskScheduler::shared()).run(*physical);
    return StatementResult(plan->column_names, plan->column_types, std::move(batches), time_zone_);
  }

  //! EXECUTE IMMEDIATE: the statement its text holds, run; with INTO, a query whose one row is
  //! assigned to session variables.
  StatementResult runExecuteImmediate(const sql::ExecuteImmediateStatement& execute) {
    std::shared_ptr<const sql::Statement> inner = parseExecuteImmediate(execute, bindContext());
    if (execute.into.empty())
      return run(std::move(inner));
    if (inner->kind() != sql::StatementKind::kQuery) {
      throw Error(ErrorClass::INVALID_STATEMENT_FOR_EXECUTE_INTO,
                  fmt::format("The INTO clause of EXECUTE IMMEDIATE is only valid for queries but "
                              "the given statement isn't a query: {}.",
                              sql::printStatement(*inner)))
          .withLocation(execute.locate(execute.position));
    }
    QueryOutput output = executeQuery(*inner, *inner->as<sql::QueryStatement>().query);
    variables_.assignRow(execute, execute.into, output, bindContext().exec);
    return {};
  }

  StatementResult runSet(const sql::SetStatement& statement) {
    switch (statement.form) {
      case sql::SetStatement::Form::kListAll:
      case sql::SetStatement::Form::kListVerbose: {
        std::vector<std::pair<std::string, std::string>> rows(config_.begin(), config_.end());
        return keyValueResult(std::move(rows));
      }
      case sql::SetStatement::Form::kGet: {
        auto found = config_.find(statement.key);
        return keyValueResult(
            {{statement.key, found == config_.end() ? "<undefined>" : found->second}});
      }
      case sql::SetStatement::Form::kAssign:
        variables_.checkNotVariable(statement);
        if (statement.key == kTimeZoneKey)
          time_zone_ = findZoneOrThrow(statement.value);
        if (statement.key == kMemoryLimitKey)
          memory_limit_ = memoryLimitOrThrow(statement.value);
        if (statement.key == kCteRecursionLevelLimitKey)
          cte_recursion_level_limit_ = recursionLimitOrThrow(statement.key, statement.value);
        if (statement.key == kCteRecursionRowLimitKey)
          cte_recursion_row_limit_ = recursionLimitOrThrow(statement.key, statement.value);
        config_[statement.key] = statement.value;
        return keyValueResult({{statement.key, statement.value}});
      case sql::SetStatement::Form::kResetAll: {
        std::vector<std::string> keys;
        for (const auto& [key, value] : config_)
          keys.push_back(key);
        for (const std::string& key : keys)
          resetSetting(key);
        return {};
      }
      case sql::SetStatement::Form::kReset:
        resetSetting(statement.key);
        return {};
    }
    SLUICE_UNREACHABLE("unknown SET form");
  }

  //! RESET: the setting back to its value when the session started (unset for most keys).
  void resetSetting(const std::string& key) {
    if (key == kTimeZoneKey) {
      time_zone_ = findZoneOrThrow("UTC");
      config_[key] = "UTC";
      return;
    }
    if (key == kMemoryLimitKey)
      memory_limit_ = 0;
    if (key == kCteRecursionLevelLimitKey)
      cte_recursion_level_limit_ = ExecContext{}.cte_recursion_level_limit;
    if (key == kCteRecursionRowLimitKey)
      cte_recursion_row_limit_ = ExecContext{}.cte_recursion_row_limit;
    config_.erase(key);
  }

  StatementResult runSetTimeZone(const sql::SetTimeZoneStatement& statement) {
    if (statement.interval) {
      time_zone_ = zoneOfInterval(statement);
      config_[std::string(kTimeZoneKey)] = time_zone_->name();
      return {};
    }
    std::string zone = statement.local ? "UTC" : statement.zone;
    if (statement.local) {
      // LOCAL is the machine's zone; the TZ variable names it when set.
      const char* tz = std::getenv("TZ");
      if (tz != nullptr && *tz != '\0')
        zone = tz;
    }
    time_zone_ = findZoneOrThrow(zone);
    config_[std::string(kTimeZoneKey)] = zone;
    return {};
  }

  //! SET TIME ZONE INTERVAL: a fixed offset of whole seconds within 18 hours either way,
  //! named as Java's ZoneOffset names it ("+08:00", "-07:30", "Z").
  std::shared_ptr<const TimeZone> zoneOfInterval(const sql::SetTimeZoneStatement& statement) {
    const auto& literal = statement.interval->as<sql::LiteralExpr>();
    Value interval = bindLiteral(literal, bindContext().exec);
    constexpr int64_t kMaxOffsetMicros = int64_t{18} * 3600 * kMicrosPerSecond;
    bool day_time = interval.type().id() == TypeId::kDayTimeInterval && !interval.isNull();
    int64_t micros = day_time ? interval.getInt64() : 0;
    if (!day_time || micros > kMaxOffsetMicros || micros < -kMaxOffsetMicros ||
        micros % kMicrosPerSecond != 0) {
      throw Error(ErrorClass::INVALID_INTERVAL_FORMAT, "TIMEZONE_INTERVAL_OUT_OF_RANGE",
                  fmt::format("Error parsing '{}' to interval. The interval value must be in "
                              "the range of [-18, +18] hours with second precision.",
                              sql::printExpression(literal)))
          .withLocation(statement.locate(statement.interval->position));
    }
    int64_t seconds = micros / kMicrosPerSecond;
    int64_t magnitude = seconds < 0 ? -seconds : seconds;
    std::string offset = fmt::format("{}{:02}:{:02}", seconds < 0 ? '-' : '+', magnitude / 3600,
                                     magnitude / 60 % 60);
    if (magnitude % 60 != 0)
      offset += fmt::format(":{:02}", magnitude % 60);
    return findZoneOrThrow(offset);
  }

  StatementResult runCreateView(std::shared_ptr<const sql::Statement> statement) {
    const auto& create = statement->as<sql::CreateViewStatement>();
    if (!create.temporary) {
      throw Error(ErrorClass::NOT_SUPPORTED,
                  "Persistent views are not supported in a query session yet; use CREATE "
                  "TEMPORARY VIEW.")
          .withLocation(statement->locate(statement->position));
    }
    std::string key = foldIdentifier(create.name.back());
    if (views_.count(key) && !create.or_replace) {
      if (create.if_not_exists)
        return {};
      throw Error(ErrorClass::TEMP_TABLE_OR_VIEW_ALREADY_EXISTS,
                  fmt::format("Cannot create the temporary view `{}` because it already exists.",
                              create.name.back()))
          .withLocation(statement->locate(statement->position));
    }
    TemporaryView view{create.name.back(), statement, create.query.get(), {}};
    for (const sql::ViewColumn& column : create.columns)
      view.column_names.push_back(column.name);
    // Bind now so that a broken view fails at CREATE, as in Spark.
    BindContext context = bindContext();
    LogicalOperatorPtr plan = QueryBinder(context, *statement).bindQuery(*create.query);
    if (!view.column_names.empty() && view.column_names.size() != plan->column_names.size()) {
      throw Error(
          ErrorClass::CREATE_VIEW_COLUMN_ARITY_MISMATCH, "NOT_ENOUGH_DATA_COLUMNS",
          fmt::format("Cannot create view `{}`: the view lists {} columns but the query "
                      "returns {}.",
                      create.name.back(), view.column_names.size(), plan->column_names.size()))
          .withLocation(statement->locate(statement->position));
    }
    views_[key] = std::move(view);
    return {};
  }

  // The cache statements: every query reads its sources anew, so there is nothing to cache or
  // refresh; they check the names they are given, and CACHE TABLE ... AS query defines its
  // temporary view, as Spark's does.
  void checkRelationExists(const sql::Statement& statement, const std::vector<std::string>& name,
                           sql::SourcePosition at) {
    // Bound only: the plan is neither optimized nor run.
    sql::QueryPtr query = sql::selectAllFrom(name, at);
    BindContext context = bindContext();
    QueryBinder(context, statement).bindQuery(*query);
  }

  StatementResult runCacheTable(std::shared_ptr<const sql::Statement> statement) {
    const auto& cache = statement->as<sql::CacheTableStatement>();
    if (!cache.query) {
      checkRelationExists(*statement, cache.name, cache.name_position);
      return {};
    }
    std::string key = foldIdentifier(cache.name.back());
    if (views_.count(key)) {
      throw Error(ErrorClass::TEMP_TABLE_OR_VIEW_ALREADY_EXISTS,
                  fmt::format("Cannot create the temporary view `{}` because it already exists.",
                              cache.name.back()))
          .withLocation(statement->locate(cache.name_position));
    }
    BindContext context = bindContext();
    QueryBinder(context, *statement).bindQuery(*cache.query);
    views_[key] = TemporaryView{cache.name.back(), statement, cache.query.get(), {}};
    return {};
  }

  StatementResult runUncacheTable(const sql::Statement& statement) {
    const auto& uncache = statement.as<sql::UncacheTableStatement>();
    try {
      checkRelationExists(statement, uncache.name, uncache.name_position);
    } catch (const Error& error) {
      if (!uncache.if_exists || error.errorClass() != ErrorClass::TABLE_OR_VIEW_NOT_FOUND)
        throw;
    }
    return {};
  }

  StatementResult runDropView(const sql::DropViewStatement& statement) {
    std::string key = foldIdentifier(statement.name.back());
    if (views_.erase(key) || dropCatalogView(statement, *this))
      return {};
    if (!statement.if_exists) {
      throw Error(ErrorClass::TABLE_OR_VIEW_NOT_FOUND,
                  fmt::format("The table or view `{}` cannot be found. Verify the spelling and "
                              "correctness of the schema and catalog.",
                              fmt::join(statement.name, "`.`")))
          .withLocation(statement.locate(statement.position));
    }
    return {};
  }

  StatementResult runCreateFunction(std::shared_ptr<const sql::Statement> statement) {
    const auto& create = statement->as<sql::CreateFunctionStatement>();
    auto fail = [&](ErrorClass error_class, std::string sub_class, std::string message) {
      throw Error(error_class, std::move(sub_class), std::move(message))
          .withLocation(statement->locate(statement->position));
    };
    if (create.name.size() > 1) {
      fail(ErrorClass::INVALID_SQL_SYNTAX, "CREATE_TEMP_FUNC_WITH_DATABASE",
           fmt::format("CREATE TEMPORARY FUNCTION with specifying a database ({}) is not "
                       "allowed.",
                       create.name.front()));
    }
    std::string key = foldIdentifier(create.name.back());
    if (functions_.count(key) && !create.or_replace) {
      if (create.if_not_exists)
        return {};
      fail(ErrorClass::ROUTINE_ALREADY_EXISTS, "",
           fmt::format("Cannot create the routine `{}` because it already exists. Choose a "
                       "different name, drop or replace the existing routine, or add the IF "
                       "NOT EXISTS clause to tolerate a pre-existing routine.",
                       create.name.back()));
    }
    SqlFunction function{create.name.back(), statement, &create};
    // Checked now, so that a broken function fails at CREATE, as in Spark.
    checkSqlFunctionDefinition(bindContext(), function);
    functions_[key] = std::move(function);
    return {};
  }

  StatementResult runDropFunction(const sql::DropFunctionStatement& statement) {
    if (!statement.temporary)
      return locatedAt(statement, [&] { return runDropCatalogFunction(statement, *this); });
    if (functions_.erase(foldIdentifier(statement.name.back())) || statement.if_exists)
      return {};
    throw Error(ErrorClass::ROUTINE_NOT_FOUND,
                fmt::format("The routine `{}` cannot be found. Verify the spelling and "
                            "correctness of the schema and catalog.",
                            fmt::join(statement.name, "`.`")))
        .withLocation(statement.locate(statement.position));
  }

  StatementResult runExplain(const sql::ExplainStatement& statement) {
    if (statement.statement->kind() != sql::StatementKind::kQuery) {
      throw Error(ErrorClass::NOT_SUPPORTED, "EXPLAIN is supported for queries only.")
          .withLocation(statement.locate(statement.position));
    }
    BindContext context = bindContext();
    QueryBinder binder(context, *statement.statement);
    LogicalOperatorPtr plan = optimizePlan(
        binder.bindQuery(*statement.statement->as<sql::QueryStatement>().query), context.exec);
    Batch batch;
    batch.num_rows = 1;
    Vector text(DataType::string(), 1);
    text.setValue(0, Value::string(plan->explain()));
    batch.columns.push_back(std::move(text));
    return StatementResult({"plan"}, {DataType::string()}, {std::move(batch)});
  }

  SessionOptions options_;
  mutable std::unique_ptr<Catalog> catalog_;  // opened on first use
  std::map<std::string, std::string> config_;
  std::map<std::string, TemporaryView> views_;
  SessionVariables variables_;
  std::map<std::string, SqlFunction> functions_;
  std::shared_ptr<const TimeZone> time_zone_;
  uint64_t memory_limit_ = 0;  // sluice.memoryLimit; 0 for the default
  // spark.sql.cteRecursionLevelLimit and spark.sql.cteRecursionRowLimit
  int64_t cte_recursion_level_limit_ = ExecContext{}.cte_recursion_level_limit;
  int64_t cte_recursion_row_limit_ = ExecContext{}.cte_recursion_row_limit;
};

Session::Session(SessionOptions options)
    : state_(std::make_unique<SessionState>(std::move(options))) {}

Session::~Session() = default;

namespace {

void runStatements(SessionState& state, std::string_view sql, std::string_view source_name,
                   const sql::ParameterValues* parameter_values,
                   const std::function<void(StatementResult&&)>& on_result) {
  // Statement by statement, as spark-sql does: a syntax error in a later statement surfaces
  // only after the earlier ones have run and handed over their results, and an identifier
  // clause reads the session variables the earlier ones declared.
  sql::ParameterValues values = parameter_values ? *parameter_values : sql::ParameterValues{};
  bindIdentifierVariables(values, state.bindContext());
  sql::StatementReader reader(sql, source_name, &values);
  while (sql::StatementPtr statement = reader.next())
    on_result(state.run(std::shared_ptr<const sql::Statement>(std::move(statement))));
}

}  // namespace

void Session::execute(std::string_view sql, std::string_view source_name,
                      const std::function<void(StatementResult&&)>& on_result) {
  runStatements(*state_, sql, source_name, nullptr, on_result);
}

void Session::execute(std::string_view sql, std::string_view source_name,
                      const QueryParameters& parameters,
                      const std::function<void(StatementResult&&)>& on_result) {
  sql::ParameterValues values = bindQueryParameters(parameters, state_->bindContext());
  runStatements(*state_, sql, source_name, &values, on_result);
}

void Session::set(const std::string& key, const std::string& value) {
  auto statement = std::make_shared<sql::SetStatement>(sql::SourcePosition{});
  statement->form = sql::SetStatement::Form::kAssign;
  statement->key = key;
  statement->value = value;
  state_->run(std::move(statement));
}

std::vector<StatementResult> Session::execute(std::string_view sql, std::string_view source_name) {
  std::vector<StatementResult> results;
  execute(sql, source_name,
          [&](StatementResult&& result) { results.push_back(std::move(result)); });
  return results;
}

}  // namespace sluice

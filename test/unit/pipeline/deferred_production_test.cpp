// test/unit/pipeline/deferred_production_test.cpp
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "exec/table_function/builtin_table_functions.hpp"
#include "pipeline/graph/graph_analysis.hpp"
#include "pipeline/pipeline_validation.hpp"
#include "pipeline/registration/sql_registration.hpp"

namespace sluice {
namespace {

//! A deferred materialized view that selects every column of `source` but the last, as a
//! query function asking for `source`'s columns would; it counts its calls.
class AllButLastColumn : public DeferredQueryProducer {
 public:
  AllButLastColumn(std::string name, std::string source)
      : name_(std::move(name)), source_(std::move(source)) {}

  DeferredOutcome produce(const QueryShapeLookup& lookup, DataflowGraph& graph,
                          std::vector<Error>& errors) const override {
    ++calls;
    std::optional<QueryShape> shape;
    try {
      shape = lookup.describe(fmt::format("SELECT * FROM {}", source_));
    } catch (Error& error) {
      errors.push_back(std::move(error));
      return DeferredOutcome::kFailed;
    }
    if (!shape)
      return DeferredOutcome::kWaiting;
    std::string columns;
    for (size_t index = 0; index + 1 < shape->columns.size(); ++index)
      columns += (index > 0 ? ", " : "") + shape->columns[index].name;
    registerSqlText(
        fmt::format("CREATE MATERIALIZED VIEW {} AS SELECT {} FROM {}", name_, columns, source_),
        "deferred.py", defaults(), graph, errors);
    return DeferredOutcome::kRegistered;
  }

  static RegistrationDefaults defaults() {
    RegistrationDefaults defaults;
    defaults.catalog = "spark_catalog";
    defaults.schema = "default";
    return defaults;
  }

  mutable int calls = 0;

 private:
  std::string name_;
  std::string source_;
};

class DeferredProduction : public ::testing::Test {
 protected:
  void addSql(const std::string& text) {
    registerSqlText(text, "pipeline.sql", AllButLastColumn::defaults(), graph_, errors_);
    ASSERT_TRUE(errors_.empty()) << errors_.front().what();
  }

  std::shared_ptr<AllButLastColumn> defer(const std::string& name, const std::string& source) {
    auto producer = std::make_shared<AllButLastColumn>(name, source);
    DeferredDefinition definition;
    definition.description = fmt::format("materialized view `{}`", name);
    definition.dataset = QualifiedTableName{"spark_catalog", "default", name};
    definition.origin = SourceLocation{"deferred.py", 1, 1, ""};
    definition.context.catalog = "spark_catalog";
    definition.context.schema = "default";
    definition.producer = producer;
    graph_.deferred.push_back(std::move(definition));
    return producer;
  }

  GraphAnalysis analyze() {
    BindingEnvironment environment;
    environment.table_functions = &builtinTableFunctions();
    environment.reads = &reads_;
    return analyzeGraph(graph_, environment, errors_);
  }

  static std::vector<std::string> columnsOf(const GraphAnalysis& analysis,
                                            const std::string& name) {
    const DatasetAnalysis* dataset = analysis.dataset("spark_catalog.default." + name);
    std::vector<std::string> names;
    if (dataset != nullptr) {
      for (const StructField& column : dataset->state.schema)
        names.push_back(column.name);
    }
    return names;
  }

  DataflowGraph graph_;
  std::vector<Error> errors_;
  SchemaOnlyReads reads_;
};

TEST_F(DeferredProduction, RunsOnceWhatItReadsIsResolvedWhateverTheOrder) {
  // c reads b, which reads a; both are deferred, c first, and a SQL view reads c.
  auto c = defer("c", "b");
  auto b = defer("b", "a");
  addSql("CREATE MATERIALIZED VIEW a AS SELECT 1 AS x, 2 AS y, 3 AS z");
  addSql("CREATE MATERIALIZED VIEW d AS SELECT * FROM c");
  GraphAnalysis analysis = analyze();
  ASSERT_TRUE(analysis.errors.empty()) << analysis.errors.front().what();
  EXPECT_EQ(columnsOf(analysis, "b"), (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(columnsOf(analysis, "c"), (std::vector<std::string>{"x"}));
  EXPECT_EQ(columnsOf(analysis, "d"), (std::vector<std::string>{"x"}));
  // The registered graph is left as it was: the analysis owns the produced one.
  EXPECT_EQ(graph_.deferred.size(), 2u);
  EXPECT_EQ(analysis.graph->deferred.size(), 0u);
  EXPECT_EQ(b->calls, 1);
  EXPECT_EQ(c->calls, 2);
}

TEST_F(DeferredProduction, AnUnknownDatasetFailsAtOnceAndItsReadersUpstream) {
  defer("b", "nowhere");
  addSql("CREATE MATERIALIZED VIEW d AS SELECT * FROM b");
  GraphAnalysis analysis = analyze();
  ASSERT_EQ(analysis.errors.size(), 2u);
  EXPECT_EQ(analysis.errors[0].errorClass(), ErrorClass::TABLE_OR_VIEW_NOT_FOUND);
  EXPECT_NE(std::string(analysis.errors[0].what()).find("nowhere"), std::string::npos);
  EXPECT_EQ(analysis.errors[1].errorClass(), ErrorClass::UPSTREAM_FAILURE);
}

TEST_F(DeferredProduction, DefinitionsWaitingOnEachOtherAreACycle) {
  defer("b", "c");
  defer("c", "b");
  GraphAnalysis analysis = analyze();
  ASSERT_EQ(analysis.errors.size(), 2u);
  for (const Error& error : analysis.errors) {
    EXPECT_EQ(error.errorClass(), ErrorClass::CIRCULAR_DEPENDENCY);
    EXPECT_NE(std::string(error.what()).find("`b` -> materialized view `c`"), std::string::npos)
        << error.what();
  }
}

TEST_F(DeferredProduction, ACycleThroughASqlDatasetIsACycle) {
  defer("b", "c");
  addSql("CREATE MATERIALIZED VIEW c AS SELECT x, x AS y FROM b");
  GraphAnalysis analysis = analyze();
  ASSERT_EQ(analysis.errors.size(), 2u);
  EXPECT_EQ(analysis.errors[0].errorClass(), ErrorClass::CIRCULAR_DEPENDENCY);
  EXPECT_NE(std::string(analysis.errors[0].what())
                .find("materialized view `b` -> materialized view "
                      "`spark_catalog`.`default`.`c` -> materialized view `b`"),
            std::string::npos)
      << analysis.errors[0].what();
  // The SQL view fails because what it reads did.
  EXPECT_EQ(analysis.errors[1].errorClass(), ErrorClass::UPSTREAM_FAILURE);
}

}  // namespace
}  // namespace sluice

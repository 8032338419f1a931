// test/unit/sql/pipeline_statement_session_test.cpp
//
// Pipeline statements parse anywhere, but a query session does not run them: it refuses each
// with NOT_SUPPORTED naming the statement, at the statement's position. (CREATE TABLE and USE
// run in a session: test/unit/exec/catalog_session_test.cpp.)
#include <gtest/gtest.h>

#include "common/error/error.hpp"
#include "session/session.hpp"

namespace sluice {
namespace {

TEST(PipelineStatementSessionTest, SessionRefusesPipelineStatementsByName) {
  struct Case {
    const char* sql;
    const char* message;
  };
  const Case cases[] = {
      {"CREATE OR REFRESH STREAMING TABLE t AS SELECT 1",
       "CREATE STREAMING TABLE runs as part of a pipeline, not in a query session."},
      {"CREATE MATERIALIZED VIEW mv AS SELECT 1",
       "CREATE MATERIALIZED VIEW runs as part of a pipeline, not in a query session."},
      {"CREATE FLOW f AS INSERT INTO t BY NAME SELECT 1",
       "CREATE FLOW runs as part of a pipeline, not in a query session."},
      {"APPLY CHANGES INTO t FROM s KEYS (k) SEQUENCE BY q",
       "AUTO CDC INTO runs as part of a pipeline, not in a query session."},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.sql);
    Session session;
    try {
      session.execute(std::string("SELECT 1;\n") + c.sql);
      ADD_FAILURE() << "no error";
    } catch (const Error& error) {
      EXPECT_EQ(error.errorClass(), ErrorClass::NOT_SUPPORTED) << error.what();
      EXPECT_EQ(error.message(), c.message);
      ASSERT_TRUE(error.location());
      EXPECT_EQ(error.location()->line, 2u);
      EXPECT_EQ(error.location()->column, 1u);
    }
  }
}

}  // namespace
}  // namespace sluice

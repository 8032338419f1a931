// test/unit/sql/parser_test_util.hpp
//
// What the parser tests of each statement family share: parsing one statement, and checking that
// a statement printed in a layout parses back to the same tree and prints the same again.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "sql/parser/parser.hpp"
#include "sql/printer.hpp"

namespace sluice::sql {

//! The one statement `sql` holds (a test failure when it holds another number).
inline StatementPtr parseSingle(std::string_view sql) {
  std::vector<StatementPtr> statements = parseStatements(sql);
  EXPECT_EQ(statements.size(), 1u) << sql;
  return statements.empty() ? nullptr : std::move(statements[0]);
}

//! Parse, print in `layout`, parse again: the same tree, printed the same.
inline void expectRoundTrip(std::string_view input, PrintLayout layout) {
  SCOPED_TRACE(input);
  StatementPtr first;
  try {
    first = parseSingle(input);
  } catch (const Error& error) {
    ADD_FAILURE() << "parse failed: " << error.report();
    return;
  }
  ASSERT_NE(first, nullptr);
  std::string printed = printStatement(*first, layout);
  StatementPtr second;
  try {
    second = parseSingle(printed);
  } catch (const Error& error) {
    ADD_FAILURE() << "printed text does not parse:\n" << printed << "\n" << error.report();
    return;
  }
  ASSERT_NE(second, nullptr) << printed;
  EXPECT_TRUE(first->equals(*second)) << "printed:\n" << printed;
  EXPECT_EQ(printStatement(*second, layout), printed);
}

}  // namespace sluice::sql

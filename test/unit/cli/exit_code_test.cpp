// test/unit/cli/exit_code_test.cpp
//
// Invalid input exits 2, failures while running exit 1.
#include "cli/exit_code.hpp"

#include <gtest/gtest.h>

namespace sluice {
namespace {

TEST(ExitCodeTest, ParseAndAnalysisErrorsAreInvalidInput) {
  for (ErrorClass error_class :
       {ErrorClass::PARSE_SYNTAX_ERROR, ErrorClass::INVALID_SQL_SYNTAX,
        ErrorClass::UNRESOLVED_COLUMN, ErrorClass::UNRESOLVED_ROUTINE,
        ErrorClass::TABLE_OR_VIEW_NOT_FOUND, ErrorClass::DATATYPE_MISMATCH,
        ErrorClass::WRONG_NUM_ARGS, ErrorClass::AMBIGUOUS_REFERENCE,
        ErrorClass::MISSING_AGGREGATION, ErrorClass::MISSING_GROUP_BY, ErrorClass::NOT_SUPPORTED,
        ErrorClass::INVALID_TYPED_LITERAL, ErrorClass::CANNOT_PARSE_DATATYPE,
        ErrorClass::INVALID_INLINE_TABLE, ErrorClass::TEMP_TABLE_OR_VIEW_ALREADY_EXISTS}) {
    EXPECT_EQ(exitCodeForError(Error(error_class, "x")), kExitInvalidInput)
        << errorClassName(error_class);
  }
  EXPECT_EQ(exitCodeForError(Error(ErrorClass::UNRESOLVED_COLUMN, "WITH_SUGGESTION", "x")),
            kExitInvalidInput);
}

TEST(ExitCodeTest, RuntimeErrorsAreFailures) {
  for (ErrorClass error_class :
       {ErrorClass::DIVIDE_BY_ZERO, ErrorClass::CAST_INVALID_INPUT, ErrorClass::ARITHMETIC_OVERFLOW,
        ErrorClass::IO_ERROR, ErrorClass::INTERNAL_ERROR}) {
    EXPECT_EQ(exitCodeForError(Error(error_class, "x")), kExitFailure)
        << errorClassName(error_class);
  }
}

}  // namespace
}  // namespace sluice

// src/sql/parser/table_spec_parser.cpp
//
// The column list and the table clauses of the pipeline datasets:
//   ( column [, ...] [, CONSTRAINT name EXPECT (cond) [ON VIOLATION ...]] [, table key] )
//   USING DELTA | PARTITIONED BY (cols) | CLUSTER BY (cols) | AUTO | NONE | LOCATION 'path' |
//   COMMENT 'text' | TBLPROPERTIES (...) | WITH ROW FILTER f ON (cols) |
//   REFRESH POLICY AUTO | INCREMENTAL [STRICT] | FULL
// in any order, each at most once. SCHEDULE, TRIGGER ON UPDATE and DEFAULT COLLATION are
// checked for syntax and then refused as not supported.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "sql/parser/token_parser.hpp"

namespace sluice::sql {

void TokenParser::parseTableElements(TableSpec& spec) {
  expect(TokenKind::kLeftParen);
  spec.has_column_list = true;
  if (check(TokenKind::kRightParen))
    fail(current(), "expected a column or a constraint");
  do {
    const Token& start = current();
    // CONSTRAINT starts an expectation or a named key; a column may still be called
    // `constraint` or `primary`, so look at what follows.
    if (start.isKeyword(Keyword::kConstraint) && isIdentifier(peek(1)) &&
        (peek(2).isKeyword(Keyword::kExpect) || peek(2).isKeyword(Keyword::kPrimary) ||
         peek(2).isKeyword(Keyword::kForeign) || peek(2).isKeyword(Keyword::kCheck))) {
      if (peek(2).isKeyword(Keyword::kExpect)) {
        spec.expectations.push_back(parseExpectation());
        continue;
      }
      if (peek(2).isKeyword(Keyword::kCheck)) {
        failWith(ErrorClass::NOT_SUPPORTED, peek(2),
                 "CHECK constraints are not supported; declare an expectation with CONSTRAINT "
                 "name EXPECT (condition).");
      }
      advance();
      std::string name = parseIdentifier();
      spec.keys.push_back(parseKeyConstraint(std::move(name), /*column_level=*/false));
      spec.keys.back().position = start.position;
      continue;
    }
    if ((start.isKeyword(Keyword::kPrimary) || start.isKeyword(Keyword::kForeign)) &&
        peek(1).isKeyword(Keyword::kKey)) {
      spec.keys.push_back(parseKeyConstraint("", /*column_level=*/false));
      continue;
    }
    spec.columns.push_back(parseColumnSpec());
  } while (match(TokenKind::kComma));
  expect(TokenKind::kRightParen);
}

bool TokenParser::startsColumnProperty(const Token& token) const {
  switch (token.kind) {
    case TokenKind::kComma:
    case TokenKind::kRightParen:
      return true;
    case TokenKind::kWord:
      switch (token.keyword) {
        case Keyword::kNot:
        case Keyword::kGenerated:
        case Keyword::kDefault:
        case Keyword::kComment:
        case Keyword::kMask:
        case Keyword::kPrimary:
        case Keyword::kReferences:
        case Keyword::kConstraint:
          return true;
        default:
          return false;
      }
    default:
      return false;
  }
}

ColumnSpec TokenParser::parseColumnSpec() {
  ColumnSpec column;
  column.position = current().position;
  column.name = parseAnyName("a column name");
  if (!startsColumnProperty(current()))
    column.type = parseDataType();
  while (true) {
    const Token& property = current();
    if (property.isKeyword(Keyword::kNot)) {
      if (column.not_null)
        failDuplicateClause(property, "NOT NULL");
      advance();
      expectKeyword(Keyword::kNull);
      column.not_null = true;
    } else if (property.isKeyword(Keyword::kGenerated)) {
      if (column.generated || column.identity)
        failDuplicateClause(property, "GENERATED");
      if (column.default_value)
        failGeneratedWithDefault(property, column.name);
      advance();
      bool always = true;
      if (matchKeyword(Keyword::kBy)) {
        expectKeyword(Keyword::kDefault);
        always = false;
      } else {
        expectKeyword(Keyword::kAlways);
      }
      expectKeyword(Keyword::kAs);
      if (checkKeyword(Keyword::kIdentity)) {
        advance();
        column.identity = parseIdentity(always);
      } else if (!always) {
        fail(current(), "expected IDENTITY");
      } else {
        expect(TokenKind::kLeftParen);
        column.generated = parseExpression();
        expect(TokenKind::kRightParen);
      }
    } else if (property.isKeyword(Keyword::kDefault)) {
      if (column.default_value)
        failDuplicateClause(property, "DEFAULT");
      if (column.generated || column.identity)
        failGeneratedWithDefault(property, column.name);
      advance();
      column.default_value = parseExpression();
    } else if (property.isKeyword(Keyword::kComment)) {
      if (column.comment)
        failDuplicateClause(property, "COMMENT");
      advance();
      column.comment = parseStringValue();
    } else if (property.isKeyword(Keyword::kMask)) {
      if (!column.mask.empty())
        failDuplicateClause(property, "MASK");
      advance();
      column.mask = parseTableName();
      if (matchKeyword(Keyword::kUsing)) {
        expectKeyword(Keyword::kColumns);
        column.mask_using_columns = parseIdentifierList();
      }
    } else if (property.isKeyword(Keyword::kPrimary) || property.isKeyword(Keyword::kReferences) ||
               property.isKeyword(Keyword::kConstraint)) {
      if (column.key)
        failDuplicateClause(property, "PRIMARY KEY / REFERENCES");
      std::string name;
      if (matchKeyword(Keyword::kConstraint))
        name = parseIdentifier("a constraint name");
      column.key = parseKeyConstraint(std::move(name), /*column_level=*/true);
      column.key->position = property.position;
    } else {
      break;
    }
  }
  return column;
}

void TokenParser::failGeneratedWithDefault(const Token& at, std::string_view column) const {
  failWith(ErrorClass::INVALID_SQL_SYNTAX, at,
           fmt::format("The column {} cannot be both GENERATED and have a DEFAULT.", column));
}

KeyConstraint TokenParser::parseKeyConstraint(std::string name, bool column_level) {
  KeyConstraint key;
  key.position = current().position;
  key.name = std::move(name);
  if (matchKeyword(Keyword::kPrimary)) {
    expectKeyword(Keyword::kKey);
    key.kind = KeyConstraint::Kind::kPrimaryKey;
    if (!column_level)
      key.columns = parseIdentifierList();
    return key;
  }
  key.kind = KeyConstraint::Kind::kForeignKey;
  if (matchKeyword(Keyword::kForeign)) {
    expectKeyword(Keyword::kKey);
    if (!column_level)
      key.columns = parseIdentifierList();
  } else if (!column_level || !checkKeyword(Keyword::kReferences)) {
    fail(current(), "expected PRIMARY KEY or FOREIGN KEY");
  }
  expectKeyword(Keyword::kReferences);
  key.referenced_table = parseTableName();
  if (check(TokenKind::kLeftParen))
    key.referenced_columns = parseIdentifierList();
  return key;
}

std::string TokenParser::parseSignedInteger(std::string_view what) {
  std::string sign = match(TokenKind::kMinus) ? "-" : "";
  if (!check(TokenKind::kInteger))
    fail(current(), fmt::format("expected {}", what));
  return sign + std::string(advance().text);
}

IdentitySpec TokenParser::parseIdentity(bool always) {
  IdentitySpec identity;
  identity.always = always;
  if (!match(TokenKind::kLeftParen))
    return identity;
  do {
    const Token& option = current();
    if (matchKeyword(Keyword::kStart)) {
      if (identity.start)
        failDuplicateClause(option, "START WITH");
      expectKeyword(Keyword::kWith);
      identity.start = parseSignedInteger("an integer");
    } else if (matchKeyword(Keyword::kIncrement)) {
      if (identity.increment)
        failDuplicateClause(option, "INCREMENT BY");
      expectKeyword(Keyword::kBy);
      identity.increment = parseSignedInteger("an integer");
      if (*identity.increment == "0" || *identity.increment == "-0") {
        failWith(ErrorClass::INVALID_SQL_SYNTAX, option,
                 "An identity column cannot INCREMENT BY 0.");
      }
    } else {
      fail(option, "expected START WITH or INCREMENT BY");
    }
  } while (!check(TokenKind::kRightParen) && !atEnd());
  expect(TokenKind::kRightParen);
  return identity;
}

bool TokenParser::parseTableClause(TableSpec& spec) {
  const Token& clause = current();
  switch (clause.kind == TokenKind::kWord ? clause.keyword : Keyword::kNone) {
    case Keyword::kUsing: {
      if (spec.using_delta)
        failDuplicateClause(clause, "USING");
      advance();
      const Token& format = current();
      std::string name = parseIdentifier("a table format");
      std::string upper = name;
      std::transform(upper.begin(), upper.end(), upper.begin(),
                     [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
      if (upper != "DELTA") {
        failWith(ErrorClass::NOT_SUPPORTED, format,
                 fmt::format("USING {} is not supported: sluice writes Delta tables.", upper));
      }
      spec.using_delta = true;
      return true;
    }
    case Keyword::kPartitioned:
      if (!spec.partition_columns.empty())
        failDuplicateClause(clause, "PARTITIONED BY");
      if (spec.clustering) {
        failWith(ErrorClass::SPECIFY_CLUSTER_BY_WITH_PARTITIONED_BY_IS_NOT_ALLOWED, clause,
                 "A table cannot have both CLUSTER BY and PARTITIONED BY.");
      }
      advance();
      expectKeyword(Keyword::kBy);
      spec.partition_columns = parseIdentifierList();
      return true;
    case Keyword::kCluster: {
      if (spec.clustering)
        failDuplicateClause(clause, "CLUSTER BY");
      if (!spec.partition_columns.empty()) {
        failWith(ErrorClass::SPECIFY_CLUSTER_BY_WITH_PARTITIONED_BY_IS_NOT_ALLOWED, clause,
                 "A table cannot have both CLUSTER BY and PARTITIONED BY.");
      }
      advance();
      expectKeyword(Keyword::kBy);
      Clustering clustering;
      clustering.position = clause.position;
      if (matchKeyword(Keyword::kAuto)) {
        clustering.kind = Clustering::Kind::kAuto;
      } else if (matchKeyword(Keyword::kNoneWord)) {
        clustering.kind = Clustering::Kind::kNone;
      } else if (check(TokenKind::kLeftParen)) {
        clustering.columns = parseIdentifierList();
      } else {
        fail(current(), "expected '(', AUTO or NONE");
      }
      spec.clustering = std::move(clustering);
      return true;
    }
    case Keyword::kLocation:
      if (spec.location)
        failDuplicateClause(clause, "LOCATION");
      advance();
      spec.location = parseStringValue();
      return true;
    case Keyword::kComment:
      if (spec.comment)
        failDuplicateClause(clause, "COMMENT");
      advance();
      spec.comment = parseStringValue();
      return true;
    case Keyword::kTblproperties:
      if (!spec.properties.empty())
        failDuplicateClause(clause, "TBLPROPERTIES");
      advance();
      spec.properties = parsePropertyList();
      return true;
    case Keyword::kWith: {
      if (!peek(1).isKeyword(Keyword::kRow))
        return false;
      if (spec.row_filter)
        failDuplicateClause(clause, "WITH ROW FILTER");
      advance();
      advance();
      expectKeyword(Keyword::kFilter);
      RowFilter filter;
      filter.position = clause.position;
      filter.function = parseTableName();
      expectKeyword(Keyword::kOn);
      expect(TokenKind::kLeftParen);
      if (!check(TokenKind::kRightParen)) {
        do {
          filter.columns.push_back(parseIdentifier("a column name"));
        } while (match(TokenKind::kComma));
      }
      expect(TokenKind::kRightParen);
      spec.row_filter = std::move(filter);
      return true;
    }
    case Keyword::kSchedule:
    case Keyword::kTrigger:
      refuseSchedule(clause);
      return true;
    case Keyword::kRefresh: {
      if (!peek(1).isKeyword(Keyword::kPolicy))
        return false;
      if (spec.refresh_policy)
        failDuplicateClause(clause, "REFRESH POLICY");
      advance();
      advance();
      spec.refresh_policy_position = clause.position;
      if (matchKeyword(Keyword::kIncremental)) {
        spec.refresh_policy = matchKeyword(Keyword::kStrict) ? RefreshPolicy::kIncrementalStrict
                                                             : RefreshPolicy::kIncremental;
      } else if (matchKeyword(Keyword::kAuto)) {
        spec.refresh_policy = RefreshPolicy::kAuto;
      } else if (matchKeyword(Keyword::kFull)) {
        spec.refresh_policy = RefreshPolicy::kFull;
      } else {
        fail(current(), "expected AUTO, INCREMENTAL or FULL");
      }
      return true;
    }
    case Keyword::kDefault:
      if (!peek(1).isKeyword(Keyword::kCollation))
        return false;
      advance();
      advance();
      parseIdentifier("a collation name");
      failNotSupported(clause, "DEFAULT COLLATION");
    default:
      return false;
  }
}

void TokenParser::refuseSchedule(const Token& start) {
  // SCHEDULE [REFRESH] { EVERY n unit | CRON 'spec' [AT TIME ZONE 'zone'] } or
  // TRIGGER ON UPDATE [AT MOST EVERY interval]: refreshes are the caller's to schedule.
  if (matchKeyword(Keyword::kTrigger)) {
    expectKeyword(Keyword::kOn);
    expectKeyword(Keyword::kUpdate);
    if (matchKeyword(Keyword::kAt)) {
      expectKeyword(Keyword::kMost);
      expectKeyword(Keyword::kEvery);
      parseValue(0);
    }
    failNotSupported(start, "TRIGGER ON UPDATE");
  }
  expectKeyword(Keyword::kSchedule);
  matchKeyword(Keyword::kRefresh);
  if (matchKeyword(Keyword::kEvery)) {
    if (!check(TokenKind::kInteger))
      fail(current(), "expected a number");
    advance();
    const Token& unit = current();
    static constexpr Keyword kUnits[] = {Keyword::kHour, Keyword::kHours, Keyword::kDay,
                                         Keyword::kDays, Keyword::kWeek,  Keyword::kWeeks};
    if (std::none_of(std::begin(kUnits), std::end(kUnits),
                     [&](Keyword k) { return unit.isKeyword(k); })) {
      fail(unit, "expected HOUR, HOURS, DAY, DAYS, WEEK or WEEKS");
    }
    advance();
  } else if (matchKeyword(Keyword::kCron)) {
    parseStringValue();
    if (matchKeyword(Keyword::kAt)) {
      expectKeyword(Keyword::kTime);
      expectKeyword(Keyword::kZone);
      parseStringValue();
    }
  } else {
    fail(current(), "expected EVERY or CRON");
  }
  failNotSupported(start, "SCHEDULE");
}

}  // namespace sluice::sql

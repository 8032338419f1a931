// src/sql/parser/statement_parser.cpp
//
// Statements: a query; SET in Spark's forms (key and value kept as raw text); SET TIME ZONE;
// the CREATE prefix (OR REPLACE / OR REFRESH / TEMPORARY / PRIVATE) and CREATE [LIVE] VIEW;
// DROP VIEW; EXPLAIN. EXECUTE IMMEDIATE is in parameter_marker_parser.cpp, the pipeline
// statements that CREATE leads to in pipeline_parser.cpp, the catalog statements (SHOW,
// DESCRIBE, DROP TABLE / SCHEMA, ...) in catalog_parser.cpp.
#include <fmt/format.h>

#include <algorithm>

#include "sql/parser/token_parser.hpp"
#include "sql/printer_core.hpp"

namespace sluice::sql {

namespace {

// The characters Spark accepts in an unquoted SET key.
bool isValidConfigKey(std::string_view key) {
  if (key.empty())
    return false;
  return std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '.' || c == ':';
  });
}

}  // namespace

StatementPtr TokenParser::parseWholeStatement() {
  const Token& first = current();
  StatementPtr statement = parseStatement();
  expectEnd();
  try {
    parameter_markers_.check();
  } catch (Error& error) {
    error.withLocation(source_->locate(first.position));
    throw;
  }
  statement->position = first.position;
  statement->end_offset = index_ > 0 ? tokens_[index_ - 1].end_offset : first.end_offset;
  statement->source = source_;
  return statement;
}

StatementPtr TokenParser::parseStatement() {
  const Token& token = current();
  if (token.isKeyword(Keyword::kSet))
    return parseSet();
  if (checkWord("RESET"))
    return parseReset();
  if (checkWord("DECLARE"))
    return parseDeclareVariable();
  if (checkWord("CACHE") && (peek(1).isKeyword(Keyword::kTable) || checkWord("LAZY", 1)))
    return parseCacheTable();
  if (checkWord("UNCACHE") && peek(1).isKeyword(Keyword::kTable))
    return parseUncacheTable();
  if (checkWord("CLEAR") && checkWord("CACHE", 1))
    return parseClearCache();
  if (token.isKeyword(Keyword::kRefresh))
    return parseRefresh();
  if (token.isKeyword(Keyword::kCreate))
    return parseCreate();
  if (token.isKeyword(Keyword::kDrop))
    return parseDrop();
  if (token.isKeyword(Keyword::kExplain))
    return parseExplain();
  if (checkWord("EXECUTE") && checkWord("IMMEDIATE", 1))
    return parseExecuteImmediate();
  if (token.isKeyword(Keyword::kUse))
    return parseUse();
  if (token.isKeyword(Keyword::kShow))
    return parseShow();
  if (token.isKeyword(Keyword::kDescribe) || token.isKeyword(Keyword::kDesc))
    return parseDescribe();
  if (token.isKeyword(Keyword::kVacuum))
    return parseVacuum();
  if (token.isKeyword(Keyword::kOptimize))
    return parseOptimize();
  if (checkWord("ALTER") && peek(1).isKeyword(Keyword::kTable))
    return parseAlterTable();
  if (checkWord("REORG") && peek(1).isKeyword(Keyword::kTable))
    return parseReorg();
  if (checkWord("RESTORE") && isAnyName(peek(1)))
    return parseRestore();
  if (token.isKeyword(Keyword::kInsert))
    return parseInsert();
  if (token.isKeyword(Keyword::kDelete) && peek(1).isKeyword(Keyword::kFrom))
    return parseDelete();
  if (token.isKeyword(Keyword::kUpdate) && isIdentifier(peek(1)))
    return parseUpdate();
  if (token.isKeyword(Keyword::kMerge) &&
      (peek(1).isKeyword(Keyword::kInto) || peek(1).isKeyword(Keyword::kWith))) {
    return parseMerge();
  }
  if ((token.isKeyword(Keyword::kApply) && peek(1).isKeyword(Keyword::kChanges)) ||
      (token.isKeyword(Keyword::kAuto) && peek(1).isKeyword(Keyword::kCdc))) {
    return parseStandaloneCdc();
  }
  if (startsQuery(token) || token.is(TokenKind::kLeftParen) || token.isKeyword(Keyword::kFrom)) {
    auto statement = std::make_unique<QueryStatement>(token.position);
    statement->query = parseQuery();
    return statement;
  }
  fail(token);
}

StatementPtr TokenParser::parseReset() {
  const Token& reset = advance();
  auto statement = std::make_unique<SetStatement>(reset.position);
  statement->form = SetStatement::Form::kResetAll;
  if (atEnd())
    return statement;
  // The key is raw text to the end, as SET's.
  size_t end = tokens_.size() - 1;
  statement->form = SetStatement::Form::kReset;
  if (end - index_ == 1 && current().is(TokenKind::kQuotedIdentifier)) {
    statement->key = current().value;
  } else {
    statement->key =
        std::string(source_->slice(current().position.offset, tokens_[end - 1].end_offset));
    if (!isValidConfigKey(statement->key)) {
      failWith(ErrorClass::INVALID_SET_SYNTAX, reset,
               "Expected RESET or RESET key. A key with other characters than letters, digits, "
               "'_', '.' and ':' must be back quoted: RESET `key`.");
    }
  }
  index_ = end;
  return statement;
}

StatementPtr TokenParser::parseSet() {
  const Token& set = advance();
  if (checkKeyword(Keyword::kTime) && peek(1).isKeyword(Keyword::kZone)) {
    advance();
    advance();
    auto statement = std::make_unique<SetTimeZoneStatement>(set.position);
    if (matchKeyword(Keyword::kLocal)) {
      statement->local = true;
    } else if (check(TokenKind::kString)) {
      statement->zone = parseStringValue();
    } else if (checkKeyword(Keyword::kInterval) && startsIntervalValue(1)) {
      statement->interval = parseIntervalLiteral();
    } else {
      fail(current(), "expected LOCAL, a time zone string or an INTERVAL");
    }
    return statement;
  }
  if (checkKeyword(Keyword::kVar) || checkKeyword(Keyword::kVariable))
    return parseSetVariable(set);
  auto statement = std::make_unique<SetStatement>(set.position);
  if (atEnd())
    return statement;
  if (check(TokenKind::kMinus) && peek(1).is(TokenKind::kWord) &&
      (peek(1).value == "v" || peek(1).value == "V") && peek(2).is(TokenKind::kEnd)) {
    advance();
    advance();
    statement->form = SetStatement::Form::kListVerbose;
    return statement;
  }
  // Spark keeps SET's key and value as raw text; find the first '=' that is not '=='.
  size_t begin = index_;
  size_t end = tokens_.size() - 1;
  size_t equals = end;
  for (size_t i = begin; i < end; ++i) {
    if (tokens_[i].is(TokenKind::kEq) && tokens_[i].text == "=") {
      equals = i;
      break;
    }
  }
  auto raw = [&](size_t from, size_t to) -> std::string {
    if (from >= to)
      return "";
    if (to - from == 1 && tokens_[from].is(TokenKind::kQuotedIdentifier)) {
      return tokens_[from].value;
    }
    return std::string(source_->slice(tokens_[from].position.offset, tokens_[to - 1].end_offset));
  };
  bool quoted_key = equals - begin == 1 && tokens_[begin].is(TokenKind::kQuotedIdentifier);
  statement->key = raw(begin, equals);
  if (equals == end) {
    statement->form = SetStatement::Form::kGet;
  } else {
    statement->form = SetStatement::Form::kAssign;
    statement->value = raw(equals + 1, end);
  }
  if (!quoted_key && !isValidConfigKey(statement->key)) {
    failWith(ErrorClass::INVALID_SET_SYNTAX, set,
             "Expected SET, SET key or SET key=value. A key with other characters than "
             "letters, digits, '_', '.' and ':' must be back quoted: SET `key`=`value`.");
  }
  index_ = end;
  return statement;
}

StatementPtr TokenParser::parseCreate() {
  const Token& create = advance();
  CreateModifiers modifiers;
  if (checkKeyword(Keyword::kOr)) {
    if (peek(1).isKeyword(Keyword::kReplace)) {
      modifiers.or_replace = &current();
    } else if (peek(1).isKeyword(Keyword::kRefresh)) {
      modifiers.or_refresh = &current();
    } else {
      fail(peek(1), "expected REPLACE or REFRESH");
    }
    advance();
    advance();
  }
  if (checkKeyword(Keyword::kGlobal))
    failNotSupported(current(), "GLOBAL TEMPORARY views");
  if (checkKeyword(Keyword::kTemporary) || checkKeyword(Keyword::kTemp))
    modifiers.temporary = &advance();
  if (checkKeyword(Keyword::kPrivate))
    modifiers.is_private = &advance();

  const Token& object = current();
  if (object.isKeyword(Keyword::kView)) {
    advance();
    return parseCreateView(create, modifiers, /*live=*/false);
  }
  if (object.isKeyword(Keyword::kLive)) {
    if (peek(1).isKeyword(Keyword::kView)) {
      advance();
      advance();
      return parseCreateView(create, modifiers, /*live=*/true);
    }
    if (peek(1).isKeyword(Keyword::kTable)) {
      advance();
      advance();
      return parseCreateTable(create, modifiers, TableKind::kLiveTable);
    }
    fail(peek(1), "expected TABLE or VIEW");
  }
  if (object.isKeyword(Keyword::kStreaming)) {
    advance();
    if (checkKeyword(Keyword::kLive) && peek(1).isKeyword(Keyword::kTable)) {
      advance();
      advance();
      return parseCreateTable(create, modifiers, TableKind::kStreamingLiveTable);
    }
    expectKeyword(Keyword::kTable);
    return parseCreateTable(create, modifiers, TableKind::kStreamingTable);
  }
  if (object.isKeyword(Keyword::kMaterialized)) {
    advance();
    expectKeyword(Keyword::kView);
    return parseCreateTable(create, modifiers, TableKind::kMaterializedView);
  }
  if (object.isKeyword(Keyword::kTable)) {
    advance();
    return parseCreateTable(create, modifiers, TableKind::kManagedTable);
  }
  if (object.isKeyword(Keyword::kFlow)) {
    advance();
    return parseCreateFlow(create, modifiers);
  }
  if (object.isKeyword(Keyword::kFunction)) {
    advance();
    return parseCreateFunction(create, modifiers);
  }
  if (object.isKeyword(Keyword::kSchema) || object.isKeyword(Keyword::kDatabase) ||
      object.isKeyword(Keyword::kNamespace)) {
    return parseCreateSchema(create, modifiers);
  }
  fail(object,
       "expected VIEW, TABLE, STREAMING TABLE, MATERIALIZED VIEW, FLOW, FUNCTION or SCHEMA");
}

void TokenParser::rejectModifier(const Token* modifier, std::string_view statement) const {
  if (modifier == nullptr)
    return;
  std::string words;
  if (modifier->isKeyword(Keyword::kOr)) {
    words = fmt::format("OR {}", keywordSpelling(tokens_[modifier - tokens_.data() + 1].keyword));
  } else {
    words = std::string(keywordSpelling(modifier->keyword));
  }
  failWith(ErrorClass::INVALID_SQL_SYNTAX, *modifier,
           fmt::format("{} cannot be used with {}.", words, statement));
}

void TokenParser::failDuplicateClause(const Token& at, std::string_view clause) const {
  failWith(ErrorClass::DUPLICATE_CLAUSES, at,
           fmt::format("Found duplicate clauses: {}. Remove one of them.", clause));
}

Expectation TokenParser::parseExpectation() {
  Expectation expectation;
  expectation.position = current().position;
  expectKeyword(Keyword::kConstraint);
  expectation.name = parseIdentifier("an expectation name");
  expectKeyword(Keyword::kExpect);
  expect(TokenKind::kLeftParen);
  expectation.condition = parseExpression();
  expect(TokenKind::kRightParen);
  if (matchKeyword(Keyword::kOn)) {
    expectKeyword(Keyword::kViolation);
    if (matchKeyword(Keyword::kDrop)) {
      expectKeyword(Keyword::kRow);
      expectation.action = ExpectationAction::kDropRow;
    } else if (matchKeyword(Keyword::kFail)) {
      expectKeyword(Keyword::kUpdate);
      expectation.action = ExpectationAction::kFailUpdate;
    } else {
      fail(current(), "expected DROP ROW or FAIL UPDATE");
    }
  }
  return expectation;
}

void TokenParser::rejectQualifiedTemporaryViewName(const std::vector<std::string>& name,
                                                   const Token& at) const {
  std::string text = quoteNameParts(name);
  if (name.size() == 2) {
    failWith(ErrorClass::TEMP_VIEW_NAME_TOO_MANY_NAME_PARTS, at,
             fmt::format("CREATE TEMPORARY VIEW or the corresponding Dataset APIs only accept "
                         "single-part view names, but got: {}.",
                         text));
  }
  failWith(ErrorClass::IDENTIFIER_TOO_MANY_NAME_PARTS, at,
           fmt::format("{} is not a valid identifier as it has more than 2 name parts.", text));
}

StatementPtr TokenParser::parseCreateView(const Token& create, const CreateModifiers& modifiers,
                                          bool live) {
  std::string_view statement_name = live ? "CREATE LIVE VIEW" : "CREATE VIEW";
  rejectModifier(modifiers.or_refresh, statement_name);
  rejectModifier(modifiers.is_private, statement_name);
  auto statement = std::make_unique<CreateViewStatement>(create.position);
  statement->or_replace = modifiers.or_replace != nullptr;
  statement->temporary = modifiers.temporary != nullptr;
  statement->live = live;
  const Token& if_token = current();
  if (matchKeyword(Keyword::kIf)) {
    expectKeyword(Keyword::kNot);
    expectKeyword(Keyword::kExists);
    statement->if_not_exists = true;
    if (statement->or_replace) {
      failWith(ErrorClass::INVALID_SQL_SYNTAX, if_token,
               "CREATE OR REPLACE VIEW cannot also say IF NOT EXISTS.");
    }
    if (statement->temporary) {
      failWith(ErrorClass::INVALID_SQL_SYNTAX, if_token,
               "A TEMPORARY view cannot be created with IF NOT EXISTS.");
    }
  }
  const Token& name_token = current();
  statement->name = parseTableName();
  if (statement->temporary && statement->name.size() > 1)
    rejectQualifiedTemporaryViewName(statement->name, name_token);
  if (check(TokenKind::kLeftParen)) {
    advance();
    do {
      if (checkKeyword(Keyword::kConstraint) && peek(2).isKeyword(Keyword::kExpect)) {
        statement->expectations.push_back(parseExpectation());
        continue;
      }
      ViewColumn column;
      column.position = current().position;
      column.name = parseAnyName("a column name");
      if (matchKeyword(Keyword::kComment))
        column.comment = parseStringValue();
      statement->columns.push_back(std::move(column));
    } while (match(TokenKind::kComma));
    expect(TokenKind::kRightParen);
  }
  while (!checkKeyword(Keyword::kAs)) {
    const Token& clause = current();
    if (clause.isKeyword(Keyword::kComment)) {
      if (statement->comment)
        failDuplicateClause(clause, "COMMENT");
      advance();
      statement->comment = parseStringValue();
    } else if (clause.isKeyword(Keyword::kTblproperties)) {
      if (!statement->properties.empty())
        failDuplicateClause(clause, "TBLPROPERTIES");
      advance();
      statement->properties = parsePropertyList();
    } else if (clause.isKeyword(Keyword::kWith) && peek(1).isKeyword(Keyword::kSchema)) {
      failNotSupported(clause, "WITH SCHEMA binding");
    } else {
      fail(clause, "expected AS");
    }
  }
  advance();
  statement->query = parseQuery();
  return statement;
}

StatementPtr TokenParser::parseDrop() {
  const Token& drop = advance();
  const Token& object = current();
  if (object.isKeyword(Keyword::kTable))
    return parseDropTable(drop);
  if (object.isKeyword(Keyword::kSchema) || object.isKeyword(Keyword::kDatabase) ||
      object.isKeyword(Keyword::kNamespace)) {
    return parseDropSchema(drop);
  }
  if ((object.isKeyword(Keyword::kTemporary) || object.isKeyword(Keyword::kTemp)) &&
      (peek(1).isKeyword(Keyword::kVariable) || peek(1).isKeyword(Keyword::kVar))) {
    return parseDropVariable(drop);
  }
  if (object.isKeyword(Keyword::kFunction) || object.isKeyword(Keyword::kTemporary) ||
      object.isKeyword(Keyword::kTemp)) {
    return parseDropFunction(drop);
  }
  if (!object.isKeyword(Keyword::kView))
    fail(object, "expected TABLE, VIEW, FUNCTION or SCHEMA");
  advance();
  auto statement = std::make_unique<DropViewStatement>(drop.position);
  if (matchKeyword(Keyword::kIf)) {
    expectKeyword(Keyword::kExists);
    statement->if_exists = true;
  }
  statement->name = parseTableName();
  return statement;
}

StatementPtr TokenParser::parseDropFunction(const Token& drop) {
  auto statement = std::make_unique<DropFunctionStatement>(drop.position);
  statement->temporary = matchKeyword(Keyword::kTemporary) || matchKeyword(Keyword::kTemp);
  expectKeyword(Keyword::kFunction);
  if (matchKeyword(Keyword::kIf)) {
    expectKeyword(Keyword::kExists);
    statement->if_exists = true;
  }
  statement->name = parseTableName();
  return statement;
}

StatementPtr TokenParser::parseExplain() {
  const Token& explain = advance();
  auto statement = std::make_unique<ExplainStatement>(explain.position);
  const Token& mode = current();
  if (mode.isKeyword(Keyword::kExtended))
    statement->mode = ExplainMode::kExtended;
  if (mode.isKeyword(Keyword::kFormatted))
    statement->mode = ExplainMode::kFormatted;
  if (mode.isKeyword(Keyword::kCodegen))
    statement->mode = ExplainMode::kCodegen;
  if (mode.isKeyword(Keyword::kCost))
    statement->mode = ExplainMode::kCost;
  if (mode.isKeyword(Keyword::kLogical))
    statement->mode = ExplainMode::kLogical;
  if (statement->mode != ExplainMode::kSimple)
    advance();
  const Token& first = current();
  statement->statement = parseStatement();
  statement->statement->position = first.position;
  statement->statement->end_offset = index_ > 0 ? tokens_[index_ - 1].end_offset : first.end_offset;
  statement->statement->source = source_;
  return statement;
}

}  // namespace sluice::sql

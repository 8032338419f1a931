// src/sql/parser/query_parser.cpp
//
// Queries: WITH, SELECT with all its clauses, set operations (INTERSECT binds tighter than
// UNION / EXCEPT / MINUS), VALUES, TABLE t, ORDER BY ... OFFSET; and FROM items: tables,
// STREAM, time travel, table-valued functions, subqueries, LATERAL subqueries and functions,
// VALUES, joins, LATERAL VIEW and WATERMARK.
#include <fmt/format.h>

#include <charconv>

#include "common/text/ascii_case.hpp"
#include "common/types/value_text.hpp"
#include "sql/parser/token_parser.hpp"

namespace sluice::sql {

namespace {

struct SetOperatorInfo {
  SetOperator op;
  int level;
};

std::optional<SetOperatorInfo> setOperatorAt(const Token& token) {
  if (token.kind != TokenKind::kWord)
    return std::nullopt;
  switch (token.keyword) {
    case Keyword::kUnion:
      return SetOperatorInfo{SetOperator::kUnion, 1};
    case Keyword::kExcept:
    case Keyword::kMinus:
      return SetOperatorInfo{SetOperator::kExcept, 1};
    case Keyword::kIntersect:
      return SetOperatorInfo{SetOperator::kIntersect, 2};
    default:
      return std::nullopt;
  }
}

// Spark's strict non-reserved words: a table alias cannot be one of them, even after AS.
bool continuesFromClause(Keyword keyword) {
  switch (keyword) {
    case Keyword::kAnti:
    case Keyword::kCross:
    case Keyword::kExcept:
    case Keyword::kFull:
    case Keyword::kInner:
    case Keyword::kIntersect:
    case Keyword::kJoin:
    case Keyword::kLateral:
    case Keyword::kLeft:
    case Keyword::kMinus:
    case Keyword::kNatural:
    case Keyword::kOn:
    case Keyword::kRight:
    case Keyword::kSemi:
    case Keyword::kUnion:
    case Keyword::kUsing:
      return true;
    default:
      return false;
  }
}

bool isLateral(const TableRef& ref) {
  return (ref.kind() == TableRefKind::kSubquery && ref.as<SubqueryRef>().lateral) ||
         (ref.kind() == TableRefKind::kFunction && ref.as<TableFunctionRef>().lateral);
}

}  // namespace

QueryPtr TokenParser::parseQuery() {
  DepthGuard guard(*this);
  auto query = std::make_unique<Query>(current().position);
  if (matchKeyword(Keyword::kWith)) {
    query->recursive = matchKeyword(Keyword::kRecursive);
    do {
      query->ctes.push_back(parseCommonTableExpr());
    } while (match(TokenKind::kComma));
  }
  query->body = parseQueryTerm(0);
  parseQueryClauses(*query);
  // A query that is only a parenthesised query is that query: ((SELECT 1 LIMIT 1)).
  if (!query->hasClauses() && query->body->kind() == QueryBodyKind::kNested) {
    return std::move(query->body->as<NestedQueryBody>().query);
  }
  return query;
}

CommonTableExpr TokenParser::parseCommonTableExpr() {
  CommonTableExpr cte;
  cte.position = current().position;
  cte.name = parseIdentifier("a name for the common table expression");
  if (check(TokenKind::kLeftParen) && !parenStartsQuery(index_)) {
    cte.columns = parseIdentifierList();
  }
  if (checkWord("MAX") && checkWord("RECURSION", 1)) {
    advance();
    advance();
    if (!matchWord("LEVEL"))
      fail(current(), "expected LEVEL");
    // A positive INT literal, as Spark's grammar takes it.
    const Token& level = current();
    int64_t value = 0;
    if (!level.is(TokenKind::kInteger) ||
        std::from_chars(level.value.data(), level.value.data() + level.value.size(), value).ec !=
            std::errc() ||
        value <= 0 || value > INT32_MAX) {
      fail(level, "expected a positive integer");
    }
    advance();
    cte.max_recursion_level = value;
  }
  matchKeyword(Keyword::kAs);
  if (!check(TokenKind::kLeftParen))
    fail(current(), "expected '('");
  advance();
  cte.query = parseQuery();
  expect(TokenKind::kRightParen);
  return cte;
}

QueryBodyPtr TokenParser::parseQueryTerm(int min_level) {
  QueryBodyPtr left = parseQueryPrimary();
  while (true) {
    std::optional<SetOperatorInfo> info = setOperatorAt(current());
    if (!info || info->level < min_level)
      return left;
    advance();
    countNestingLink();
    auto node = std::make_unique<SetOperationBody>(left->position);
    node->op = info->op;
    if (matchKeyword(Keyword::kAll)) {
      node->quantifier = SetQuantifier::kAll;
    } else if (matchKeyword(Keyword::kDistinct)) {
      node->quantifier = SetQuantifier::kDistinct;
    }
    node->left = std::move(left);
    node->right = parseQueryTerm(info->level + 1);
    left = std::move(node);
  }
}

QueryBodyPtr TokenParser::parseQueryPrimary() {
  DepthGuard guard(*this);
  const Token& token = current();
  if (token.isKeyword(Keyword::kSelect))
    return parseSelect();
  if (token.isKeyword(Keyword::kValues)) {
    auto values = std::make_unique<ValuesBody>(advance().position);
    values->rows = parseValuesRows();
    parseTableAlias(values->alias);
    return values;
  }
  if (token.isKeyword(Keyword::kTable)) {
    auto table = std::make_unique<TableBody>(advance().position);
    table->name = parseTableName();
    return table;
  }
  if (token.is(TokenKind::kLeftParen)) {
    SourcePosition start = advance().position;
    QueryPtr inner = parseQuery();
    expect(TokenKind::kRightParen);
    if (!inner->hasClauses())
      return std::move(inner->body);
    auto nested = std::make_unique<NestedQueryBody>(start);
    nested->query = std::move(inner);
    return nested;
  }
  if (token.isKeyword(Keyword::kFrom))
    failNotSupported(token, "A query that starts with FROM");
  fail(token, "expected SELECT, VALUES, TABLE, WITH or '('");
}

void TokenParser::parseQueryClauses(Query& query) {
  if (checkKeyword(Keyword::kOrder) && peek(1).isKeyword(Keyword::kBy)) {
    advance();
    advance();
    query.order_by = parseSortItems();
  }
  if (checkKeyword(Keyword::kCluster) && peek(1).isKeyword(Keyword::kBy)) {
    advance();
    advance();
    query.cluster_by = parseExpressionList();
  }
  if (checkKeyword(Keyword::kDistribute) && peek(1).isKeyword(Keyword::kBy)) {
    advance();
    advance();
    query.distribute_by = parseExpressionList();
  }
  if (checkKeyword(Keyword::kSort) && peek(1).isKeyword(Keyword::kBy)) {
    advance();
    advance();
    query.sort_by = parseSortItems();
  }
  if (startsWindowClause())
    query.windows = parseWindowClause();
  if (matchKeyword(Keyword::kLimit)) {
    if (matchKeyword(Keyword::kAll)) {
      query.limit_all = true;
    } else {
      query.limit = parseExpression();
    }
  }
  if (matchKeyword(Keyword::kOffset))
    query.offset = parseExpression();
}

bool TokenParser::startsWindowClause() const {
  return checkKeyword(Keyword::kWindow) && isIdentifier(peek(1)) && peek(2).isKeyword(Keyword::kAs);
}

std::vector<NamedWindow> TokenParser::parseWindowClause() {
  advance();
  std::vector<NamedWindow> windows;
  do {
    NamedWindow window;
    window.position = current().position;
    window.name = parseIdentifier("a window name");
    expectKeyword(Keyword::kAs);
    std::unique_ptr<WindowSpec> spec = parseWindowSpec();
    window.spec = std::move(*spec);
    windows.push_back(std::move(window));
  } while (match(TokenKind::kComma));
  return windows;
}

QueryBodyPtr TokenParser::parseSelect() {
  auto select = std::make_unique<SelectBody>(advance().position);
  while (check(TokenKind::kHintStart))
    parseHint(select->hints);
  if (matchKeyword(Keyword::kDistinct)) {
    select->quantifier = SetQuantifier::kDistinct;
  } else if (matchKeyword(Keyword::kAll)) {
    select->quantifier = SetQuantifier::kAll;
  }
  do {
    select->items.push_back(parseSelectItem());
  } while (match(TokenKind::kComma));
  if (matchKeyword(Keyword::kFrom)) {
    do {
      select->from.push_back(parseRelation());
    } while (match(TokenKind::kComma));
    while (checkKeyword(Keyword::kLateral) && peek(1).isKeyword(Keyword::kView)) {
      select->lateral_views.push_back(parseLateralView());
    }
  }
  if (matchKeyword(Keyword::kWhere))
    select->where = parseExpression();
  if (checkKeyword(Keyword::kGroup) && peek(1).isKeyword(Keyword::kBy)) {
    select->group_by = parseGroupBy();
  }
  if (matchKeyword(Keyword::kHaving))
    select->having = parseExpression();
  // Spark puts WINDOW after HAVING, Databricks QUALIFY after HAVING: accept either order.
  for (int clause = 0; clause < 2; ++clause) {
    if (!select->qualify && matchKeyword(Keyword::kQualify)) {
      select->qualify = parseExpression();
    } else if (select->windows.empty() && startsWindowClause()) {
      select->windows = parseWindowClause();
    }
  }
  return select;
}

void TokenParser::parseHint(std::vector<Hint>& hints) {
  advance();
  do {
    Hint hint;
    hint.position = current().position;
    hint.name = parseIdentifier("a hint name");
    if (match(TokenKind::kLeftParen)) {
      do {
        hint.parameters.push_back(parsePostfix(parsePrimary()));
      } while (match(TokenKind::kComma));
      expect(TokenKind::kRightParen);
    }
    hints.push_back(std::move(hint));
    match(TokenKind::kComma);
  } while (isIdentifier(current()));
  expect(TokenKind::kHintEnd);
}

SelectItem TokenParser::parseSelectItem() {
  SelectItem item;
  item.position = current().position;
  item.expr = parseExpression();
  if (matchKeyword(Keyword::kAs)) {
    if (check(TokenKind::kLeftParen)) {
      item.column_aliases = parseIdentifierList();
    } else {
      // After AS any word is a name, as in Spark: SELECT 1 AS from.
      item.alias = parseAnyName("an alias");
    }
  } else if (isImplicitAlias(current())) {
    item.alias = advance().value;
  }
  return item;
}

GroupByClause TokenParser::parseGroupBy() {
  GroupByClause group_by;
  group_by.position = advance().position;
  advance();
  if (checkKeyword(Keyword::kAll) && !peek(1).is(TokenKind::kLeftParen)) {
    advance();
    group_by.all = true;
    return group_by;
  }
  do {
    group_by.elements.push_back(parseGroupingElement());
  } while (match(TokenKind::kComma));
  if (checkKeyword(Keyword::kWith) &&
      (peek(1).isKeyword(Keyword::kRollup) || peek(1).isKeyword(Keyword::kCube))) {
    // GROUP BY a, b WITH ROLLUP means GROUP BY ROLLUP(a, b).
    advance();
    GroupingElement wrapper;
    wrapper.position = group_by.elements.front().position;
    wrapper.kind = advance().keyword == Keyword::kRollup ? GroupingElement::Kind::kRollup
                                                         : GroupingElement::Kind::kCube;
    for (GroupingElement& element : group_by.elements) {
      if (element.kind != GroupingElement::Kind::kExpression) {
        fail(current(), "WITH ROLLUP and WITH CUBE apply to plain expressions only");
      }
    }
    wrapper.children = std::move(group_by.elements);
    group_by.elements.clear();
    group_by.elements.push_back(std::move(wrapper));
  } else if (checkKeyword(Keyword::kGrouping) && peek(1).isKeyword(Keyword::kSets) &&
             peek(2).is(TokenKind::kLeftParen)) {
    // GROUP BY a, b GROUPING SETS (...): the keys, then the sets over them.
    for (GroupingElement& element : group_by.elements) {
      if (element.kind != GroupingElement::Kind::kExpression)
        fail(current(), "GROUPING SETS after GROUP BY applies to plain expressions only");
    }
    group_by.elements.push_back(parseGroupingElement());
    group_by.keys_then_grouping_sets = true;
  }
  return group_by;
}

GroupingElement TokenParser::parseGroupingElement() {
  GroupingElement element;
  element.position = current().position;
  bool rollup = checkKeyword(Keyword::kRollup);
  bool cube = checkKeyword(Keyword::kCube);
  if ((rollup || cube) && peek(1).is(TokenKind::kLeftParen)) {
    DepthGuard guard(*this);
    element.kind = rollup ? GroupingElement::Kind::kRollup : GroupingElement::Kind::kCube;
    advance();
    advance();
    do {
      element.children.push_back(parseGroupingSetItem());
      const GroupingElement& item = element.children.back();
      if (item.kind == GroupingElement::Kind::kSet && item.children.empty()) {
        failWith(ErrorClass::PARSE_SYNTAX_ERROR, tokens_[index_ - 2],
                 fmt::format("Empty set in {} grouping sets is not supported.",
                             rollup ? "ROLLUP" : "CUBE"));
      }
    } while (match(TokenKind::kComma));
    expect(TokenKind::kRightParen);
    return element;
  }
  if (checkKeyword(Keyword::kGrouping) && peek(1).isKeyword(Keyword::kSets) &&
      peek(2).is(TokenKind::kLeftParen)) {
    DepthGuard guard(*this);
    element.kind = GroupingElement::Kind::kGroupingSets;
    advance();
    advance();
    advance();
    do {
      bool nested = ((checkKeyword(Keyword::kRollup) || checkKeyword(Keyword::kCube)) &&
                     peek(1).is(TokenKind::kLeftParen)) ||
                    (checkKeyword(Keyword::kGrouping) && peek(1).isKeyword(Keyword::kSets));
      element.children.push_back(nested ? parseGroupingElement() : parseGroupingSetItem());
    } while (match(TokenKind::kComma));
    expect(TokenKind::kRightParen);
    return element;
  }
  element.expression = parseExpression();
  return element;
}

GroupingElement TokenParser::parseGroupingSetItem() {
  GroupingElement element;
  element.position = current().position;
  if (check(TokenKind::kLeftParen)) {
    // ( ... ) is a set when it is followed by ',' or ')'; (a + 1) * 2 is an expression.
    size_t close = matchingParen(index_);
    if (close != std::string_view::npos && close + 1 < tokens_.size() &&
        (tokens_[close + 1].is(TokenKind::kComma) ||
         tokens_[close + 1].is(TokenKind::kRightParen))) {
      element.kind = GroupingElement::Kind::kSet;
      advance();
      if (!check(TokenKind::kRightParen)) {
        do {
          GroupingElement child;
          child.position = current().position;
          child.expression = parseExpression();
          element.children.push_back(std::move(child));
        } while (match(TokenKind::kComma));
      }
      expect(TokenKind::kRightParen);
      return element;
    }
  }
  element.expression = parseExpression();
  return element;
}

LateralView TokenParser::parseLateralView() {
  LateralView view;
  view.position = advance().position;
  advance();
  view.outer = matchKeyword(Keyword::kOuter);
  SourcePosition start = current().position;
  std::vector<std::string> name{parseIdentifier("a generator function")};
  while (check(TokenKind::kDot) && isAnyName(peek(1))) {
    advance();
    name.push_back(advance().value);
  }
  view.generator = std::make_unique<FunctionCallExpr>(start);
  view.generator->name = std::move(name);
  expect(TokenKind::kLeftParen);
  if (!check(TokenKind::kRightParen))
    view.generator->args = parseExpressionList();
  expect(TokenKind::kRightParen);
  // The table alias may be left out: LATERAL VIEW explode(xs) AS x.
  if (!checkKeyword(Keyword::kAs))
    view.table_alias = parseIdentifier("a table alias");
  if (matchKeyword(Keyword::kAs) || isImplicitAlias(current())) {
    do {
      view.column_aliases.push_back(parseIdentifier("a column alias"));
    } while (match(TokenKind::kComma));
  }
  return view;
}

std::vector<std::vector<ExprPtr>> TokenParser::parseValuesRows() {
  std::vector<std::vector<ExprPtr>> rows;
  do {
    ExprPtr row = parseExpression();
    std::vector<ExprPtr> columns;
    if (row->is<RowExpr>()) {
      columns = std::move(row->as<RowExpr>().fields);
    } else {
      columns.push_back(std::move(row));
    }
    rows.push_back(std::move(columns));
  } while (match(TokenKind::kComma));
  return rows;
}

TableRefPtr TokenParser::parseRelation() {
  TableRefPtr left = parseRelationPrimary();
  while (true) {
    // Where the join clause starts (its NATURAL or join type, else JOIN): Spark's position for
    // the errors of a LATERAL join.
    SourcePosition clause_start = current().position;
    bool natural = matchKeyword(Keyword::kNatural);
    JoinType type = JoinType::kInner;
    bool typed = true;
    if (matchKeyword(Keyword::kInner)) {
      type = JoinType::kInner;
    } else if (matchKeyword(Keyword::kCross)) {
      type = JoinType::kCross;
    } else if (matchKeyword(Keyword::kLeft)) {
      if (matchKeyword(Keyword::kSemi)) {
        type = JoinType::kLeftSemi;
      } else if (matchKeyword(Keyword::kAnti)) {
        type = JoinType::kLeftAnti;
      } else {
        matchKeyword(Keyword::kOuter);
        type = JoinType::kLeft;
      }
    } else if (matchKeyword(Keyword::kRight)) {
      matchKeyword(Keyword::kOuter);
      type = JoinType::kRight;
    } else if (matchKeyword(Keyword::kFull)) {
      matchKeyword(Keyword::kOuter);
      type = JoinType::kFull;
    } else if (matchKeyword(Keyword::kSemi)) {
      type = JoinType::kLeftSemi;
    } else if (matchKeyword(Keyword::kAnti)) {
      type = JoinType::kLeftAnti;
    } else {
      typed = false;
    }
    if (!checkKeyword(Keyword::kJoin)) {
      if (natural || typed)
        fail(current(), "expected JOIN");
      if (checkKeyword(Keyword::kPivot) && peek(1).is(TokenKind::kLeftParen)) {
        left = parsePivot(std::move(left));
        continue;
      }
      if (checkKeyword(Keyword::kUnpivot)) {
        left = parseUnpivot(std::move(left));
        continue;
      }
      return left;
    }
    advance();
    countNestingLink();
    auto join = std::make_unique<JoinRef>(left->position);
    join->join_type = type;
    join->natural = natural;
    join->left = std::move(left);
    join->right = parseRelationPrimary();
    if (isLateral(*join->right) && type != JoinType::kInner && type != JoinType::kCross &&
        type != JoinType::kLeft) {
      std::string_view name = type == JoinType::kRight      ? "RIGHT OUTER"
                              : type == JoinType::kFull     ? "FULL OUTER"
                              : type == JoinType::kLeftSemi ? "LEFT SEMI"
                                                            : "LEFT ANTI";
      throw Error(ErrorClass::INVALID_LATERAL_JOIN_TYPE,
                  fmt::format("The {} JOIN with LATERAL correlation is not allowed because an "
                              "OUTER subquery cannot correlate to its join partner. Remove the "
                              "LATERAL correlation or use an INNER JOIN, or LEFT OUTER JOIN "
                              "instead.",
                              name))
          .withLocation(source_->locate(clause_start));
    }
    if (natural && isLateral(*join->right)) {
      throw Error(ErrorClass::UNSUPPORTED_FEATURE, "LATERAL_NATURAL_JOIN",
                  "The feature is not supported: NATURAL join with LATERAL correlation.")
          .withLocation(source_->locate(clause_start));
    }
    if (!natural) {
      if (matchKeyword(Keyword::kOn)) {
        join->condition = parseExpression();
      } else if (matchKeyword(Keyword::kUsing)) {
        if (isLateral(*join->right)) {
          throw Error(ErrorClass::UNSUPPORTED_FEATURE, "LATERAL_JOIN_USING",
                      "The feature is not supported: JOIN USING with LATERAL correlation.")
              .withLocation(source_->locate(clause_start));
        }
        join->using_columns = parseIdentifierList();
      }
    }
    left = std::move(join);
  }
}

TableRefPtr TokenParser::parseRelationPrimary() {
  DepthGuard guard(*this);
  const Token& token = current();
  SourcePosition start = token.position;
  TableRefPtr ref;
  if (token.isKeyword(Keyword::kStream) &&
      (peek(1).is(TokenKind::kLeftParen) || isIdentifier(peek(1)))) {
    advance();
    bool parenthesized = match(TokenKind::kLeftParen);
    ref = parseNamedOrFunctionRef();
    if (parenthesized)
      expect(TokenKind::kRightParen);
    if (ref->kind() == TableRefKind::kNamed) {
      ref->as<NamedTableRef>().stream = true;
    } else {
      ref->as<TableFunctionRef>().stream = true;
    }
    ref->position = start;
  } else if (token.is(TokenKind::kLeftParen)) {
    if (parenStartsQuery(index_)) {
      advance();
      auto subquery = std::make_unique<SubqueryRef>(start);
      subquery->query = parseQuery();
      expect(TokenKind::kRightParen);
      ref = std::move(subquery);
    } else {
      advance();
      ref = parseRelation();
      expect(TokenKind::kRightParen);
      if (!ref->alias.empty() && (checkKeyword(Keyword::kAs) || isImplicitAlias(current()))) {
        failNotSupported(current(), "A second alias on a parenthesised FROM item");
      }
    }
  } else if (token.isKeyword(Keyword::kValues)) {
    advance();
    auto values = std::make_unique<ValuesRef>(start);
    values->rows = parseValuesRows();
    ref = std::move(values);
  } else if (token.isKeyword(Keyword::kLateral) && peek(1).is(TokenKind::kLeftParen) &&
             parenStartsQuery(index_ + 1)) {
    // LATERAL (query): a subquery that may name the columns of the FROM items to its left.
    advance();
    advance();
    auto subquery = std::make_unique<SubqueryRef>(start);
    subquery->query = parseQuery();
    subquery->lateral = true;
    expect(TokenKind::kRightParen);
    ref = std::move(subquery);
  } else if (token.isKeyword(Keyword::kLateral) && isAnyName(peek(1))) {
    // LATERAL f(args): a table-valued function whose arguments may name those columns.
    advance();
    ref = parseNamedOrFunctionRef();
    if (ref->kind() != TableRefKind::kFunction)
      fail(current(), "expected '(' after the name of a table-valued function");
    ref->as<TableFunctionRef>().lateral = true;
    ref->position = start;
  } else if (token.isKeyword(Keyword::kLateral)) {
    fail(peek(1), "expected a subquery or a table-valued function after LATERAL");
  } else {
    ref = parseNamedOrFunctionRef();
  }
  if (checkKeyword(Keyword::kTablesample))
    ref->sample = parseTableSample();
  if (checkKeyword(Keyword::kWatermark))
    ref->watermark = parseWatermark();
  parseTableAlias(ref->alias);
  return ref;
}

TableRefPtr TokenParser::parseNamedOrFunctionRef() {
  SourcePosition start = current().position;
  std::vector<std::string> name = parseTableName();
  if (check(TokenKind::kLeftParen)) {
    auto function = std::make_unique<TableFunctionRef>(start);
    function->call = std::make_unique<FunctionCallExpr>(start);
    function->call->name = std::move(name);
    expect(TokenKind::kLeftParen);
    if (checkKeyword(Keyword::kTable) && peek(1).is(TokenKind::kLeftParen)) {
      // A table argument, TABLE(name), first: a query in its place is not supported.
      function->table_argument_position = current().position;
      advance();
      expect(TokenKind::kLeftParen);
      if (checkKeyword(Keyword::kSelect) || checkKeyword(Keyword::kWith))
        failNotSupported(current(), "A query as a TABLE argument");
      function->table_argument = parseTableName();
      expect(TokenKind::kRightParen);
      if (!check(TokenKind::kRightParen))
        expect(TokenKind::kComma);
    }
    if (!check(TokenKind::kRightParen)) {
      if (checkKeyword(Keyword::kTable))
        failNotSupported(current(), "A TABLE argument after other arguments");
      do {
        function->call->args.push_back(parseFunctionArgument(/*allow_alias=*/false));
      } while (match(TokenKind::kComma));
    }
    expect(TokenKind::kRightParen);
    return function;
  }
  auto table = std::make_unique<NamedTableRef>(start);
  table->name = std::move(name);
  table->time_travel = parseTimeTravel();
  if (checkKeyword(Keyword::kWith) && peek(1).is(TokenKind::kLeftParen)) {
    advance();
    table->options = parsePropertyList();
  }
  return table;
}

std::optional<TimeTravel> TokenParser::parseTimeTravel() {
  size_t ahead = checkKeyword(Keyword::kFor) ? 1 : 0;
  const Token& kind = peek(ahead);
  bool version = kind.isKeyword(Keyword::kVersion) || kind.isKeyword(Keyword::kSystemVersion);
  bool timestamp = kind.isKeyword(Keyword::kTimestamp) || kind.isKeyword(Keyword::kSystemTime);
  if (!(version || timestamp) || !peek(ahead + 1).isKeyword(Keyword::kAs) ||
      !peek(ahead + 2).isKeyword(Keyword::kOf)) {
    return std::nullopt;
  }
  for (size_t i = 0; i < ahead + 3; ++i)
    advance();
  TimeTravel travel;
  if (timestamp) {
    travel.kind = TimeTravel::Kind::kTimestamp;
    travel.value = parseValue(0);
    return travel;
  }
  travel.kind = TimeTravel::Kind::kVersion;
  if (!check(TokenKind::kInteger) && !check(TokenKind::kString)) {
    fail(current(), "expected a version number or string");
  }
  travel.value = parsePrimary();
  return travel;
}

std::unique_ptr<TableSample> TokenParser::parseTableSample() {
  auto sample = std::make_unique<TableSample>();
  const Token& keyword = advance();
  sample->position = keyword.position;
  expect(TokenKind::kLeftParen);
  if (check(TokenKind::kRightParen)) {
    failWith(ErrorClass::INVALID_SQL_SYNTAX, current(),
             "TABLESAMPLE does not accept empty inputs.");
  }
  // An integer as written, with its sign.
  auto integer = [&](std::string_view what) {
    std::string sign = match(TokenKind::kMinus) ? "-" : "";
    if (!check(TokenKind::kInteger))
      fail(current(), what);
    return sign + advance().value;
  };
  const Token& start = current();
  bool percent_number = [&] {
    size_t number = check(TokenKind::kMinus) ? 1 : 0;
    const Token& token = peek(number);
    return (token.is(TokenKind::kInteger) || token.is(TokenKind::kDecimal) ||
            token.is(TokenKind::kExponent)) &&
           checkWord("PERCENT", number + 1);
  }();
  if (matchWord("BUCKET")) {
    sample->method = TableSample::Method::kBucket;
    sample->numerator = integer("expected the bucket's number");
    expectWord("OUT");
    expectKeyword(Keyword::kOf);
    sample->denominator = integer("expected the number of buckets");
    if (checkKeyword(Keyword::kOn)) {
      bool function = isAnyName(peek(1)) && peek(2).is(TokenKind::kLeftParen);
      failWith(ErrorClass::NOT_SUPPORTED, current(),
               fmt::format("TABLESAMPLE(BUCKET x OUT OF y ON {}) is not supported.",
                           function ? "function" : "colname"));
    }
  } else if (percent_number) {
    sample->method = TableSample::Method::kPercent;
    sample->percent = match(TokenKind::kMinus) ? "-" : "";
    sample->percent += advance().value;
    advance();
  } else {
    sample->method = TableSample::Method::kRows;
    sample->rows = parseExpression();
    if (!matchKeyword(Keyword::kRows)) {
      // Spark's last form, a size in bytes, which it refuses too.
      bool byte_length =
          start.is(TokenKind::kInteger) && current().is(TokenKind::kWord) &&
          current().value.size() == 1 &&
          std::string_view("bBkKmMgG").find(current().value[0]) != std::string_view::npos;
      if (byte_length) {
        failWith(ErrorClass::NOT_SUPPORTED, start,
                 "TABLESAMPLE(byteLengthLiteral) is not supported.");
      }
      failWith(ErrorClass::INVALID_SQL_SYNTAX, start,
               fmt::format("{} is not a valid byte length literal, expected syntax: DIGIT+ ('B' | "
                           "'K' | 'M' | 'G'), or a number of ROWS or PERCENT.",
                           start.value));
    }
  }
  expect(TokenKind::kRightParen);
  if (sample->method != TableSample::Method::kRows) {
    // As Spark, with the tolerance of its samplers.
    constexpr double kRoundingEpsilon = 1e-6;
    double fraction = sample->fraction();
    if (!(fraction >= -kRoundingEpsilon && fraction <= 1.0 + kRoundingEpsilon)) {
      failWith(
          ErrorClass::INVALID_SQL_SYNTAX, start,
          fmt::format("Sampling fraction ({}) must be on interval [0, 1]", formatDouble(fraction)));
    }
  }
  if (matchWord("REPEATABLE")) {
    expect(TokenKind::kLeftParen);
    sample->seed = integer("expected an integer seed");
    expect(TokenKind::kRightParen);
  }
  return sample;
}

std::unique_ptr<Watermark> TokenParser::parseWatermark() {
  auto watermark = std::make_unique<Watermark>();
  watermark->position = advance().position;
  watermark->column = parseExpression();
  if (matchKeyword(Keyword::kAs)) {
    watermark->alias = parseIdentifier("an alias");
  } else if (isImplicitAlias(current()) && !checkKeyword(Keyword::kDelay)) {
    watermark->alias = advance().value;
  }
  expectKeyword(Keyword::kDelay);
  expectKeyword(Keyword::kOf);
  if (!checkKeyword(Keyword::kInterval) || !startsIntervalValue(1)) {
    fail(current(), "expected an INTERVAL literal");
  }
  watermark->delay = parseIntervalLiteral();
  return watermark;
}

TableRefPtr TokenParser::parsePivot(TableRefPtr input) {
  auto pivot = std::make_unique<PivotRef>(current().position);
  advance();
  expect(TokenKind::kLeftParen);
  auto namedItem = [&] {
    NamedPivotItem item;
    item.expr = parseExpression();
    if (matchKeyword(Keyword::kAs) || (isImplicitAlias(current()) && !checkKeyword(Keyword::kFor)))
      item.alias = parseAnyName("an alias");
    return item;
  };
  do {
    pivot->aggregates.push_back(namedItem());
  } while (match(TokenKind::kComma));
  if (!matchKeyword(Keyword::kFor))
    fail(current(), "expected FOR");
  auto column = [&] {
    auto ref = std::make_unique<ColumnRefExpr>(current().position);
    ref->name.push_back(parseIdentifier("a pivot column"));
    return ref;
  };
  if (match(TokenKind::kLeftParen)) {
    pivot->parenthesized_columns = true;
    do {
      pivot->columns.push_back(column());
    } while (match(TokenKind::kComma));
    expect(TokenKind::kRightParen);
  } else {
    pivot->columns.push_back(column());
  }
  if (!matchKeyword(Keyword::kIn))
    fail(current(), "expected IN");
  expect(TokenKind::kLeftParen);
  do {
    pivot->values.push_back(namedItem());
  } while (match(TokenKind::kComma));
  expect(TokenKind::kRightParen);
  expect(TokenKind::kRightParen);
  pivot->input = std::move(input);
  parseTableAlias(pivot->alias);
  return pivot;
}

TableRefPtr TokenParser::parseUnpivot(TableRefPtr input) {
  auto unpivot = std::make_unique<UnpivotRef>(current().position);
  advance();
  auto isWord = [&](std::string_view word) {
    return current().is(TokenKind::kWord) && sameIdentifier(current().value, word);
  };
  if (isWord("INCLUDE") || isWord("EXCLUDE")) {
    unpivot->nulls_written = true;
    unpivot->include_nulls = isWord("INCLUDE");
    advance();
    if (!matchKeyword(Keyword::kNulls))
      fail(current(), "expected NULLS");
  }
  expect(TokenKind::kLeftParen);
  if (match(TokenKind::kLeftParen)) {
    unpivot->parenthesized_values = true;
    do {
      unpivot->value_columns.push_back(parseIdentifier("a value column"));
    } while (match(TokenKind::kComma));
    expect(TokenKind::kRightParen);
  } else {
    unpivot->value_columns.push_back(parseIdentifier("a value column"));
  }
  if (!matchKeyword(Keyword::kFor))
    fail(current(), "expected FOR");
  unpivot->name_column = parseIdentifier("a name column");
  if (!matchKeyword(Keyword::kIn))
    fail(current(), "expected IN");
  expect(TokenKind::kLeftParen);
  auto column = [&] {
    ExprPtr expr = parseExpression();
    if (!expr->is<ColumnRefExpr>())
      failWith(ErrorClass::PARSE_SYNTAX_ERROR, tokens_[index_ - 1], "expected a column name");
    return expr;
  };
  do {
    UnpivotColumns set;
    if (match(TokenKind::kLeftParen)) {
      set.parenthesized = true;
      do {
        set.columns.push_back(column());
      } while (match(TokenKind::kComma));
      expect(TokenKind::kRightParen);
    } else {
      set.columns.push_back(column());
    }
    if (matchKeyword(Keyword::kAs) || isImplicitAlias(current()))
      set.alias = parseAnyName("an alias");
    unpivot->sets.push_back(std::move(set));
  } while (match(TokenKind::kComma));
  expect(TokenKind::kRightParen);
  expect(TokenKind::kRightParen);
  unpivot->input = std::move(input);
  parseTableAlias(unpivot->alias);
  return unpivot;
}

void TokenParser::parseTableAlias(TableAlias& alias) {
  if (matchKeyword(Keyword::kAs)) {
    // After AS any word but those that continue a FROM clause is a name, as in Spark.
    if (current().is(TokenKind::kWord) && continuesFromClause(current().keyword)) {
      fail(current(), "expected an alias");
    }
    alias.name = parseAnyName("an alias");
  } else if (isImplicitAlias(current())) {
    alias.name = advance().value;
  } else {
    return;
  }
  if (check(TokenKind::kLeftParen))
    alias.columns = parseIdentifierList();
}

}  // namespace sluice::sql

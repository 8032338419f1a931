// src/sql/parser/expression_parser.cpp
//
// Expressions, with Spark's precedence (SqlBaseParser.g4), loosest first:
//   OR; AND (both built as balanced trees, as Spark does); NOT / EXISTS; one predicate (IS,
//   BETWEEN, IN, LIKE, ILIKE, RLIKE) after a value; comparison (= == <=> <> != < <= > >=); |; ^; &;
//   << >> >>>; + - ||; * / % DIV; unary - + ~; postfix . [] :: and the JSON path `:`.
// A primary may be a parameter marker, `?` or `:name` (parameter_marker_parser.cpp).
// Other binary operators are left-associative. A minus written before a number is part of the
// literal (-1 is one literal, so -1::STRING casts -1), as in Spark.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "sql/parser/token_parser.hpp"

namespace sluice::sql {

namespace {

template <typename T>
std::unique_ptr<T> makeNode(SourcePosition start) {
  return std::make_unique<T>(start);
}

ExprPtr makeBinary(BinaryOp op, ExprPtr left, ExprPtr right) {
  auto node = makeNode<BinaryExpr>(left->position);
  node->op = op;
  node->left = std::move(left);
  node->right = std::move(right);
  return node;
}

// Spark builds AND and OR chains as balanced trees (AstBuilder.visitLogicalBinary), which keeps
// long generated conditions shallow; the split point is the same as Spark's.
ExprPtr combineBalanced(BinaryOp op, std::vector<ExprPtr>& operands, size_t low, size_t high) {
  if (low == high)
    return std::move(operands[low]);
  size_t middle = low + (high - low) / 2;
  ExprPtr left = combineBalanced(op, operands, low, middle);
  ExprPtr right = combineBalanced(op, operands, middle + 1, high);
  return makeBinary(op, std::move(left), std::move(right));
}

struct BinaryOperatorInfo {
  BinaryOp op;
  int level;  // higher binds tighter
};

std::optional<BinaryOperatorInfo> binaryOperatorAt(const Token& token) {
  switch (token.kind) {
    case TokenKind::kStar:
      return BinaryOperatorInfo{BinaryOp::kMultiply, 6};
    case TokenKind::kSlash:
      return BinaryOperatorInfo{BinaryOp::kDivide, 6};
    case TokenKind::kPercent:
      return BinaryOperatorInfo{BinaryOp::kModulo, 6};
    case TokenKind::kPlus:
      return BinaryOperatorInfo{BinaryOp::kAdd, 5};
    case TokenKind::kMinus:
      return BinaryOperatorInfo{BinaryOp::kSubtract, 5};
    case TokenKind::kConcat:
      return BinaryOperatorInfo{BinaryOp::kConcat, 5};
    case TokenKind::kShiftLeft:
      return BinaryOperatorInfo{BinaryOp::kShiftLeft, 4};
    case TokenKind::kShiftRight:
      return BinaryOperatorInfo{BinaryOp::kShiftRight, 4};
    case TokenKind::kShiftRightUnsigned:
      return BinaryOperatorInfo{BinaryOp::kShiftRightUnsigned, 4};
    case TokenKind::kAmpersand:
      return BinaryOperatorInfo{BinaryOp::kBitAnd, 3};
    case TokenKind::kCaret:
      return BinaryOperatorInfo{BinaryOp::kBitXor, 2};
    case TokenKind::kPipe:
      return BinaryOperatorInfo{BinaryOp::kBitOr, 1};
    case TokenKind::kEq:
      return BinaryOperatorInfo{BinaryOp::kEqual, 0};
    case TokenKind::kNullSafeEq:
      return BinaryOperatorInfo{BinaryOp::kNullSafeEqual, 0};
    case TokenKind::kNotEq:
      return BinaryOperatorInfo{BinaryOp::kNotEqual, 0};
    case TokenKind::kLess:
      return BinaryOperatorInfo{BinaryOp::kLess, 0};
    case TokenKind::kLessEq:
      return BinaryOperatorInfo{BinaryOp::kLessEqual, 0};
    case TokenKind::kGreater:
      return BinaryOperatorInfo{BinaryOp::kGreater, 0};
    case TokenKind::kGreaterEq:
      return BinaryOperatorInfo{BinaryOp::kGreaterEqual, 0};
    case TokenKind::kWord:
      if (token.keyword == Keyword::kDiv)
        return BinaryOperatorInfo{BinaryOp::kIntDivide, 6};
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

bool isPredicateKeyword(const Token& token) {
  if (token.kind != TokenKind::kWord)
    return false;
  switch (token.keyword) {
    case Keyword::kBetween:
    case Keyword::kIn:
    case Keyword::kLike:
    case Keyword::kIlike:
    case Keyword::kRlike:
    case Keyword::kRegexp:
      return true;
    default:
      return false;
  }
}

LiteralKind literalKindOf(TokenKind kind) {
  switch (kind) {
    case TokenKind::kBigIntLiteral:
      return LiteralKind::kBigInt;
    case TokenKind::kSmallIntLiteral:
      return LiteralKind::kSmallInt;
    case TokenKind::kTinyIntLiteral:
      return LiteralKind::kTinyInt;
    case TokenKind::kDecimal:
      return LiteralKind::kDecimal;
    case TokenKind::kExponent:
      return LiteralKind::kExponent;
    case TokenKind::kDoubleLiteral:
      return LiteralKind::kDouble;
    case TokenKind::kFloatLiteral:
      return LiteralKind::kFloat;
    case TokenKind::kBigDecimalLiteral:
      return LiteralKind::kBigDecimal;
    default:
      return LiteralKind::kInteger;
  }
}

// The units of INTERVAL literals, singular: DAYS means DAY.
std::optional<std::string_view> intervalUnit(const Token& token) {
  if (token.kind != TokenKind::kWord)
    return std::nullopt;
  switch (token.keyword) {
    case Keyword::kYear:
    case Keyword::kYears:
      return "YEAR";
    case Keyword::kMonth:
    case Keyword::kMonths:
      return "MONTH";
    case Keyword::kWeek:
    case Keyword::kWeeks:
      return "WEEK";
    case Keyword::kDay:
    case Keyword::kDays:
      return "DAY";
    case Keyword::kHour:
    case Keyword::kHours:
      return "HOUR";
    case Keyword::kMinute:
    case Keyword::kMinutes:
      return "MINUTE";
    case Keyword::kSecond:
    case Keyword::kSeconds:
      return "SECOND";
    case Keyword::kMillisecond:
    case Keyword::kMilliseconds:
      return "MILLISECOND";
    case Keyword::kMicrosecond:
    case Keyword::kMicroseconds:
      return "MICROSECOND";
    case Keyword::kNanosecond:
    case Keyword::kNanoseconds:
      return "NANOSECOND";
    default:
      return std::nullopt;
  }
}

// The fields allowed in INTERVAL '...' <from> TO <to>.
bool isUnitToUnitField(const Token& token) {
  return token.isKeyword(Keyword::kYear) || token.isKeyword(Keyword::kMonth) ||
         token.isKeyword(Keyword::kDay) || token.isKeyword(Keyword::kHour) ||
         token.isKeyword(Keyword::kMinute) || token.isKeyword(Keyword::kSecond);
}

// The units of TIMESTAMPADD / TIMESTAMPDIFF and their aliases.
bool isDatetimeUnit(const Token& token) {
  if (token.kind != TokenKind::kWord)
    return false;
  switch (token.keyword) {
    case Keyword::kYear:
    case Keyword::kQuarter:
    case Keyword::kMonth:
    case Keyword::kWeek:
    case Keyword::kDay:
    case Keyword::kDayofyear:
    case Keyword::kHour:
    case Keyword::kMinute:
    case Keyword::kSecond:
    case Keyword::kMillisecond:
    case Keyword::kMicrosecond:
      return true;
    default:
      return false;
  }
}

bool isDatetimeUnitFunction(Keyword keyword) {
  switch (keyword) {
    case Keyword::kTimestampadd:
    case Keyword::kDateadd:
    case Keyword::kDateAdd:
    case Keyword::kTimestampdiff:
    case Keyword::kDatediff:
    case Keyword::kDateDiff:
    case Keyword::kTimediff:
      return true;
    default:
      return false;
  }
}

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

std::string toUpperAscii(std::string text) {
  for (char& c : text)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

ExprPtr makeStringLiteral(SourcePosition start, std::string value) {
  auto literal = makeNode<LiteralExpr>(start);
  literal->literal_kind = LiteralKind::kString;
  literal->text = std::move(value);
  return literal;
}

}  // namespace

ExprPtr TokenParser::parseWholeExpression() {
  ExprPtr expr = parseExpression();
  bool has_as = matchKeyword(Keyword::kAs);
  if (has_as || isImplicitAlias(current())) {
    auto alias = makeNode<AliasExpr>(expr->position);
    alias->child = std::move(expr);
    alias->name = parseIdentifier("an alias");
    expr = std::move(alias);
  }
  expectEnd();
  parameter_markers_.check();
  return expr;
}

ExprPtr TokenParser::parseExpression() {
  DepthGuard guard(*this);
  return parseOr();
}

ExprPtr TokenParser::parseOr() {
  std::vector<ExprPtr> operands;
  operands.push_back(parseAnd());
  while (matchKeyword(Keyword::kOr))
    operands.push_back(parseAnd());
  return combineBalanced(BinaryOp::kOr, operands, 0, operands.size() - 1);
}

ExprPtr TokenParser::parseAnd() {
  std::vector<ExprPtr> operands;
  operands.push_back(parseNot());
  while (matchKeyword(Keyword::kAnd))
    operands.push_back(parseNot());
  return combineBalanced(BinaryOp::kAnd, operands, 0, operands.size() - 1);
}

ExprPtr TokenParser::parseNot() {
  const Token& token = current();
  SourcePosition start = token.position;
  if (token.isKeyword(Keyword::kNot) || token.is(TokenKind::kBang)) {
    DepthGuard guard(*this);
    advance();
    auto node = makeNode<UnaryExpr>(start);
    node->op = UnaryOp::kNot;
    node->operand = parseNot();
    return node;
  }
  if (token.isKeyword(Keyword::kExists) && peek(1).is(TokenKind::kLeftParen) &&
      parenStartsQuery(index_ + 1)) {
    advance();
    advance();
    auto node = makeNode<ExistsExpr>(start);
    node->query = parseQuery();
    expect(TokenKind::kRightParen);
    return node;
  }
  return parsePredicateTail(parseValue(0));
}

ExprPtr TokenParser::continueBoolean(ExprPtr value) {
  std::vector<ExprPtr> conjuncts;
  conjuncts.push_back(parsePredicateTail(std::move(value)));
  while (matchKeyword(Keyword::kAnd))
    conjuncts.push_back(parseNot());
  std::vector<ExprPtr> disjuncts;
  disjuncts.push_back(combineBalanced(BinaryOp::kAnd, conjuncts, 0, conjuncts.size() - 1));
  while (matchKeyword(Keyword::kOr))
    disjuncts.push_back(parseAnd());
  return combineBalanced(BinaryOp::kOr, disjuncts, 0, disjuncts.size() - 1);
}

ExprPtr TokenParser::parsePredicateTail(ExprPtr operand) {
  SourcePosition start = operand->position;
  if (matchKeyword(Keyword::kIs)) {
    bool negated = matchKeyword(Keyword::kNot);
    const Token& test = current();
    std::optional<IsTest> kind;
    if (test.isKeyword(Keyword::kNull))
      kind = IsTest::kNull;
    if (test.isKeyword(Keyword::kTrue))
      kind = IsTest::kTrue;
    if (test.isKeyword(Keyword::kFalse))
      kind = IsTest::kFalse;
    if (test.isKeyword(Keyword::kUnknown))
      kind = IsTest::kUnknown;
    if (kind) {
      advance();
      auto node = makeNode<IsExpr>(start);
      node->test = *kind;
      node->negated = negated;
      node->operand = std::move(operand);
      return node;
    }
    if (test.isKeyword(Keyword::kDistinct)) {
      advance();
      expectKeyword(Keyword::kFrom);
      auto node = makeNode<IsDistinctFromExpr>(start);
      node->negated = negated;
      node->left = std::move(operand);
      node->right = parseValue(0);
      return node;
    }
    fail(test, "expected NULL, TRUE, FALSE, UNKNOWN or DISTINCT FROM");
  }
  bool negated = false;
  if (checkKeyword(Keyword::kNot) && isPredicateKeyword(peek(1))) {
    advance();
    negated = true;
  }
  const Token& token = current();
  if (token.isKeyword(Keyword::kBetween)) {
    advance();
    auto node = makeNode<BetweenExpr>(start);
    node->negated = negated;
    node->operand = std::move(operand);
    node->low = parseValue(0);
    expectKeyword(Keyword::kAnd);
    node->high = parseValue(0);
    return node;
  }
  if (token.isKeyword(Keyword::kIn)) {
    advance();
    if (!check(TokenKind::kLeftParen))
      fail(current(), "expected '('");
    if (parenStartsQuery(index_)) {
      advance();
      auto node = makeNode<InSubqueryExpr>(start);
      node->negated = negated;
      node->operand = std::move(operand);
      node->query = parseQuery();
      expect(TokenKind::kRightParen);
      return node;
    }
    advance();
    auto node = makeNode<InListExpr>(start);
    node->negated = negated;
    node->operand = std::move(operand);
    node->values = parseExpressionList();
    expect(TokenKind::kRightParen);
    return node;
  }
  if (token.isKeyword(Keyword::kLike) || token.isKeyword(Keyword::kIlike)) {
    advance();
    auto node = makeNode<LikeExpr>(start);
    node->like_kind = token.keyword == Keyword::kLike ? LikeKind::kLike : LikeKind::kIlike;
    node->negated = negated;
    node->operand = std::move(operand);
    const Token& quantifier = current();
    if ((quantifier.isKeyword(Keyword::kAny) || quantifier.isKeyword(Keyword::kSome) ||
         quantifier.isKeyword(Keyword::kAll)) &&
        peek(1).is(TokenKind::kLeftParen)) {
      node->quantifier = quantifier.keyword == Keyword::kAny
                             ? LikeQuantifier::kAny
                             : (quantifier.keyword == Keyword::kSome ? LikeQuantifier::kSome
                                                                     : LikeQuantifier::kAll);
      advance();
      advance();
      if (!check(TokenKind::kRightParen))
        node->patterns = parseExpressionList();
      expect(TokenKind::kRightParen);
      return node;
    }
    node->pattern = parseValue(0);
    if (matchKeyword(Keyword::kEscape))
      node->escape = parseStringValue();
    return node;
  }
  if (token.isKeyword(Keyword::kRlike) || token.isKeyword(Keyword::kRegexp)) {
    advance();
    auto node = makeNode<LikeExpr>(start);
    node->like_kind = LikeKind::kRlike;
    node->negated = negated;
    node->operand = std::move(operand);
    node->pattern = parseValue(0);
    return node;
  }
  return operand;
}

ExprPtr TokenParser::parseValue(int min_level) {
  ExprPtr left = parseUnary();
  uint32_t links = 0;
  while (true) {
    std::optional<BinaryOperatorInfo> info = binaryOperatorAt(current());
    if (!info || info->level < min_level)
      break;
    advance();
    countOperatorLink(links);
    ExprPtr right = parseValue(info->level + 1);
    left = makeBinary(info->op, std::move(left), std::move(right));
  }
  return left;
}

ExprPtr TokenParser::parseUnary() {
  const Token& token = current();
  if (token.is(TokenKind::kMinus) && peek(1).isNumber())
    return parsePostfix(parseNumber(true));
  if (token.is(TokenKind::kMinus) || token.is(TokenKind::kPlus) || token.is(TokenKind::kTilde)) {
    DepthGuard guard(*this);
    auto node = makeNode<UnaryExpr>(token.position);
    node->op = token.is(TokenKind::kMinus)
                   ? UnaryOp::kMinus
                   : (token.is(TokenKind::kPlus) ? UnaryOp::kPlus : UnaryOp::kBitNot);
    advance();
    node->operand = parseUnary();
    return node;
  }
  return parsePostfix(parsePrimary());
}

ExprPtr TokenParser::parsePostfix(ExprPtr base) {
  while (true) {
    const Token& token = current();
    if (token.is(TokenKind::kDot) && isAnyName(peek(1))) {
      advance();
      std::string field = advance().value;
      if (base->is<ColumnRefExpr>()) {
        // Spark keeps a dotted name whole, even after parentheses: (a).b is a.b.
        base->as<ColumnRefExpr>().name.push_back(std::move(field));
        continue;
      }
      countNestingLink();
      auto node = makeNode<FieldAccessExpr>(base->position);
      node->base = std::move(base);
      node->field = std::move(field);
      base = std::move(node);
    } else if (token.is(TokenKind::kLeftBracket)) {
      advance();
      countNestingLink();
      auto node = makeNode<SubscriptExpr>(base->position);
      node->base = std::move(base);
      node->index = parseValue(0);
      expect(TokenKind::kRightBracket);
      base = std::move(node);
    } else if (token.is(TokenKind::kDoubleColon)) {
      advance();
      countNestingLink();
      auto node = makeNode<CastExpr>(base->position);
      node->syntax = CastSyntax::kDoubleColon;
      node->operand = std::move(base);
      node->type = parseDataType();
      base = std::move(node);
    } else if (token.is(TokenKind::kColon)) {
      advance();
      countNestingLink();
      auto node = makeNode<JsonPathExpr>(base->position);
      node->base = std::move(base);
      node->steps = parseJsonPath();
      base = std::move(node);
    } else if (token.isKeyword(Keyword::kCollate)) {
      // expr COLLATE name is collate(expr, 'name').
      advance();
      countNestingLink();
      SourcePosition name_start = current().position;
      std::string name = parseCollationName();
      auto call = makeNode<FunctionCallExpr>(base->position);
      call->name.push_back("collate");
      call->args.push_back(std::move(base));
      call->args.push_back(makeStringLiteral(name_start, std::move(name)));
      base = std::move(call);
    } else {
      return base;
    }
  }
}

std::vector<JsonPathStep> TokenParser::parseJsonPath() {
  std::vector<JsonPathStep> steps;
  auto parse_bracket = [&] {
    JsonPathStep step;
    advance();
    const Token& inside = current();
    if (inside.is(TokenKind::kString)) {
      step.kind = JsonPathStep::Kind::kBracketField;
      step.name = parseStringValue();
    } else if (inside.is(TokenKind::kInteger)) {
      step.kind = JsonPathStep::Kind::kIndex;
      step.index = advance().value;
    } else if (inside.is(TokenKind::kStar)) {
      step.kind = JsonPathStep::Kind::kWildcard;
      advance();
    } else {
      fail(inside, "expected a quoted field name, an index or *");
    }
    expect(TokenKind::kRightBracket);
    steps.push_back(std::move(step));
  };
  auto parse_field = [&] {
    JsonPathStep step;
    step.kind = JsonPathStep::Kind::kField;
    step.quoted = current().is(TokenKind::kQuotedIdentifier);
    step.name = advance().value;
    steps.push_back(std::move(step));
  };
  if (isAnyName(current())) {
    parse_field();
  } else if (check(TokenKind::kLeftBracket)) {
    parse_bracket();
  } else {
    fail(current(), "expected a JSON path");
  }
  while (true) {
    if (check(TokenKind::kDot) && isAnyName(peek(1))) {
      advance();
      parse_field();
    } else if (check(TokenKind::kLeftBracket)) {
      parse_bracket();
    } else {
      return steps;
    }
  }
}

ExprPtr TokenParser::parsePrimary() {
  const Token& token = current();
  if (token.isNumber())
    return parseNumber(false);
  if (startsParameterMarker())
    return parseParameterMarker();
  switch (token.kind) {
    case TokenKind::kString:
      return parseStringLiteral();
    case TokenKind::kParameter: {
      auto node = makeNode<ParameterExpr>(token.position);
      node->name = advance().value;
      return node;
    }
    case TokenKind::kStar: {
      auto node = makeNode<StarExpr>(token.position);
      advance();
      if (checkKeyword(Keyword::kExcept) && peek(1).is(TokenKind::kLeftParen) &&
          !parenStartsQuery(index_ + 1)) {
        advance();
        advance();
        do {
          std::vector<std::string> column{parseIdentifier("a column name")};
          while (check(TokenKind::kDot) && isAnyName(peek(1))) {
            advance();
            column.push_back(advance().value);
          }
          node->except_columns.push_back(std::move(column));
        } while (match(TokenKind::kComma));
        expect(TokenKind::kRightParen);
      }
      return node;
    }
    case TokenKind::kLeftParen:
      return parseParenthesized();
    case TokenKind::kWord:
    case TokenKind::kQuotedIdentifier:
      return parseWordPrimary();
    default:
      fail(token, "expected an expression");
  }
}

ExprPtr TokenParser::parseNumber(bool negative) {
  SourcePosition start = current().position;
  if (negative)
    advance();
  const Token& number = advance();
  auto node = makeNode<LiteralExpr>(start);
  node->literal_kind = literalKindOf(number.kind);
  node->text = negative ? "-" + number.value : number.value;
  return node;
}

ExprPtr TokenParser::parseStringLiteral() {
  SourcePosition start = current().position;
  return makeStringLiteral(start, parseStringValue());
}

ExprPtr TokenParser::parseTypedLiteral() {
  const Token& type = advance();
  auto node = makeNode<LiteralExpr>(type.position);
  switch (type.keyword) {
    case Keyword::kDate:
      node->literal_kind = LiteralKind::kDate;
      break;
    case Keyword::kTimestamp:
      node->literal_kind = LiteralKind::kTimestamp;
      break;
    case Keyword::kTimestampNtz:
      node->literal_kind = LiteralKind::kTimestampNtz;
      break;
    case Keyword::kTimestampLtz:
      node->literal_kind = LiteralKind::kTimestampLtz;
      break;
    case Keyword::kTime:
      node->literal_kind = LiteralKind::kTime;
      break;
    default:
      node->literal_kind = LiteralKind::kBinary;
      break;
  }
  node->text = parseStringValue();
  return node;
}

bool TokenParser::startsIntervalValue(size_t ahead) const {
  const Token& token = peek(ahead);
  if (token.is(TokenKind::kPlus) || token.is(TokenKind::kMinus))
    return startsIntervalValue(ahead + 1);
  return token.is(TokenKind::kString) || token.is(TokenKind::kInteger) ||
         token.is(TokenKind::kDecimal);
}

IntervalPart TokenParser::parseIntervalValue() {
  IntervalPart part;
  if (check(TokenKind::kMinus)) {
    part.negative = true;
    advance();
  } else {
    match(TokenKind::kPlus);
  }
  const Token& value = current();
  if (value.is(TokenKind::kString)) {
    part.value = parseStringValue();
    part.value_is_string = true;
  } else if (value.is(TokenKind::kInteger) || value.is(TokenKind::kDecimal)) {
    part.value = advance().value;
  } else {
    fail(value, "expected an interval value");
  }
  return part;
}

ExprPtr TokenParser::parseIntervalLiteral() {
  auto node = makeNode<LiteralExpr>(advance().position);
  node->literal_kind = LiteralKind::kInterval;
  IntervalValue& interval = node->interval;
  IntervalPart first = parseIntervalValue();
  std::optional<std::string_view> unit = intervalUnit(current());
  if (!unit) {
    if (!first.value_is_string || first.negative)
      fail(current(), "expected an interval unit");
    interval.form = IntervalValue::Form::kString;
    interval.parts.push_back(std::move(first));
    return node;
  }
  if (isUnitToUnitField(current()) && peek(1).isKeyword(Keyword::kTo)) {
    first.unit = std::string(*unit);
    advance();
    advance();
    if (!isUnitToUnitField(current()))
      fail(current(), "expected an interval unit");
    interval.form = IntervalValue::Form::kUnitToUnit;
    interval.to_unit = std::string(*intervalUnit(advance()));
    interval.parts.push_back(std::move(first));
    return node;
  }
  interval.form = IntervalValue::Form::kUnits;
  first.unit = std::string(*unit);
  advance();
  interval.parts.push_back(std::move(first));
  while (startsIntervalValue(0)) {
    // Another `value unit` pair follows only when a unit comes right after the value.
    size_t ahead = (check(TokenKind::kPlus) || check(TokenKind::kMinus)) ? 1 : 0;
    if (peek(ahead).is(TokenKind::kString)) {
      while (peek(ahead + 1).is(TokenKind::kString))
        ++ahead;
    }
    if (!intervalUnit(peek(ahead + 1)))
      break;
    IntervalPart part = parseIntervalValue();
    part.unit = std::string(*intervalUnit(advance()));
    interval.parts.push_back(std::move(part));
  }
  return node;
}

ExprPtr TokenParser::parseWordPrimary() {
  const Token& token = current();
  SourcePosition start = token.position;
  const Token& next = peek(1);
  if (token.is(TokenKind::kWord)) {
    switch (token.keyword) {
      case Keyword::kNull: {
        advance();
        return makeNode<LiteralExpr>(start);
      }
      case Keyword::kTrue:
      case Keyword::kFalse: {
        auto node = makeNode<LiteralExpr>(start);
        node->literal_kind = LiteralKind::kBoolean;
        node->text = token.keyword == Keyword::kTrue ? "true" : "false";
        advance();
        return node;
      }
      case Keyword::kCase:
        return parseCase();
      case Keyword::kCast:
      case Keyword::kTryCast:
        if (next.is(TokenKind::kLeftParen))
          return parseCast();
        break;
      case Keyword::kInterval:
        if (startsIntervalValue(1))
          return parseIntervalLiteral();
        break;
      case Keyword::kDate:
      case Keyword::kTimestamp:
      case Keyword::kTimestampNtz:
      case Keyword::kTimestampLtz:
      case Keyword::kTime:
      case Keyword::kX:
        if (next.is(TokenKind::kString))
          return parseTypedLiteral();
        break;
      default:
        break;
    }
    if (next.is(TokenKind::kString)) {
      failWith(ErrorClass::UNSUPPORTED_TYPED_LITERAL, token,
               fmt::format("Literals of the type {} are not supported. The supported types are "
                           "DATE, TIMESTAMP, TIMESTAMP_NTZ, TIMESTAMP_LTZ, TIME, INTERVAL and X "
                           "(binary).",
                           toUpperAscii(token.value)));
    }
    if (next.is(TokenKind::kLeftParen)) {
      if (ExprPtr special = parseSpecialFunction())
        return special;
      if (isReservedKeyword(token.keyword) && token.keyword != Keyword::kLeft &&
          token.keyword != Keyword::kRight) {
        fail(token, "expected an expression");
      }
      std::vector<std::string> name{advance().value};
      return parseFunctionCall(std::move(name), start);
    }
  }
  if (next.is(TokenKind::kArrow) && isIdentifier(token))
    return parseLambda();
  if (!isIdentifier(token))
    fail(token, "expected an expression");
  std::vector<std::string> name{advance().value};
  while (check(TokenKind::kDot)) {
    if (isAnyName(peek(1))) {
      advance();
      name.push_back(advance().value);
      continue;
    }
    if (peek(1).is(TokenKind::kStar)) {
      advance();
      auto star = makeNode<StarExpr>(start);
      star->qualifier = std::move(name);
      // Reuse the bare-star parser for the EXCEPT list.
      ExprPtr rest = parsePrimary();
      star->except_columns = std::move(rest->as<StarExpr>().except_columns);
      return star;
    }
    break;
  }
  if (check(TokenKind::kLeftParen))
    return parseFunctionCall(std::move(name), start);
  auto node = makeNode<ColumnRefExpr>(start);
  node->name = std::move(name);
  return node;
}

ExprPtr TokenParser::parseSpecialFunction() {
  const Token& token = current();
  SourcePosition start = token.position;
  auto make_call = [&](std::string name, FunctionSyntax syntax) {
    auto call = makeNode<FunctionCallExpr>(start);
    call->name.push_back(std::move(name));
    call->syntax = syntax;
    return call;
  };
  // Continues an ordinary call whose first argument is already parsed.
  auto ordinary = [&](std::string name, ExprPtr first) -> ExprPtr {
    auto call = make_call(std::move(name), FunctionSyntax::kCall);
    parseCallArguments(*call, std::move(first));
    parseCallSuffixes(*call);
    return call;
  };
  switch (token.keyword) {
    case Keyword::kExtract: {
      if (!isAnyName(peek(2)) || !peek(3).isKeyword(Keyword::kFrom))
        return nullptr;
      auto call = make_call(advance().value, FunctionSyntax::kExtract);
      advance();
      const Token& field = advance();
      call->args.push_back(makeStringLiteral(field.position, field.value));
      advance();
      call->args.push_back(parseExpression());
      expect(TokenKind::kRightParen);
      return call;
    }
    case Keyword::kSubstring:
    case Keyword::kSubstr: {
      std::string name = advance().value;
      advance();
      if (check(TokenKind::kRightParen))
        return ordinary(std::move(name), nullptr);
      ExprPtr first = parseExpression();
      if (!matchKeyword(Keyword::kFrom))
        return ordinary(std::move(name), std::move(first));
      auto call = make_call(std::move(name), FunctionSyntax::kSubstringFrom);
      call->args.push_back(std::move(first));
      call->args.push_back(parseExpression());
      if (matchKeyword(Keyword::kFor) || match(TokenKind::kComma)) {
        call->args.push_back(parseExpression());
      }
      expect(TokenKind::kRightParen);
      return call;
    }
    case Keyword::kTrim: {
      std::string name = advance().value;
      advance();
      std::string function = "trim";
      const Token& option = current();
      bool has_option = (option.isKeyword(Keyword::kBoth) || option.isKeyword(Keyword::kLeading) ||
                         option.isKeyword(Keyword::kTrailing)) &&
                        !peek(1).is(TokenKind::kComma) && !peek(1).is(TokenKind::kRightParen);
      ExprPtr characters;
      if (has_option) {
        if (option.keyword == Keyword::kLeading)
          function = "ltrim";
        if (option.keyword == Keyword::kTrailing)
          function = "rtrim";
        advance();
        if (!checkKeyword(Keyword::kFrom))
          characters = parseExpression();
        expectKeyword(Keyword::kFrom);
      } else if (!matchKeyword(Keyword::kFrom)) {
        if (check(TokenKind::kRightParen))
          return ordinary(std::move(name), nullptr);
        ExprPtr first = parseExpression();
        if (!matchKeyword(Keyword::kFrom))
          return ordinary(std::move(name), std::move(first));
        characters = std::move(first);
      }
      auto call = make_call(function, FunctionSyntax::kTrim);
      call->args.push_back(parseExpression());
      if (characters)
        call->args.push_back(std::move(characters));
      expect(TokenKind::kRightParen);
      return call;
    }
    case Keyword::kOverlay: {
      std::string name = advance().value;
      advance();
      if (check(TokenKind::kRightParen))
        return ordinary(std::move(name), nullptr);
      ExprPtr first = parseExpression();
      if (!matchKeyword(Keyword::kPlacing))
        return ordinary(std::move(name), std::move(first));
      auto call = make_call(std::move(name), FunctionSyntax::kOverlay);
      call->args.push_back(std::move(first));
      call->args.push_back(parseExpression());
      expectKeyword(Keyword::kFrom);
      call->args.push_back(parseExpression());
      if (matchKeyword(Keyword::kFor))
        call->args.push_back(parseExpression());
      expect(TokenKind::kRightParen);
      return call;
    }
    case Keyword::kPosition: {
      std::string name = advance().value;
      advance();
      if (check(TokenKind::kRightParen))
        return ordinary(std::move(name), nullptr);
      // POSITION(sub IN s): the first operand is a value, so IN is not taken as a predicate.
      ExprPtr first = parseValue(0);
      if (!matchKeyword(Keyword::kIn)) {
        return ordinary(std::move(name), continueBoolean(std::move(first)));
      }
      auto call = make_call(std::move(name), FunctionSyntax::kPosition);
      call->args.push_back(std::move(first));
      call->args.push_back(parseValue(0));
      expect(TokenKind::kRightParen);
      return call;
    }
    default:
      break;
  }
  if (isDatetimeUnitFunction(token.keyword) && isDatetimeUnit(peek(2)) &&
      peek(3).is(TokenKind::kComma) && countArguments(index_ + 1) == 3) {
    auto call = make_call(advance().value, FunctionSyntax::kDatetimeUnit);
    advance();
    const Token& unit = advance();
    call->args.push_back(makeStringLiteral(unit.position, toUpperAscii(unit.value)));
    advance();
    call->args.push_back(parseExpression());
    expect(TokenKind::kComma);
    call->args.push_back(parseExpression());
    expect(TokenKind::kRightParen);
    return call;
  }
  return nullptr;
}

std::unique_ptr<FunctionCallExpr> TokenParser::parseFunctionCall(std::vector<std::string> name,
                                                                 SourcePosition start) {
  auto call = makeNode<FunctionCallExpr>(start);
  call->name = std::move(name);
  expect(TokenKind::kLeftParen);
  parseCallArguments(*call, nullptr);
  parseCallSuffixes(*call);
  return call;
}

void TokenParser::parseCallArguments(FunctionCallExpr& call, ExprPtr first_argument) {
  bool single_name = call.name.size() == 1;
  bool allow_alias = single_name && equalsIgnoreCase(call.name[0], "struct");
  bool inner_ignore_nulls = single_name && (equalsIgnoreCase(call.name[0], "first") ||
                                            equalsIgnoreCase(call.name[0], "last") ||
                                            equalsIgnoreCase(call.name[0], "any_value"));
  if (!first_argument) {
    if (match(TokenKind::kRightParen))
      return;
    if (matchKeyword(Keyword::kDistinct)) {
      call.distinct = true;
    } else {
      matchKeyword(Keyword::kAll);
    }
    first_argument = parseFunctionArgument(allow_alias);
  }
  call.args.push_back(std::move(first_argument));
  while (match(TokenKind::kComma))
    call.args.push_back(parseFunctionArgument(allow_alias));
  if (inner_ignore_nulls && call.args.size() == 1 && checkKeyword(Keyword::kIgnore) &&
      peek(1).isKeyword(Keyword::kNulls)) {
    advance();
    advance();
    call.null_treatment = NullTreatment::kIgnoreNulls;
  }
  expect(TokenKind::kRightParen);
}

ExprPtr TokenParser::parseFunctionArgument(bool allow_alias) {
  if (isAnyName(current()) && peek(1).is(TokenKind::kFatArrow)) {
    auto node = makeNode<NamedArgumentExpr>(current().position);
    node->name = advance().value;
    advance();
    node->value = parseExpression();
    return node;
  }
  ExprPtr argument = parseExpression();
  if (!allow_alias)
    return argument;
  bool has_as = matchKeyword(Keyword::kAs);
  if (has_as || isImplicitAlias(current())) {
    auto alias = makeNode<AliasExpr>(argument->position);
    alias->child = std::move(argument);
    alias->name = parseIdentifier("an alias");
    return alias;
  }
  return argument;
}

void TokenParser::parseCallSuffixes(FunctionCallExpr& call) {
  if (checkKeyword(Keyword::kWithin) && peek(1).isKeyword(Keyword::kGroup)) {
    advance();
    advance();
    expect(TokenKind::kLeftParen);
    expectKeyword(Keyword::kOrder);
    expectKeyword(Keyword::kBy);
    call.within_group = parseSortItems();
    expect(TokenKind::kRightParen);
  }
  if (checkKeyword(Keyword::kFilter) && peek(1).is(TokenKind::kLeftParen) &&
      peek(2).isKeyword(Keyword::kWhere)) {
    advance();
    advance();
    advance();
    call.filter = parseExpression();
    expect(TokenKind::kRightParen);
  }
  if ((checkKeyword(Keyword::kIgnore) || checkKeyword(Keyword::kRespect)) &&
      peek(1).isKeyword(Keyword::kNulls)) {
    call.null_treatment =
        checkKeyword(Keyword::kIgnore) ? NullTreatment::kIgnoreNulls : NullTreatment::kRespectNulls;
    advance();
    advance();
  }
  if (checkKeyword(Keyword::kOver) &&
      (peek(1).is(TokenKind::kLeftParen) || isIdentifier(peek(1)))) {
    advance();
    call.over = parseWindowSpec();
  }
}

std::unique_ptr<WindowSpec> TokenParser::parseWindowSpec() {
  auto spec = std::make_unique<WindowSpec>();
  spec->position = current().position;
  if (!check(TokenKind::kLeftParen)) {
    spec->reference = parseIdentifier("a window name");
    return spec;
  }
  advance();
  if (isIdentifier(current()) && peek(1).is(TokenKind::kRightParen)) {
    spec->reference = advance().value;
    advance();
    return spec;
  }
  if (checkKeyword(Keyword::kCluster) && peek(1).isKeyword(Keyword::kBy)) {
    failNotSupported(current(), "CLUSTER BY in a window specification");
  }
  if ((checkKeyword(Keyword::kPartition) || checkKeyword(Keyword::kDistribute)) &&
      peek(1).isKeyword(Keyword::kBy)) {
    advance();
    advance();
    spec->partition_by = parseExpressionList();
  }
  if ((checkKeyword(Keyword::kOrder) || checkKeyword(Keyword::kSort)) &&
      peek(1).isKeyword(Keyword::kBy)) {
    advance();
    advance();
    spec->order_by = parseSortItems();
  }
  if (checkKeyword(Keyword::kRows) || checkKeyword(Keyword::kRange)) {
    WindowFrame frame;
    frame.unit =
        checkKeyword(Keyword::kRows) ? WindowFrame::Unit::kRows : WindowFrame::Unit::kRange;
    advance();
    if (matchKeyword(Keyword::kBetween)) {
      frame.start = parseFrameBound();
      expectKeyword(Keyword::kAnd);
      frame.end = parseFrameBound();
    } else {
      frame.start = parseFrameBound();
      frame.end.kind = WindowFrameBound::Kind::kCurrentRow;
    }
    spec->frame = std::move(frame);
  }
  expect(TokenKind::kRightParen);
  return spec;
}

WindowFrameBound TokenParser::parseFrameBound() {
  WindowFrameBound bound;
  if (matchKeyword(Keyword::kUnbounded)) {
    if (matchKeyword(Keyword::kPreceding)) {
      bound.kind = WindowFrameBound::Kind::kUnboundedPreceding;
    } else if (matchKeyword(Keyword::kFollowing)) {
      bound.kind = WindowFrameBound::Kind::kUnboundedFollowing;
    } else {
      fail(current(), "expected PRECEDING or FOLLOWING");
    }
    return bound;
  }
  if (checkKeyword(Keyword::kCurrent) && peek(1).isKeyword(Keyword::kRow)) {
    advance();
    advance();
    bound.kind = WindowFrameBound::Kind::kCurrentRow;
    return bound;
  }
  bound.offset = parseExpression();
  if (matchKeyword(Keyword::kPreceding)) {
    bound.kind = WindowFrameBound::Kind::kPreceding;
  } else if (matchKeyword(Keyword::kFollowing)) {
    bound.kind = WindowFrameBound::Kind::kFollowing;
  } else {
    fail(current(), "expected PRECEDING or FOLLOWING");
  }
  return bound;
}

std::vector<SortItem> TokenParser::parseSortItems() {
  std::vector<SortItem> items;
  do {
    SortItem item;
    if (checkKeyword(Keyword::kAll) && !peek(1).is(TokenKind::kLeftParen) &&
        !peek(1).is(TokenKind::kDot)) {
      // ORDER BY ALL: Spark reads ALL as a name here; the binder orders by every output column
      // unless a column has that name.
      auto all = std::make_unique<ColumnRefExpr>(current().position);
      all->name.push_back(advance().value);
      item.expr = std::move(all);
    } else {
      item.expr = parseExpression();
    }
    if (matchKeyword(Keyword::kAsc)) {
      item.direction = SortDirection::kAscending;
    } else if (matchKeyword(Keyword::kDesc)) {
      item.direction = SortDirection::kDescending;
    }
    if (matchKeyword(Keyword::kNulls)) {
      if (matchKeyword(Keyword::kFirst)) {
        item.null_ordering = NullOrdering::kNullsFirst;
      } else if (matchKeyword(Keyword::kLast)) {
        item.null_ordering = NullOrdering::kNullsLast;
      } else {
        fail(current(), "expected FIRST or LAST");
      }
    }
    items.push_back(std::move(item));
  } while (match(TokenKind::kComma));
  return items;
}

std::vector<ExprPtr> TokenParser::parseExpressionList() {
  std::vector<ExprPtr> exprs;
  do {
    exprs.push_back(parseExpression());
  } while (match(TokenKind::kComma));
  return exprs;
}

ExprPtr TokenParser::parseParenthesized() {
  const size_t open = index_;
  SourcePosition start = current().position;
  // (x, y) -> body: identifiers up to ')' and then an arrow.
  size_t close = matchingParen(open);
  if (close != std::string_view::npos && close + 1 < tokens_.size() &&
      tokens_[close + 1].is(TokenKind::kArrow)) {
    bool only_names = close > open + 1;
    for (size_t i = open + 1; i < close && only_names; ++i) {
      bool name_slot = (i - open) % 2 == 1;
      only_names = name_slot ? isIdentifier(tokens_[i]) : tokens_[i].is(TokenKind::kComma);
    }
    if (only_names)
      return parseLambda();
  }
  if (parenStartsQuery(open)) {
    advance();
    auto node = makeNode<ScalarSubqueryExpr>(start);
    node->query = parseQuery();
    expect(TokenKind::kRightParen);
    return node;
  }
  advance();
  auto parse_field = [&]() -> ExprPtr {
    ExprPtr field = parseExpression();
    if (!checkKeyword(Keyword::kAs))
      return field;
    advance();
    auto alias = makeNode<AliasExpr>(field->position);
    alias->child = std::move(field);
    alias->name = parseIdentifier("an alias");
    return alias;
  };
  ExprPtr first = parse_field();
  if (check(TokenKind::kComma)) {
    auto row = makeNode<RowExpr>(start);
    row->fields.push_back(std::move(first));
    while (match(TokenKind::kComma))
      row->fields.push_back(parse_field());
    expect(TokenKind::kRightParen);
    return row;
  }
  // An alias needs a row: (a AS x) alone is not valid, as in Spark.
  if (first->is<AliasExpr>())
    fail(current(), "expected ','");
  expect(TokenKind::kRightParen);
  return first;
}

ExprPtr TokenParser::parseLambda() {
  auto node = makeNode<LambdaExpr>(current().position);
  if (match(TokenKind::kLeftParen)) {
    do {
      node->params.push_back(parseIdentifier("a parameter name"));
    } while (match(TokenKind::kComma));
    expect(TokenKind::kRightParen);
  } else {
    node->params.push_back(parseIdentifier("a parameter name"));
  }
  expect(TokenKind::kArrow);
  node->body = parseExpression();
  return node;
}

ExprPtr TokenParser::parseCase() {
  auto node = makeNode<CaseExpr>(advance().position);
  if (!checkKeyword(Keyword::kWhen))
    node->operand = parseExpression();
  if (!checkKeyword(Keyword::kWhen))
    fail(current(), "expected WHEN");
  while (matchKeyword(Keyword::kWhen)) {
    WhenClause when;
    when.condition = parseExpression();
    expectKeyword(Keyword::kThen);
    when.result = parseExpression();
    node->whens.push_back(std::move(when));
  }
  if (matchKeyword(Keyword::kElse))
    node->else_result = parseExpression();
  expectKeyword(Keyword::kEnd);
  return node;
}

ExprPtr TokenParser::parseCast() {
  const Token& name = advance();
  auto node = makeNode<CastExpr>(name.position);
  node->syntax = name.keyword == Keyword::kTryCast ? CastSyntax::kTryCast : CastSyntax::kCast;
  expect(TokenKind::kLeftParen);
  node->operand = parseExpression();
  expectKeyword(Keyword::kAs);
  node->type = parseDataType();
  expect(TokenKind::kRightParen);
  return node;
}

}  // namespace sluice::sql

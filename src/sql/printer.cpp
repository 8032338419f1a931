// src/sql/printer.cpp
//
// The SQL printer for expressions, types and queries. Each expression has a precedence level
// that mirrors the parser; a child is parenthesised when its level is below what its position
// requires, which reproduces the tree exactly (the right operand of a left-associative operator
// needs one level more). Statements are printed by statement_printer.cpp.
#include "sql/printer.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "sql/keyword.hpp"
#include "sql/printer_core.hpp"

namespace sluice::sql {

bool isPlainWord(std::string_view name) {
  if (name.empty() || (name[0] >= '0' && name[0] <= '9'))
    return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  });
}

std::string joinName(const std::vector<std::string>& parts) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0)
      out += '.';
    out += quoteIdentifier(parts[i]);
  }
  return out;
}
namespace {

// Function names may be LEFT and RIGHT without quotes; other reserved words need them, and so
// do CAST and TRY_CAST, whose parentheses start a cast.
std::string quoteFunctionNamePart(std::string_view name) {
  Keyword keyword = lookupKeyword(name);
  if (isPlainWord(name) && (keyword == Keyword::kLeft || keyword == Keyword::kRight)) {
    return std::string(name);
  }
  // ROLLUP( and CUBE( start grouping analytics in GROUP BY; no function has those names.
  if (keyword == Keyword::kCast || keyword == Keyword::kTryCast || keyword == Keyword::kRollup ||
      keyword == Keyword::kCube) {
    return quoteName(name);
  }
  return quoteIdentifier(name);
}

// An ordinary call that the parser would read as a special form unless its first argument is
// written with care: position(a IN (1), s) needs (a IN (1)), and dateadd(`day`, 1, x) must keep
// the backquotes that make `day` a column rather than a unit.
enum class FirstArgument : uint8_t { kPlain, kValue, kQuotedName };

FirstArgument firstArgumentStyle(const FunctionCallExpr& call) {
  if (call.syntax != FunctionSyntax::kCall || call.name.size() != 1 || call.args.empty()) {
    return FirstArgument::kPlain;
  }
  Keyword keyword = lookupKeyword(call.name[0]);
  if (keyword == Keyword::kPosition)
    return FirstArgument::kValue;
  bool unit_function = keyword == Keyword::kTimestampadd || keyword == Keyword::kDateadd ||
                       keyword == Keyword::kDateAdd || keyword == Keyword::kTimestampdiff ||
                       keyword == Keyword::kDatediff || keyword == Keyword::kDateDiff ||
                       keyword == Keyword::kTimediff;
  if (unit_function && call.args.size() == 3 && call.args[0]->is<ColumnRefExpr>() &&
      call.args[0]->as<ColumnRefExpr>().name.size() == 1) {
    return FirstArgument::kQuotedName;
  }
  return FirstArgument::kPlain;
}

int binaryLevel(BinaryOp op) {
  switch (op) {
    case BinaryOp::kOr:
      return kOrLevel;
    case BinaryOp::kAnd:
      return kAndLevel;
    case BinaryOp::kEqual:
    case BinaryOp::kNullSafeEqual:
    case BinaryOp::kNotEqual:
    case BinaryOp::kLess:
    case BinaryOp::kLessEqual:
    case BinaryOp::kGreater:
    case BinaryOp::kGreaterEqual:
      return kComparisonLevel;
    case BinaryOp::kBitOr:
      return 6;
    case BinaryOp::kBitXor:
      return 7;
    case BinaryOp::kBitAnd:
      return 8;
    case BinaryOp::kShiftLeft:
    case BinaryOp::kShiftRight:
    case BinaryOp::kShiftRightUnsigned:
      return 9;
    case BinaryOp::kAdd:
    case BinaryOp::kSubtract:
    case BinaryOp::kConcat:
      return 10;
    case BinaryOp::kMultiply:
    case BinaryOp::kDivide:
    case BinaryOp::kModulo:
    case BinaryOp::kIntDivide:
      return 11;
  }
  return kPrimaryLevel;
}

std::string_view binarySymbol(BinaryOp op) {
  switch (op) {
    case BinaryOp::kMultiply:
      return "*";
    case BinaryOp::kDivide:
      return "/";
    case BinaryOp::kModulo:
      return "%";
    case BinaryOp::kIntDivide:
      return "DIV";
    case BinaryOp::kAdd:
      return "+";
    case BinaryOp::kSubtract:
      return "-";
    case BinaryOp::kConcat:
      return "||";
    case BinaryOp::kShiftLeft:
      return "<<";
    case BinaryOp::kShiftRight:
      return ">>";
    case BinaryOp::kShiftRightUnsigned:
      return ">>>";
    case BinaryOp::kBitAnd:
      return "&";
    case BinaryOp::kBitXor:
      return "^";
    case BinaryOp::kBitOr:
      return "|";
    case BinaryOp::kEqual:
      return "=";
    case BinaryOp::kNullSafeEqual:
      return "<=>";
    case BinaryOp::kNotEqual:
      return "<>";
    case BinaryOp::kLess:
      return "<";
    case BinaryOp::kLessEqual:
      return "<=";
    case BinaryOp::kGreater:
      return ">";
    case BinaryOp::kGreaterEqual:
      return ">=";
    case BinaryOp::kAnd:
      return "AND";
    case BinaryOp::kOr:
      return "OR";
  }
  return "?";
}

int exprLevel(const Expr& expr) {
  switch (expr.kind()) {
    case ExprKind::kLambda:
    case ExprKind::kNamedArgument:
    case ExprKind::kAlias:
      return kLambdaLevel;
    case ExprKind::kBinary:
      return binaryLevel(expr.as<BinaryExpr>().op);
    case ExprKind::kUnary:
      return expr.as<UnaryExpr>().op == UnaryOp::kNot ? kNotLevel : kUnaryLevel;
    case ExprKind::kExists:
      return kNotLevel;
    case ExprKind::kIs:
    case ExprKind::kIsDistinctFrom:
    case ExprKind::kBetween:
    case ExprKind::kInList:
    case ExprKind::kInSubquery:
    case ExprKind::kLike:
      return kPredicateLevel;
    default:
      return kPrimaryLevel;
  }
}

std::string_view literalSuffix(LiteralKind kind) {
  switch (kind) {
    case LiteralKind::kBigInt:
      return "L";
    case LiteralKind::kSmallInt:
      return "S";
    case LiteralKind::kTinyInt:
      return "Y";
    case LiteralKind::kDouble:
      return "D";
    case LiteralKind::kFloat:
      return "F";
    case LiteralKind::kBigDecimal:
      return "BD";
    default:
      return "";
  }
}

}  // namespace

void SqlPrinter::lineBreak() {
  if (!pretty_) {
    out_ += ' ';
    return;
  }
  out_ += '\n';
  out_.append(static_cast<size_t>(indent_) * 2, ' ');
}

void SqlPrinter::softBreak() {
  if (!pretty_)
    return;
  out_ += '\n';
  out_.append(static_cast<size_t>(indent_) * 2, ' ');
}

void SqlPrinter::exprList(const std::vector<ExprPtr>& exprs, int min_level) {
  for (size_t i = 0; i < exprs.size(); ++i) {
    if (i > 0)
      out_ += ", ";
    expr(*exprs[i], min_level);
  }
}

void SqlPrinter::nameList(const std::vector<std::string>& names) {
  out_ += '(';
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0)
      out_ += ", ";
    out_ += quoteIdentifier(names[i]);
  }
  out_ += ')';
}

void SqlPrinter::sortItems(const std::vector<SortItem>& items) {
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0)
      out_ += ", ";
    expr(*items[i].expr, kLambdaLevel);
    if (items[i].direction == SortDirection::kAscending)
      out_ += " ASC";
    if (items[i].direction == SortDirection::kDescending)
      out_ += " DESC";
    if (items[i].null_ordering == NullOrdering::kNullsFirst)
      out_ += " NULLS FIRST";
    if (items[i].null_ordering == NullOrdering::kNullsLast)
      out_ += " NULLS LAST";
  }
}

void SqlPrinter::literal(const LiteralExpr& literal) {
  switch (literal.literal_kind) {
    case LiteralKind::kNull:
      out_ += "NULL";
      return;
    case LiteralKind::kBoolean:
      out_ += literal.text == "true" ? "TRUE" : "FALSE";
      return;
    case LiteralKind::kString:
      out_ += quoteString(literal.text);
      return;
    case LiteralKind::kBinary:
      out_ += "X" + quoteString(literal.text);
      return;
    case LiteralKind::kDate:
      out_ += "DATE " + quoteString(literal.text);
      return;
    case LiteralKind::kTimestamp:
      out_ += "TIMESTAMP " + quoteString(literal.text);
      return;
    case LiteralKind::kTimestampNtz:
      out_ += "TIMESTAMP_NTZ " + quoteString(literal.text);
      return;
    case LiteralKind::kTimestampLtz:
      out_ += "TIMESTAMP_LTZ " + quoteString(literal.text);
      return;
    case LiteralKind::kTime:
      out_ += "TIME " + quoteString(literal.text);
      return;
    case LiteralKind::kInterval: {
      out_ += "INTERVAL";
      for (const IntervalPart& part : literal.interval.parts) {
        out_ += ' ';
        if (part.negative)
          out_ += '-';
        out_ += part.value_is_string ? quoteString(part.value) : part.value;
        if (!part.unit.empty())
          out_ += ' ' + part.unit;
      }
      if (literal.interval.form == IntervalValue::Form::kUnitToUnit) {
        out_ += " TO " + literal.interval.to_unit;
      }
      return;
    }
    default:
      out_ += literal.text;
      out_ += literalSuffix(literal.literal_kind);
      return;
  }
}

void SqlPrinter::expr(const Expr& e, int min_level) {
  // Expressions, and the subqueries inside them, stay on one line in the pretty layout.
  bool pretty = pretty_;
  pretty_ = false;
  bool parenthesize = exprLevel(e) < min_level;
  if (parenthesize)
    out_ += '(';
  switch (e.kind()) {
    case ExprKind::kLiteral:
      literal(e.as<LiteralExpr>());
      break;
    case ExprKind::kColumnRef:
      out_ += joinName(e.as<ColumnRefExpr>().name);
      break;
    case ExprKind::kStar:
      star(e.as<StarExpr>());
      break;
    case ExprKind::kParameter:
      out_ += "${" + e.as<ParameterExpr>().name + "}";
      break;
    case ExprKind::kUnary:
      unary(e.as<UnaryExpr>());
      break;
    case ExprKind::kBinary:
      binary(e.as<BinaryExpr>());
      break;
    case ExprKind::kIs: {
      const auto& is = e.as<IsExpr>();
      expr(*is.operand, kComparisonLevel);
      out_ += is.negated ? " IS NOT " : " IS ";
      switch (is.test) {
        case IsTest::kNull:
          out_ += "NULL";
          break;
        case IsTest::kTrue:
          out_ += "TRUE";
          break;
        case IsTest::kFalse:
          out_ += "FALSE";
          break;
        case IsTest::kUnknown:
          out_ += "UNKNOWN";
          break;
      }
      break;
    }
    case ExprKind::kIsDistinctFrom: {
      const auto& distinct = e.as<IsDistinctFromExpr>();
      expr(*distinct.left, kComparisonLevel);
      out_ += distinct.negated ? " IS NOT DISTINCT FROM " : " IS DISTINCT FROM ";
      expr(*distinct.right, kComparisonLevel);
      break;
    }
    case ExprKind::kBetween: {
      const auto& between = e.as<BetweenExpr>();
      expr(*between.operand, kComparisonLevel);
      out_ += between.negated ? " NOT BETWEEN " : " BETWEEN ";
      expr(*between.low, kComparisonLevel);
      out_ += " AND ";
      expr(*between.high, kComparisonLevel);
      break;
    }
    case ExprKind::kInList: {
      const auto& in = e.as<InListExpr>();
      expr(*in.operand, kComparisonLevel);
      out_ += in.negated ? " NOT IN (" : " IN (";
      exprList(in.values, kLambdaLevel);
      out_ += ')';
      break;
    }
    case ExprKind::kInSubquery: {
      const auto& in = e.as<InSubqueryExpr>();
      expr(*in.operand, kComparisonLevel);
      out_ += in.negated ? " NOT IN (" : " IN (";
      query(*in.query);
      out_ += ')';
      break;
    }
    case ExprKind::kLike:
      like(e.as<LikeExpr>());
      break;
    case ExprKind::kExists:
      out_ += "EXISTS (";
      query(*e.as<ExistsExpr>().query);
      out_ += ')';
      break;
    case ExprKind::kScalarSubquery:
      out_ += '(';
      query(*e.as<ScalarSubqueryExpr>().query);
      out_ += ')';
      break;
    case ExprKind::kCase:
      caseExpr(e.as<CaseExpr>());
      break;
    case ExprKind::kCast: {
      const auto& cast = e.as<CastExpr>();
      if (cast.syntax == CastSyntax::kDoubleColon) {
        expr(*cast.operand, kPrimaryLevel);
        out_ += "::";
        dataType(cast.type);
        break;
      }
      out_ += cast.syntax == CastSyntax::kTryCast ? "TRY_CAST(" : "CAST(";
      expr(*cast.operand, kLambdaLevel);
      out_ += " AS ";
      dataType(cast.type);
      out_ += ')';
      break;
    }
    case ExprKind::kFunctionCall:
      functionCall(e.as<FunctionCallExpr>());
      break;
    case ExprKind::kNamedArgument: {
      const auto& named = e.as<NamedArgumentExpr>();
      out_ += quoteIdentifier(named.name) + " => ";
      expr(*named.value, kLambdaLevel);
      break;
    }
    case ExprKind::kLambda: {
      const auto& lambda = e.as<LambdaExpr>();
      if (lambda.params.size() == 1) {
        out_ += quoteIdentifier(lambda.params[0]);
      } else {
        nameList(lambda.params);
      }
      out_ += " -> ";
      expr(*lambda.body, kLambdaLevel);
      break;
    }
    case ExprKind::kFieldAccess: {
      const auto& access = e.as<FieldAccessExpr>();
      // 1.x would read back as the decimal 1. followed by x.
      bool number = access.base->is<LiteralExpr>() &&
                    isNumericLiteral(access.base->as<LiteralExpr>().literal_kind);
      if (number)
        out_ += '(';
      expr(*access.base, kPrimaryLevel);
      if (number)
        out_ += ')';
      out_ += "." + quoteIdentifier(access.field);
      break;
    }
    case ExprKind::kSubscript: {
      const auto& subscript = e.as<SubscriptExpr>();
      expr(*subscript.base, kPrimaryLevel);
      out_ += '[';
      expr(*subscript.index, kComparisonLevel);
      out_ += ']';
      break;
    }
    case ExprKind::kJsonPath:
      jsonPath(e.as<JsonPathExpr>());
      break;
    case ExprKind::kRow:
      out_ += '(';
      exprList(e.as<RowExpr>().fields, kLambdaLevel);
      out_ += ')';
      break;
    case ExprKind::kAlias: {
      const auto& alias = e.as<AliasExpr>();
      expr(*alias.child, kOrLevel);
      out_ += " AS " + quoteIdentifier(alias.name);
      break;
    }
  }
  if (parenthesize)
    out_ += ')';
  pretty_ = pretty;
}

void SqlPrinter::star(const StarExpr& star) {
  if (!star.qualifier.empty())
    out_ += joinName(star.qualifier) + ".";
  out_ += '*';
  if (star.except_columns.empty())
    return;
  out_ += " EXCEPT (";
  for (size_t i = 0; i < star.except_columns.size(); ++i) {
    if (i > 0)
      out_ += ", ";
    out_ += joinName(star.except_columns[i]);
  }
  out_ += ')';
}

void SqlPrinter::unary(const UnaryExpr& unary) {
  if (unary.op == UnaryOp::kNot) {
    out_ += "NOT ";
    expr(*unary.operand, kNotLevel);
    return;
  }
  out_ += unary.op == UnaryOp::kMinus ? '-' : (unary.op == UnaryOp::kPlus ? '+' : '~');
  SqlPrinter operand;
  operand.expr(*unary.operand, kUnaryLevel);
  std::string text = operand.take();
  // -(1) must not read back as the literal -1, and - -x must not become a comment.
  if (unary.op == UnaryOp::kMinus && !text.empty() &&
      ((text[0] >= '0' && text[0] <= '9') || text[0] == '.')) {
    out_ += "(" + text + ")";
    return;
  }
  if (!text.empty() && (text[0] == '-' || text[0] == '+'))
    out_ += ' ';
  out_ += text;
}

void SqlPrinter::binary(const BinaryExpr& node) {
  if (node.op == BinaryOp::kAnd || node.op == BinaryOp::kOr) {
    logical(node);
    return;
  }
  // Walks down the left operands that need no parentheses instead of recursing, so that long
  // left-deep chains (a + b + c + ...) print in constant stack.
  std::vector<const BinaryExpr*> spine{&node};
  const Expr* leftmost = node.left.get();
  while (leftmost->is<BinaryExpr>()) {
    const auto& next = leftmost->as<BinaryExpr>();
    if (next.op == BinaryOp::kAnd || next.op == BinaryOp::kOr ||
        binaryLevel(next.op) < binaryLevel(spine.back()->op)) {
      break;
    }
    spine.push_back(&next);
    leftmost = next.left.get();
  }
  expr(*leftmost, binaryLevel(spine.back()->op));
  for (auto it = spine.rbegin(); it != spine.rend(); ++it) {
    out_ += ' ';
    out_ += binarySymbol((*it)->op);
    out_ += ' ';
    expr(*(*it)->right, binaryLevel((*it)->op) + 1);
  }
}

// True when `node` is the balanced tree the parser builds over leaves[low..high].
bool isBalancedOver(const Expr& node, BinaryOp op, const std::vector<const Expr*>& leaves,
                    size_t low, size_t high) {
  if (low == high)
    return &node == leaves[low];
  if (!node.is<BinaryExpr>() || node.as<BinaryExpr>().op != op)
    return false;
  const auto& binary = node.as<BinaryExpr>();
  size_t middle = low + (high - low) / 2;
  return isBalancedOver(*binary.left, op, leaves, low, middle) &&
         isBalancedOver(*binary.right, op, leaves, middle + 1, high);
}

void SqlPrinter::logical(const BinaryExpr& node) {
  // A chain prints flat when the parser would rebuild exactly this tree from the flat text;
  // otherwise the operands that are themselves AND (OR) chains keep their parentheses.
  std::vector<const Expr*> leaves;
  std::vector<const Expr*> pending{&node};
  while (!pending.empty()) {
    const Expr* current = pending.back();
    pending.pop_back();
    if (current->is<BinaryExpr>() && current->as<BinaryExpr>().op == node.op) {
      pending.push_back(current->as<BinaryExpr>().right.get());
      pending.push_back(current->as<BinaryExpr>().left.get());
    } else {
      leaves.push_back(current);
    }
  }
  int level = binaryLevel(node.op);
  std::string_view separator = node.op == BinaryOp::kAnd ? " AND " : " OR ";
  if (isBalancedOver(node, node.op, leaves, 0, leaves.size() - 1)) {
    for (size_t i = 0; i < leaves.size(); ++i) {
      if (i > 0)
        out_ += separator;
      expr(*leaves[i], level + 1);
    }
    return;
  }
  expr(*node.left, level + 1);
  out_ += separator;
  expr(*node.right, level + 1);
}

void SqlPrinter::like(const LikeExpr& like) {
  expr(*like.operand, kComparisonLevel);
  out_ += like.negated ? " NOT " : " ";
  out_ += like.like_kind == LikeKind::kLike
              ? "LIKE"
              : (like.like_kind == LikeKind::kIlike ? "ILIKE" : "RLIKE");
  if (like.quantifier != LikeQuantifier::kNone) {
    out_ += like.quantifier == LikeQuantifier::kAny
                ? " ANY ("
                : (like.quantifier == LikeQuantifier::kSome ? " SOME (" : " ALL (");
    exprList(like.patterns, kLambdaLevel);
    out_ += ')';
  } else {
    out_ += ' ';
    expr(*like.pattern, kComparisonLevel);
    if (like.escape)
      out_ += " ESCAPE " + quoteString(*like.escape);
  }
}

void SqlPrinter::caseExpr(const CaseExpr& case_expr) {
  out_ += "CASE";
  if (case_expr.operand) {
    out_ += ' ';
    expr(*case_expr.operand, kLambdaLevel);
  }
  for (const WhenClause& when : case_expr.whens) {
    out_ += " WHEN ";
    expr(*when.condition, kLambdaLevel);
    out_ += " THEN ";
    expr(*when.result, kLambdaLevel);
  }
  if (case_expr.else_result) {
    out_ += " ELSE ";
    expr(*case_expr.else_result, kLambdaLevel);
  }
  out_ += " END";
}

void SqlPrinter::jsonPath(const JsonPathExpr& path) {
  expr(*path.base, kPrimaryLevel);
  out_ += ':';
  for (size_t i = 0; i < path.steps.size(); ++i) {
    const JsonPathStep& step = path.steps[i];
    switch (step.kind) {
      case JsonPathStep::Kind::kField:
        if (i > 0)
          out_ += '.';
        out_ += step.quoted ? quoteName(step.name) : step.name;
        break;
      case JsonPathStep::Kind::kBracketField:
        out_ += "[" + quoteString(step.name) + "]";
        break;
      case JsonPathStep::Kind::kIndex:
        out_ += "[" + step.index + "]";
        break;
      case JsonPathStep::Kind::kWildcard:
        out_ += "[*]";
        break;
    }
  }
}

void SqlPrinter::functionCall(const FunctionCallExpr& call) {
  std::string name;
  for (size_t i = 0; i < call.name.size(); ++i) {
    if (i > 0)
      name += '.';
    name += quoteFunctionNamePart(call.name[i]);
  }
  const std::vector<ExprPtr>& args = call.args;
  switch (call.syntax) {
    case FunctionSyntax::kExtract: {
      const std::string& field = args[0]->as<LiteralExpr>().text;
      out_ += name + "(" + (isPlainWord(field) ? field : quoteName(field)) + " FROM ";
      expr(*args[1], kLambdaLevel);
      out_ += ')';
      return;
    }
    case FunctionSyntax::kSubstringFrom:
      out_ += name + "(";
      expr(*args[0], kLambdaLevel);
      out_ += " FROM ";
      expr(*args[1], kLambdaLevel);
      if (args.size() > 2) {
        out_ += " FOR ";
        expr(*args[2], kLambdaLevel);
      }
      out_ += ')';
      return;
    case FunctionSyntax::kTrim: {
      std::string_view option = "BOTH";
      if (call.name[0] == "ltrim")
        option = "LEADING";
      if (call.name[0] == "rtrim")
        option = "TRAILING";
      out_ += fmt::format("TRIM({} ", option);
      if (args.size() > 1) {
        expr(*args[1], kLambdaLevel);
        out_ += ' ';
      }
      out_ += "FROM ";
      expr(*args[0], kLambdaLevel);
      out_ += ')';
      return;
    }
    case FunctionSyntax::kOverlay:
      out_ += name + "(";
      expr(*args[0], kLambdaLevel);
      out_ += " PLACING ";
      expr(*args[1], kLambdaLevel);
      out_ += " FROM ";
      expr(*args[2], kLambdaLevel);
      if (args.size() > 3) {
        out_ += " FOR ";
        expr(*args[3], kLambdaLevel);
      }
      out_ += ')';
      return;
    case FunctionSyntax::kPosition:
      out_ += name + "(";
      expr(*args[0], kComparisonLevel);
      out_ += " IN ";
      expr(*args[1], kComparisonLevel);
      out_ += ')';
      return;
    case FunctionSyntax::kDatetimeUnit:
      out_ += name + "(" + args[0]->as<LiteralExpr>().text + ", ";
      expr(*args[1], kLambdaLevel);
      out_ += ", ";
      expr(*args[2], kLambdaLevel);
      out_ += ')';
      return;
    case FunctionSyntax::kCall:
      break;
  }
  out_ += name + "(";
  if (call.distinct)
    out_ += "DISTINCT ";
  switch (firstArgumentStyle(call)) {
    case FirstArgument::kPlain:
      exprList(args, kLambdaLevel);
      break;
    case FirstArgument::kValue:
      expr(*args[0], kComparisonLevel);
      for (size_t i = 1; i < args.size(); ++i) {
        out_ += ", ";
        expr(*args[i], kLambdaLevel);
      }
      break;
    case FirstArgument::kQuotedName:
      out_ += quoteName(args[0]->as<ColumnRefExpr>().name[0]);
      for (size_t i = 1; i < args.size(); ++i) {
        out_ += ", ";
        expr(*args[i], kLambdaLevel);
      }
      break;
  }
  out_ += ')';
  if (!call.within_group.empty()) {
    out_ += " WITHIN GROUP (ORDER BY ";
    sortItems(call.within_group);
    out_ += ')';
  }
  if (call.filter) {
    out_ += " FILTER (WHERE ";
    expr(*call.filter, kLambdaLevel);
    out_ += ')';
  }
  if (call.null_treatment == NullTreatment::kIgnoreNulls)
    out_ += " IGNORE NULLS";
  if (call.null_treatment == NullTreatment::kRespectNulls)
    out_ += " RESPECT NULLS";
  if (call.over) {
    out_ += " OVER ";
    windowSpec(*call.over);
  }
}

void SqlPrinter::windowSpec(const WindowSpec& spec) {
  if (!spec.reference.empty()) {
    out_ += quoteIdentifier(spec.reference);
    return;
  }
  out_ += '(';
  bool first = true;
  auto separate = [&] {
    if (!first)
      out_ += ' ';
    first = false;
  };
  if (!spec.partition_by.empty()) {
    separate();
    out_ += "PARTITION BY ";
    exprList(spec.partition_by, kLambdaLevel);
  }
  if (!spec.order_by.empty()) {
    separate();
    out_ += "ORDER BY ";
    sortItems(spec.order_by);
  }
  if (spec.frame) {
    separate();
    out_ += spec.frame->unit == WindowFrame::Unit::kRows ? "ROWS BETWEEN " : "RANGE BETWEEN ";
    frameBound(spec.frame->start);
    out_ += " AND ";
    frameBound(spec.frame->end);
  }
  out_ += ')';
}

void SqlPrinter::frameBound(const WindowFrameBound& bound) {
  switch (bound.kind) {
    case WindowFrameBound::Kind::kUnboundedPreceding:
      out_ += "UNBOUNDED PRECEDING";
      return;
    case WindowFrameBound::Kind::kUnboundedFollowing:
      out_ += "UNBOUNDED FOLLOWING";
      return;
    case WindowFrameBound::Kind::kCurrentRow:
      out_ += "CURRENT ROW";
      return;
    case WindowFrameBound::Kind::kPreceding:
      expr(*bound.offset, kLambdaLevel);
      out_ += " PRECEDING";
      return;
    case WindowFrameBound::Kind::kFollowing:
      expr(*bound.offset, kLambdaLevel);
      out_ += " FOLLOWING";
      return;
  }
}

void SqlPrinter::namedWindows(const std::vector<NamedWindow>& windows) {
  lineBreak();
  out_ += "WINDOW ";
  for (size_t i = 0; i < windows.size(); ++i) {
    if (i > 0)
      out_ += ", ";
    out_ += quoteIdentifier(windows[i].name) + " AS ";
    windowSpec(windows[i].spec);
  }
}

void SqlPrinter::dataType(const DataType& type) {
  switch (type.id()) {
    case TypeId::kArray:
      out_ += "ARRAY<";
      dataType(type.elementType());
      out_ += '>';
      return;
    case TypeId::kMap:
      out_ += "MAP<";
      dataType(type.keyType());
      out_ += ", ";
      dataType(type.valueType());
      out_ += '>';
      return;
    case TypeId::kStruct: {
      out_ += "STRUCT<";
      const std::vector<StructField>& fields = type.fields();
      for (size_t i = 0; i < fields.size(); ++i) {
        if (i > 0)
          out_ += ", ";
        out_ += quoteIdentifier(fields[i].name) + ": ";
        dataType(fields[i].type);
        if (!fields[i].nullable)
          out_ += " NOT NULL";
        if (!fields[i].comment.empty())
          out_ += " COMMENT " + quoteString(fields[i].comment);
      }
      out_ += '>';
      return;
    }
    default:
      out_ += type.sql();
      return;
  }
}

void SqlPrinter::query(const Query& q) {
  if (!q.ctes.empty()) {
    out_ += q.recursive ? "WITH RECURSIVE " : "WITH ";
    for (size_t i = 0; i < q.ctes.size(); ++i) {
      if (i > 0) {
        out_ += ',';
        lineBreak();
      }
      out_ += quoteIdentifier(q.ctes[i].name);
      if (!q.ctes[i].columns.empty())
        nameList(q.ctes[i].columns);
      if (q.ctes[i].max_recursion_level)
        out_ += fmt::format(" MAX RECURSION LEVEL {}", *q.ctes[i].max_recursion_level);
      out_ += " AS (";
      ++indent_;
      softBreak();
      query(*q.ctes[i].query);
      --indent_;
      softBreak();
      out_ += ')';
    }
    lineBreak();
  }
  bool organized = !q.order_by.empty() || !q.cluster_by.empty() || !q.distribute_by.empty() ||
                   !q.sort_by.empty();
  // A WINDOW clause right after a SELECT would be read as that SELECT's own: parenthesise the
  // body so that it stays the query's.
  bool wrap = !q.windows.empty() && !organized && q.body->kind() != QueryBodyKind::kNested;
  if (wrap)
    out_ += '(';
  body(*q.body);
  if (wrap)
    out_ += ')';
  if (!q.order_by.empty()) {
    lineBreak();
    out_ += "ORDER BY ";
    sortItems(q.order_by);
  }
  if (!q.cluster_by.empty()) {
    lineBreak();
    out_ += "CLUSTER BY ";
    exprList(q.cluster_by, kLambdaLevel);
  }
  if (!q.distribute_by.empty()) {
    lineBreak();
    out_ += "DISTRIBUTE BY ";
    exprList(q.distribute_by, kLambdaLevel);
  }
  if (!q.sort_by.empty()) {
    lineBreak();
    out_ += "SORT BY ";
    sortItems(q.sort_by);
  }
  if (!q.windows.empty())
    namedWindows(q.windows);
  if (q.limit_all) {
    lineBreak();
    out_ += "LIMIT ALL";
  }
  if (q.limit) {
    lineBreak();
    out_ += "LIMIT ";
    expr(*q.limit, kLambdaLevel);
  }
  if (q.offset) {
    lineBreak();
    out_ += "OFFSET ";
    expr(*q.offset, kLambdaLevel);
  }
}

void SqlPrinter::body(const QueryBody& b) {
  switch (b.kind()) {
    case QueryBodyKind::kSelect:
      select(b.as<SelectBody>());
      return;
    case QueryBodyKind::kSetOperation: {
      const auto& operation = b.as<SetOperationBody>();
      int level = operation.op == SetOperator::kIntersect ? 2 : 1;
      setOperand(*operation.left, level, /*right=*/false);
      lineBreak();
      switch (operation.op) {
        case SetOperator::kUnion:
          out_ += "UNION";
          break;
        case SetOperator::kIntersect:
          out_ += "INTERSECT";
          break;
        case SetOperator::kExcept:
          out_ += "EXCEPT";
          break;
      }
      if (operation.quantifier == SetQuantifier::kAll)
        out_ += " ALL";
      if (operation.quantifier == SetQuantifier::kDistinct)
        out_ += " DISTINCT";
      lineBreak();
      setOperand(*operation.right, level, /*right=*/true);
      return;
    }
    case QueryBodyKind::kValues: {
      const auto& values = b.as<ValuesBody>();
      out_ += "VALUES ";
      rows(values.rows);
      alias(values.alias);
      return;
    }
    case QueryBodyKind::kTable:
      out_ += "TABLE " + joinName(b.as<TableBody>().name);
      return;
    case QueryBodyKind::kNested:
      out_ += '(';
      query(*b.as<NestedQueryBody>().query);
      out_ += ')';
      return;
  }
}

void SqlPrinter::setOperand(const QueryBody& operand, int parent_level, bool right) {
  bool parenthesize = false;
  if (operand.kind() == QueryBodyKind::kSetOperation) {
    int level = operand.as<SetOperationBody>().op == SetOperator::kIntersect ? 2 : 1;
    parenthesize = right ? level <= parent_level : level < parent_level;
  }
  if (parenthesize)
    out_ += '(';
  body(operand);
  if (parenthesize)
    out_ += ')';
}

void SqlPrinter::rows(const std::vector<std::vector<ExprPtr>>& value_rows) {
  for (size_t i = 0; i < value_rows.size(); ++i) {
    if (i > 0)
      out_ += ", ";
    const std::vector<ExprPtr>& row = value_rows[i];
    if (row.size() == 1) {
      expr(*row[0], kLambdaLevel);
    } else {
      out_ += '(';
      exprList(row, kLambdaLevel);
      out_ += ')';
    }
  }
}

void SqlPrinter::select(const SelectBody& s) {
  out_ += "SELECT ";
  if (!s.hints.empty()) {
    out_ += "/*+ ";
    for (size_t i = 0; i < s.hints.size(); ++i) {
      if (i > 0)
        out_ += ", ";
      out_ += quoteIdentifier(s.hints[i].name);
      if (!s.hints[i].parameters.empty()) {
        out_ += '(';
        exprList(s.hints[i].parameters, kPrimaryLevel);
        out_ += ')';
      }
    }
    out_ += " */ ";
  }
  if (s.quantifier == SetQuantifier::kDistinct)
    out_ += "DISTINCT ";
  if (s.quantifier == SetQuantifier::kAll)
    out_ += "ALL ";
  for (size_t i = 0; i < s.items.size(); ++i) {
    if (i > 0)
      out_ += ", ";
    const SelectItem& item = s.items[i];
    expr(*item.expr, kOrLevel);
    if (item.alias)
      out_ += " AS " + quoteIdentifier(*item.alias);
    if (!item.column_aliases.empty()) {
      out_ += " AS ";
      nameList(item.column_aliases);
    }
  }
  if (!s.from.empty()) {
    lineBreak();
    out_ += "FROM ";
    for (size_t i = 0; i < s.from.size(); ++i) {
      if (i > 0)
        out_ += ", ";
      tableRef(*s.from[i], /*as_join_right=*/false);
    }
  }
  for (const LateralView& view : s.lateral_views) {
    lineBreak();
    out_ += view.outer ? "LATERAL VIEW OUTER " : "LATERAL VIEW ";
    expr(*view.generator, kPrimaryLevel);
    if (!view.table_alias.empty())
      out_ += ' ' + quoteIdentifier(view.table_alias);
    if (!view.column_aliases.empty()) {
      out_ += " AS ";
      for (size_t i = 0; i < view.column_aliases.size(); ++i) {
        if (i > 0)
          out_ += ", ";
        out_ += quoteIdentifier(view.column_aliases[i]);
      }
    }
  }
  if (s.where) {
    lineBreak();
    out_ += "WHERE ";
    expr(*s.where, kLambdaLevel);
  }
  if (s.group_by) {
    lineBreak();
    out_ += "GROUP BY ";
    if (s.group_by->all) {
      out_ += "ALL";
    } else {
      size_t count = s.group_by->elements.size();
      for (size_t i = 0; i < count; ++i) {
        if (i > 0)
          out_ += s.group_by->keys_then_grouping_sets && i + 1 == count ? " " : ", ";
        groupingElement(s.group_by->elements[i]);
      }
    }
  }
  if (s.having) {
    lineBreak();
    out_ += "HAVING ";
    expr(*s.having, kLambdaLevel);
  }
  if (s.qualify) {
    lineBreak();
    out_ += "QUALIFY ";
    expr(*s.qualify, kLambdaLevel);
  }
  if (!s.windows.empty())
    namedWindows(s.windows);
}

void SqlPrinter::groupingElement(const GroupingElement& element) {
  auto children = [&] {
    for (size_t i = 0; i < element.children.size(); ++i) {
      if (i > 0)
        out_ += ", ";
      groupingElement(element.children[i]);
    }
  };
  switch (element.kind) {
    case GroupingElement::Kind::kExpression:
      expr(*element.expression, kLambdaLevel);
      return;
    case GroupingElement::Kind::kSet:
      out_ += '(';
      children();
      out_ += ')';
      return;
    case GroupingElement::Kind::kRollup:
      out_ += "ROLLUP(";
      children();
      out_ += ')';
      return;
    case GroupingElement::Kind::kCube:
      out_ += "CUBE(";
      children();
      out_ += ')';
      return;
    case GroupingElement::Kind::kGroupingSets:
      out_ += "GROUPING SETS (";
      children();
      out_ += ')';
      return;
  }
}

void SqlPrinter::alias(const TableAlias& table_alias) {
  if (table_alias.empty())
    return;
  out_ += " AS " + quoteIdentifier(table_alias.name);
  if (!table_alias.columns.empty())
    nameList(table_alias.columns);
}

void SqlPrinter::tableRef(const TableRef& ref, bool as_join_right) {
  // A join needs parentheses to carry an alias, a sample or a watermark, or to be a right
  // operand.
  bool parenthesize =
      ref.kind() == TableRefKind::kJoin &&
      (as_join_right || !ref.alias.empty() || ref.sample != nullptr || ref.watermark != nullptr);
  // PIVOT and UNPIVOT apply to everything before them, so one on a join's right side needs its
  // parentheses too.
  parenthesize = parenthesize || (as_join_right && (ref.kind() == TableRefKind::kPivot ||
                                                    ref.kind() == TableRefKind::kUnpivot));
  // Parenthesised joins and subqueries stay on one line in the pretty layout.
  bool pretty = pretty_;
  if (parenthesize || ref.kind() == TableRefKind::kSubquery)
    pretty_ = false;
  if (parenthesize)
    out_ += '(';
  tableRefCore(ref);
  if (parenthesize)
    out_ += ')';
  pretty_ = pretty;
  if (ref.sample) {
    const TableSample& sample = *ref.sample;
    out_ += " TABLESAMPLE (";
    switch (sample.method) {
      case TableSample::Method::kPercent:
        out_ += sample.percent + " PERCENT";
        break;
      case TableSample::Method::kRows:
        expr(*sample.rows, kOrLevel);
        out_ += " ROWS";
        break;
      case TableSample::Method::kBucket:
        out_ += "BUCKET " + sample.numerator + " OUT OF " + sample.denominator;
        break;
    }
    out_ += ')';
    if (sample.seed)
      out_ += " REPEATABLE (" + *sample.seed + ")";
  }
  if (ref.watermark) {
    out_ += " WATERMARK ";
    expr(*ref.watermark->column, kOrLevel);
    if (!ref.watermark->alias.empty())
      out_ += " AS " + quoteIdentifier(ref.watermark->alias);
    out_ += " DELAY OF ";
    expr(*ref.watermark->delay, kPrimaryLevel);
  }
  alias(ref.alias);
}

void SqlPrinter::tableRefCore(const TableRef& ref) {
  switch (ref.kind()) {
    case TableRefKind::kNamed: {
      const auto& table = ref.as<NamedTableRef>();
      if (table.stream)
        out_ += "STREAM ";
      out_ += joinName(table.name);
      if (table.time_travel) {
        if (table.time_travel->kind == TimeTravel::Kind::kVersion) {
          out_ += " VERSION AS OF ";
        } else {
          out_ += " TIMESTAMP AS OF ";
        }
        expr(*table.time_travel->value, kComparisonLevel);
      }
      if (!table.options.empty()) {
        out_ += " WITH ";
        properties(table.options);
      }
      return;
    }
    case TableRefKind::kFunction: {
      const auto& function = ref.as<TableFunctionRef>();
      if (function.stream)
        out_ += "STREAM ";
      if (function.lateral)
        out_ += "LATERAL ";
      if (function.table_argument.empty()) {
        functionCall(*function.call);
        return;
      }
      for (size_t i = 0; i < function.call->name.size(); ++i)
        out_ += (i > 0 ? "." : "") + quoteFunctionNamePart(function.call->name[i]);
      out_ += "(TABLE(" + joinName(function.table_argument) + ")";
      for (const ExprPtr& arg : function.call->args) {
        out_ += ", ";
        expr(*arg, kLambdaLevel);
      }
      out_ += ')';
      return;
    }
    case TableRefKind::kSubquery:
      if (ref.as<SubqueryRef>().lateral)
        out_ += "LATERAL ";
      out_ += '(';
      query(*ref.as<SubqueryRef>().query);
      out_ += ')';
      return;
    case TableRefKind::kValues:
      out_ += "VALUES ";
      rows(ref.as<ValuesRef>().rows);
      return;
    case TableRefKind::kPivot: {
      const auto& pivot = ref.as<PivotRef>();
      auto namedItems = [&](const std::vector<NamedPivotItem>& items) {
        for (size_t i = 0; i < items.size(); ++i) {
          if (i > 0)
            out_ += ", ";
          expr(*items[i].expr, kLambdaLevel);
          if (!items[i].alias.empty())
            out_ += " AS " + quoteIdentifier(items[i].alias);
        }
      };
      tableRef(*pivot.input, /*as_join_right=*/false);
      out_ += " PIVOT (";
      namedItems(pivot.aggregates);
      out_ += " FOR ";
      if (pivot.parenthesized_columns)
        out_ += '(';
      for (size_t i = 0; i < pivot.columns.size(); ++i) {
        if (i > 0)
          out_ += ", ";
        expr(*pivot.columns[i], kLambdaLevel);
      }
      if (pivot.parenthesized_columns)
        out_ += ')';
      out_ += " IN (";
      namedItems(pivot.values);
      out_ += "))";
      return;
    }
    case TableRefKind::kUnpivot: {
      const auto& unpivot = ref.as<UnpivotRef>();
      tableRef(*unpivot.input, /*as_join_right=*/false);
      out_ += " UNPIVOT ";
      if (unpivot.nulls_written)
        out_ += unpivot.include_nulls ? "INCLUDE NULLS " : "EXCLUDE NULLS ";
      out_ += '(';
      if (unpivot.parenthesized_values)
        out_ += '(';
      for (size_t i = 0; i < unpivot.value_columns.size(); ++i)
        out_ += (i > 0 ? ", " : "") + quoteIdentifier(unpivot.value_columns[i]);
      if (unpivot.parenthesized_values)
        out_ += ')';
      out_ += " FOR " + quoteIdentifier(unpivot.name_column) + " IN (";
      for (size_t i = 0; i < unpivot.sets.size(); ++i) {
        const UnpivotColumns& set = unpivot.sets[i];
        if (i > 0)
          out_ += ", ";
        if (set.parenthesized)
          out_ += '(';
        for (size_t c = 0; c < set.columns.size(); ++c) {
          if (c > 0)
            out_ += ", ";
          expr(*set.columns[c], kLambdaLevel);
        }
        if (set.parenthesized)
          out_ += ')';
        if (!set.alias.empty())
          out_ += " AS " + quoteIdentifier(set.alias);
      }
      out_ += "))";
      return;
    }
    case TableRefKind::kJoin: {
      const auto& join = ref.as<JoinRef>();
      tableRef(*join.left, /*as_join_right=*/false);
      ++indent_;
      lineBreak();
      --indent_;
      if (join.natural)
        out_ += "NATURAL ";
      switch (join.join_type) {
        case JoinType::kInner:
          out_ += "JOIN ";
          break;
        case JoinType::kCross:
          out_ += "CROSS JOIN ";
          break;
        case JoinType::kLeft:
          out_ += "LEFT JOIN ";
          break;
        case JoinType::kRight:
          out_ += "RIGHT JOIN ";
          break;
        case JoinType::kFull:
          out_ += "FULL JOIN ";
          break;
        case JoinType::kLeftSemi:
          out_ += "LEFT SEMI JOIN ";
          break;
        case JoinType::kLeftAnti:
          out_ += "LEFT ANTI JOIN ";
          break;
      }
      tableRef(*join.right, /*as_join_right=*/true);
      if (join.condition) {
        out_ += " ON ";
        expr(*join.condition, kLambdaLevel);
      }
      if (!join.using_columns.empty()) {
        out_ += " USING ";
        nameList(join.using_columns);
      }
      return;
    }
  }
}

void SqlPrinter::properties(const std::vector<Property>& list) {
  out_ += '(';
  for (size_t i = 0; i < list.size(); ++i) {
    if (i > 0)
      out_ += ", ";
    out_ += quoteString(list[i].key);
    if (list[i].value)
      out_ += " = " + quoteString(*list[i].value);
  }
  out_ += ')';
}

std::string quoteIdentifier(std::string_view name) {
  if (!isPlainWord(name))
    return quoteName(name);
  Keyword keyword = lookupKeyword(name);
  // INTERVAL, VALUES and STREAM start other constructs when followed by a name or value.
  if (isReservedKeyword(keyword) || keyword == Keyword::kInterval || keyword == Keyword::kValues ||
      keyword == Keyword::kStream) {
    return quoteName(name);
  }
  return std::string(name);
}

std::string quoteString(std::string_view value) {
  std::string out = "'";
  for (char c : value) {
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '\'':
        out += "\\'";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          out += fmt::format("\\u{:04X}", static_cast<unsigned>(static_cast<unsigned char>(c)));
        } else {
          out += c;
        }
    }
  }
  out += '\'';
  return out;
}

std::string printQuery(const Query& query, PrintLayout layout) {
  SqlPrinter printer(layout);
  printer.query(query);
  return printer.take();
}

std::string printExpression(const Expr& expr) {
  SqlPrinter printer;
  printer.expr(expr, kLambdaLevel);
  return printer.take();
}

std::string printTableRef(const TableRef& ref) {
  SqlPrinter printer;
  printer.fromItem(ref);
  return printer.take();
}

std::string printDataType(const DataType& type) {
  SqlPrinter printer;
  printer.dataType(type);
  return printer.take();
}

}  // namespace sluice::sql
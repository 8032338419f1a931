// src/sql/parser/type_parser.cpp
//
// Data type names, as Spark spells them: INT / INTEGER, BIGINT / LONG, SMALLINT / SHORT,
// TINYINT / BYTE, FLOAT / REAL, DOUBLE, DECIMAL / DEC / NUMERIC [(p [, s])], STRING,
// CHAR(n) / CHARACTER(n) / VARCHAR(n) (STRING, as in Spark's casts), BINARY, BOOLEAN, DATE,
// TIMESTAMP [WITHOUT TIME ZONE], TIMESTAMP_NTZ, TIMESTAMP_LTZ, TIME[(p)] [WITHOUT TIME ZONE],
// VOID, INTERVAL fields, GEOMETRY(srid | ANY), GEOGRAPHY(srid | ANY),
// ARRAY<t>, MAP<k, v>, STRUCT<name[:] t [NOT NULL] [COMMENT 'c'], ...>.
#include <fmt/format.h>

#include <cctype>
#include <charconv>

#include "common/text/collation.hpp"
#include "common/types/geospatial.hpp"
#include "sql/parser/token_parser.hpp"

namespace sluice::sql {

namespace {

std::optional<IntervalField> intervalFieldOf(const Token& token) {
  if (token.kind != TokenKind::kWord)
    return std::nullopt;
  switch (token.keyword) {
    case Keyword::kYear:
      return IntervalField::kYear;
    case Keyword::kMonth:
      return IntervalField::kMonth;
    case Keyword::kDay:
      return IntervalField::kDay;
    case Keyword::kHour:
      return IntervalField::kHour;
    case Keyword::kMinute:
      return IntervalField::kMinute;
    case Keyword::kSecond:
      return IntervalField::kSecond;
    default:
      return std::nullopt;
  }
}

bool isYearMonthField(IntervalField field) {
  return field == IntervalField::kYear || field == IntervalField::kMonth;
}

}  // namespace

DataType TokenParser::parseWholeDataType() {
  try {
    DataType type = parseDataType();
    expectEnd();
    return type;
  } catch (const Error& error) {
    // Spark's grammar takes any word for a type name and checks the name once the whole text
    // has parsed: in "a INT" the INT after the type `a` is a syntax error before `a` is an
    // unknown type.
    if (error.errorClass() == ErrorClass::UNSUPPORTED_DATATYPE && index_ == 0 &&
        peek(1).kind != TokenKind::kEnd) {
      fail(peek(1), fmt::format("extra input '{}'", peek(1).text));
    }
    throw;
  }
}

std::vector<StructField> TokenParser::parseWholeColumnList() {
  std::vector<StructField> columns;
  do {
    columns.push_back(parseColumnDefinition(/*colon_allowed=*/false));
  } while (match(TokenKind::kComma));
  expectEnd();
  return columns;
}

void TokenParser::expectTypeClose() {
  Token& token = tokens_[index_];
  if (token.is(TokenKind::kGreater)) {
    advance();
    return;
  }
  // ARRAY<ARRAY<INT>> lexes its end as '>>': take one '>' off the front of the token.
  if (token.is(TokenKind::kShiftRight) || token.is(TokenKind::kShiftRightUnsigned) ||
      token.is(TokenKind::kGreaterEq)) {
    token.kind = token.is(TokenKind::kShiftRightUnsigned)
                     ? TokenKind::kShiftRight
                     : (token.is(TokenKind::kShiftRight) ? TokenKind::kGreater : TokenKind::kEq);
    token.text.remove_prefix(1);
    ++token.position.offset;
    ++token.position.column;
    return;
  }
  fail(token, "expected '>'");
}

int TokenParser::parseTypeInteger() {
  const Token& token = current();
  if (!token.is(TokenKind::kInteger))
    fail(token, "expected an integer");
  int value = 0;
  auto [end, error] =
      std::from_chars(token.value.data(), token.value.data() + token.value.size(), value);
  if (error != std::errc() || end != token.value.data() + token.value.size()) {
    fail(token, "the number is too large");
  }
  advance();
  return value;
}

DataType TokenParser::parseDataType() {
  DepthGuard guard(*this);
  const Token& token = current();
  if (!token.is(TokenKind::kWord))
    fail(token, "expected a data type");
  switch (token.keyword) {
    case Keyword::kArray: {
      advance();
      expect(TokenKind::kLess);
      DataType element = parseDataType();
      expectTypeClose();
      return DataType::array(std::move(element));
    }
    case Keyword::kMap: {
      advance();
      expect(TokenKind::kLess);
      DataType key = parseDataType();
      expect(TokenKind::kComma);
      DataType value = parseDataType();
      expectTypeClose();
      return DataType::map(std::move(key), std::move(value));
    }
    case Keyword::kStruct: {
      advance();
      // STRUCT<> lexes as STRUCT followed by the not-equal operator.
      if (check(TokenKind::kNotEq) && current().text == "<>") {
        advance();
        return DataType::structOf({});
      }
      expect(TokenKind::kLess);
      std::vector<StructField> fields;
      if (!check(TokenKind::kGreater) && !check(TokenKind::kShiftRight) &&
          !check(TokenKind::kShiftRightUnsigned)) {
        do {
          fields.push_back(parseColumnDefinition(/*colon_allowed=*/true));
        } while (match(TokenKind::kComma));
      }
      expectTypeClose();
      return DataType::structOf(std::move(fields));
    }
    case Keyword::kBoolean:
      advance();
      return DataType::boolean();
    case Keyword::kTinyint:
    case Keyword::kByte:
      advance();
      return DataType::byteType();
    case Keyword::kSmallint:
    case Keyword::kShort:
      advance();
      return DataType::shortType();
    case Keyword::kInt:
    case Keyword::kInteger:
      advance();
      return DataType::intType();
    case Keyword::kBigint:
    case Keyword::kLong:
      advance();
      return DataType::longType();
    case Keyword::kFloat:
    case Keyword::kReal:
      advance();
      return DataType::floatType();
    case Keyword::kDouble:
      advance();
      return DataType::doubleType();
    case Keyword::kDate:
      advance();
      return DataType::date();
    case Keyword::kBinary:
      advance();
      return DataType::binary();
    case Keyword::kVoid:
      advance();
      return DataType::voidType();
    case Keyword::kVariant:
      advance();
      return DataType::variant();
    case Keyword::kTimestampNtz:
      advance();
      return DataType::timestampNtz();
    case Keyword::kTimestampLtz:
      advance();
      return DataType::timestamp();
    case Keyword::kTimestamp:
      advance();
      if (checkKeyword(Keyword::kWithout) && peek(1).isKeyword(Keyword::kTime) &&
          peek(2).isKeyword(Keyword::kZone)) {
        advance();
        advance();
        advance();
        return DataType::timestampNtz();
      }
      return DataType::timestamp();
    case Keyword::kTime: {
      SourcePosition start = advance().position;
      int precision = DataType::kMaxTimePrecision;
      if (match(TokenKind::kLeftParen)) {
        precision = parseTypeInteger();
        expect(TokenKind::kRightParen);
      }
      if (checkKeyword(Keyword::kWithout) && peek(1).isKeyword(Keyword::kTime) &&
          peek(2).isKeyword(Keyword::kZone)) {
        advance();
        advance();
        advance();
      }
      try {
        return DataType::time(precision);
      } catch (Error& error) {
        error.withLocation(source_->locate(start));
        throw;
      }
    }
    case Keyword::kString:
      advance();
      if (matchKeyword(Keyword::kCollate))
        return DataType::string(Collation::idForName(parseCollationName()));
      return DataType::string();
    case Keyword::kChar:
    case Keyword::kCharacter:
    case Keyword::kVarchar:
      advance();
      expect(TokenKind::kLeftParen);
      parseTypeInteger();
      expect(TokenKind::kRightParen);
      return DataType::string();
    case Keyword::kDecimal:
    case Keyword::kDec:
    case Keyword::kNumeric: {
      SourcePosition start = advance().position;
      int precision = 10;
      int scale = 0;
      if (match(TokenKind::kLeftParen)) {
        precision = parseTypeInteger();
        if (match(TokenKind::kComma))
          scale = parseTypeInteger();
        expect(TokenKind::kRightParen);
      }
      try {
        return DataType::decimal(precision, scale);
      } catch (Error& error) {
        error.withLocation(source_->locate(start));
        throw;
      }
    }
    case Keyword::kInterval: {
      const Token& interval = advance();
      std::optional<IntervalField> start = intervalFieldOf(current());
      if (!start) {
        failWith(ErrorClass::UNSUPPORTED_DATATYPE, interval,
                 "Unsupported data type \"INTERVAL\": give its fields, as in INTERVAL DAY TO "
                 "SECOND or INTERVAL YEAR TO MONTH.");
      }
      advance();
      IntervalField end = *start;
      if (matchKeyword(Keyword::kTo)) {
        std::optional<IntervalField> to = intervalFieldOf(current());
        if (!to || isYearMonthField(*to) != isYearMonthField(*start) || *to < *start) {
          fail(current(), "expected a later interval field");
        }
        advance();
        end = *to;
      }
      return isYearMonthField(*start) ? DataType::yearMonthInterval(*start, end)
                                      : DataType::dayTimeInterval(*start, end);
    }
    default:
      break;
  }
  if (checkWord("GEOMETRY") || checkWord("GEOGRAPHY"))
    return parseSpatialType();
  std::string name(token.value);
  for (char& c : name)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  failWith(ErrorClass::UNSUPPORTED_DATATYPE, token,
           fmt::format("Unsupported data type \"{}\".", name));
}

DataType TokenParser::parseSpatialType() {
  TypeId kind = checkWord("GEOGRAPHY") ? TypeId::kGeography : TypeId::kGeometry;
  advance();
  expect(TokenKind::kLeftParen);
  const Token& at = current();
  int64_t srid = DataType::kMixedSrid;
  if (!matchKeyword(Keyword::kAny)) {
    bool negative = match(TokenKind::kMinus);
    srid = parseTypeInteger();
    if (negative)
      srid = -srid;
  }
  expect(TokenKind::kRightParen);
  try {
    return spatialType(kind, srid);
  } catch (Error& error) {
    error.withLocation(source_->locate(at.position));
    throw;
  }
}

StructField TokenParser::parseColumnDefinition(bool colon_allowed) {
  StructField field;
  field.name = parseAnyName("a column name");
  if (colon_allowed)
    match(TokenKind::kColon);
  field.type = parseDataType();
  if (checkKeyword(Keyword::kNot)) {
    advance();
    expectKeyword(Keyword::kNull);
    field.nullable = false;
  }
  if (matchKeyword(Keyword::kComment))
    field.comment = parseStringValue();
  return field;
}

}  // namespace sluice::sql

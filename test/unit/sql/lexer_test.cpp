// test/unit/sql/lexer_test.cpp
//
// The Spark SQL lexer: words and keywords, quoting, numbers and their suffixes, strings and
// escapes, operators, comments, hints, parameters, positions and lexical errors.
#include "sql/lexer.hpp"

#include <gtest/gtest.h>

#include "common/error/error.hpp"

namespace sluice::sql {
namespace {

std::vector<Token> lex(std::string_view text) {
  TokenList list = tokenize(text);
  // Keep the source alive with the tokens: copy the texts the tests look at.
  static std::vector<SourceTextPtr> keep_alive;
  keep_alive.push_back(list.source);
  return list.tokens;
}

std::vector<TokenKind> kinds(std::string_view text) {
  std::vector<TokenKind> out;
  for (const Token& token : lex(text))
    out.push_back(token.kind);
  return out;
}

Error lexError(std::string_view text) {
  try {
    tokenize(text);
  } catch (const Error& error) {
    return error;
  }
  ADD_FAILURE() << "no error for: " << text;
  return Error(ErrorClass::INTERNAL_ERROR, "none");
}

TEST(LexerTest, WordsAreCaseInsensitiveKeywordsOrIdentifiers) {
  std::vector<Token> tokens = lex("select From my_Table _x1 café");
  ASSERT_EQ(tokens.size(), 6u);
  EXPECT_EQ(tokens[0].keyword, Keyword::kSelect);
  EXPECT_EQ(tokens[1].keyword, Keyword::kFrom);
  EXPECT_EQ(tokens[1].value, "From");
  EXPECT_EQ(tokens[2].keyword, Keyword::kNone);
  EXPECT_EQ(tokens[2].value, "my_Table");
  EXPECT_EQ(tokens[3].value, "_x1");
  EXPECT_EQ(tokens[4].kind, TokenKind::kWord);
  EXPECT_EQ(tokens[4].value, "café");
  EXPECT_EQ(tokens[5].kind, TokenKind::kEnd);
}

TEST(LexerTest, KeywordTableIsSortedForBinarySearch) {
  EXPECT_EQ(lookupKeyword("dateadd"), Keyword::kDateadd);
  EXPECT_EQ(lookupKeyword("DATE_ADD"), Keyword::kDateAdd);
  EXPECT_EQ(lookupKeyword("timestamp_ntz"), Keyword::kTimestampNtz);
  EXPECT_EQ(lookupKeyword("TimestampAdd"), Keyword::kTimestampadd);
  EXPECT_EQ(lookupKeyword("zone"), Keyword::kZone);
  EXPECT_EQ(lookupKeyword("all"), Keyword::kAll);
  EXPECT_EQ(lookupKeyword("selectx"), Keyword::kNone);
  EXPECT_EQ(keywordSpelling(Keyword::kAnyValue), "ANY_VALUE");
}

TEST(LexerTest, BackquotedIdentifiersUndoubleBackquotes) {
  std::vector<Token> tokens = lex("`my col` `a``b` `select`");
  EXPECT_EQ(tokens[0].kind, TokenKind::kQuotedIdentifier);
  EXPECT_EQ(tokens[0].value, "my col");
  EXPECT_EQ(tokens[1].value, "a`b");
  EXPECT_EQ(tokens[2].keyword, Keyword::kNone);
  EXPECT_EQ(tokens[2].value, "select");
}

TEST(LexerTest, NumbersTakeSparksSuffixes) {
  struct Case {
    std::string_view text;
    TokenKind kind;
    std::string_view value;
  };
  const Case cases[] = {
      {"42", TokenKind::kInteger, "42"},
      {"1Y", TokenKind::kTinyIntLiteral, "1"},
      {"7s", TokenKind::kSmallIntLiteral, "7"},
      {"9L", TokenKind::kBigIntLiteral, "9"},
      {"1.5D", TokenKind::kDoubleLiteral, "1.5"},
      {"1.5f", TokenKind::kFloatLiteral, "1.5"},
      {"1.5BD", TokenKind::kBigDecimalLiteral, "1.5"},
      {"2bd", TokenKind::kBigDecimalLiteral, "2"},
      {"1e10", TokenKind::kExponent, "1e10"},
      {"1.5E-3", TokenKind::kExponent, "1.5E-3"},
      {"2e+4D", TokenKind::kDoubleLiteral, "2e+4"},
      {".5", TokenKind::kDecimal, ".5"},
      {"1.", TokenKind::kDecimal, "1."},
      {"3.25", TokenKind::kDecimal, "3.25"},
  };
  for (const Case& c : cases) {
    std::vector<Token> tokens = lex(c.text);
    ASSERT_EQ(tokens.size(), 2u) << c.text;
    EXPECT_EQ(tokens[0].kind, c.kind) << c.text;
    EXPECT_EQ(tokens[0].value, c.value) << c.text;
    EXPECT_EQ(tokens[0].text, c.text) << c.text;
  }
}

TEST(LexerTest, LongerIdentifiersWinOverNumbers) {
  // As in Spark: 123abc and 1e5x are identifiers; 1.5x is 1 . 5x because a decimal may not be
  // followed by a letter, digit or underscore.
  EXPECT_EQ(kinds("123abc"), (std::vector<TokenKind>{TokenKind::kWord, TokenKind::kEnd}));
  EXPECT_EQ(kinds("1e5x"), (std::vector<TokenKind>{TokenKind::kWord, TokenKind::kEnd}));
  EXPECT_EQ(kinds("1Lx"), (std::vector<TokenKind>{TokenKind::kWord, TokenKind::kEnd}));
  EXPECT_EQ(kinds("2.3_"), (std::vector<TokenKind>{TokenKind::kInteger, TokenKind::kDot,
                                                   TokenKind::kWord, TokenKind::kEnd}));
  EXPECT_EQ(kinds("t.1a"), (std::vector<TokenKind>{TokenKind::kWord, TokenKind::kDot,
                                                   TokenKind::kWord, TokenKind::kEnd}));
  EXPECT_EQ(kinds("1.5+2"), (std::vector<TokenKind>{TokenKind::kDecimal, TokenKind::kPlus,
                                                    TokenKind::kInteger, TokenKind::kEnd}));
  EXPECT_EQ(kinds("a.b"), (std::vector<TokenKind>{TokenKind::kWord, TokenKind::kDot,
                                                  TokenKind::kWord, TokenKind::kEnd}));
}

TEST(LexerTest, StringsUnescapeLikeSpark) {
  struct Case {
    std::string_view text;
    std::string value;
  };
  const Case cases[] = {
      {"'plain'", "plain"},
      {"\"double\"", "double"},
      {R"('a\nb\tc\rd')", "a\nb\tc\rd"},
      {R"('\'quoted\'')", "'quoted'"},
      {R"('back\\slash')", "back\\slash"},
      {R"('\u0041\u00e9')", "A\xC3\xA9"},
      {R"('\U0001F600')", "\xF0\x9F\x98\x80"},
      {R"('\uD83D\uDE00')", "\xF0\x9F\x98\x80"},
      {R"('\101\060')", "A0"},
      {R"('nul\0x')", std::string("nul\0x", 5)},
      {R"('\Z')", "\x1A"},
      {R"('100\%')", "100\\%"},
      {R"('a\_b')", "a\\_b"},
      {R"('\q\"')", "q\""},
      {R"(r'C:\dir\n')", "C:\\dir\\n"},
      {R"(R"raw\")", "raw\\"},
      {"'caf\xC3\xA9'", "caf\xC3\xA9"},
      {"''", ""},
  };
  for (const Case& c : cases) {
    std::vector<Token> tokens = lex(c.text);
    ASSERT_EQ(tokens.size(), 2u) << c.text;
    EXPECT_EQ(tokens[0].kind, TokenKind::kString) << c.text;
    EXPECT_EQ(tokens[0].value, c.value) << c.text;
  }
}

TEST(LexerTest, ADoubledQuoteEndsTheString) {
  // Spark has no '' escape: the text is two adjacent literals.
  std::vector<Token> tokens = lex("'it''s'");
  ASSERT_EQ(tokens.size(), 3u);
  EXPECT_EQ(tokens[0].value, "it");
  EXPECT_EQ(tokens[1].value, "s");
}

TEST(LexerTest, OperatorsTakeTheLongestMatch) {
  EXPECT_EQ(kinds("<=> <= <> < << >>> >> >= > = == != !> !< !"),
            (std::vector<TokenKind>{TokenKind::kNullSafeEq, TokenKind::kLessEq, TokenKind::kNotEq,
                                    TokenKind::kLess, TokenKind::kShiftLeft,
                                    TokenKind::kShiftRightUnsigned, TokenKind::kShiftRight,
                                    TokenKind::kGreaterEq, TokenKind::kGreater, TokenKind::kEq,
                                    TokenKind::kEq, TokenKind::kNotEq, TokenKind::kLessEq,
                                    TokenKind::kGreaterEq, TokenKind::kBang, TokenKind::kEnd}));
  EXPECT_EQ(kinds("|| | |> & ^ ~ :: : -> => + - * / % ? ; , . ( ) [ ]"),
            (std::vector<TokenKind>{
                TokenKind::kConcat,      TokenKind::kPipe,         TokenKind::kPipeOperator,
                TokenKind::kAmpersand,   TokenKind::kCaret,        TokenKind::kTilde,
                TokenKind::kDoubleColon, TokenKind::kColon,        TokenKind::kArrow,
                TokenKind::kFatArrow,    TokenKind::kPlus,         TokenKind::kMinus,
                TokenKind::kStar,        TokenKind::kSlash,        TokenKind::kPercent,
                TokenKind::kQuestion,    TokenKind::kSemicolon,    TokenKind::kComma,
                TokenKind::kDot,         TokenKind::kLeftParen,    TokenKind::kRightParen,
                TokenKind::kLeftBracket, TokenKind::kRightBracket, TokenKind::kEnd}));
}

TEST(LexerTest, CommentsAreSkippedAndBracketedCommentsNest) {
  EXPECT_EQ(kinds("a -- comment ; b\nc"),
            (std::vector<TokenKind>{TokenKind::kWord, TokenKind::kWord, TokenKind::kEnd}));
  EXPECT_EQ(kinds("a /* one /* two */ still */ b"),
            (std::vector<TokenKind>{TokenKind::kWord, TokenKind::kWord, TokenKind::kEnd}));
  // A backslash at the end of a -- comment continues it onto the next line, as in Spark.
  EXPECT_EQ(kinds("a -- x \\\n y\nb"),
            (std::vector<TokenKind>{TokenKind::kWord, TokenKind::kWord, TokenKind::kEnd}));
  EXPECT_EQ(kinds("a--b"), (std::vector<TokenKind>{TokenKind::kWord, TokenKind::kEnd}));
  EXPECT_EQ(kinds("a\xC2\xA0"
                  "b"),
            (std::vector<TokenKind>{TokenKind::kWord, TokenKind::kWord, TokenKind::kEnd}));
}

TEST(LexerTest, HintsAreTokensNotComments) {
  EXPECT_EQ(kinds("/*+ BROADCAST(t) */ 2*3"),
            (std::vector<TokenKind>{TokenKind::kHintStart, TokenKind::kWord, TokenKind::kLeftParen,
                                    TokenKind::kWord, TokenKind::kRightParen, TokenKind::kHintEnd,
                                    TokenKind::kInteger, TokenKind::kStar, TokenKind::kInteger,
                                    TokenKind::kEnd}));
}

TEST(LexerTest, ParametersKeepTheirName) {
  std::vector<Token> tokens = lex("${my.param} ${spark:x}");
  EXPECT_EQ(tokens[0].kind, TokenKind::kParameter);
  EXPECT_EQ(tokens[0].value, "my.param");
  EXPECT_EQ(tokens[1].value, "spark:x");
}

TEST(LexerTest, PositionsCountLinesAndCodePoints) {
  std::vector<Token> tokens = lex("SELECT\n  'é' ,x\r\n\tfoo");
  EXPECT_EQ(tokens[0].position.line, 1u);
  EXPECT_EQ(tokens[0].position.column, 1u);
  EXPECT_EQ(tokens[1].position.line, 2u);
  EXPECT_EQ(tokens[1].position.column, 3u);
  EXPECT_EQ(tokens[1].position.offset, 9u);
  // 'é' is two bytes but one column.
  EXPECT_EQ(tokens[2].position.column, 7u);
  EXPECT_EQ(tokens[2].position.offset, 14u);
  EXPECT_EQ(tokens[3].position.column, 8u);
  EXPECT_EQ(tokens[4].position.line, 3u);
  EXPECT_EQ(tokens[4].position.column, 2u);
  EXPECT_EQ(tokens[4].text, "foo");
  EXPECT_EQ(tokens[4].end_offset, 22u);
}

TEST(LexerTest, MalformedInputFailsWithALocation) {
  Error unclosed_string = lexError("SELECT\n  'abc");
  EXPECT_EQ(unclosed_string.errorClass(), ErrorClass::PARSE_SYNTAX_ERROR);
  EXPECT_EQ(unclosed_string.message(), "Syntax error at or near ''': unclosed string literal.");
  ASSERT_TRUE(unclosed_string.location());
  EXPECT_EQ(unclosed_string.location()->line, 2u);
  EXPECT_EQ(unclosed_string.location()->column, 3u);
  EXPECT_EQ(unclosed_string.location()->line_text, "  'abc");

  Error unclosed_comment = lexError("SELECT 1 /* open /* nested */");
  EXPECT_EQ(unclosed_comment.errorClass(), ErrorClass::UNCLOSED_BRACKETED_COMMENT);
  EXPECT_EQ(unclosed_comment.location()->column, 10u);

  Error unclosed_identifier = lexError("SELECT `abc");
  EXPECT_EQ(unclosed_identifier.message(),
            "Syntax error at or near '`': unclosed quoted identifier.");
  EXPECT_EQ(unclosed_identifier.location()->column, 8u);

  Error stray = lexError("SELECT a # b");
  EXPECT_EQ(stray.message(), "Syntax error at or near '#'.");
  EXPECT_EQ(stray.location()->column, 10u);

  Error parameter = lexError("SELECT ${x");
  EXPECT_EQ(parameter.message(), "Syntax error at or near '${': unclosed ${...} parameter.");
  EXPECT_EQ(parameter.location()->column, 8u);

  Error raw = lexError("SELECT r'abc");
  EXPECT_EQ(raw.message(), "Syntax error at or near 'r'': unclosed string literal.");
}

TEST(LexerTest, UnescapeHandlesDanglingAndInvalidEscapes) {
  EXPECT_EQ(unescapeStringBody("\\", '\''), "\\");
  EXPECT_EQ(unescapeStringBody("\\u12", '\''), "u12");
  EXPECT_EQ(unescapeStringBody("\\uD800x", '\''), "?x");
  EXPECT_EQ(unescapeStringBody("\\UFFFFFFFF", '\''), "?");
  EXPECT_EQ(unescapeStringBody("\\\xC3\xA9", '\''), "\xC3\xA9");
}

}  // namespace
}  // namespace sluice::sql

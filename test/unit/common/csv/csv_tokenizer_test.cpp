// test/unit/common/csv/csv_tokenizer_test.cpp
//
// Splitting CSV text into records and fields: separators, quoting, escapes, doubled quotes,
// text after a closing quote, line breaks with and without multi-line, CRLF, blank lines, byte
// order marks, unclosed quotes, line numbers and error locations.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/csv/csv_tokenizer.hpp"
#include "common/text/utf8_repair.hpp"

namespace sluice::csv {
namespace {

// Each record as its fields; a quoted field is shown as <field>.
std::vector<std::vector<std::string>> split(std::string_view text, CsvOptions options = {}) {
  CsvTokenizer tokenizer(text, options);
  std::vector<std::vector<std::string>> records;
  while (tokenizer.next()) {
    std::vector<std::string> fields;
    for (idx_t i = 0; i < tokenizer.fieldCount(); ++i) {
      std::string field(tokenizer.field(i));
      fields.push_back(tokenizer.quoted(i) ? "<" + field + ">" : field);
    }
    records.push_back(std::move(fields));
  }
  return records;
}

using Records = std::vector<std::vector<std::string>>;

CsvOptions multiLine() {
  CsvOptions options;
  options.multi_line = true;
  return options;
}

TEST(CsvTokenizerTest, SplitsFieldsAndRecords) {
  EXPECT_EQ(split("a,b,c\n1,2,3\n"), (Records{{"a", "b", "c"}, {"1", "2", "3"}}));
  EXPECT_EQ(split("a,b"), (Records{{"a", "b"}}));
  EXPECT_EQ(split("a,,c,\n"), (Records{{"a", "", "c", ""}}));
  EXPECT_EQ(split(",\n"), (Records{{"", ""}}));
  EXPECT_EQ(split(" a , b \n"), (Records{{" a ", " b "}}));
  EXPECT_EQ(split(""), Records{});
  CsvOptions tabs;
  tabs.separator = '\t';
  EXPECT_EQ(split("a\tb c\t\n", tabs), (Records{{"a", "b c", ""}}));
}

TEST(CsvTokenizerTest, SkipsBlankLinesAndReadsCrlf) {
  EXPECT_EQ(split("a,b\r\n\r\n1,2\r\n"), (Records{{"a", "b"}, {"1", "2"}}));
  // Without multi-line, lines of only spaces are blank too; with it, only empty lines are.
  EXPECT_EQ(split("a\n  \n\t\nb\n"), (Records{{"a"}, {"b"}}));
  EXPECT_EQ(split("a\n  \n\nb\n", multiLine()), (Records{{"a"}, {"  "}, {"b"}}));
  EXPECT_EQ(split("a\r\n\r\nb\r", multiLine()), (Records{{"a"}, {"b"}}));
  // A byte order mark is not part of the first field.
  EXPECT_EQ(split("\xEF\xBB\xBFid,name\n"), (Records{{"id", "name"}}));
}

TEST(CsvTokenizerTest, ReadsQuotedFields) {
  EXPECT_EQ(split("\"a,b\",c\n"), (Records{{"<a,b>", "c"}}));
  EXPECT_EQ(split("\"\",x\n"), (Records{{"<>", "x"}}));
  EXPECT_EQ(split("\"say \\\"hi\\\"\"\n"), (Records{{"<say \"hi\">"}}));
  EXPECT_EQ(split("\"say \"\"hi\"\"\"\n"), (Records{{"<say \"hi\">"}}));
  EXPECT_EQ(split("\"back\\\\slash\",\"lone\\n\"\n"), (Records{{"<back\\slash>", "<lone\\n>"}}));
  // Spaces after the closing quote are dropped; other text makes the field a plain value.
  EXPECT_EQ(split("\"a\"  ,b\n"), (Records{{"<a>", "b"}}));
  EXPECT_EQ(split("\"ab\"cd,e\n"), (Records{{"\"ab\"cd", "e"}}));
  EXPECT_EQ(split("\"a,b\"c,d\n"), (Records{{"\"a,b\"c", "d"}}));
  // A quote inside an unquoted field is text.
  EXPECT_EQ(split("a\"b,c\n"), (Records{{"a\"b", "c"}}));
  // Leading spaces make a field unquoted.
  EXPECT_EQ(split(" \"a\",b\n"), (Records{{" \"a\"", "b"}}));
}

TEST(CsvTokenizerTest, OtherQuoteAndEscapeCharacters) {
  CsvOptions options;
  options.quote = '\'';
  options.escape = '\'';
  EXPECT_EQ(split("'it''s',\"x\"\n", options), (Records{{"<it's>", "\"x\""}}));
  CsvOptions no_quote;
  no_quote.quote = '\0';
  EXPECT_EQ(split("\"a,b\"\n", no_quote), (Records{{"\"a", "b\""}}));
  CsvOptions no_escape;
  no_escape.escape = '\0';
  EXPECT_EQ(split("\"a\\\"b\",c\n", no_escape), (Records{{"\"a\\\"b\"", "c"}}));
}

TEST(CsvTokenizerTest, LineBreaksInQuotes) {
  std::string_view text = "1,\"two\nlines\",x\n2,\"b\",y\n";
  // Without multi-line the line break ends the record and leaves the quote unclosed.
  CsvTokenizer single(text, CsvOptions{});
  ASSERT_TRUE(single.next());
  EXPECT_EQ(single.fieldCount(), 2u);
  EXPECT_EQ(single.field(1), "two");
  EXPECT_TRUE(single.malformed());
  ASSERT_TRUE(single.next());
  EXPECT_FALSE(single.malformed());
  EXPECT_EQ(single.field(0), "lines\"");
  EXPECT_EQ(single.line(), 2u);
  // With multi-line the quoted field holds the line break.
  EXPECT_EQ(split(text, multiLine()), (Records{{"1", "<two\nlines>", "x"}, {"2", "<b>", "y"}}));
  // In a CRLF file a quoted CRLF reads as LF; a lone LF stays.
  EXPECT_EQ(split("a,\"x\r\ny\nz\"\r\nb,c\r\n", multiLine()),
            (Records{{"a", "<x\ny\nz>"}, {"b", "c"}}));
  EXPECT_EQ(split("h\na,\"x\r\ny\"\n", multiLine()), (Records{{"h"}, {"a", "<x\r\ny>"}}));
}

TEST(CsvTokenizerTest, UnclosedQuoteTakesTheRest) {
  CsvTokenizer tokenizer("a,\"bc\nd,e\n", CsvOptions{});
  ASSERT_TRUE(tokenizer.next());
  EXPECT_TRUE(tokenizer.malformed());
  EXPECT_EQ(tokenizer.field(1), "bc");
  ASSERT_TRUE(tokenizer.next());
  EXPECT_FALSE(tokenizer.malformed());
  CsvTokenizer multi("a,\"bc\nd,e\n", multiLine());
  ASSERT_TRUE(multi.next());
  EXPECT_TRUE(multi.malformed());
  EXPECT_EQ(multi.field(1), "bc\nd,e");
  EXPECT_FALSE(multi.next());
}

TEST(CsvTokenizerTest, CountsLinesAndLocatesFields) {
  CsvTokenizer tokenizer("h1,h2\n\n\"a\nb\",c\nd,e\n", multiLine());
  ASSERT_TRUE(tokenizer.next());
  EXPECT_EQ(tokenizer.line(), 1u);
  ASSERT_TRUE(tokenizer.next());
  EXPECT_EQ(tokenizer.line(), 3u);
  EXPECT_EQ(tokenizer.recordText(), "\"a\nb\",c");
  SourceLocation location = tokenizer.locate(1, "f.csv");
  EXPECT_EQ(location.source_name, "f.csv");
  EXPECT_EQ(location.line, 4u);
  EXPECT_EQ(location.column, 4u);
  EXPECT_EQ(location.line_text, "b\",c");
  ASSERT_TRUE(tokenizer.next());
  EXPECT_EQ(tokenizer.line(), 5u);
  location = tokenizer.locate(1, "f.csv");
  EXPECT_EQ(location.line, 5u);
  EXPECT_EQ(location.column, 3u);
  EXPECT_FALSE(tokenizer.next());
}

TEST(CsvTokenizerTest, TrimsWhiteSpaceAndSkipsCommentsWhenAsked) {
  CsvOptions options;
  EXPECT_EQ(split(" a , \"b\" ,c\n", options), (Records{{" a ", " \"b\" ", "c"}}));
  options.ignore_leading_white_space = true;
  options.ignore_trailing_white_space = true;
  options.comment = '#';
  EXPECT_EQ(split("# a comment\n a ,\t\"b \" ,  ,c\n #not a comment\n", options),
            (Records{{"a", "<b >", "", "c"}, {"#not a comment"}}));
  options.multi_line = true;
  EXPECT_EQ(split("#x,y\n a , \"b\nc\" \n", options), (Records{{"a", "<b\nc>"}}));
}

TEST(CsvTokenizerTest, ResetStartsOverOnNewText) {
  CsvTokenizer tokenizer("x,\"y\n", CsvOptions{});
  ASSERT_TRUE(tokenizer.next());
  EXPECT_TRUE(tokenizer.malformed());
  std::string second =
      "\n\xEF\xBB\xBF"
      "1,\"2\"";
  tokenizer.reset(std::string_view(second).substr(1));
  ASSERT_TRUE(tokenizer.next());
  EXPECT_FALSE(tokenizer.malformed());
  EXPECT_EQ(tokenizer.line(), 1u);
  ASSERT_EQ(tokenizer.fieldCount(), 2u);
  EXPECT_EQ(tokenizer.field(0), "1");
  EXPECT_EQ(tokenizer.field(1), "2");
  EXPECT_TRUE(tokenizer.quoted(1));
  EXPECT_FALSE(tokenizer.next());
  tokenizer.reset("");
  EXPECT_FALSE(tokenizer.next());
}

TEST(CsvTokenizerTest, RepairsInvalidUtf8) {
  std::string text = "ok,caf\xC3\xA9,\xFF,\xE2\x82,\xED\xA0\x80,end";
  EXPECT_EQ(findInvalidUtf8(text), 9u);
  EXPECT_TRUE(repairUtf8(text));
  EXPECT_EQ(text,
            "ok,caf\xC3\xA9,\xEF\xBF\xBD,\xEF\xBF\xBD,\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD,end");
  std::string valid = "plain ascii and \xF0\x9F\x98\x80";
  EXPECT_FALSE(repairUtf8(valid));
}

}  // namespace
}  // namespace sluice::csv

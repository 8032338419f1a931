// test/unit/function/json_path_test.cpp

#include "function/scalar/json/json_path.hpp"

#include <gtest/gtest.h>

#include "function/scalar/json/json_tree.hpp"

namespace sluice::json {
namespace {

using Kind = PathStep::Kind;

std::vector<Kind> kinds(const JsonPath& path) {
  std::vector<Kind> out;
  for (const PathStep& step : path)
    out.push_back(step.kind);
  return out;
}

TEST(JsonPathTest, ParsesSparksSubset) {
  auto path = parseJsonPath("$.a['b c'][3][*].*");
  ASSERT_TRUE(path.has_value());
  EXPECT_EQ(kinds(*path),
            (std::vector<Kind>{Kind::kKey, Kind::kNamed, Kind::kKey, Kind::kNamed, Kind::kSubscript,
                               Kind::kIndex, Kind::kSubscript, Kind::kWildcard, Kind::kWildcard}));
  EXPECT_EQ((*path)[1].name, "a");
  EXPECT_EQ((*path)[3].name, "b c");
  EXPECT_EQ((*path)[5].index, 3);
}

TEST(JsonPathTest, RejectsWhatTheGrammarDoesNot) {
  EXPECT_FALSE(parseJsonPath("").has_value());
  EXPECT_FALSE(parseJsonPath("a").has_value());
  EXPECT_FALSE(parseJsonPath("$..a").has_value());
  EXPECT_FALSE(parseJsonPath("$[a]").has_value());
  EXPECT_FALSE(parseJsonPath("$[0 ]").has_value());
  EXPECT_FALSE(parseJsonPath("$ .a").has_value());
  EXPECT_TRUE(parseJsonPath("$[ 0]").has_value());
  EXPECT_TRUE(parseJsonPath("$.a  ").has_value());
}

TEST(JsonTreeTest, ReadsAndWritesBackCompactly) {
  auto node =
      parseFirstValue(R"( { "a" : [1, -2.50, 1e2, true, null, "x\"\u00e9"], 'b': {} } tail)");
  ASSERT_TRUE(node.has_value());
  std::string out;
  writeNode(out, *node);
  EXPECT_EQ(out, "{\"a\":[1,-2.5,100.0,true,null,\"x\\\"\xC3\xA9\"],\"b\":{}}");
}

TEST(JsonTreeTest, RejectsMalformedJson) {
  for (const char* text : {"", "{", "[1,]", "{\"a\" 1}", "01", "1.", "tru", "\"a\\q\"", "123abc"})
    EXPECT_FALSE(parseFirstValue(text).has_value()) << text;
}

}  // namespace
}  // namespace sluice::json

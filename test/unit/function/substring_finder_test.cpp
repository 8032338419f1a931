// test/unit/function/substring_finder_test.cpp
//
// SubstringFinder against std::string_view::find: needles of 0 to 20 bytes at every offset of
// texts of 0 to 60 bytes (so through short texts, whole blocks and the overlapping last block),
// searched from every start, with near misses that share the needle's first and last bytes.
#include "function/scalar/substring_finder.hpp"

#include <gtest/gtest.h>

#include <string>

namespace sluice {
namespace {

TEST(SubstringFinderTest, AgreesWithStringFindEverywhere) {
  for (size_t needle_length = 0; needle_length <= 20; ++needle_length) {
    std::string needle;
    for (size_t i = 0; i < needle_length; ++i)
      needle += static_cast<char>('a' + (i * 7) % 5);
    SubstringFinder finder(needle);
    for (size_t text_length = 0; text_length <= 60; ++text_length) {
      for (size_t at = 0; at + needle_length <= text_length; at += 3) {
        // A text of near misses (the needle with a middle byte changed) and one match at `at`.
        std::string near_miss = needle;
        if (near_miss.size() > 2)
          near_miss[near_miss.size() / 2] = 'z';
        std::string text;
        while (text.size() < text_length)
          text += near_miss.empty() ? std::string("x") : near_miss + "\xc3\xa9";
        text.resize(text_length);
        text.replace(at, needle_length, needle);
        for (size_t from = 0; from <= text_length + 1; ++from) {
          std::string_view view(text);
          size_t expected = from > view.size() ? std::string_view::npos : view.find(needle, from);
          ASSERT_EQ(finder.find(view, from), expected)
              << "needle '" << needle << "' text '" << text << "' from " << from;
        }
      }
    }
  }
}

TEST(SubstringFinderTest, BytesWithTheHighBitAndZeroBytes) {
  std::string needle("\xe2\x82\xac\0x", 5);
  SubstringFinder finder(needle);
  std::string text = std::string(30, '\0') + needle + "tail";
  EXPECT_EQ(finder.find(text), 30u);
  EXPECT_EQ(finder.find(std::string_view(text).substr(0, 33)), SubstringFinder::npos);
  EXPECT_EQ(SubstringFinder("ab").find("zzab"), 2u);
  EXPECT_EQ(SubstringFinder("ab").find("a"), SubstringFinder::npos);
}

}  // namespace
}  // namespace sluice

// test/unit/common/collation_test.cpp
//
// The collations a STRING type can carry: their names, how they order and equate values, and
// the collation keys grouping hashes.
#include <gtest/gtest.h>

#include <string>

#include "common/error/error.hpp"
#include "common/text/collation.hpp"
#include "common/types/data_type.hpp"

namespace sluice {
namespace {

ErrorClass errorClassOf(std::string_view name) {
  try {
    Collation::idForName(name);
  } catch (const Error& error) {
    return error.errorClass();
  }
  ADD_FAILURE() << name << " was accepted";
  return ErrorClass::INTERNAL_ERROR;
}

TEST(CollationTest, NamesResolveInAnyCaseAndQualified) {
  EXPECT_EQ(Collation::idForName("utf8_binary"), kUtf8Binary);
  EXPECT_EQ(Collation::idForName("UTF8_LCASE"), kUtf8Lcase);
  EXPECT_EQ(Collation::idForName("Utf8_Lcase_Rtrim"), kUtf8LcaseRtrim);
  EXPECT_EQ(Collation::idForName("system.builtin.UTF8_BINARY_RTRIM"), kUtf8BinaryRtrim);
  EXPECT_EQ(Collation::byId(kUtf8Lcase).qualifiedName(), "SYSTEM.BUILTIN.UTF8_LCASE");
}

TEST(CollationTest, UnknownNamesAreInvalid) {
  EXPECT_EQ(errorClassOf("UTF8_BS"), ErrorClass::COLLATION_INVALID_NAME);
  EXPECT_EQ(errorClassOf("UTF8_LCASE_CI"), ErrorClass::COLLATION_INVALID_NAME);
  EXPECT_EQ(errorClassOf("system.builtin2.UTF8_BINARY"), ErrorClass::COLLATION_INVALID_NAME);
  EXPECT_EQ(errorClassOf("builtin.UTF8_LCASE"), ErrorClass::COLLATION_INVALID_NAME);
  EXPECT_EQ(errorClassOf(""), ErrorClass::COLLATION_INVALID_NAME);
  EXPECT_EQ(errorClassOf("UNICODEX"), ErrorClass::COLLATION_INVALID_NAME);
  EXPECT_EQ(errorClassOf("UNICODE_"), ErrorClass::COLLATION_INVALID_NAME);
  EXPECT_EQ(errorClassOf("UNICODE_CI_CS"), ErrorClass::COLLATION_INVALID_NAME);
  EXPECT_EQ(errorClassOf("UNICODE_LTRIM"), ErrorClass::COLLATION_INVALID_NAME);
  EXPECT_EQ(errorClassOf("xx_CI"), ErrorClass::COLLATION_INVALID_NAME);
}

TEST(CollationTest, IcuNamesAreNormalizedAndInterned) {
  CollationId unicode_ci = Collation::idForName("unicode_ci");
  EXPECT_EQ(Collation::byId(unicode_ci).name(), "UNICODE_CI");
  EXPECT_EQ(Collation::idForName("SYSTEM.BUILTIN.unicode_CI"), unicode_ci);
  EXPECT_EQ(Collation::idForName("UNICODE_ci_as"), unicode_ci);
  EXPECT_EQ(Collation::byId(Collation::idForName("EN_ai_ci_rtrim")).name(), "en_CI_AI_RTRIM");
  EXPECT_EQ(Collation::byId(Collation::idForName("de_cs_as")).name(), "de");
  EXPECT_NE(Collation::byId(unicode_ci).icuCollator(), nullptr);
  EXPECT_FALSE(Collation::byId(unicode_ci).lowercase());
  EXPECT_TRUE(Collation::byId(Collation::idForName("UNICODE_RTRIM")).rtrim());
}

TEST(CollationTest, IcuCollationsCompareAndKeyAlike) {
  const Collation& unicode = Collation::byId(Collation::idForName("UNICODE"));
  EXPECT_LT(unicode.compare("a", "A"), 0);
  EXPECT_LT(unicode.compare("A", "b"), 0);
  EXPECT_FALSE(unicode.equals("a", "A"));
  const Collation& unicode_ci = Collation::byId(Collation::idForName("UNICODE_CI"));
  EXPECT_TRUE(unicode_ci.equals("a", "A"));
  EXPECT_FALSE(unicode_ci.equals("a", "Ã¤"));  // ä differs by its accent
  const Collation& unicode_ci_ai = Collation::byId(Collation::idForName("UNICODE_CI_AI"));
  EXPECT_TRUE(unicode_ci_ai.equals("a", "Ã"));  // Ä
  // Equal values have equal keys, and keys order as the values do.
  std::string left;
  std::string right;
  EXPECT_EQ(unicode_ci.key("Hello", left), unicode_ci.key("hELLO", right));
  EXPECT_LT(unicode.key("a", left).compare(unicode.key("A", right)), 0);
  const Collation& rtrim = Collation::byId(Collation::idForName("UNICODE_RTRIM"));
  EXPECT_TRUE(rtrim.equals("a  ", "a"));
  EXPECT_EQ(rtrim.key("a  ", left), rtrim.key("a", right));
  // Ill-formed UTF-8 compares as U+FFFD instead of failing.
  EXPECT_EQ(unicode.compare("\xFF", "\xEF\xBF\xBD"), 0);
}

TEST(CollationTest, BinaryComparesBytes) {
  const Collation& binary = Collation::byId(kUtf8Binary);
  EXPECT_EQ(binary.icuCollator(), nullptr);
  EXPECT_FALSE(binary.lowercase() || binary.rtrim());
  EXPECT_LT(binary.compare("B", "a"), 0);
  EXPECT_FALSE(binary.equals("a", "A"));
  EXPECT_FALSE(binary.equals("a ", "a"));
  // Bytes compare unsigned: a multi-byte character sorts after ASCII.
  EXPECT_GT(binary.compare("\xC3\xA9", "z"), 0);
}

TEST(CollationTest, LcaseComparesLowercaseForms) {
  const Collation& lcase = Collation::byId(kUtf8Lcase);
  EXPECT_TRUE(lcase.lowercase());
  EXPECT_FALSE(lcase.rtrim());
  EXPECT_TRUE(lcase.equals("aBc", "AbC"));
  EXPECT_LT(lcase.compare("a", "B"), 0);
  EXPECT_GT(lcase.compare("b", "A"), 0);
  EXPECT_LT(lcase.compare("ab", "ABC"), 0);
  EXPECT_FALSE(lcase.equals("a ", "a"));
  // Non-ASCII: the simple case mapping of each code point.
  EXPECT_TRUE(lcase.equals("ÉCOLE", "école"));
  EXPECT_TRUE(lcase.equals("ΣΑΣ", "σασ"));
  EXPECT_FALSE(lcase.equals("Straße", "STRASSE"));
  // ASCII prefixes compare in place; the first other character hands over to the lowercase
  // forms of the rest.
  EXPECT_EQ(lcase.compare("aBÉ", "AbÉ"), 0);
  EXPECT_GT(lcase.compare("abÉ", "ABd"), 0);
  EXPECT_LT(lcase.compare("AB", "abé"), 0);
  EXPECT_GT(lcase.compare("xé", "Xa"), 0);
  // 'İ' lowercases to "i" and U+0307, not to "i".
  EXPECT_TRUE(lcase.equals("İ", "i\xCC\x87"));
  EXPECT_FALSE(lcase.equals("İ", "i"));
}

TEST(CollationTest, RtrimIgnoresTrailingSpacesOnly) {
  const Collation& rtrim = Collation::byId(kUtf8BinaryRtrim);
  EXPECT_TRUE(rtrim.equals("a  ", "a"));
  EXPECT_FALSE(rtrim.equals(" a", "a"));
  EXPECT_FALSE(rtrim.equals("a\t", "a"));
  EXPECT_FALSE(rtrim.equals("A ", "a"));
  const Collation& lcase_rtrim = Collation::byId(kUtf8LcaseRtrim);
  EXPECT_TRUE(lcase_rtrim.equals("A  ", "a"));
  EXPECT_EQ(lcase_rtrim.compare("AAA  ", "aaa"), 0);
}

TEST(CollationTest, KeysCompareAsTheValues) {
  std::string scratch;
  const Collation& lcase_rtrim = Collation::byId(kUtf8LcaseRtrim);
  EXPECT_EQ(lcase_rtrim.key("AbC  ", scratch), "abc");
  const Collation& binary = Collation::byId(kUtf8Binary);
  EXPECT_EQ(binary.key("AbC  ", scratch), "AbC  ");
  // Invalid UTF-8 bytes are kept as they are.
  std::string invalid = "A\xFF";
  EXPECT_EQ(Collation::byId(kUtf8Lcase).key(invalid, scratch), "a\xFF");
}

TEST(CollationTest, StringTypesCarryTheirCollation) {
  DataType lcase = DataType::string(kUtf8Lcase);
  EXPECT_EQ(lcase.sql(), "STRING COLLATE UTF8_LCASE");
  EXPECT_EQ(lcase.simpleString(), "string collate UTF8_LCASE");
  EXPECT_EQ(DataType::string(kUtf8Binary), DataType::string());
  EXPECT_NE(lcase, DataType::string());
  EXPECT_TRUE(lcase.isCollatedString());
  EXPECT_EQ(DataType::binary().collation(), kUtf8Binary);
  EXPECT_EQ(DataType::array(lcase).sql(), "ARRAY<STRING COLLATE UTF8_LCASE>");
}

}  // namespace
}  // namespace sluice

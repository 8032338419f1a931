// src/sql/keyword.cpp
//
// Keyword lookup and the reserved-word rules of the parser.
#include "sql/keyword.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace sluice::sql {

namespace {

struct KeywordEntry {
  std::string_view spelling;
  Keyword keyword;
};

constexpr KeywordEntry kKeywords[] = {
#define SLUICE_SQL_KEYWORD(name, spelling) {spelling, Keyword::name},
#include "sql/keywords.def"
#undef SLUICE_SQL_KEYWORD
};

constexpr size_t kMaxKeywordLength = 24;

}  // namespace

Keyword lookupKeyword(std::string_view word) {
  if (word.empty() || word.size() > kMaxKeywordLength)
    return Keyword::kNone;
  std::array<char, kMaxKeywordLength> upper{};
  for (size_t i = 0; i < word.size(); ++i) {
    upper[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(word[i])));
  }
  std::string_view key(upper.data(), word.size());
  // keywords.def is sorted, so a binary search finds the entry.
  auto it = std::lower_bound(
      std::begin(kKeywords), std::end(kKeywords), key,
      [](const KeywordEntry& entry, std::string_view value) { return entry.spelling < value; });
  if (it != std::end(kKeywords) && it->spelling == key)
    return it->keyword;
  return Keyword::kNone;
}

std::string_view keywordSpelling(Keyword keyword) {
  if (keyword == Keyword::kNone)
    return "";
  return kKeywords[static_cast<size_t>(keyword) - 1].spelling;
}

bool isReservedKeyword(Keyword keyword) {
  switch (keyword) {
    case Keyword::kAll:
    case Keyword::kAnd:
    case Keyword::kAs:
    case Keyword::kCase:
    case Keyword::kCross:
    case Keyword::kDistinct:
    case Keyword::kElse:
    case Keyword::kEnd:
    case Keyword::kExcept:
    case Keyword::kFalse:
    case Keyword::kFor:
    case Keyword::kFrom:
    case Keyword::kFull:
    case Keyword::kGroup:
    case Keyword::kHaving:
    case Keyword::kIn:
    case Keyword::kInner:
    case Keyword::kIntersect:
    case Keyword::kInto:
    case Keyword::kIs:
    case Keyword::kJoin:
    case Keyword::kLateral:
    case Keyword::kLeft:
    case Keyword::kNatural:
    case Keyword::kNot:
    case Keyword::kNull:
    case Keyword::kOn:
    case Keyword::kOr:
    case Keyword::kOrder:
    case Keyword::kOuter:
    case Keyword::kRight:
    case Keyword::kSelect:
    case Keyword::kTable:
    case Keyword::kThen:
    case Keyword::kTrue:
    case Keyword::kUnion:
    case Keyword::kUsing:
    case Keyword::kWhen:
    case Keyword::kWhere:
    case Keyword::kWith:
      return true;
    default:
      return false;
  }
}

bool canBeImplicitAlias(Keyword keyword) {
  if (isReservedKeyword(keyword))
    return false;
  switch (keyword) {
    case Keyword::kAnti:
    case Keyword::kCluster:
    case Keyword::kDistribute:
    case Keyword::kLimit:
    case Keyword::kMinus:
    case Keyword::kOffset:
    case Keyword::kPivot:
    case Keyword::kQualify:
    case Keyword::kSemi:
    case Keyword::kSort:
    case Keyword::kTablesample:
    case Keyword::kUnpivot:
    case Keyword::kWatermark:
    case Keyword::kWindow:
      return false;
    default:
      return true;
  }
}

}  // namespace sluice::sql

// src/function/scalar/string_distance.cpp
//
// levenshtein(a, b[, threshold]) and soundex(s).
// - levenshtein counts single-character insertions, deletions and substitutions between the
//   characters of a and b; with a threshold it returns -1 when the distance exceeds it.
// - soundex is the American Soundex code of the ASCII letters (H and W are transparent, other
//   non-letters separate codes); a string that does not start with a letter is returned as is.

#include <algorithm>
#include <vector>

#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/string_kernel.hpp"
#include "function/scalar/utf8_text.hpp"

namespace sluice {

namespace {

std::vector<char32_t> codePoints(std::string_view text) {
  std::vector<char32_t> out;
  for (size_t offset = 0; offset < text.size();) {
    size_t length;
    out.push_back(utf8::decode(text, offset, length));
    offset += length;
  }
  return out;
}

int32_t levenshtein(std::string_view left, std::string_view right) {
  std::vector<char32_t> a = codePoints(left);
  std::vector<char32_t> b = codePoints(right);
  std::vector<int32_t> previous(b.size() + 1);
  std::vector<int32_t> current(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j)
    previous[j] = static_cast<int32_t>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    current[0] = static_cast<int32_t>(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      int32_t substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitution});
    }
    std::swap(previous, current);
  }
  return previous[b.size()];
}

BoundScalarFunction bindLevenshtein(const BindRequest& request) {
  std::vector<DataType> types{expectArgument(request, 0, DataType::string()),
                              expectArgument(request, 1, DataType::string())};
  if (request.argument_types.size() == 2) {
    ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                             Vector& result) {
      naryLoop<int32_t, StringView, StringView>(
          args, rows, result, [](idx_t, StringView a, StringView b) { return levenshtein(a, b); });
    };
    return {"levenshtein", types, DataType::intType(), std::move(kernel)};
  }
  types.push_back(expectArgument(request, 2, DataType::intType()));
  ScalarKernel kernel = [](const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                           Vector& result) {
    naryLoop<int32_t, StringView, StringView, int32_t>(
        args, rows, result, [](idx_t, StringView a, StringView b, int32_t threshold) {
          int32_t distance = levenshtein(a, b);
          return distance > threshold ? -1 : distance;
        });
  };
  return {"levenshtein", types, DataType::intType(), std::move(kernel)};
}

// Soundex digits of A..Z; '7' marks H and W, which neither code nor separate.
constexpr char kSoundexCodes[] = "01230127022455012623017202";

bool soundex(std::string& out, std::string_view text) {
  if (text.empty())
    return true;
  auto upper = [](char c) { return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c; };
  char first = upper(text[0]);
  if (first < 'A' || first > 'Z') {
    out += text;
    return true;
  }
  char code[4] = {first, '0', '0', '0'};
  int written = 1;
  char last = kSoundexCodes[first - 'A'];
  for (size_t i = 1; i < text.size() && written < 4; ++i) {
    char c = upper(text[i]);
    if (c < 'A' || c > 'Z') {
      last = '0';
      continue;
    }
    char digit = kSoundexCodes[c - 'A'];
    if (digit == '7')
      continue;
    if (digit != '0' && digit != last)
      code[written++] = digit;
    last = digit;
  }
  out.append(code, 4);
  return true;
}

BoundScalarFunction bindSoundex(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::string());
  return {"soundex",
          {input},
          DataType::string(),
          stringResultKernel<StringView>(
              [](std::string& out, StringView text) { return soundex(out, text); })};
}

}  // namespace

void registerStringDistanceFunctions(FunctionRegistry& registry) {
  registry.addScalar({"levenshtein", 2, 3, bindLevenshtein});
  registry.addScalar({"soundex", 1, 1, bindSoundex});
}

}  // namespace sluice

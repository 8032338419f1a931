// src/function/scalar/regex_functions.cpp
//
// rlike / regexp / regexp_like, regexp_extract, regexp_extract_all, regexp_replace and split,
// with RE2 in place of java.util.regex. RE2 runs in linear time and covers the common syntax
// (classes, quantifiers, groups, (?i) flags, \d \w \s \b, \p{L}); what it lacks raises
// INVALID_PARAMETER_VALUE.PATTERN, as an invalid pattern does in Spark: look-around
// ((?=, (?!, (?<=), back-references (\1), possessive quantifiers (a*+) and atomic groups.
// Matching follows Java's Matcher.find: the search resumes where the last match ended, and
// after an empty match one character later. Replacement strings use Java's syntax: $n refers
// to group n and a backslash quotes the next character. Under UTF8_LCASE a pattern matches
// case-insensitively (Unicode simple case folding), as Spark compiles it with CASE_INSENSITIVE
// and UNICODE_CASE.

#include <re2/re2.h>

#include <memory>

#include "common/error/error.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/string_kernel.hpp"
#include "function/scalar/utf8_text.hpp"

namespace sluice {

namespace {

[[noreturn]] void raiseInvalidPattern(std::string_view function, std::string_view pattern,
                                      const std::string& why) {
  throw Error(ErrorClass::INVALID_PARAMETER_VALUE, "PATTERN",
              fmt::format("The value of parameter(s) `regexp` in `{}` is invalid: '{}': {}.",
                          function, pattern, why));
}

//! Compiles each distinct pattern once per kernel call (patterns are usually constant), for
//! texts of the collation `collation`.
class PatternCache {
 public:
  PatternCache(std::string_view function, CollationId collation)
      : function_(function), case_sensitive_(collation != kUtf8Lcase) {}

  const RE2& get(std::string_view pattern) {
    if (!compiled_ || pattern != text_) {
      RE2::Options options;
      options.set_log_errors(false);
      options.set_case_sensitive(case_sensitive_);
      auto regex = std::make_unique<RE2>(re2::StringPiece(pattern.data(), pattern.size()), options);
      if (!regex->ok())
        raiseInvalidPattern(function_, pattern, regex->error());
      compiled_ = std::move(regex);
      text_ = pattern;
    }
    return *compiled_;
  }

 private:
  std::string_view function_;
  bool case_sensitive_;
  std::string text_;
  std::unique_ptr<RE2> compiled_;
};

//! Calls visit(begin, end, groups) for each match of `regex` in `text`, as Matcher.find
//! iterates; stops when visit returns false.
template <typename Visit>
void forEachMatch(const RE2& regex, std::string_view text, Visit&& visit) {
  int groups = regex.NumberOfCapturingGroups() + 1;
  std::vector<re2::StringPiece> captures(groups);
  re2::StringPiece input(text.data(), text.size());
  size_t position = 0;
  while (position <= text.size()) {
    if (!regex.Match(input, position, text.size(), RE2::UNANCHORED, captures.data(), groups))
      return;
    size_t begin = captures[0].data() - text.data();
    size_t end = begin + captures[0].size();
    if (!visit(begin, end, captures))
      return;
    if (end == begin) {
      if (end >= text.size())
        return;
      position = end + utf8::charLength(text[end]);
    } else {
      position = end;
    }
  }
}

std::string_view capture(const re2::StringPiece& piece) {
  return piece.data() == nullptr ? std::string_view()
                                 : std::string_view(piece.data(), piece.size());
}

BoundScalarFunction bindRlike(std::string name, const BindRequest& request) {
  DataType text = expectArgument(request, 0, DataType::string());
  DataType pattern = expectArgument(request, 1, DataType::string());
  CollationId collation = text.collation();
  ScalarKernel kernel = [name, collation](const ExecContext&, const ArgumentVectors& args,
                                          const RowSet& rows, Vector& result) {
    PatternCache cache(name, collation);
    naryLoop<uint8_t, StringView, StringView>(
        args, rows, result, [&](idx_t, StringView s, StringView p) -> uint8_t {
          return RE2::PartialMatch(re2::StringPiece(s.data(), s.size()), cache.get(p));
        });
  };
  return {std::move(name), {text, pattern}, DataType::boolean(), std::move(kernel)};
}

void checkGroupIndex(std::string_view function, const RE2& regex, int32_t index) {
  int groups = regex.NumberOfCapturingGroups();
  if (index < 0 || index > groups) {
    throw Error(
        ErrorClass::INVALID_PARAMETER_VALUE, "REGEX_GROUP_INDEX",
        fmt::format("The value of parameter(s) `idx` in `{}` is invalid: Expects group index "
                    "between 0 and {}, but got {}.",
                    function, groups, index));
  }
}

// regexp_extract, regexp_extract_all, regexp_instr: (str, regexp[, idx]), NULL if any argument
// is NULL; regexp_count and regexp_substr take no idx. `emit(row, text, regex, index)` sets the
// result of a row whose arguments are all present.
template <typename Emit>
BoundScalarFunction bindExtract(const BindRequest& request, const char* function,
                                DataType result_type, Emit emit, int32_t default_index = 1) {
  std::vector<DataType> types{expectArgument(request, 0, DataType::string()),
                              expectArgument(request, 1, DataType::string())};
  bool has_index = request.argument_types.size() == 3;
  if (has_index)
    types.push_back(expectArgument(request, 2, DataType::intType()));
  CollationId collation = types[0].collation();
  ScalarKernel kernel = [has_index, function, emit, default_index, collation](
                            const ExecContext&, const ArgumentVectors& args, const RowSet& rows,
                            Vector& result) {
    PatternCache cache(function, collation);
    forEachRow(rows, [&](idx_t row) {
      for (const Vector* arg : args) {
        if (arg->isNull(row)) {
          result.setNull(row);
          return;
        }
      }
      std::string_view text = args[0]->at<StringView>(row);
      const RE2& regex = cache.get(args[1]->at<StringView>(row));
      int32_t index = has_index ? args[2]->at<int32_t>(row) : default_index;
      checkGroupIndex(function, regex, index);
      result.setNull(row, false);
      emit(result, row, text, regex, index);
    });
  };
  return {function, types, std::move(result_type), std::move(kernel)};
}

BoundScalarFunction bindRegexpExtract(const BindRequest& request) {
  return bindExtract(
      request, "regexp_extract", DataType::string(),
      [](Vector& result, idx_t row, std::string_view text, const RE2& regex, int32_t index) {
        std::string_view found;
        forEachMatch(regex, text,
                     [&](size_t, size_t, const std::vector<re2::StringPiece>& captures) {
                       found = capture(captures[index]);
                       return false;
                     });
        result.mutableData<StringView>()[row] = result.addString(found);
      });
}

BoundScalarFunction bindRegexpExtractAll(const BindRequest& request) {
  return bindExtract(
      request, "regexp_extract_all", DataType::array(DataType::string()),
      [](Vector& result, idx_t row, std::string_view text, const RE2& regex, int32_t index) {
        std::vector<Value> matches;
        forEachMatch(regex, text,
                     [&](size_t, size_t, const std::vector<re2::StringPiece>& captures) {
                       matches.push_back(Value::string(std::string(capture(captures[index]))));
                       return true;
                     });
        result.mutableData<ListEntry>()[row] = result.appendChildren(matches);
      });
}

//! Appends Java's Matcher.appendReplacement expansion of `replacement`.
void appendReplacement(std::string& out, std::string_view replacement,
                       const std::vector<re2::StringPiece>& captures) {
  int groups = static_cast<int>(captures.size()) - 1;
  for (size_t i = 0; i < replacement.size(); ++i) {
    char c = replacement[i];
    if (c == '\\') {
      if (++i >= replacement.size()) {
        throw Error(
            ErrorClass::INVALID_PARAMETER_VALUE, "PATTERN",
            "The value of parameter(s) `rep` in `regexp_replace` is invalid: character to be "
            "escaped is missing.");
      }
      out += replacement[i];
    } else if (c == '$') {
      if (i + 1 >= replacement.size() ||
          !std::isdigit(static_cast<unsigned char>(replacement[i + 1]))) {
        throw Error(ErrorClass::INVALID_PARAMETER_VALUE, "PATTERN",
                    "The value of parameter(s) `rep` in `regexp_replace` is invalid: Illegal group "
                    "reference.");
      }
      int group = replacement[++i] - '0';
      if (group > groups) {
        throw Error(
            ErrorClass::INVALID_PARAMETER_VALUE, "PATTERN",
            fmt::format(
                "The value of parameter(s) `rep` in `regexp_replace` is invalid: No group {}.",
                group));
      }
      // Java takes further digits while the number still names a group.
      while (i + 1 < replacement.size() &&
             std::isdigit(static_cast<unsigned char>(replacement[i + 1])) &&
             group * 10 + (replacement[i + 1] - '0') <= groups) {
        group = group * 10 + (replacement[++i] - '0');
      }
      out += capture(captures[group]);
    } else {
      out += c;
    }
  }
}

BoundScalarFunction bindRegexpReplace(const BindRequest& request) {
  std::vector<DataType> types{expectArgument(request, 0, DataType::string()),
                              expectArgument(request, 1, DataType::string()),
                              expectArgument(request, 2, DataType::string())};
  bool has_position = request.argument_types.size() == 4;
  if (has_position) {
    types.push_back(expectArgument(request, 3, DataType::intType()));
    const Value* position = constantArgument(request, 3);
    if (position != nullptr && !position->isNull() && position->type().isIntegral() &&
        position->getInt64() < 1) {
      throw Error(ErrorClass::DATATYPE_MISMATCH, "VALUE_OUT_OF_RANGE",
                  fmt::format("Cannot resolve \"regexp_replace\" due to data type mismatch: The "
                              "`position` must be between 1 and 2147483647 (current value = {}).",
                              position->getInt64()));
    }
  }
  CollationId collation = types[0].collation();
  ScalarKernel kernel = [has_position, collation](const ExecContext&, const ArgumentVectors& args,
                                                  const RowSet& rows, Vector& result) {
    PatternCache cache("regexp_replace", collation);
    StringView* out = result.mutableData<StringView>();
    std::string buffer;
    forEachRow(rows, [&](idx_t row) {
      for (const Vector* arg : args) {
        if (arg->isNull(row)) {
          result.setNull(row);
          return;
        }
      }
      std::string_view text = args[0]->at<StringView>(row);
      const RE2& regex = cache.get(args[1]->at<StringView>(row));
      std::string_view replacement = args[2]->at<StringView>(row);
      int64_t position = has_position ? args[3]->at<int32_t>(row) : 1;
      buffer.clear();
      if (position <= utf8::numChars(text)) {
        size_t start = utf8::byteOffset(text, position - 1);
        buffer += text.substr(0, start);
        std::string_view region = text.substr(start);
        size_t copied = 0;
        forEachMatch(regex, region,
                     [&](size_t begin, size_t end, const std::vector<re2::StringPiece>& captures) {
                       buffer += region.substr(copied, begin - copied);
                       appendReplacement(buffer, replacement, captures);
                       copied = end;
                       return true;
                     });
        buffer += region.substr(copied);
      } else {
        buffer += text;
      }
      result.setNull(row, false);
      out[row] = result.addString(buffer);
    });
  };
  return {"regexp_replace", types, DataType::string(), std::move(kernel)};
}

//! Java's String.split(regex, limit) for limit != 0, with Spark's special case of an empty
//! pattern (one element per character).
std::vector<Value> splitText(PatternCache& cache, std::string_view text, std::string_view pattern,
                             int32_t limit) {
  std::vector<Value> parts;
  if (!text.empty() && pattern.empty()) {
    int64_t chars = utf8::numChars(text);
    int64_t count = (limit > chars || limit <= 0) ? chars : limit;
    size_t offset = 0;
    for (int64_t i = 0; i + 1 < count; ++i) {
      size_t length = utf8::charLength(text[offset]);
      parts.push_back(Value::string(std::string(text.substr(offset, length))));
      offset += length;
    }
    parts.push_back(Value::string(std::string(text.substr(offset))));
    return parts;
  }
  const RE2& regex = cache.get(pattern);
  size_t start = 0;
  forEachMatch(regex, text, [&](size_t begin, size_t end, const std::vector<re2::StringPiece>&) {
    if (limit > 0 && static_cast<int32_t>(parts.size()) == limit - 1)
      return false;
    if (begin == 0 && end == 0)
      return true;  // no empty leading part for a zero-width match
    parts.push_back(Value::string(std::string(text.substr(start, begin - start))));
    start = end;
    return true;
  });
  parts.push_back(Value::string(std::string(text.substr(start))));
  return parts;
}

BoundScalarFunction bindSplit(const BindRequest& request) {
  std::vector<DataType> types{expectArgument(request, 0, DataType::string()),
                              expectArgument(request, 1, DataType::string())};
  bool has_limit = request.argument_types.size() == 3;
  if (has_limit)
    types.push_back(expectArgument(request, 2, DataType::intType()));
  CollationId collation = types[0].collation();
  ScalarKernel kernel = [has_limit, collation](const ExecContext&, const ArgumentVectors& args,
                                               const RowSet& rows, Vector& result) {
    PatternCache cache("split", collation);
    ListEntry* out = result.mutableData<ListEntry>();
    forEachRow(rows, [&](idx_t row) {
      for (const Vector* arg : args) {
        if (arg->isNull(row)) {
          result.setNull(row);
          return;
        }
      }
      int32_t limit = has_limit ? args[2]->at<int32_t>(row) : -1;
      std::vector<Value> parts =
          splitText(cache, args[0]->at<StringView>(row), args[1]->at<StringView>(row), limit);
      result.setNull(row, false);
      out[row] = result.appendChildren(parts);
    });
  };
  return {"split", types, DataType::array(DataType::string()), std::move(kernel)};
}

// regexp_count(str, regexp): how many times Matcher.find matches, empty matches included.
BoundScalarFunction bindRegexpCount(const BindRequest& request) {
  return bindExtract(
      request, "regexp_count", DataType::intType(),
      [](Vector& result, idx_t row, std::string_view text, const RE2& regex, int32_t) {
        int32_t count = 0;
        forEachMatch(regex, text, [&](size_t, size_t, const std::vector<re2::StringPiece>&) {
          ++count;
          return true;
        });
        result.mutableData<int32_t>()[row] = count;
      },
      0);
}

// regexp_substr(str, regexp): the first match, NULL when there is none or it is empty (Spark's
// nullif(regexp_extract(str, regexp, 0), '')).
BoundScalarFunction bindRegexpSubstr(const BindRequest& request) {
  return bindExtract(
      request, "regexp_substr", DataType::string(),
      [](Vector& result, idx_t row, std::string_view text, const RE2& regex, int32_t) {
        std::string_view found;
        forEachMatch(regex, text,
                     [&](size_t begin, size_t end, const std::vector<re2::StringPiece>&) {
                       found = text.substr(begin, end - begin);
                       return false;
                     });
        if (found.empty()) {
          result.setNull(row);
          return;
        }
        result.mutableData<StringView>()[row] = result.addString(found);
      },
      0);
}

// regexp_instr(str, regexp[, idx]): the 1-based character position where group idx (0, the
// whole match, by default) of the first match starts; 0 when nothing matches.
BoundScalarFunction bindRegexpInstr(const BindRequest& request) {
  return bindExtract(
      request, "regexp_instr", DataType::intType(),
      [](Vector& result, idx_t row, std::string_view text, const RE2& regex, int32_t index) {
        int32_t position = 0;
        forEachMatch(
            regex, text, [&](size_t, size_t, const std::vector<re2::StringPiece>& captures) {
              const re2::StringPiece& group = captures[index];
              if (group.data() != nullptr) {
                size_t offset = group.data() - text.data();
                position = static_cast<int32_t>(utf8::numChars(text.substr(0, offset))) + 1;
              }
              return false;
            });
        result.mutableData<int32_t>()[row] = position;
      },
      0);
}

}  // namespace

void registerRegexFunctions(FunctionRegistry& registry) {
  for (const char* name : {"rlike", "regexp", "regexp_like"}) {
    std::string spelled = name;
    registry.addScalar(
        {spelled, 2, 2, [spelled](const BindRequest& r) { return bindRlike(spelled, r); }});
  }
  registry.addScalar({"regexp_extract", 2, 3, bindRegexpExtract});
  registry.addScalar({"regexp_extract_all", 2, 3, bindRegexpExtractAll});
  registry.addScalar({"regexp_replace", 3, 4, bindRegexpReplace});
  registry.addScalar({"split", 2, 3, bindSplit});
  registry.addScalar({"regexp_count", 2, 2, bindRegexpCount});
  registry.addScalar({"regexp_substr", 2, 2, bindRegexpSubstr});
  registry.addScalar({"regexp_instr", 2, 3, bindRegexpInstr});
}

}  // namespace sluice

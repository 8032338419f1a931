// src/function/scalar/mask.cpp
//
// mask(str[, upper, lower, digit, other]) replaces upper-case letters by `upper` ('X' by
// default), lower-case letters by `lower` ('x'), digits by `digit` ('n') and other characters by
// `other` (kept by default); a NULL replacement keeps those characters. Each replacement must be
// a constant string of one character (INVALID_PARAMETER_VALUE otherwise). Letters and digits are
// those of Unicode's categories Lu, Ll and Nd (Java's Character.isUpperCase / isLowerCase /
// isDigit but for the few letters Java adds from other categories). quote(str) encloses `str` in
// single quotes, a backslash before each single quote inside.
#include <utf8proc.h>

#include <optional>

#include "common/error/error.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/string_kernel.hpp"
#include "function/scalar/utf8_text.hpp"

namespace sluice {

namespace {

constexpr const char* kMaskParameters[] = {"upperChar", "lowerChar", "digitChar", "otherChar"};

//! The replacement argument `index` (1-4): its one character, nullopt to keep the originals.
std::optional<std::string> maskReplacement(const BindRequest& request, size_t index,
                                           std::optional<std::string> fallback) {
  if (index >= request.argument_types.size())
    return fallback;
  const Value* constant = constantArgument(request, index);
  const DataType& type = request.argument_types[index];
  if (constant == nullptr || !(type.id() == TypeId::kString || type.isVoid())) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "NON_FOLDABLE_INPUT",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: the input `{}` "
                            "should be a foldable \"STRING\" expression.",
                            request.name, kMaskParameters[index - 1]));
  }
  if (constant->isNull())
    return std::nullopt;
  const std::string& text = constant->getString();
  if (utf8::numChars(text) != 1) {
    throw Error(ErrorClass::INVALID_PARAMETER_VALUE, "INPUT_SIZE_NOT_ONE",
                fmt::format("The value of parameter(s) `{}` in `mask` is invalid: Length of {} "
                            "should be 1.",
                            kMaskParameters[index - 1], kMaskParameters[index - 1]));
  }
  return text;
}

BoundScalarFunction bindMask(const BindRequest& request) {
  std::vector<DataType> types{expectArgument(request, 0, DataType::string())};
  for (size_t i = 1; i < request.argument_types.size(); ++i)
    types.push_back(DataType::string());
  std::optional<std::string> upper = maskReplacement(request, 1, "X");
  std::optional<std::string> lower = maskReplacement(request, 2, "x");
  std::optional<std::string> digit = maskReplacement(request, 3, "n");
  std::optional<std::string> other = maskReplacement(request, 4, std::nullopt);
  auto masked = [=](std::string& out, std::string_view text) {
    size_t offset = 0;
    while (offset < text.size()) {
      size_t length = 1;
      char32_t code = utf8::decode(text, offset, length);
      length = std::max<size_t>(1, std::min(length, text.size() - offset));
      utf8proc_category_t category = utf8proc_category(static_cast<utf8proc_int32_t>(code));
      const std::optional<std::string>& replacement = category == UTF8PROC_CATEGORY_LU   ? upper
                                                      : category == UTF8PROC_CATEGORY_LL ? lower
                                                      : category == UTF8PROC_CATEGORY_ND ? digit
                                                                                         : other;
      out += replacement ? std::string_view(*replacement) : text.substr(offset, length);
      offset += length;
    }
  };
  // The replacements stay arguments (constants the kernel ignores).
  ScalarKernel kernel = [masked](const ExecContext&, const ArgumentVectors& args,
                                 const RowSet& rows, Vector& result) {
    std::string buffer;
    StringView* out = result.mutableData<StringView>();
    forEachRow(rows, [&](idx_t row) {
      if (args[0]->isNull(row)) {
        result.setNull(row);
        return;
      }
      buffer.clear();
      masked(buffer, args[0]->at<StringView>(row));
      result.setNull(row, false);
      out[row] = result.addString(buffer);
    });
  };
  return {"mask", std::move(types), DataType::string(), std::move(kernel)};
}

BoundScalarFunction bindQuote(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::string());
  return {"quote",
          {input},
          DataType::string(),
          stringResultKernel<StringView>([](std::string& out, StringView text) {
            out += '\'';
            for (char c : text.view()) {
              if (c == '\'')
                out += '\\';
              out += c;
            }
            out += '\'';
            return true;
          })};
}

}  // namespace

void registerMaskFunctions(FunctionRegistry& registry) {
  registry.addScalar({"mask", 1, 5, bindMask});
  registry.addScalar({"quote", 1, 1, bindQuote});
}

}  // namespace sluice

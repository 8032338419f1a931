// src/storage/json/json_value_copy.cpp
//
// The checking walk over a JSON value, with an optional compact copy.
#include "storage/json/json_value_copy.hpp"

#include "common/text/json_text.hpp"
#include "storage/json/json_token.hpp"

namespace sluice::json {

namespace ondemand = simdjson::ondemand;

bool copyJsonValue(ondemand::value& value, std::string* out, int depth) {
  if (depth >= kMaxNestingDepth)
    return false;
  std::string_view token = trimToken(value.raw_json_token());
  switch (classifyToken(token)) {
    case TokenKind::kObject: {
      ondemand::object object;
      if (value.get_object().get(object))
        return false;
      if (out)
        out->push_back('{');
      bool first = true;
      for (auto field_result : object) {
        ondemand::field field;
        if (std::move(field_result).get(field))
          return false;
        std::string_view key;
        if (field.unescaped_key().get(key))
          return false;
        if (out) {
          if (!first)
            out->push_back(',');
          appendJsonString(*out, key);
          out->push_back(':');
        }
        first = false;
        if (!copyJsonValue(field.value(), out, depth + 1))
          return false;
      }
      if (out)
        out->push_back('}');
      return true;
    }
    case TokenKind::kArray: {
      ondemand::array array;
      if (value.get_array().get(array))
        return false;
      if (out)
        out->push_back('[');
      bool first = true;
      for (auto element_result : array) {
        ondemand::value element;
        if (std::move(element_result).get(element))
          return false;
        if (out && !first)
          out->push_back(',');
        first = false;
        if (!copyJsonValue(element, out, depth + 1))
          return false;
      }
      if (out)
        out->push_back(']');
      return true;
    }
    case TokenKind::kString: {
      if (auto plain = plainStringContent(token)) {
        if (out)
          out->append(token);
        return true;
      }
      std::string_view text;
      if (value.get_string().get(text))
        return false;
      if (out)
        appendJsonString(*out, text);
      return true;
    }
    case TokenKind::kInteger:
    case TokenKind::kFloat:
    case TokenKind::kNonNumeric:
    case TokenKind::kTrue:
    case TokenKind::kFalse:
    case TokenKind::kNull:
      if (out)
        out->append(token);
      return true;
    case TokenKind::kInvalid:
      return false;
  }
  return false;
}

}  // namespace sluice::json

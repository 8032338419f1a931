// src/function/scalar/json/json_tree.cpp

#include "function/scalar/json/json_tree.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "common/text/ascii_case.hpp"
#include "common/text/json_text.hpp"
#include "common/text/percent_decoding.hpp"
#include "common/text/utf8_encode.hpp"
#include "common/types/value_text.hpp"

namespace sluice::json {

namespace {

// Jackson's default StreamReadConstraints nesting limit.
constexpr int kMaxDepth = 1000;

class Reader {
 public:
  Reader(std::string_view input, const ReadOptions& options) : input_(input), options_(options) {}

  bool readValue(Node& node, int depth) {
    if (depth > kMaxDepth)
      return false;
    skipSpace();
    if (atEnd())
      return false;
    size_t start = pos_;
    if (!readValueAt(node, depth))
      return false;
    node.source = input_.substr(start, pos_ - start);
    return true;
  }

  //! After a root-level number Jackson wants a space or the end (no "123abc").
  bool rootNumberEndsCleanly() const {
    if (atEnd())
      return true;
    char c = input_[pos_];
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
  }

 private:
  bool readValueAt(Node& node, int depth) {
    char c = input_[pos_];
    switch (c) {
      case '{':
        return readObject(node, depth);
      case '[':
        return readArray(node, depth);
      case '\'':
        if (!options_.allow_single_quotes)
          return false;
        [[fallthrough]];
      case '"':
        node.kind = NodeKind::kString;
        return readString(node.text);
      case 't':
        return readKeyword("true", NodeKind::kTrue, node);
      case 'f':
        return readKeyword("false", NodeKind::kFalse, node);
      case 'n':
        return readKeyword("null", NodeKind::kNull, node);
      default:
        if (options_.allow_non_numeric_numbers && readNonNumeric(node))
          return true;
        return readNumber(node);
    }
  }

  //! Jackson's ALLOW_NON_NUMERIC_NUMBERS tokens, kept as written (strtod reads them all).
  bool readNonNumeric(Node& node) {
    for (std::string_view word : {"NaN", "Infinity", "+Infinity", "-Infinity", "+INF", "-INF"}) {
      if (input_.substr(pos_, word.size()) != word)
        continue;
      size_t end = pos_ + word.size();
      if (end < input_.size() &&
          (std::isalnum(static_cast<unsigned char>(input_[end])) || input_[end] == '_'))
        continue;
      pos_ = end;
      node.kind = NodeKind::kFloat;
      node.text = std::string(word);
      return true;
    }
    return false;
  }

  bool atEnd() const { return pos_ >= input_.size(); }

  void skipSpace() {
    while (!atEnd()) {
      char c = input_[pos_];
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
        return;
      ++pos_;
    }
  }

  bool consume(char expected) {
    skipSpace();
    if (atEnd() || input_[pos_] != expected)
      return false;
    ++pos_;
    return true;
  }

  bool readObject(Node& node, int depth) {
    node.kind = NodeKind::kObject;
    ++pos_;
    skipSpace();
    if (!atEnd() && input_[pos_] == '}') {
      ++pos_;
      return true;
    }
    while (true) {
      skipSpace();
      if (atEnd() ||
          (input_[pos_] != '"' && (input_[pos_] != '\'' || !options_.allow_single_quotes)))
        return false;
      std::string name;
      if (!readString(name) || !consume(':'))
        return false;
      Node value;
      if (!readValue(value, depth + 1))
        return false;
      node.fields.emplace_back(std::move(name), std::move(value));
      skipSpace();
      if (atEnd())
        return false;
      char c = input_[pos_++];
      if (c == '}')
        return true;
      if (c != ',')
        return false;
    }
  }

  bool readArray(Node& node, int depth) {
    node.kind = NodeKind::kArray;
    ++pos_;
    skipSpace();
    if (!atEnd() && input_[pos_] == ']') {
      ++pos_;
      return true;
    }
    while (true) {
      Node element;
      if (!readValue(element, depth + 1))
        return false;
      node.elements.push_back(std::move(element));
      skipSpace();
      if (atEnd())
        return false;
      char c = input_[pos_++];
      if (c == ']')
        return true;
      if (c != ',')
        return false;
    }
  }

  bool readHex4(uint32_t& value) {
    if (pos_ + 4 > input_.size())
      return false;
    value = 0;
    for (int i = 0; i < 4; ++i) {
      int digit = hexDigitValue(input_[pos_++]);
      if (digit < 0)
        return false;
      value = (value << 4) | static_cast<uint32_t>(digit);
    }
    return true;
  }

  bool readString(std::string& out) {
    char quote = input_[pos_++];
    while (!atEnd()) {
      char c = input_[pos_++];
      if (c == quote)
        return true;
      if (c != '\\') {
        if (static_cast<unsigned char>(c) < 0x20 && !options_.allow_unquoted_control_chars)
          return false;
        out.push_back(c);
        continue;
      }
      if (atEnd())
        return false;
      char escaped = input_[pos_++];
      switch (escaped) {
        case '"':
          out.push_back('"');
          break;
        case '\\':
          out.push_back('\\');
          break;
        case '/':
          out.push_back('/');
          break;
        case '\'':
          out.push_back('\'');
          break;
        case 'b':
          out.push_back('\b');
          break;
        case 'f':
          out.push_back('\f');
          break;
        case 'n':
          out.push_back('\n');
          break;
        case 'r':
          out.push_back('\r');
          break;
        case 't':
          out.push_back('\t');
          break;
        case 'u': {
          uint32_t unit;
          if (!readHex4(unit))
            return false;
          // A high surrogate followed by an escaped low one is one code point.
          if (unit >= 0xD800 && unit < 0xDC00 && pos_ + 6 <= input_.size() &&
              input_[pos_] == '\\' && input_[pos_ + 1] == 'u') {
            size_t saved = pos_;
            pos_ += 2;
            uint32_t low;
            if (readHex4(low) && low >= 0xDC00 && low < 0xE000) {
              unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
            } else {
              pos_ = saved;
            }
          }
          appendUtf8(out, static_cast<char32_t>(unit));
          break;
        }
        default:
          if (!options_.allow_backslash_escaping_any_character)
            return false;
          out.push_back(escaped);
          break;
      }
    }
    return false;
  }

  bool readKeyword(std::string_view word, NodeKind kind, Node& node) {
    if (input_.substr(pos_, word.size()) != word)
      return false;
    pos_ += word.size();
    if (!atEnd()) {
      char next = input_[pos_];
      if (std::isalnum(static_cast<unsigned char>(next)) || next == '_')
        return false;
    }
    node.kind = kind;
    return true;
  }

  static bool isDigit(char c) { return c >= '0' && c <= '9'; }

  bool readNumber(Node& node) {
    size_t start = pos_;
    if (input_[pos_] == '-')
      ++pos_;
    if (atEnd() || !isDigit(input_[pos_]))
      return false;
    // No leading zeros unless ALLOW_NUMERIC_LEADING_ZEROS is on.
    if (input_[pos_] == '0' && pos_ + 1 < input_.size() && isDigit(input_[pos_ + 1]) &&
        !options_.allow_numeric_leading_zeros)
      return false;
    while (!atEnd() && isDigit(input_[pos_]))
      ++pos_;
    bool integral = true;
    if (!atEnd() && input_[pos_] == '.') {
      integral = false;
      ++pos_;
      if (atEnd() || !isDigit(input_[pos_]))
        return false;
      while (!atEnd() && isDigit(input_[pos_]))
        ++pos_;
    }
    if (!atEnd() && (input_[pos_] == 'e' || input_[pos_] == 'E')) {
      integral = false;
      ++pos_;
      if (!atEnd() && (input_[pos_] == '+' || input_[pos_] == '-'))
        ++pos_;
      if (atEnd() || !isDigit(input_[pos_]))
        return false;
      while (!atEnd() && isDigit(input_[pos_]))
        ++pos_;
    }
    node.kind = integral ? NodeKind::kInteger : NodeKind::kFloat;
    node.text = std::string(input_.substr(start, pos_ - start));
    return true;
  }

  std::string_view input_;
  const ReadOptions& options_;
  size_t pos_ = 0;
};

void writeNumber(std::string& out, const Node& node) {
  if (node.kind == NodeKind::kInteger) {
    // Parsed as an int, long or BigInteger and written back: "-0" becomes "0".
    out += node.text == "-0" ? std::string("0") : node.text;
    return;
  }
  double value = std::strtod(node.text.c_str(), nullptr);
  std::string printed = formatDouble(value);
  // Jackson quotes the values JSON cannot spell (QUOTE_NON_NUMERIC_NUMBERS).
  if (!std::isfinite(value))
    appendJsonString(out, printed);
  else
    out += printed;
}

}  // namespace

std::optional<Node> parseFirstValue(std::string_view input) {
  return parseFirstValue(input, ReadOptions{});
}

std::optional<Node> parseFirstValue(std::string_view input, const ReadOptions& options) {
  Reader reader(input, options);
  Node root;
  if (!reader.readValue(root, 0))
    return std::nullopt;
  bool number = root.kind == NodeKind::kInteger || root.kind == NodeKind::kFloat;
  if (number && !reader.rootNumberEndsCleanly())
    return std::nullopt;
  return root;
}

void writeNode(std::string& out, const Node& node) {
  switch (node.kind) {
    case NodeKind::kObject: {
      out.push_back('{');
      bool first = true;
      for (const auto& [name, value] : node.fields) {
        if (!first)
          out.push_back(',');
        first = false;
        appendJsonString(out, name);
        out.push_back(':');
        writeNode(out, value);
      }
      out.push_back('}');
      break;
    }
    case NodeKind::kArray: {
      out.push_back('[');
      for (size_t i = 0; i < node.elements.size(); ++i) {
        if (i > 0)
          out.push_back(',');
        writeNode(out, node.elements[i]);
      }
      out.push_back(']');
      break;
    }
    case NodeKind::kString:
      appendJsonString(out, node.text);
      break;
    case NodeKind::kInteger:
    case NodeKind::kFloat:
      writeNumber(out, node);
      break;
    case NodeKind::kTrue:
      out += "true";
      break;
    case NodeKind::kFalse:
      out += "false";
      break;
    case NodeKind::kNull:
      out += "null";
      break;
  }
}

ReadOptions jsonOptionsReadDefaults() {
  ReadOptions options;
  options.allow_single_quotes = true;
  options.allow_non_numeric_numbers = true;
  options.allow_unquoted_control_chars = false;
  return options;
}

bool applyReadOption(ReadOptions& options, std::string_view name, std::string_view value) {
  bool enabled = sameIdentifier(value, "true");
  if (sameIdentifier(name, "allowSingleQuotes")) {
    options.allow_single_quotes = enabled;
  } else if (sameIdentifier(name, "allowNumericLeadingZeros")) {
    options.allow_numeric_leading_zeros = enabled;
  } else if (sameIdentifier(name, "allowNonNumericNumbers")) {
    options.allow_non_numeric_numbers = enabled;
  } else if (sameIdentifier(name, "allowUnquotedControlChars")) {
    options.allow_unquoted_control_chars = enabled;
  } else if (sameIdentifier(name, "allowBackslashEscapingAnyCharacter")) {
    options.allow_backslash_escaping_any_character = enabled;
  } else {
    return false;
  }
  return true;
}

}  // namespace sluice::json

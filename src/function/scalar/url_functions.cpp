// src/function/scalar/url_functions.cpp
//
// url_encode / url_decode / try_url_decode (application/x-www-form-urlencoded in UTF-8, as
// Java's URLEncoder and URLDecoder: letters, digits and ".-*_" stay, a space is '+', every other
// byte is %XX) and parse_url / try_parse_url, which split a URL as java.net.URI does and
// return the raw (still encoded) part:
//   PROTOCOL  the scheme             AUTHORITY  userinfo@host:port     USERINFO  before '@'
//   HOST      the host               PATH       the path               QUERY     after '?'
//   REF       after '#'              FILE       path?query
// A part the URL does not have, or an unknown part name (names are case-sensitive), is NULL;
// QUERY with a key is the value of that key's first `key=value` pair. An opaque URL
// (mailto:x@y) has only a PROTOCOL and a REF. A malformed URL (a character URIs do not allow, a
// bad %-escape) is INVALID_URL, and a malformed escape for url_decode CANNOT_DECODE_URL; the
// try_ forms return NULL instead.
#include <cctype>
#include <optional>

#include "common/error/error.hpp"
#include "common/text/percent_decoding.hpp"
#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/string_kernel.hpp"

namespace sluice {

namespace {

void urlEncode(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (char c : text) {
    auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) || c == '.' || c == '-' || c == '*' || c == '_') {
      out += c;
    } else if (c == ' ') {
      out += '+';
    } else {
      out += '%';
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    }
  }
}

//! URLDecoder.decode; false for a malformed escape.
bool urlDecode(std::string& out, std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%') {
      if (i + 2 >= text.size())
        return false;
      int high = hexDigitValue(text[i + 1]);
      int low = hexDigitValue(text[i + 2]);
      if (high < 0 || low < 0)
        return false;
      out += static_cast<char>(high * 16 + low);
      i += 2;
    } else {
      out += c;
    }
  }
  return true;
}

BoundScalarFunction bindUrlEncode(const BindRequest& request) {
  DataType input = expectArgument(request, 0, DataType::string());
  return {"url_encode",
          {input},
          DataType::string(),
          stringResultKernel<StringView>([](std::string& out, StringView text) {
            urlEncode(out, text);
            return true;
          })};
}

BoundScalarFunction bindUrlDecode(const BindRequest& request, const char* name, bool try_only) {
  DataType input = expectArgument(request, 0, DataType::string());
  return {name,
          {input},
          DataType::string(),
          stringResultKernel<StringView>([try_only](std::string& out, StringView text) {
            if (urlDecode(out, text))
              return true;
            if (try_only)
              return false;
            throw Error(ErrorClass::CANNOT_DECODE_URL,
                        fmt::format("The provided URL cannot be decoded: {}. Please ensure that "
                                    "the URL is properly formatted and try again.",
                                    std::string_view(text)));
          })};
}

//! The parts of a URL as java.net.URI splits it; absent parts are nullopt.
struct UrlParts {
  std::optional<std::string_view> scheme, authority, user_info, host, path, query, fragment;
};

//! True when `text` has only characters a URI may hold and well-formed %-escapes.
bool isWellFormedUri(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c <= ' ' || c == 0x7f || c == '"' || c == '<' || c == '>' || c == '\\' || c == '^' ||
        c == '`' || c == '{' || c == '|' || c == '}') {
      return false;
    }
    if (c == '%' && (i + 2 >= text.size() || hexDigitValue(text[i + 1]) < 0 ||
                     hexDigitValue(text[i + 2]) < 0)) {
      return false;
    }
  }
  return true;
}

std::optional<UrlParts> splitUrl(std::string_view url) {
  if (!isWellFormedUri(url))
    return std::nullopt;
  UrlParts parts;
  std::string_view rest = url;
  size_t hash = rest.find('#');
  if (hash != std::string_view::npos) {
    parts.fragment = rest.substr(hash + 1);
    rest = rest.substr(0, hash);
  }
  size_t colon = rest.find(':');
  bool has_scheme = colon != std::string_view::npos && colon > 0 && std::isalpha(rest[0]) &&
                    rest.substr(0, colon).find_first_of("/?") == std::string_view::npos;
  if (has_scheme) {
    for (char c : rest.substr(0, colon)) {
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '+' && c != '-' && c != '.')
        return std::nullopt;
    }
    parts.scheme = rest.substr(0, colon);
    rest = rest.substr(colon + 1);
    if (rest.empty())
      return std::nullopt;  // "http:" has no scheme-specific part
    if (rest[0] != '/')
      return parts;  // opaque: mailto:someone@example.com
  }
  size_t question = rest.find('?');
  if (question != std::string_view::npos) {
    parts.query = rest.substr(question + 1);
    rest = rest.substr(0, question);
  }
  if (rest.substr(0, 2) == "//") {
    rest = rest.substr(2);
    size_t slash = rest.find('/');
    std::string_view authority = rest.substr(0, slash);
    rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash);
    if (!authority.empty()) {
      parts.authority = authority;
      std::string_view host_port = authority;
      size_t at = authority.rfind('@');
      if (at != std::string_view::npos) {
        parts.user_info = authority.substr(0, at);
        host_port = authority.substr(at + 1);
      }
      size_t port = host_port.rfind(':');
      if (port != std::string_view::npos && host_port.find(']', port) == std::string_view::npos)
        host_port = host_port.substr(0, port);
      if (!host_port.empty())
        parts.host = host_port;
    }
  }
  parts.path = rest;
  return parts;
}

std::optional<std::string_view> queryValue(std::string_view query, std::string_view key) {
  size_t start = 0;
  while (start <= query.size()) {
    size_t end = query.find('&', start);
    std::string_view pair = query.substr(start, end == std::string_view::npos ? end : end - start);
    if (pair.size() > key.size() && pair.substr(0, key.size()) == key && pair[key.size()] == '=')
      return pair.substr(key.size() + 1);
    if (end == std::string_view::npos)
      break;
    start = end + 1;
  }
  return std::nullopt;
}

std::optional<std::string> urlPart(const UrlParts& parts, std::string_view name) {
  auto text = [](const std::optional<std::string_view>& part) -> std::optional<std::string> {
    return part ? std::optional<std::string>(std::string(*part)) : std::nullopt;
  };
  if (name == "HOST")
    return text(parts.host);
  if (name == "PATH")
    return text(parts.path);
  if (name == "QUERY")
    return text(parts.query);
  if (name == "REF")
    return text(parts.fragment);
  if (name == "PROTOCOL")
    return text(parts.scheme);
  if (name == "AUTHORITY")
    return text(parts.authority);
  if (name == "USERINFO")
    return text(parts.user_info);
  if (name == "FILE") {
    if (!parts.path)
      return std::nullopt;
    std::string file(*parts.path);
    if (parts.query)
      file += "?" + std::string(*parts.query);
    return file;
  }
  return std::nullopt;
}

BoundScalarFunction bindParseUrl(const BindRequest& request, const char* name, bool try_only) {
  std::vector<DataType> types;
  for (size_t i = 0; i < request.argument_types.size(); ++i)
    types.push_back(expectArgument(request, i, DataType::string()));
  bool has_key = types.size() == 3;
  ScalarKernel kernel = [try_only, has_key](const ExecContext&, const ArgumentVectors& args,
                                            const RowSet& rows, Vector& result) {
    forEachRow(rows, [&](idx_t row) {
      for (const Vector* arg : args) {
        if (arg->isNull(row)) {
          result.setNull(row);
          return;
        }
      }
      std::string_view url = args[0]->at<StringView>(row);
      std::string_view part = args[1]->at<StringView>(row);
      std::optional<UrlParts> parts = splitUrl(url);
      if (!parts) {
        if (try_only) {
          result.setNull(row);
          return;
        }
        throw Error(ErrorClass::INVALID_URL,
                    fmt::format("The url is invalid: {}. Use `try_parse_url` to tolerate invalid "
                                "URL and return NULL instead.",
                                url));
      }
      std::optional<std::string> value;
      if (has_key) {
        if (part == "QUERY" && parts->query) {
          if (auto found = queryValue(*parts->query, args[2]->at<StringView>(row)))
            value = std::string(*found);
        }
      } else {
        value = urlPart(*parts, part);
      }
      if (!value) {
        result.setNull(row);
        return;
      }
      result.setNull(row, false);
      result.mutableData<StringView>()[row] = result.addString(*value);
    });
  };
  return {name, types, DataType::string(), std::move(kernel)};
}

}  // namespace

void registerUrlFunctions(FunctionRegistry& registry) {
  registry.addScalar({"url_encode", 1, 1, bindUrlEncode});
  registry.addScalar({"url_decode", 1, 1,
                      [](const BindRequest& r) { return bindUrlDecode(r, "url_decode", false); }});
  registry.addScalar({"try_url_decode", 1, 1, [](const BindRequest& r) {
                        return bindUrlDecode(r, "try_url_decode", true);
                      }});
  registry.addScalar({"parse_url", 2, 3,
                      [](const BindRequest& r) { return bindParseUrl(r, "parse_url", false); }});
  registry.addScalar({"try_parse_url", 2, 3,
                      [](const BindRequest& r) { return bindParseUrl(r, "try_parse_url", true); }});
}

}  // namespace sluice

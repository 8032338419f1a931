// src/function/scalar/json/get_json_object.cpp
//
// get_json_object(json, path): the value at `path` as Spark's GetJsonObjectEvaluator writes
// it. A string found outside any wildcard comes out unquoted; everything else is JSON text.
// A wildcard over an array collects its matches into an array, unwrapped when there is only
// one, and strings inside it stay quoted (Hive's behaviour, which Spark keeps). A field whose
// value is null does not match. Invalid JSON or an invalid path gives NULL; only the first
// JSON value of the text is read.

#include <span>

#include "common/text/ascii_case.hpp"

#include "function/function_registry.hpp"
#include "function/scalar/argument_types.hpp"
#include "function/scalar/json/json_path.hpp"
#include "function/scalar/json/json_tree.hpp"
#include "function/scalar/string_kernel.hpp"

namespace sluice {

namespace {

using json::Node;
using json::NodeKind;
using json::PathStep;
using Kind = PathStep::Kind;
using Steps = std::span<const PathStep>;

enum class WriteStyle { kRaw, kQuoted, kFlatten };

//! Jackson's generator, as far as the evaluator uses it: values inside an array are separated
//! by commas, raw text is appended as it is.
class Generator {
 public:
  void value(const Node& node) {
    beforeValue();
    json::writeNode(out_, node);
  }
  void rawValue(std::string_view text) {
    beforeValue();
    out_ += text;
  }
  void raw(std::string_view text) { out_ += text; }
  void startArray() {
    beforeValue();
    out_.push_back('[');
    open_arrays_.push_back(false);
  }
  void endArray() {
    out_.push_back(']');
    open_arrays_.pop_back();
  }
  const std::string& text() const { return out_; }

 private:
  void beforeValue() {
    if (open_arrays_.empty()) {
      if (wrote_root_)
        out_.push_back(' ');
      wrote_root_ = true;
      return;
    }
    if (open_arrays_.back())
      out_.push_back(',');
    open_arrays_.back() = true;
  }

  std::string out_;
  std::vector<bool> open_arrays_;
  bool wrote_root_ = false;
};

bool startsWith(Steps path, std::initializer_list<Kind> kinds) {
  if (path.size() < kinds.size())
    return false;
  size_t i = 0;
  for (Kind kind : kinds) {
    if (path[i++].kind != kind)
      return false;
  }
  return true;
}

bool evaluate(const Node& node, WriteStyle style, Steps path, Generator& out);

//! The evaluator's step at a field name: `path` starts after the Key instruction.
bool evaluateField(const std::string& name, const Node& value, WriteStyle style, Steps path,
                   Generator& out) {
  if (path.empty())
    return false;
  if (path[0].kind == Kind::kNamed) {
    bool same =
        path[0].case_insensitive ? sameIdentifier(path[0].name, name) : path[0].name == name;
    if (!same || value.kind == NodeKind::kNull)
      return false;
    return evaluate(value, style, path.subspan(1), out);
  }
  if (path[0].kind == Kind::kWildcard)
    return evaluate(value, style, path.subspan(1), out);
  return false;
}

bool evaluate(const Node& node, WriteStyle style, Steps path, Generator& out) {
  if (path.empty()) {
    if (node.kind == NodeKind::kString && style == WriteStyle::kRaw) {
      out.raw(node.text);
      return true;
    }
    if (node.kind == NodeKind::kArray && style == WriteStyle::kFlatten) {
      bool dirty = false;
      for (const Node& element : node.elements)
        dirty |= evaluate(element, style, path, out);
      return dirty;
    }
    out.value(node);
    return true;
  }
  if (node.kind == NodeKind::kObject && path[0].kind == Kind::kKey) {
    for (const auto& [name, value] : node.fields) {
      if (evaluateField(name, value, style, path.subspan(1), out))
        return true;
    }
    return false;
  }
  if (node.kind != NodeKind::kArray || path[0].kind != Kind::kSubscript || path.size() < 2)
    return false;
  if (startsWith(path, {Kind::kSubscript, Kind::kWildcard, Kind::kSubscript, Kind::kWildcard})) {
    // Hive's double wildcard flattens instead of nesting.
    bool dirty = false;
    out.startArray();
    for (const Node& element : node.elements)
      dirty |= evaluate(element, WriteStyle::kFlatten, path.subspan(4), out);
    out.endArray();
    return dirty;
  }
  if (path[1].kind == Kind::kWildcard) {
    Steps rest = path.subspan(2);
    if (style == WriteStyle::kQuoted) {
      bool dirty = false;
      out.startArray();
      for (const Node& element : node.elements)
        dirty |= evaluate(element, WriteStyle::kQuoted, rest, out);
      out.endArray();
      return dirty;
    }
    WriteStyle next = style == WriteStyle::kRaw ? WriteStyle::kQuoted : WriteStyle::kFlatten;
    Generator buffer;
    buffer.startArray();
    int matches = 0;
    for (const Node& element : node.elements)
      matches += evaluate(element, next, rest, buffer) ? 1 : 0;
    buffer.endArray();
    const std::string& text = buffer.text();
    if (matches > 1)
      out.rawValue(text);
    else if (matches == 1)
      out.rawValue(std::string_view(text).substr(1, text.size() - 2));
    return matches > 0;
  }
  if (path[1].kind == Kind::kIndex) {
    int64_t index = path[1].index;
    if (index < 0 || static_cast<uint64_t>(index) >= node.elements.size())
      return false;
    Steps rest = path.subspan(2);
    // Several results may follow from a wildcard after the index: they are quoted.
    bool wildcard_next = startsWith(rest, {Kind::kSubscript, Kind::kWildcard});
    return evaluate(node.elements[static_cast<size_t>(index)],
                    wildcard_next ? WriteStyle::kQuoted : style, rest, out);
  }
  return false;
}

bool getJsonObject(std::string& out, std::string_view text, const json::JsonPath& path) {
  std::optional<Node> root = json::parseFirstValue(text);
  if (!root)
    return false;
  Generator generator;
  if (!evaluate(*root, WriteStyle::kRaw, Steps(path), generator))
    return false;
  out = generator.text();
  return true;
}

BoundScalarFunction bindGetJsonObject(const BindRequest& request) {
  DataType json_type = expectArgument(request, 0, DataType::string());
  DataType path_type = expectArgument(request, 1, DataType::string());
  const Value* path_constant = constantArgument(request, 1);
  ScalarKernel kernel;
  if (path_constant != nullptr && !path_constant->isNull()) {
    // A constant path is parsed once.
    std::optional<json::JsonPath> path = json::parseJsonPath(path_constant->getString());
    kernel = stringResultKernel<StringView, StringView>(
        [path](std::string& out, StringView text, StringView) {
          return path.has_value() && getJsonObject(out, text, *path);
        });
  } else {
    kernel = stringResultKernel<StringView, StringView>(
        [](std::string& out, StringView text, StringView path_text) {
          std::optional<json::JsonPath> path = json::parseJsonPath(path_text);
          return path.has_value() && getJsonObject(out, text, *path);
        });
  }
  return {"get_json_object", {json_type, path_type}, DataType::string(), std::move(kernel)};
}

}  // namespace

BoundScalarFunction jsonPathExtractFunction(json::JsonPath path, std::string name) {
  ScalarKernel kernel =
      stringResultKernel<StringView>([path = std::move(path)](std::string& out, StringView text) {
        return getJsonObject(out, text, path);
      });
  return {std::move(name), {DataType::string()}, DataType::string(), std::move(kernel)};
}

void registerGetJsonObjectFunctions(FunctionRegistry& registry) {
  registry.addScalar({"get_json_object", 2, 2, bindGetJsonObject});
}

}  // namespace sluice

// src/exec/physical/physical_generate.cpp
#include "exec/physical/physical_generate.hpp"

#include <algorithm>
#include <optional>

#include "common/variant/variant.hpp"
#include "exec/expression/expression_evaluator.hpp"
#include "exec/expression/vector_copy.hpp"
#include "function/scalar/json/json_tree.hpp"

namespace sluice {

namespace {

// The evaluated arguments of the current input batch, its row counts, and where the previous
// call stopped inside it.
struct GenerateState : OperatorState {
  explicit GenerateState(const ExecContext& context) : evaluator(context) {}
  ExpressionEvaluator evaluator;
  std::vector<Vector> arguments;
  std::vector<idx_t> counts;  // rows generated per input row
  idx_t row = 0;              // the input row being expanded
  idx_t done = 0;             // its generated rows already handed out
  bool resuming = false;
  std::vector<uint32_t> rows;   // per output row: its input row
  std::vector<uint32_t> steps;  // per output row: its place among the input row's rows
};

//! The collection of `list` at `row`: an empty one for NULL.
ListEntry entryAt(const Vector& list, idx_t row) {
  if (list.isNull(row))
    return ListEntry{0, 0};
  return list.at<ListEntry>(row);
}

//! target[i] = source[indexes[i]], or NULL where `missing[i]` (an outer row without an element).
void gatherElements(const Vector& source, const std::vector<uint32_t>& indexes,
                    const std::vector<uint8_t>& missing, bool any_missing, Vector& target) {
  if (!any_missing) {
    gatherRows(source, RowSet{indexes.data(), indexes.size()}, target);
    return;
  }
  for (idx_t i = 0; i < indexes.size(); ++i) {
    if (missing[i]) {
      target.setNull(i);
    } else {
      copyValue(source, indexes[i], target, i);
    }
  }
}

//! The number of fields of a VARIANT object or elements of an array; 0 for anything else.
idx_t variantLength(const variant::VariantRef& value) {
  switch (value.type()) {
    case variant::Type::kObject:
      return value.objectSize();
    case variant::Type::kArray:
      return value.arraySize();
    default:
      return 0;
  }
}

//! The text json_tuple returns for a field's value: a string unquoted, anything else as JSON.
std::string fieldText(const json::Node& value) {
  if (value.kind == json::NodeKind::kString)
    return value.text;
  std::string text;
  json::writeNode(text, value);
  return text;
}

}  // namespace

PhysicalGenerate::PhysicalGenerate(std::vector<DataType> types, idx_t input_width,
                                   GeneratorSpec spec, std::vector<BoundExpressionPtr> arguments)
    : PhysicalOperator("Generate", std::move(types)),
      input_width_(input_width),
      spec_(std::move(spec)),
      arguments_(std::move(arguments)) {}

std::string PhysicalGenerate::details() const {
  return spec_.name;
}

std::unique_ptr<OperatorState> PhysicalGenerate::makeOperatorState(
    const ExecContext& context) const {
  return std::make_unique<GenerateState>(context);
}

idx_t PhysicalGenerate::rowCount(const std::vector<Vector>& arguments, idx_t row) const {
  switch (spec_.kind) {
    case GeneratorKind::kExplode:
    case GeneratorKind::kPosExplode:
    case GeneratorKind::kInline: {
      idx_t length = entryAt(arguments[0], row).length;
      return length == 0 && spec_.outer ? 1 : length;
    }
    case GeneratorKind::kStack:
      return spec_.stack_rows;
    case GeneratorKind::kJsonTuple:
      return 1;
    case GeneratorKind::kVariantExplode: {
      const Vector& variants = arguments[0];
      idx_t length =
          variants.isNull(row)
              ? 0
              : variantLength(variant::VariantRef::fromEncoded(variants.at<StringView>(row)));
      return length == 0 && spec_.outer ? 1 : length;
    }
  }
  return 0;
}

OperatorResult PhysicalGenerate::execute(const ExecContext&, const Batch& input, Batch& output,
                                         OperatorState& operator_state) const {
  auto& state = static_cast<GenerateState&>(operator_state);
  if (!state.resuming) {
    state.arguments.clear();
    for (const BoundExpressionPtr& argument : arguments_)
      state.arguments.push_back(state.evaluator.evaluate(*argument, input));
    state.counts.resize(input.num_rows);
    for (idx_t row = 0; row < input.num_rows; ++row)
      state.counts[row] = rowCount(state.arguments, row);
    state.row = 0;
    state.done = 0;
  }

  // The output rows of this call: whole or partial input rows, up to one vector.
  state.rows.clear();
  state.steps.clear();
  while (state.row < input.num_rows && state.rows.size() < kVectorSize) {
    idx_t count = state.counts[state.row];
    idx_t take = std::min<idx_t>(count - state.done, kVectorSize - state.rows.size());
    for (idx_t step = 0; step < take; ++step) {
      state.rows.push_back(static_cast<uint32_t>(state.row));
      state.steps.push_back(static_cast<uint32_t>(state.done + step));
    }
    state.done += take;
    if (state.done >= count) {
      ++state.row;
      state.done = 0;
    }
  }
  state.resuming = state.row < input.num_rows;

  output.columns.clear();
  output.num_rows = state.rows.size();
  idx_t capacity = std::max<idx_t>(output.num_rows, 1);
  RowSet rows{state.rows.data(), state.rows.size()};
  for (idx_t column = 0; column < input_width_; ++column) {
    Vector target(input.columns[column].type(), capacity);
    gatherRows(input.columns[column], rows, target);
    output.columns.push_back(std::move(target));
  }
  for (idx_t column = input_width_; column < types().size(); ++column)
    output.columns.emplace_back(types()[column], capacity);
  if (output.num_rows > 0)
    generateColumns(state.arguments, state.rows, state.steps, output.columns);
  return state.resuming ? OperatorResult::kHaveMoreOutput : OperatorResult::kNeedMoreInput;
}

void PhysicalGenerate::generateColumns(const std::vector<Vector>& arguments,
                                       const std::vector<uint32_t>& rows,
                                       const std::vector<uint32_t>& steps,
                                       std::vector<Vector>& out) const {
  idx_t count = rows.size();
  idx_t first = input_width_;
  switch (spec_.kind) {
    case GeneratorKind::kExplode:
    case GeneratorKind::kPosExplode:
    case GeneratorKind::kInline: {
      // Where each output row's element sits in the collection's child vector.
      const Vector& list = arguments[0];
      std::vector<uint32_t> elements(count);
      std::vector<uint8_t> missing(count, 0);
      bool any_missing = false;
      for (idx_t i = 0; i < count; ++i) {
        ListEntry entry = entryAt(list, rows[i]);
        if (entry.length == 0) {
          missing[i] = 1;
          any_missing = true;
        } else {
          elements[i] = entry.offset + steps[i];
        }
      }
      const Vector& children = list.child(0);
      idx_t column = first;
      if (spec_.kind == GeneratorKind::kPosExplode) {
        Vector& position = out[column++];
        auto* values = position.mutableData<int32_t>();
        for (idx_t i = 0; i < count; ++i) {
          values[i] = static_cast<int32_t>(steps[i]);
          if (missing[i])
            position.setNull(i);
        }
      }
      if (spec_.kind == GeneratorKind::kInline || list.type().id() == TypeId::kMap) {
        // The fields of STRUCT elements (a MAP's entries are STRUCT<key, value>).
        for (idx_t field = 0; field < children.children().size(); ++field) {
          Vector& target = out[column + field];
          gatherElements(children.child(field), elements, missing, any_missing, target);
          // A NULL struct element gives a row of NULLs.
          if (children.mayHaveNulls()) {
            for (idx_t i = 0; i < count; ++i) {
              if (!missing[i] && children.isNull(elements[i]))
                target.setNull(i);
            }
          }
        }
      } else {
        gatherElements(children, elements, missing, any_missing, out[column]);
      }
      return;
    }
    case GeneratorKind::kStack: {
      // Output row `step` of an input row holds values step * fields ... of the arguments.
      idx_t fields = types().size() - first;
      for (idx_t field = 0; field < fields; ++field) {
        Vector& target = out[first + field];
        for (idx_t i = 0; i < count; ++i) {
          idx_t value = steps[i] * fields + field;
          if (value < arguments.size()) {
            copyValue(arguments[value], rows[i], target, i);
          } else {
            target.setNull(i);
          }
        }
      }
      return;
    }
    case GeneratorKind::kJsonTuple:
      generateJsonTuple(arguments, rows, out);
      return;
    case GeneratorKind::kVariantExplode:
      generateVariantFields(arguments[0], rows, steps, out);
      return;
  }
}

void PhysicalGenerate::generateVariantFields(const Vector& variants,
                                             const std::vector<uint32_t>& rows,
                                             const std::vector<uint32_t>& steps,
                                             std::vector<Vector>& out) const {
  Vector& positions = out[input_width_];
  Vector& keys = out[input_width_ + 1];
  Vector& values = out[input_width_ + 2];
  std::string encoded;
  for (idx_t i = 0; i < rows.size(); ++i) {
    std::optional<variant::VariantRef> root;
    if (!variants.isNull(rows[i]))
      root = variant::VariantRef::fromEncoded(variants.at<StringView>(rows[i]));
    if (!root || variantLength(*root) == 0) {  // an outer row
      positions.setNull(i);
      keys.setNull(i);
      values.setNull(i);
      continue;
    }
    std::optional<variant::VariantRef> value;
    if (root->type() == variant::Type::kObject) {
      variant::ObjectField field = root->fieldAt(steps[i]);
      keys.mutableData<StringView>()[i] = keys.addString(field.key);
      value = field.value;
    } else {
      keys.setNull(i);
      value = root->elementAt(steps[i]);
    }
    positions.mutableData<int32_t>()[i] = static_cast<int32_t>(steps[i]);
    // The element with its variant's metadata, as Spark hands it out.
    encoded.assign(root->metadata());
    encoded.append(value->valueBytes());
    values.mutableData<StringView>()[i] = values.addString(encoded);
  }
}

void PhysicalGenerate::generateJsonTuple(const std::vector<Vector>& arguments,
                                         const std::vector<uint32_t>& rows,
                                         std::vector<Vector>& out) const {
  idx_t fields = arguments.size() - 1;
  std::vector<std::optional<std::string>> values(fields);
  for (idx_t i = 0; i < rows.size(); ++i) {
    idx_t row = rows[i];
    std::fill(values.begin(), values.end(), std::nullopt);
    const Vector& text = arguments[0];
    std::optional<json::Node> document;
    if (!text.isNull(row))
      document = json::parseFirstValue(text.at<StringView>(row).view());
    // Only an object has fields; anything else gives a row of NULLs. Each field of the
    // document sets every requested name it matches, so a later duplicate wins; a JSON null
    // sets nothing.
    if (document && document->kind == json::NodeKind::kObject) {
      for (const auto& [name, value] : document->fields) {
        if (value.kind == json::NodeKind::kNull)
          continue;
        for (idx_t field = 0; field < fields; ++field) {
          const Vector& requested = arguments[field + 1];
          if (!requested.isNull(row) && requested.at<StringView>(row).view() == name)
            values[field] = fieldText(value);
        }
      }
    }
    for (idx_t field = 0; field < fields; ++field) {
      Vector& target = out[input_width_ + field];
      if (values[field]) {
        target.mutableData<StringView>()[i] = target.addString(*values[field]);
      } else {
        target.setNull(i);
      }
    }
  }
}

}  // namespace sluice

// src/exec/expression/lambda_evaluation.cpp
//
// The higher-order functions: transform, filter, exists, forall, aggregate, array_sort with a
// comparator, zip_with, map_filter, transform_keys, transform_values and map_zip_with (see
// the header for how bodies run). exists and forall are three-valued as Spark's: exists is NULL
// when no element matched but one gave NULL, forall NULL when none failed but one gave NULL.

#include "exec/expression/lambda_evaluation.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "common/error/error.hpp"
#include "exec/expression/vector_copy.hpp"
#include "function/scalar/collection/collection_common.hpp"
#include "planner/expression/bound_lambda.hpp"
#include "planner/expression/expression_rewriting.hpp"

namespace sluice {

namespace {

idx_t capacityOf(idx_t count) {
  return std::max<idx_t>(count, 1);
}

//! The elements of the selected non-NULL rows of an ARRAY or MAP vector.
struct ElementRows {
  std::vector<uint32_t> parents;   // the row each element belongs to
  std::vector<uint32_t> elements;  // its index in the child vector
  std::vector<int32_t> positions;  // its index in its own array
};

ElementRows collectElements(const Vector& collection, const RowSet& rows) {
  ElementRows out;
  forEachRow(rows, [&](idx_t row) {
    if (collection.isNull(row))
      return;
    const ListEntry& entry = collection.at<ListEntry>(row);
    for (uint32_t k = 0; k < entry.length; ++k) {
      out.parents.push_back(static_cast<uint32_t>(row));
      out.elements.push_back(entry.offset + k);
      out.positions.push_back(static_cast<int32_t>(k));
    }
  });
  return out;
}

//! target[i] = source[indices[i]], as a new flat vector.
Vector gatherVector(const Vector& source, const std::vector<uint32_t>& indices) {
  Vector target(source.type(), capacityOf(indices.size()));
  gatherRows(source, RowSet{indices.data(), indices.size()}, target);
  return target;
}

//! target[i] = source[indices[i]], NULL where the index is negative.
Vector gatherOrNull(const Vector& source, const std::vector<int64_t>& indices) {
  Vector target(source.type(), capacityOf(indices.size()));
  for (size_t i = 0; i < indices.size(); ++i) {
    if (indices[i] < 0) {
      target.setNull(i);
    } else {
      copyValue(source, static_cast<idx_t>(indices[i]), target, i);
    }
  }
  return target;
}

//! `values` as a flat vector of at least `count` rows.
Vector flatVector(Vector values, idx_t count) {
  if (!values.isConstant())
    return values;
  Vector flat(values.type(), capacityOf(count));
  gatherRows(values, RowSet{nullptr, count}, flat);
  return flat;
}

Vector positionVector(const std::vector<int32_t>& positions) {
  Vector vector(DataType::intType(), capacityOf(positions.size()));
  std::copy(positions.begin(), positions.end(), vector.mutableData<int32_t>());
  return vector;
}

//! Marks the lambda slots `expr` reads.
void markSlots(const BoundExpression& expr, std::vector<bool>& slots) {
  if (expr.kind == BoundExpressionKind::kLambdaVariable) {
    if (slots.size() <= expr.column_index)
      slots.resize(expr.column_index + 1, false);
    slots[expr.column_index] = true;
  }
  for (const auto& child : expr.children)
    markSlots(*child, slots);
}

//! Sets the entries of `result` for `rows` from per-row element counts, the elements being
//! laid out in row order in its child; a row of `rows` for which `is_null` holds is NULL.
template <typename IsNull>
void setEntriesWhere(const RowSet& rows, const std::vector<uint32_t>& counts, Vector& result,
                     IsNull is_null) {
  auto* entries = result.mutableData<ListEntry>();
  uint32_t offset = 0;
  size_t index = 0;
  forEachRow(rows, [&](idx_t row) {
    uint32_t count = counts[index++];
    if (is_null(row)) {
      result.setNull(row);
      return;
    }
    result.setNull(row, false);
    entries[row] = ListEntry{offset, count};
    offset += count;
  });
  result.setChildSize(offset);
}

//! setEntriesWhere for a result of one input: its NULL rows are NULL.
void setEntries(const Vector& input, const RowSet& rows, const std::vector<uint32_t>& counts,
                Vector& result) {
  setEntriesWhere(rows, counts, result, [&](idx_t row) { return input.isNull(row); });
}

//! setEntriesWhere for a result of two inputs: a row where either is NULL is NULL.
void setPairedEntries(const Vector& left, const Vector& right, const RowSet& rows,
                      const std::vector<uint32_t>& counts, Vector& result) {
  setEntriesWhere(rows, counts, result,
                  [&](idx_t row) { return left.isNull(row) || right.isNull(row); });
}

//! The element count of each row of `rows` (0 for NULL rows).
std::vector<uint32_t> lengths(const Vector& input, const RowSet& rows) {
  std::vector<uint32_t> out;
  out.reserve(rows.count);
  forEachRow(rows, [&](idx_t row) {
    out.push_back(input.isNull(row) ? 0 : input.at<ListEntry>(row).length);
  });
  return out;
}

}  // namespace

Vector LambdaEvaluation::runBody(ExpressionEvaluator& evaluator, const BoundExpression& body,
                                 const Batch& batch, const std::vector<uint32_t>& parents,
                                 std::vector<Vector> params, idx_t first_slot) {
  idx_t count = parents.size();
  if (count == 0)
    return Vector(body.type, 1);
  std::vector<bool> columns;
  markColumns(body, columns);
  Batch inner;
  inner.num_rows = count;
  for (idx_t c = 0; c < batch.columns.size(); ++c) {
    bool used = c < columns.size() && columns[c];
    inner.columns.push_back(used ? gatherVector(batch.columns[c], parents)
                                 : Vector::nullConstant(batch.columns[c].type()));
  }
  std::vector<bool> slots;
  markSlots(body, slots);
  std::vector<Vector> values;
  values.reserve(first_slot + params.size());
  for (idx_t slot = 0; slot < first_slot; ++slot) {
    // A call folded on its own has no enclosing values: its body reads none of those slots.
    bool used = slot < slots.size() && slots[slot];
    values.push_back(used ? gatherVector(evaluator.lambda_values_[slot], parents)
                          : Vector::nullConstant(DataType::voidType()));
  }
  for (Vector& param : params)
    values.push_back(std::move(param));
  // The enclosing lambdas' values come back however the body ends.
  struct Restore {
    std::vector<Vector>& target;
    std::vector<Vector> saved;
    ~Restore() { target = std::move(saved); }
  } restore{evaluator.lambda_values_, std::move(evaluator.lambda_values_)};
  evaluator.lambda_values_ = std::move(values);
  return evaluator.evaluate(body, inner, RowSet{nullptr, count});
}

//! One call's evaluation, a function per higher-order function.
struct LambdaCallRunner {
  ExpressionEvaluator& evaluator;
  const BoundExpression& expr;
  const BoundLambdaCall& call;
  const Batch& batch;
  const RowSet& rows;

  Vector input(size_t index) { return evaluator.evaluate(*expr.children[index], batch, rows); }
  const BoundExpression& body(size_t index) { return *expr.children[call.num_inputs + index]; }
  Vector run(size_t body_index, const std::vector<uint32_t>& parents, std::vector<Vector> params) {
    return LambdaEvaluation::runBody(evaluator, body(body_index), batch, parents, std::move(params),
                                     call.first_variable);
  }
  Vector newResult() { return Vector(expr.type, capacityOf(batch.num_rows)); }

  //! The element parameters of an array's body: x, and i when the lambda takes it.
  std::vector<Vector> elementParams(const Vector& array, const ElementRows& elements) {
    std::vector<Vector> params;
    params.push_back(gatherVector(array.child(0), elements.elements));
    if (call.num_params[0] == 2)
      params.push_back(positionVector(elements.positions));
    return params;
  }

  Vector transform() {
    Vector array = input(0);
    ElementRows elements = collectElements(array, rows);
    Vector values = run(0, elements.parents, elementParams(array, elements));
    Vector result = newResult();
    result.child(0) = flatVector(std::move(values), elements.parents.size());
    setEntries(array, rows, lengths(array, rows), result);
    return result;
  }

  Vector filter() {
    Vector array = input(0);
    ElementRows elements = collectElements(array, rows);
    Vector keep = run(0, elements.parents, elementParams(array, elements));
    std::vector<uint32_t> kept;
    std::vector<uint32_t> counts;
    size_t element = 0;
    forEachRow(rows, [&](idx_t row) {
      uint32_t count = 0;
      uint32_t length = array.isNull(row) ? 0 : array.at<ListEntry>(row).length;
      for (uint32_t k = 0; k < length; ++k, ++element) {
        if (isTrue(keep, element)) {
          kept.push_back(elements.elements[element]);
          ++count;
        }
      }
      counts.push_back(count);
    });
    Vector result = newResult();
    result.child(0) = gatherVector(array.child(0), kept);
    setEntries(array, rows, counts, result);
    return result;
  }

  Vector quantifier(bool exists) {
    Vector array = input(0);
    ElementRows elements = collectElements(array, rows);
    Vector tests = run(0, elements.parents, elementParams(array, elements));
    Vector result = newResult();
    uint8_t* out = result.mutableData<uint8_t>();
    size_t element = 0;
    forEachRow(rows, [&](idx_t row) {
      if (array.isNull(row)) {
        result.setNull(row);
        return;
      }
      uint32_t length = array.at<ListEntry>(row).length;
      bool decided = false;
      bool saw_null = false;
      for (uint32_t k = 0; k < length; ++k, ++element) {
        if (tests.isNull(element)) {
          saw_null = true;
        } else if ((tests.at<uint8_t>(element) != 0) == exists) {
          decided = true;
        }
      }
      if (!decided && saw_null) {
        result.setNull(row);
        return;
      }
      result.setNull(row, false);
      out[row] = exists ? decided : !decided;
    });
    return result;
  }

  Vector aggregate() {
    Vector array = input(0);
    Vector zero = input(1);
    const DataType& accumulator_type = expr.children[1]->type;
    Vector accumulator(accumulator_type, capacityOf(batch.num_rows));
    copyRows(zero, rows, accumulator);
    uint32_t longest = 0;
    forEachRow(rows, [&](idx_t row) {
      if (!array.isNull(row))
        longest = std::max(longest, array.at<ListEntry>(row).length);
    });
    // All rows' k-th elements merge together: one body evaluation per position.
    for (uint32_t k = 0; k < longest; ++k) {
      std::vector<uint32_t> active;
      std::vector<uint32_t> element_index;
      forEachRow(rows, [&](idx_t row) {
        if (array.isNull(row))
          return;
        const ListEntry& entry = array.at<ListEntry>(row);
        if (entry.length <= k)
          return;
        active.push_back(static_cast<uint32_t>(row));
        element_index.push_back(entry.offset + k);
      });
      std::vector<Vector> params;
      params.push_back(gatherVector(accumulator, active));
      params.push_back(gatherVector(array.child(0), element_index));
      Vector merged = run(0, active, std::move(params));
      for (size_t i = 0; i < active.size(); ++i)
        copyValue(merged, i, accumulator, active[i]);
    }
    std::vector<uint32_t> present;
    forEachRow(rows, [&](idx_t row) {
      if (!array.isNull(row))
        present.push_back(static_cast<uint32_t>(row));
    });
    Vector result = newResult();
    forEachRow(rows, [&](idx_t row) { result.setNull(row); });
    if (expr.children.size() == 4) {
      std::vector<Vector> params;
      params.push_back(gatherVector(accumulator, present));
      Vector finished = run(1, present, std::move(params));
      for (size_t i = 0; i < present.size(); ++i)
        copyValue(finished, i, result, present[i]);
    } else {
      for (uint32_t row : present)
        copyValue(accumulator, row, result, row);
    }
    return result;
  }

  Vector sortWithComparator() {
    Vector array = input(0);
    const Vector& values = array.child(0);
    Vector result = newResult();
    std::vector<uint32_t> order;
    std::vector<uint32_t> counts;
    // Rows are compared in groups of about 64K pairs: every pair of a group's elements in one
    // evaluation, then each row sorts with the table of results.
    constexpr size_t kPairsPerGroup = size_t{1} << 16;
    std::vector<uint32_t> group;
    auto flush = [&]() {
      std::vector<uint32_t> parents, left, right;
      for (uint32_t row : group) {
        const ListEntry& entry = array.at<ListEntry>(row);
        for (uint32_t a = 0; a < entry.length; ++a) {
          for (uint32_t b = 0; b < entry.length; ++b) {
            parents.push_back(row);
            left.push_back(entry.offset + a);
            right.push_back(entry.offset + b);
          }
        }
      }
      std::vector<Vector> params;
      params.push_back(gatherVector(values, left));
      params.push_back(gatherVector(values, right));
      Vector comparisons = run(0, parents, std::move(params));
      size_t base = 0;
      for (uint32_t row : group) {
        const ListEntry& entry = array.at<ListEntry>(row);
        uint32_t n = entry.length;
        std::vector<uint32_t> indices(n);
        std::iota(indices.begin(), indices.end(), 0);
        std::stable_sort(indices.begin(), indices.end(), [&](uint32_t a, uint32_t b) {
          size_t pair = base + size_t{a} * n + b;
          if (comparisons.isNull(pair)) {
            throwError(ErrorClass::COMPARATOR_RETURNS_NULL,
                       "The comparator has returned a NULL for a comparison between {} and {}. It "
                       "should return a positive integer for \"greater than\", 0 for \"equal\" and "
                       "a negative integer for \"less than\". To revert to deprecated behavior "
                       "where NULL is treated as 0 (equal), you must set "
                       "\"spark.sql.legacy.allowNullComparisonResultInArraySort\" to \"true\".",
                       elementText(values.getValue(entry.offset + a)),
                       elementText(values.getValue(entry.offset + b)));
          }
          return comparisons.at<int32_t>(pair) < 0;
        });
        for (uint32_t index : indices)
          order.push_back(entry.offset + index);
        base += size_t{n} * n;
      }
      group.clear();
    };
    size_t pending = 0;
    forEachRow(rows, [&](idx_t row) {
      if (array.isNull(row)) {
        counts.push_back(0);
        return;
      }
      uint32_t n = array.at<ListEntry>(row).length;
      counts.push_back(n);
      group.push_back(static_cast<uint32_t>(row));
      pending += size_t{n} * n;
      if (pending >= kPairsPerGroup) {
        flush();
        pending = 0;
      }
    });
    if (!group.empty())
      flush();
    result.child(0) = gatherVector(values, order);
    setEntries(array, rows, counts, result);
    return result;
  }

  Vector zipWith() {
    Vector left = input(0);
    Vector right = input(1);
    std::vector<uint32_t> parents;
    std::vector<int64_t> left_index, right_index;
    std::vector<uint32_t> counts;
    forEachRow(rows, [&](idx_t row) {
      if (left.isNull(row) || right.isNull(row)) {
        counts.push_back(0);
        return;
      }
      const ListEntry& a = left.at<ListEntry>(row);
      const ListEntry& b = right.at<ListEntry>(row);
      uint32_t n = std::max(a.length, b.length);
      counts.push_back(n);
      for (uint32_t k = 0; k < n; ++k) {
        parents.push_back(static_cast<uint32_t>(row));
        left_index.push_back(k < a.length ? int64_t{a.offset + k} : -1);
        right_index.push_back(k < b.length ? int64_t{b.offset + k} : -1);
      }
    });
    // The shorter array is padded with NULLs.
    std::vector<Vector> params;
    params.push_back(gatherOrNull(left.child(0), left_index));
    params.push_back(gatherOrNull(right.child(0), right_index));
    Vector values = run(0, parents, std::move(params));
    Vector result = newResult();
    result.child(0) = flatVector(std::move(values), parents.size());
    setPairedEntries(left, right, rows, counts, result);
    return result;
  }

  //! One entry per key of either map: the keys of the first map in order, then those only the
  //! second has; each value's index in its map's entries, or -1 where that map lacks the key
  //! (the lambda then sees NULL). A key repeated in one map pairs its first entry.
  Vector mapZipWith() {
    Vector left = input(0);
    Vector right = input(1);
    const Vector& left_entries = left.child(0);
    const Vector& right_entries = right.child(0);
    std::vector<uint32_t> parents;
    std::vector<int64_t> left_index, right_index;
    std::vector<uint32_t> counts;
    forEachRow(rows, [&](idx_t row) {
      if (left.isNull(row) || right.isNull(row)) {
        counts.push_back(0);
        return;
      }
      std::map<Value, size_t, ElementLess> slot_of_key;
      size_t first = left_index.size();
      auto addEntries = [&](const Vector& map, const Vector& entries, bool is_left) {
        const ListEntry& entry = map.at<ListEntry>(row);
        for (uint32_t k = 0; k < entry.length; ++k) {
          int64_t element = int64_t{entry.offset} + k;
          auto [found, added] = slot_of_key.emplace(
              entries.child(0).getValue(static_cast<idx_t>(element)), left_index.size());
          if (added) {
            parents.push_back(static_cast<uint32_t>(row));
            left_index.push_back(-1);
            right_index.push_back(-1);
          }
          int64_t& index = (is_left ? left_index : right_index)[found->second];
          if (index < 0)
            index = element;
        }
      };
      addEntries(left, left_entries, true);
      addEntries(right, right_entries, false);
      counts.push_back(static_cast<uint32_t>(left_index.size() - first));
    });
    // The key comes from the first map that has it.
    Vector keys(left_entries.child(0).type(), capacityOf(parents.size()));
    for (size_t i = 0; i < parents.size(); ++i) {
      if (left_index[i] >= 0) {
        copyValue(left_entries.child(0), static_cast<idx_t>(left_index[i]), keys, i);
      } else {
        copyValue(right_entries.child(0), static_cast<idx_t>(right_index[i]), keys, i);
      }
    }
    std::vector<Vector> params;
    params.push_back(keys);
    params.push_back(gatherOrNull(left_entries.child(1), left_index));
    params.push_back(gatherOrNull(right_entries.child(1), right_index));
    Vector values = run(0, parents, std::move(params));
    Vector pairs(expr.type.childType(), capacityOf(parents.size()));
    pairs.child(0) = std::move(keys);
    pairs.child(1) = flatVector(std::move(values), parents.size());
    Vector result = newResult();
    result.child(0) = std::move(pairs);
    setPairedEntries(left, right, rows, counts, result);
    return result;
  }

  Vector mapFunction() {
    Vector map = input(0);
    ElementRows elements = collectElements(map, rows);
    const Vector& entries = map.child(0);
    std::vector<Vector> params;
    params.push_back(gatherVector(entries.child(0), elements.elements));
    params.push_back(gatherVector(entries.child(1), elements.elements));
    Vector keys = params[0];
    Vector values = params[1];
    Vector computed = run(0, elements.parents, std::move(params));
    Vector result = newResult();
    idx_t count = elements.parents.size();
    if (call.function == HigherOrderFunction::kMapFilter) {
      std::vector<uint32_t> kept;
      std::vector<uint32_t> counts;
      size_t element = 0;
      forEachRow(rows, [&](idx_t row) {
        uint32_t kept_here = 0;
        uint32_t length = map.isNull(row) ? 0 : map.at<ListEntry>(row).length;
        for (uint32_t k = 0; k < length; ++k, ++element) {
          if (isTrue(computed, element)) {
            kept.push_back(elements.elements[element]);
            ++kept_here;
          }
        }
        counts.push_back(kept_here);
      });
      result.child(0) = gatherVector(entries, kept);
      setEntries(map, rows, counts, result);
      return result;
    }
    Vector pairs(expr.type.childType(), capacityOf(count));
    if (call.function == HigherOrderFunction::kTransformKeys) {
      Vector new_keys = flatVector(std::move(computed), count);
      // Keys are checked per map as Spark's ArrayBasedMapBuilder does.
      size_t element = 0;
      forEachRow(rows, [&](idx_t row) {
        uint32_t length = map.isNull(row) ? 0 : map.at<ListEntry>(row).length;
        std::set<Value, ElementLess> seen;
        for (uint32_t k = 0; k < length; ++k, ++element) {
          if (new_keys.isNull(element))
            raiseNullMapKey();
          Value key = new_keys.getValue(element);
          if (!seen.insert(key).second)
            raiseDuplicatedMapKey(key);
        }
      });
      pairs.child(0) = std::move(new_keys);
      pairs.child(1) = std::move(values);
    } else {
      pairs.child(0) = std::move(keys);
      pairs.child(1) = flatVector(std::move(computed), count);
    }
    result.child(0) = std::move(pairs);
    setEntries(map, rows, lengths(map, rows), result);
    return result;
  }
};

Vector LambdaEvaluation::evaluate(ExpressionEvaluator& evaluator, const BoundExpression& expr,
                                  const Batch& batch, const RowSet& rows) {
  LambdaCallRunner runner{evaluator, expr, *expr.lambda, batch, rows};
  switch (expr.lambda->function) {
    case HigherOrderFunction::kTransform:
      return runner.transform();
    case HigherOrderFunction::kFilter:
      return runner.filter();
    case HigherOrderFunction::kExists:
      return runner.quantifier(true);
    case HigherOrderFunction::kForall:
      return runner.quantifier(false);
    case HigherOrderFunction::kAggregate:
      return runner.aggregate();
    case HigherOrderFunction::kArraySort:
      return runner.sortWithComparator();
    case HigherOrderFunction::kZipWith:
      return runner.zipWith();
    case HigherOrderFunction::kMapFilter:
    case HigherOrderFunction::kTransformKeys:
    case HigherOrderFunction::kTransformValues:
      return runner.mapFunction();
    case HigherOrderFunction::kMapZipWith:
      return runner.mapZipWith();
  }
  SLUICE_UNREACHABLE("unknown higher-order function");
}

}  // namespace sluice

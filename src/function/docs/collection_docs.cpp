// src/function/docs/collection_docs.cpp
//
// What DESCRIBE FUNCTION shows of the array, map, higher-order and generator functions. Every
// example is run by test/unit/session/function_catalogue_test.cpp, which compares its rows with the
// lines shown.
#include "function/docs/doc_parts.hpp"

namespace sluice {

std::vector<NamedFunctionDoc> collectionFunctionDocs() {
  return {
      {{"array"},
       {"_FUNC_(expr1, expr2, ...) - Returns an array of the arguments, converted to their common "
        "type.",
        "> SELECT _FUNC_(1, 2.5, NULL);\n"
        " [1.0,2.5,null]"}},
      {{"map"},
       {"_FUNC_(key1, value1, key2, value2, ...) - Returns a map of the key-value pairs; keys must "
        "not be null, and a repeated key fails (by default).",
        "> SELECT _FUNC_('a', 1, 'b', 2);\n"
        " {\"a\":1,\"b\":2}"}},
      {{"size", "cardinality"},
       {"_FUNC_(expr) - Returns the number of elements of the array or map `expr`, or null when "
        "`expr` is null.",
        "> SELECT _FUNC_(array('x', 'y', 'z'));\n"
        " 3\n"
        "> SELECT _FUNC_(map(1, 'a'));\n"
        " 1"}},
      {{"array_size"},
       {"_FUNC_(array) - Returns the number of elements of `array`, or null when `array` is null.",
        "> SELECT _FUNC_(array(4, 5, 6, 7));\n"
        " 4"}},
      {{"array_contains"},
       {"_FUNC_(array, value) - Returns whether `array` holds `value`: null when it does not but "
        "holds a null.",
        "> SELECT _FUNC_(array(1, 2, 3), 2);\n"
        " true\n"
        "> SELECT _FUNC_(array(1, NULL), 5);\n"
        " NULL"}},
      {{"array_position"},
       {"_FUNC_(array, element) - Returns the 1-based position of the first occurrence of "
        "`element` in `array`, or 0 when it does not occur.",
        "> SELECT _FUNC_(array('b', 'a', 'b'), 'b');\n"
        " 1\n"
        "> SELECT _FUNC_(array('b', 'a'), 'c');\n"
        " 0"}},
      {{"element_at"},
       {"_FUNC_(array, index) - Returns the element at the 1-based `index` of `array` (from the "
        "end when negative); _FUNC_(map, key) returns the value of `key`. A missing key gives "
        "null, an index out of range fails with ANSI mode on.",
        "> SELECT _FUNC_(array('x', 'y', 'z'), -1);\n"
        " z\n"
        "> SELECT _FUNC_(map('k', 10), 'k');\n"
        " 10"}},
      {{"try_element_at"},
       {"_FUNC_(array, index) - Returns what element_at returns, but null instead of failing for "
        "an index out of range.",
        "> SELECT _FUNC_(array(1, 2), 5);\n"
        " NULL\n"
        "> SELECT _FUNC_(map('k', 10), 'k');\n"
        " 10"}},
      {{"get"},
       {"_FUNC_(array, index) - Returns the element at the 0-based `index` of `array`, or null "
        "when the index is out of range.",
        "> SELECT _FUNC_(array('x', 'y', 'z'), 0);\n"
        " x\n"
        "> SELECT _FUNC_(array('x', 'y', 'z'), 3);\n"
        " NULL"}},
      {{"array_append"},
       {"_FUNC_(array, element) - Returns `array` with `element` (even a null) added at the end; "
        "null when `array` is null.",
        "> SELECT _FUNC_(array(1, 2), 3);\n"
        " [1,2,3]\n"
        "> SELECT _FUNC_(array('a'), NULL);\n"
        " [\"a\",null]"}},
      {{"array_prepend"},
       {"_FUNC_(array, element) - Returns `array` with `element` (even a null) added at the start; "
        "null when `array` is null.",
        "> SELECT _FUNC_(array(2, 3), 1);\n"
        " [1,2,3]"}},
      {{"array_insert"},
       {"_FUNC_(array, pos, element) - Returns `array` with `element` put at the 1-based position "
        "`pos` (counted from the end when negative), padding with nulls when `pos` lies beyond the "
        "end.",
        "> SELECT _FUNC_(array('a', 'c'), 2, 'b');\n"
        " [\"a\",\"b\",\"c\"]\n"
        "> SELECT _FUNC_(array('a', 'b'), -1, 'z');\n"
        " [\"a\",\"b\",\"z\"]\n"
        "> SELECT _FUNC_(array(1), 3, 9);\n"
        " [1,null,9]"}},
      {{"array_remove"},
       {"_FUNC_(array, element) - Returns `array` without the elements equal to `element`.",
        "> SELECT _FUNC_(array(1, 2, 1, 3), 1);\n"
        " [2,3]"}},
      {{"array_compact"},
       {"_FUNC_(array) - Returns `array` without its null elements.",
        "> SELECT _FUNC_(array('a', NULL, 'b', NULL));\n"
        " [\"a\",\"b\"]"}},
      {{"array_distinct"},
       {"_FUNC_(array) - Returns `array` without repeated elements, each kept where it first "
        "occurs.",
        "> SELECT _FUNC_(array(3, 1, 3, 2, 1));\n"
        " [3,1,2]"}},
      {{"array_union"},
       {"_FUNC_(array1, array2) - Returns the distinct elements of `array1` followed by those of "
        "`array2` it lacks.",
        "> SELECT _FUNC_(array(1, 2, 2), array(3, 1));\n"
        " [1,2,3]"}},
      {{"array_intersect"},
       {"_FUNC_(array1, array2) - Returns the distinct elements of `array1` that `array2` also "
        "holds, in the order of `array1`.",
        "> SELECT _FUNC_(array(4, 1, 3, 1), array(1, 4, 5));\n"
        " [4,1]"}},
      {{"array_except"},
       {"_FUNC_(array1, array2) - Returns the distinct elements of `array1` that `array2` does not "
        "hold, in the order of `array1`.",
        "> SELECT _FUNC_(array(4, 1, 3, 1), array(1, 5));\n"
        " [4,3]"}},
      {{"arrays_overlap"},
       {"_FUNC_(a1, a2) - Returns true when the two arrays share a non-null element; otherwise "
        "null when either holds a null (and both are non-empty), else false.",
        "> SELECT _FUNC_(array(1, 2), array(2, 3));\n"
        " true\n"
        "> SELECT _FUNC_(array(1, 2), array(3, NULL));\n"
        " NULL\n"
        "> SELECT _FUNC_(array(1, 2), array(3));\n"
        " false"}},
      {{"array_join"},
       {"_FUNC_(array, delimiter [, nullReplacement]) - Returns the elements of the string array "
        "joined with `delimiter`, skipping nulls unless `nullReplacement` is given.",
        "> SELECT _FUNC_(array('a', NULL, 'c'), '-');\n"
        " a-c\n"
        "> SELECT _FUNC_(array('a', NULL, 'c'), '-', '?');\n"
        " a-?-c"}},
      {{"array_max"},
       {"_FUNC_(array) - Returns the largest non-null element of `array`.",
        "> SELECT _FUNC_(array(3, NULL, 8, 1));\n"
        " 8"}},
      {{"array_min"},
       {"_FUNC_(array) - Returns the smallest non-null element of `array`.",
        "> SELECT _FUNC_(array(3, NULL, 8, 1));\n"
        " 1"}},
      {{"array_repeat"},
       {"_FUNC_(element, count) - Returns an array holding `element` `count` times.",
        "> SELECT _FUNC_('ab', 3);\n"
        " [\"ab\",\"ab\",\"ab\"]"}},
      {{"array_sort"},
       {"_FUNC_(array [, func]) - Returns `array` sorted in ascending order with nulls last or, "
        "with `func`, by the comparator `func(left, right)` that returns a negative number, 0 or a "
        "positive number.",
        "> SELECT _FUNC_(array(3, NULL, 1, 2));\n"
        " [1,2,3,null]\n"
        "> SELECT _FUNC_(array('bb', 'a', 'ccc'), (l, r) -> length(r) - length(l));\n"
        " [\"ccc\",\"bb\",\"a\"]"}},
      {{"sort_array"},
       {"_FUNC_(array [, ascending]) - Returns `array` sorted ascending (nulls first) or, when "
        "`ascending` is false, descending (nulls last).",
        "> SELECT _FUNC_(array(3, NULL, 1, 2));\n"
        " [null,1,2,3]\n"
        "> SELECT _FUNC_(array(3, NULL, 1, 2), false);\n"
        " [3,2,1,null]"}},
      {{"slice"},
       {"_FUNC_(array, start, length) - Returns the `length` elements of `array` from the 1-based "
        "position `start` (counted from the end when negative).",
        "> SELECT _FUNC_(array(1, 2, 3, 4, 5), 2, 3);\n"
        " [2,3,4]\n"
        "> SELECT _FUNC_(array(1, 2, 3, 4, 5), -2, 2);\n"
        " [4,5]"}},
      {{"flatten"},
       {"_FUNC_(arrayOfArrays) - Returns the elements of the inner arrays in one array; null when "
        "one of them is null.",
        "> SELECT _FUNC_(array(array(1, 2), array(3)));\n"
        " [1,2,3]"}},
      {{"sequence"},
       {"_FUNC_(start, stop [, step]) - Returns the array of the numbers, dates or timestamps from "
        "`start` to `stop`, both included, `step` apart (1, or a day for dates, by default).",
        "> SELECT _FUNC_(1, 9, 3);\n"
        " [1,4,7]\n"
        "> SELECT _FUNC_(5, 2);\n"
        " [5,4,3,2]\n"
        "> SELECT _FUNC_(DATE'2024-01-30', DATE'2024-02-01');\n"
        " [2024-01-30,2024-01-31,2024-02-01]"}},
      {{"arrays_zip"},
       {"_FUNC_(a1, a2, ...) - Returns an array of structs whose N-th struct holds the N-th "
        "elements of the arrays, null where an array is shorter.",
        "> SELECT _FUNC_(array(1, 2), array('a'));\n"
        " [{\"0\":1,\"1\":\"a\"},{\"0\":2,\"1\":null}]"}},
      {{"zip_with"},
       {"_FUNC_(left, right, func) - Returns the array of `func(x, y)` for the elements paired by "
        "position, the shorter array padded with nulls.",
        "> SELECT _FUNC_(array(1, 2, 3), array(10, 20, 30), (x, y) -> x + y);\n"
        " [11,22,33]\n"
        "> SELECT _FUNC_(array('a', 'b'), array('x'), (x, y) -> concat(x, y));\n"
        " [\"ax\",null]"}},
      {{"transform"},
       {"_FUNC_(array, func) - Returns the array of `func(x)`, or of `func(x, i)` with the 0-based "
        "index `i`, for each element `x`.",
        "> SELECT _FUNC_(array(1, 2, 3), x -> x * x);\n"
        " [1,4,9]\n"
        "> SELECT _FUNC_(array('a', 'b'), (x, i) -> concat(x, i));\n"
        " [\"a0\",\"b1\"]"}},
      {{"filter"},
       {"_FUNC_(array, func) - Returns the elements `x` of `array` for which `func(x)` (or "
        "`func(x, i)` with the 0-based index `i`) is true.",
        "> SELECT _FUNC_(array(5, 12, 7, 20), x -> x > 6);\n"
        " [12,7,20]\n"
        "> SELECT _FUNC_(array('a', 'b', 'c'), (x, i) -> i != 1);\n"
        " [\"a\",\"c\"]"}},
      {{"exists"},
       {"_FUNC_(array, func) - Returns true when `func` is true for some element, null when it is "
        "not but is null for one, and false otherwise.",
        "> SELECT _FUNC_(array(1, 5, 9), x -> x > 8);\n"
        " true\n"
        "> SELECT _FUNC_(array(1, NULL), x -> x > 8);\n"
        " NULL"}},
      {{"forall"},
       {"_FUNC_(array, func) - Returns true when `func` is true for every element, false when it "
        "is false for one, and null otherwise.",
        "> SELECT _FUNC_(array(2, 4, 6), x -> x % 2 = 0);\n"
        " true\n"
        "> SELECT _FUNC_(array(2, NULL), x -> x > 1);\n"
        " NULL"}},
      {{"aggregate", "reduce"},
       {"_FUNC_(array, start, merge [, finish]) - Returns the state folded from `start` by "
        "`merge(state, x)` over the elements in order, passed through `finish(state)` when given.",
        "> SELECT _FUNC_(array(1, 2, 3, 4), 0, (acc, x) -> acc + x);\n"
        " 10\n"
        "> SELECT _FUNC_(array(2, 4), 1, (acc, x) -> acc * x, acc -> acc * 10);\n"
        " 80"}},
      {{"map_keys"},
       {"_FUNC_(map) - Returns the keys of `map` as an array, in the map's order.",
        "> SELECT _FUNC_(map('a', 1, 'b', 2));\n"
        " [\"a\",\"b\"]"}},
      {{"map_values"},
       {"_FUNC_(map) - Returns the values of `map` as an array, in the map's order.",
        "> SELECT _FUNC_(map('a', 1, 'b', 2));\n"
        " [1,2]"}},
      {{"map_entries"},
       {"_FUNC_(map) - Returns the entries of `map` as an array of structs of `key` and `value`.",
        "> SELECT _FUNC_(map('a', 1, 'b', 2));\n"
        " [{\"key\":\"a\",\"value\":1},{\"key\":\"b\",\"value\":2}]"}},
      {{"map_from_arrays"},
       {"_FUNC_(keys, values) - Returns the map that pairs the elements of `keys` with those of "
        "`values` by position.",
        "> SELECT _FUNC_(array('x', 'y'), array(1, 2));\n"
        " {\"x\":1,\"y\":2}"}},
      {{"map_from_entries"},
       {"_FUNC_(entries) - Returns the map built from an array of two-field structs, the first "
        "field the key.",
        "> SELECT _FUNC_(array(struct('x', 1), struct('y', 2)));\n"
        " {\"x\":1,\"y\":2}"}},
      {{"map_concat"},
       {"_FUNC_(map1, map2, ...) - Returns the union of the maps; a key in several of them fails "
        "(by default).",
        "> SELECT _FUNC_(map(1, 'a'), map(2, 'b', 3, 'c'));\n"
        " {1:\"a\",2:\"b\",3:\"c\"}"}},
      {{"map_contains_key"},
       {"_FUNC_(map, key) - Returns whether `map` has the key `key`.",
        "> SELECT _FUNC_(map('a', 1), 'a');\n"
        " true\n"
        "> SELECT _FUNC_(map('a', 1), 'z');\n"
        " false"}},
      {{"map_filter"},
       {"_FUNC_(map, func) - Returns the entries of `map` for which `func(key, value)` is true.",
        "> SELECT _FUNC_(map('a', 1, 'b', 5, 'c', 9), (k, v) -> v > 2);\n"
        " {\"b\":5,\"c\":9}"}},
      {{"transform_keys"},
       {"_FUNC_(map, func) - Returns `map` with each key replaced by `func(key, value)`; the new "
        "keys must not repeat or be null.",
        "> SELECT _FUNC_(map('a', 1, 'b', 2), (k, v) -> upper(k));\n"
        " {\"A\":1,\"B\":2}"}},
      {{"transform_values"},
       {"_FUNC_(map, func) - Returns `map` with each value replaced by `func(key, value)`.",
        "> SELECT _FUNC_(map('a', 1, 'b', 2), (k, v) -> v * 100);\n"
        " {\"a\":100,\"b\":200}"}},
      {{"map_zip_with"},
       {"_FUNC_(map1, map2, func) - Returns the map of every key of either map to "
        "`func(key, value1, value2)`, the value a map lacks passed as null; keys come in the order "
        "of `map1`, then those only `map2` has. The key types are widened to a common type.",
        "> SELECT _FUNC_(map(1, 'a', 2, 'b'), map(1, 'x', 2, 'y'), (k, v1, v2) -> concat(v1, "
        "v2));\n"
        " {1:\"ax\",2:\"by\"}\n"
        "> SELECT _FUNC_(map('a', 1, 'b', 2), map('b', 3, 'c', 4), (k, v1, v2) -> coalesce(v1, 0) "
        "+ coalesce(v2, 0));\n"
        " {\"a\":1,\"b\":5,\"c\":4}"}},
      {{"str_to_map"},
       {"_FUNC_(text [, pairDelim [, keyValueDelim]]) - Returns the map read from `text`, split "
        "into pairs at `pairDelim` (',' by default) and each pair into key and value at "
        "`keyValueDelim` (':' by default); both delimiters are regular expressions.",
        "> SELECT _FUNC_('a:1,b:2');\n"
        " {\"a\":\"1\",\"b\":\"2\"}\n"
        "> SELECT _FUNC_('k=v;x', ';', '=');\n"
        " {\"k\":\"v\",\"x\":null}"}},
      {{"explode"},
       {"_FUNC_(expr) - Returns a row for each element of the array `expr` (column `col`), or for "
        "each entry of the map `expr` (columns `key` and `value`); no row for a null or empty one.",
        "> SELECT _FUNC_(array(10, 20));\n"
        " 10\n"
        " 20\n"
        "> SELECT _FUNC_(map('a', 1, 'b', 2));\n"
        " a	1\n"
        " b	2"}},
      {{"explode_outer"},
       {"_FUNC_(expr) - Returns what explode returns, but a row of nulls for a null or empty array "
        "or map.",
        "> SELECT _FUNC_(array(10, 20));\n"
        " 10\n"
        " 20\n"
        "> SELECT _FUNC_(CAST(array() AS ARRAY<INT>));\n"
        " NULL"}},
      {{"posexplode"},
       {"_FUNC_(expr) - Returns a row for each element of the array `expr`, with its 0-based "
        "position (`pos`) before it (`col`); for a map, `pos`, `key` and `value`.",
        "> SELECT _FUNC_(array('x', 'y'));\n"
        " 0	x\n"
        " 1	y"}},
      {{"posexplode_outer"},
       {"_FUNC_(expr) - Returns what posexplode returns, but a row of nulls for a null or empty "
        "array or map.",
        "> SELECT _FUNC_(array('x', 'y'));\n"
        " 0	x\n"
        " 1	y\n"
        "> SELECT _FUNC_(CAST(NULL AS ARRAY<STRING>));\n"
        " NULL	NULL"}},
      {{"inline"},
       {"_FUNC_(expr) - Returns a row for each struct of the array `expr`, with a column for each "
        "of its fields.",
        "> SELECT _FUNC_(array(struct(1, 'one'), struct(2, 'two')));\n"
        " 1	one\n"
        " 2	two"}},
      {{"inline_outer"},
       {"_FUNC_(expr) - Returns what inline returns, but a row of nulls for a null or empty array.",
        "> SELECT _FUNC_(array(struct(1, 'one')));\n"
        " 1	one"}},
      {{"stack"},
       {"_FUNC_(n, expr1, ..., exprk) - Returns `n` rows made of the arguments after `n` taken in "
        "order, k / n columns a row, filled with nulls at the end.",
        "> SELECT _FUNC_(2, 'a', 1, 'b', 2);\n"
        " a	1\n"
        " b	2\n"
        "> SELECT _FUNC_(2, 1, 2, 3);\n"
        " 1	2\n"
        " 3	NULL"}},
  };
}

}  // namespace sluice

SELECT a, b, sum(c) FROM t GROUP BY GROUPING SETS ((a, b), (a), ()); SELECT a, b FROM t GROUP BY ROLLUP (a, b); SELECT a FROM t GROUP BY CUBE (a, b) SORT BY a

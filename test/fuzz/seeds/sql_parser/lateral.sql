SELECT id, x, p, v FROM t LATERAL VIEW OUTER explode(arr) e AS x LATERAL VIEW posexplode(arr2) AS p, v CROSS JOIN u NATURAL JOIN w LEFT SEMI JOIN s ON t.id = s.id LEFT ANTI JOIN z ON true

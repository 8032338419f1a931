-- a line comment
SELECT /* a /* nested */ block */ 1 AS `weird ``name```, * EXCEPT (a, b), t.* FROM t;

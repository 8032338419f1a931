CREATE MATERIALIZED VIEW people AS
SELECT * FROM VALUES (1, 'ada', 'eng'), (2, 'bob', 'ops'), (3, 'cy', 'eng'), (4, NULL, 'ops')
  AS t(id, name, team);

CREATE MATERIALIZED VIEW teams AS
SELECT * FROM VALUES ('eng', 'Engineering'), ('ops', 'Operations') AS t(team, title);

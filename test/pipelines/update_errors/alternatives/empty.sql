-- Only a temporary view: nothing is published.
CREATE TEMPORARY VIEW alone AS SELECT 1 AS one;

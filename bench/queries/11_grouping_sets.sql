-- large
-- GROUP BY GROUPING SETS: revenue per store and status, per store, per status and in
-- total, with grouping() telling subtotals from the NULLs of the data.
SELECT store_id, status, grouping(store_id) AS all_stores, grouping(status) AS all_statuses,
  count(*) AS n, sum(quantity) AS units, sum(price * quantity) AS revenue
FROM {sales}
GROUP BY GROUPING SETS ((store_id, status), (store_id), (status), ())
ORDER BY all_stores, all_statuses, store_id, status

CREATE MATERIALIZED VIEW gold_daily
AS SELECT CAST(ts AS DATE) AS day, country, event_type,
          sum(amount) AS revenue, count(*) AS n_events, count(DISTINCT user_id) AS n_users
FROM silver
GROUP BY CAST(ts AS DATE), country, event_type;

CREATE MATERIALIZED VIEW gold_tier_monthly
AS SELECT u.tier, CAST(date_trunc('MONTH', s.ts) AS DATE) AS month,
          sum(s.amount) AS revenue, count(*) AS n_events, count(DISTINCT s.user_id) AS n_users
FROM silver s JOIN users u USING (user_id)
GROUP BY u.tier, CAST(date_trunc('MONTH', s.ts) AS DATE);

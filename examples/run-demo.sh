#!/usr/bin/env bash
# The demo of `make demo`: a first query, then the medallion pipeline of examples/medallion run
# twice in a scratch copy. The second update reads only the file added between the two, and
# the event log gives each expectation's figures.
set -euo pipefail
sluice=$(cd "$(dirname "${1:-build/release/sluice}")" && pwd)/$(basename "${1:-build/release/sluice}")
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "sluice query -f examples/first-query/query.sql"
"$sluice" query --storage "$scratch/first-query" -f "$here/first-query/query.sql"

step "The medallion pipeline (examples/medallion): sluice dry-run, then sluice run"
cp -r "$here/medallion" "$scratch/medallion"
cd "$scratch/medallion"
"$sluice" dry-run | tail -n 3
"$sluice" run

step "A new file arrives: data/events/part-00100.jsonl; sluice run reads only it"
cp increment/part-00100.jsonl data/events/
"$sluice" run

step "Rows each update's flows read (event_log('medallion'))"
"$sluice" query "
  SELECT origin.flow_name AS flow,
         collect_list(CAST(details:flow_progress:metrics:num_output_rows AS BIGINT)) AS rows_by_update
  FROM (SELECT * FROM event_log('medallion')
        WHERE event_type = 'flow_progress' AND details:flow_progress:status = 'COMPLETED'
        ORDER BY sequence.control_plane_seq_no)
  WHERE origin.flow_name LIKE '%bronze%' OR origin.flow_name LIKE '%silver%'
  GROUP BY origin.flow_name
  ORDER BY flow"

step "Data quality of silver, from the event log"
"$sluice" query "
  SELECT row_expectations.dataset AS dataset, row_expectations.name AS expectation,
         SUM(row_expectations.passed_records) AS passing_records,
         SUM(row_expectations.failed_records) AS failing_records
  FROM (SELECT explode(from_json(details:flow_progress:data_quality:expectations,
          'array<struct<name: string, dataset: string, passed_records: int, failed_records: int>>'))
          AS row_expectations
        FROM event_log('medallion') WHERE event_type = 'flow_progress')
  GROUP BY row_expectations.dataset, row_expectations.name
  ORDER BY dataset, expectation"

step "Gold: revenue by tier and month"
"$sluice" query "SELECT tier, month, round(revenue, 2) AS revenue, n_events, n_users FROM gold_tier_monthly ORDER BY month, tier LIMIT 8"

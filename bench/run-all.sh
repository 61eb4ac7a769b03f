#!/usr/bin/env bash
# Runs every benchmark and repeats the BENCH lines at the end. Node benchmarks are bench/*.bench.ts (tsx);
# other kinds (the browser main-thread benchmark, Lighthouse) add a runner below and their files to the loop.
set -euo pipefail
cd "$(dirname "$0")/.."

summary=()
run() {
  echo "== $*"
  local output
  output="$("$@" 2>&1 | grep -v '^npm warn')"
  printf '%s\n' "$output"
  summary+=("$(grep '^BENCH ' <<<"$output")")
}

for file in bench/*.bench.ts; do
  run npx --no-install tsx "$file"
done
# Order creation through the HTTP stack, 1 and 3 instances on a throwaway PostgreSQL with its default durability
# (several instances on one database), and what each screen's polls and /xq's live stream cost per member (docs/scaling.md's members per core).
PG_DURABLE=1 PG_STATEMENTS=1 run bash scripts/with-postgres.sh npx --no-install tsx bench/order-http.ts
PG_STATEMENTS=1 run bash scripts/with-postgres.sh npx --no-install tsx bench/capacity.ts
# A crowd on /xq: 2,000 live streams on one instance for a minute, then with /xq's other polls; about 4 min.
run bash scripts/with-postgres.sh npx --no-install tsx bench/live-watchers.ts
# The browser main-thread benchmark (Chromium at 4x CPU, ours beside the naive baseline): about 20 min at 5 runs.
run npx --no-install tsx bench/main-thread/run.ts
# INP at 4x CPU: 20 taps on /xq, /orderrecord and /hq during live updates, beside a do-nothing floor; about 5 min.
run npx --no-install tsx bench/inp.ts
# React's commits and component renders in the first 3 s of a cold /, /hq, /xq and /orderrecord, counted, beside an
# older build; about 4 min.
run npx --no-install tsx bench/react-commits.ts
# Cold start on a cheap phone: Lighthouse mobile profile on /, /hq, /xq?id=12, /orderrecord, logged in, beside the
# build of an older commit in the same run (taking turns); about 15 min.
run npx --no-install tsx bench/lighthouse.ts
# The same on the slower machine the targets name (benchmarkIndex 1,600 at 4x), modelled run by run; about 15 min.
LIGHTHOUSE_MODEL_INDEX=1600 run npx --no-install tsx bench/lighthouse.ts
# An API request from a controlled page whose service worker has stopped, beside the build before the static route
# that sends /api past the worker; about 1 min.
run npx --no-install tsx bench/sw-api-hop.ts
# The chart's build and first frames at 4x CPU: a reset's newest bars first, beside every bar at once; about 3 min.
run npx --no-install tsx bench/chart-first-draw.ts
# The first view /xq draws until the member reaches for the chart, beside the library's chart; about 3 min.
CHART_COMPARE=view run npx --no-install tsx bench/chart-first-draw.ts
# The order ticket's late load on a cold /xq at 4x CPU: its longest script run in a frame, beside the build that
# loaded zod, the contract's schemas and the ticket in one task; about 3 min.
run npx --no-install tsx bench/ticket-load.ts
# Data plan: KB and requests per minute per screen, headers included, and a hidden tab, beside the app before the
# data-saving work (built from its commit) on both protocols; about 30 min.
run npx --no-install tsx bench/data-plan.ts
# Tick to screen: each trade's time to its price painted on /xq at 1x and 4x CPU, live stream against the 2 s poll; about 5 min.
run npx --no-install tsx bench/tick-to-screen.ts
# What I see is what I trade: 20 orders through the sheet per mode, open price against the price on screen; about 3 min.
run npx --no-install tsx bench/seen-price.ts
# Repeat visit: /hq's last known prices, marked not live, with product/list held; 4x CPU, Slow 4G; about 3 min.
run npx --no-install tsx bench/repeat-visit.ts

echo
echo "== summary (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%s\n' "${summary[@]}"

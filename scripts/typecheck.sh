#!/usr/bin/env bash
# One tsc per runtime (dom, webworker, node, e2e, the naive bench page), two at a time: each is single-threaded,
# and the machine has two cores. Fails if any fails, printing each one's errors.
set -uo pipefail
cd "$(dirname "$0")/.."
printf '%s\n' tsconfig.app.json tsconfig.worker.json tsconfig.node.json tsconfig.e2e.json bench/naive/tsconfig.json |
  xargs -P 2 -I{} sh -c 'out=$(npx --no-install tsc -p "{}" 2>&1) || { printf "tsc -p %s failed:\n%s\n" "{}" "$out"; exit 1; }'

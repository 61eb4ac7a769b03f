#!/usr/bin/env bash
# Type checks every runtime with project references (`tsc -b`): shared+contract and streams (no DOM, no Node),
# worker (webworker), app (dom), node, e2e and the naive bench page. Incremental: the build info lives in
# node_modules/.cache/tsc, so an unchanged project costs nothing on the next run.
set -euo pipefail
cd "$(dirname "$0")/.."
exec npx --no-install tsc -b "$@"

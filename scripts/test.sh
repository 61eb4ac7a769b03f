#!/usr/bin/env bash
# `npm test`: everything a fresh clone on a fresh Debian 12 machine with Node 20 needs, in order, failing fast.
# Sections: install (npm ci, Chromium, PostgreSQL, nginx when missing), typecheck, lint, unit (node), browser, build, size,
# e2e (Playwright in Debian's Chromium against the real server), and the server tests again on a real
# PostgreSQL. Each section's output is also kept in $LOG_DIR for the summary.
# `npm test -- e2e postgres` runs only the named sections (after install), e.g. to repeat one that failed.
set -euo pipefail
cd "$(dirname "$0")/.."

LOG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/candlewick-test.XXXXXX")
summary=()
started_all=$SECONDS
current=''

finish() {
  local code=$?
  echo
  echo "==> Summary"
  for line in "${summary[@]}"; do echo "  $line"; done
  if [[ $code -ne 0 && -n "$current" ]]; then
    echo "  FAILED in section: $current (exit $code); its output is above and in $LOG_DIR/$current.log"
    # CI keeps only the tail of the output: the first error lines of the failed section, so the cause is in it (and
    # a failed update journey's last steps, its "Journal:" line).
    if [[ -f "$LOG_DIR/$current.log" ]]; then
      echo "  first errors:"
      grep -m 10 -E '^\s*(Error|[A-Za-z]*Error|Journal):|✘|FAIL ' "$LOG_DIR/$current.log" | cut -c 1-900 | sed 's/^/    /' || true
    fi
  else
    rm -rf "$LOG_DIR"
  fi
  echo "  total $((SECONDS - started_all)) s"
  exit "$code"
}
trap finish EXIT

wanted=("$@")
for w in "${wanted[@]}"; do
  case $w in typecheck | lint | unit | browser | build | size | e2e | postgres) ;; *) echo "unknown section: $w" >&2; exit 2 ;; esac
done
# Runs one named section, teeing its output, and records "name  N s  <counts>" for the summary.
# `section NAME [--limit SECONDS] COMMAND...`: a limited section that hangs is stopped (with its children) and fails
# with a message naming it, instead of running into CI's own limit with no word of where it stuck.
section() {
  local name=$1 limit=''
  shift
  if [[ ${1:-} == --limit ]]; then
    limit=$2
    shift 2
  fi
  if [[ $name != install && ${#wanted[@]} -gt 0 && " ${wanted[*]} " != *" $name "* ]]; then return; fi
  current=$name
  echo
  echo "==> [$name] $*"
  local t0=$SECONDS
  if [[ -n $limit ]]; then
    local code=0
    timeout --kill-after=20 "$limit" "$@" 2>&1 | tee "$LOG_DIR/$name.log" || code=$?
    if [[ $code -eq 124 || $code -eq 137 ]]; then
      echo "Section $name did not finish within its limit of $limit s (it usually takes a fraction of that); stopped." >&2
    fi
    [[ $code -eq 0 ]] || exit "$code"
  else
    "$@" 2>&1 | tee "$LOG_DIR/$name.log"
  fi
  summary+=("$(printf '%-10s %4d s  %s' "$name" $((SECONDS - t0)) "$(counts "$LOG_DIR/$name.log")")")
  current=''
}

# Pulls the test counts out of vitest's and Playwright's closing lines (colour codes stripped).
counts() {
  sed 's/\x1b\[[0-9;]*m//g' "$1" | grep -E '^ +(Test Files|Tests) +[0-9]|^ +[0-9]+ (passed|failed|flaky|skipped)' |
    sed -E 's/ +\(.*\)$//; s/^ +//; s/ +/ /g' | paste -sd ';' - | sed 's/;/; /g' || true
}

as_root() { if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

apt_updated=0
apt_install() {
  [[ $apt_updated -eq 1 ]] || { as_root apt-get update; apt_updated=1; }
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "$@"
}

install_missing() {
  echo "node $(node -v), npm $(npm -v 2>/dev/null)"
  if [[ ! -d node_modules ]]; then
    npm ci
  else
    echo "node_modules present"
  fi
  if [[ ! -x /usr/bin/chromium ]]; then
    apt_install chromium
  else
    echo "/usr/bin/chromium present"
  fi
  # Chromium's own headless build, from the same Debian source and version: most e2e journeys run in it (a third
  # of the full browser's CPU), the real-time ones in the full browser.
  if [[ ! -x /usr/bin/chromium-headless-shell ]]; then
    apt_install chromium-headless-shell
  else
    echo "/usr/bin/chromium-headless-shell present"
  fi
  if ! compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null; then
    apt_install postgresql
  else
    echo "PostgreSQL server binaries present: $(ls -d /usr/lib/postgresql/*/bin/postgres | tr '\n' ' ')"
  fi
  # The real-time e2e test moves Chromium's whole clock (pages and workers) with libfaketime.
  if ! compgen -G '/usr/lib/*/faketime/libfaketime.so.1' >/dev/null; then
    apt_install faketime
  else
    echo "libfaketime present"
  fi
  # The HTTPS + HTTP/2 test makes a throwaway certificate with openssl.
  if ! command -v openssl >/dev/null; then
    apt_install openssl
  else
    echo "openssl present"
  fi
  # The postgres section runs three instances behind the shipped nginx config (deploy/nginx/), which serves the
  # build's .br files with Debian's brotli_static module.
  if [[ ! -x /usr/sbin/nginx ]]; then
    apt_install nginx
  else
    echo "nginx present"
  fi
  if [[ ! -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ]]; then
    apt_install libnginx-mod-http-brotli-static
  else
    echo "nginx brotli_static module present"
  fi
  # A Chinese face, so the zn screens are laid out and checked with real glyphs (full-width, wider than the boxes a
  # machine without one draws); a member's phone always has one.
  if [[ -z $(fc-list :lang=zh family 2>/dev/null) ]]; then
    apt_install fonts-wqy-microhei
  else
    echo "a Chinese font present: $(fc-list :lang=zh family | head -1)"
  fi
}

# The server's own test suite, on a throwaway PostgreSQL server instead of PGlite (the scale tests among it start
# real instances, and one puts them behind nginx with the build from the build section).
postgres_tests() {
  WITH_POSTGRES_REPORT="$LOG_DIR/postgres.txt" timeout --kill-after=20 600 bash scripts/with-postgres.sh npx vitest run --project node server/
}

section install install_missing
# What this run ran with, printed beside the timings: a failure on another machine starts with these.
chromium_version=$(/usr/bin/chromium --version 2>/dev/null | sed -E 's/^Chromium ([0-9.]+).*/\1/' || true)
pg_version=$("$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)/postgres" --version 2>/dev/null | sed -E 's/.* ([0-9][0-9.]*).*/\1/' || true)
versions="Node $(node -v | tr -d v) · Chromium ${chromium_version:-missing} · PostgreSQL ${pg_version:-missing}"
echo "$versions"
summary+=("$(printf '%-10s %s' versions "$versions")")
# Limits: several times each section's time on a slow CI machine, and together under CI's own 5400 s.
section typecheck --limit 300 npm run --silent typecheck
section lint --limit 300 npm run --silent lint
section unit --limit 600 npx vitest run --project node
section browser --limit 600 npx vitest run --project browser
section build --limit 300 npx vite build
# What `/` loads at once (JS + CSS, brotli) against the 110 KB budget, and the chart library only on the
# chart screen.
section size --limit 120 npx tsx scripts/size-budget.ts
section e2e --limit 1500 npx playwright test
section postgres postgres_tests
[[ -f "$LOG_DIR/postgres.txt" ]] && summary+=("postgres   ran on $(cat "$LOG_DIR/postgres.txt")")
echo
if [[ ${#wanted[@]} -gt 0 ]]; then echo "Sections passed: install ${wanted[*]}."; else echo "All sections passed."; fi

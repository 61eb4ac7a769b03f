#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server from Debian's packages:
#   bash scripts/with-postgres.sh <command...>
# The server lives in a temp dir, listens on 127.0.0.1 on a free port (its unix socket stays in the temp dir,
# so it never clashes with a system cluster), and is stopped and deleted on exit, also on failure or Ctrl-C.
# The command sees DATABASE_URL=postgres://postgres@127.0.0.1:PORT/postgres (trust auth on loopback only).
set -euo pipefail

bin_dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [[ -z "$bin_dir" || ! -x "$bin_dir/postgres" ]]; then
  echo "with-postgres: no PostgreSQL server binaries under /usr/lib/postgresql/*/bin (apt-get install postgresql)" >&2
  exit 1
fi

# PostgreSQL refuses to run as root, so as root it runs as the `postgres` user the Debian package creates.
as_pg=()
if [[ $(id -u) -eq 0 ]]; then
  if command -v runuser >/dev/null; then as_pg=(runuser -u postgres --); else as_pg=(su postgres -s /bin/sh -c); fi
fi
run_pg() {
  if [[ ${#as_pg[@]} -eq 0 ]]; then "$@"
  elif [[ ${as_pg[0]} == su ]]; then "${as_pg[@]}" "$(printf '%q ' "$@")"
  else "${as_pg[@]}" "$@"
  fi
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/candlewick-pg.XXXXXX")
[[ $(id -u) -eq 0 ]] && chown postgres: "$tmp"
mkdir_pg() { run_pg mkdir -p "$@"; }
mkdir_pg "$tmp/data" "$tmp/socket"

started=0
cleanup() {
  local code=$?
  if [[ $started -eq 1 ]]; then
    run_pg "$bin_dir/pg_ctl" -D "$tmp/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$tmp"
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

run_pg "$bin_dir/initdb" -D "$tmp/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync >"$tmp/initdb.log" 2>&1 ||
  { cat "$tmp/initdb.log" >&2; exit 1; }

# Durability is pointless for a throwaway test server; turning it off saves the shared cores a lot of fsync.
# PG_DURABLE=1 keeps PostgreSQL's defaults (fsync, synchronous commit), as a benchmark of a real setup needs;
# PG_STATEMENTS=1 loads pg_stat_statements, for counting the statements each request sends (not those triggers run).
opts="-c listen_addresses=127.0.0.1 -p $port -k $tmp/socket -c max_connections=200"
[[ "${PG_DURABLE:-}" == 1 ]] || opts="$opts -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
[[ "${PG_STATEMENTS:-}" == 1 ]] && opts="$opts -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=top"
started=1
run_pg "$bin_dir/pg_ctl" -D "$tmp/data" -l "$tmp/server.log" -o "$opts" -w -t 30 start >/dev/null ||
  { cat "$tmp/server.log" >&2; exit 1; }

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
# The same server over its Unix socket, for a client on this machine that wants to skip loopback TCP (benchmarks).
export DATABASE_SOCKET_DIR="$tmp/socket" DATABASE_PORT="$port"
version=$("$bin_dir/psql" "$DATABASE_URL" -Atc 'SHOW server_version')
echo "with-postgres: PostgreSQL $version on 127.0.0.1:$port (data in $tmp)"

set +e
"$@"
code=$?
set -e

# Evidence that the command really used this server: the databases the test harness created on it.
created=$("$bin_dir/psql" "$DATABASE_URL" -Atc "SELECT count(*) FROM pg_database WHERE datname LIKE 'cw_test_%'" 2>/dev/null || echo '?')
echo "with-postgres: $created test databases were created on PostgreSQL $version"
if [[ -n "${WITH_POSTGRES_REPORT:-}" ]]; then
  printf 'PostgreSQL %s, %s test databases\n' "$version" "$created" >"$WITH_POSTGRES_REPORT"
fi
exit "$code"

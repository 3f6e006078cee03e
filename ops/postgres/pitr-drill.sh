#!/usr/bin/env bash
# Point-in-time recovery drill (docs/postgres-pitr.md): on a scratch cluster of the installed
# PostgreSQL, the procedure a DBA runs for the laboratory's database, end to end:
#   1. a primary with WAL archiving (archive_mode, archive_command);
#   2. laboratory rows written, then a base backup (pg_basebackup);
#   3. more rows, the instant to recover to noted, then the accident (a table emptied and dropped);
#   4. the primary destroyed;
#   5. the base backup restored and the archived WAL replayed up to that instant;
#   6. the recovered rows compared with the ones read just before the accident.
# Prints each step and 'PITR drill: recovered N rows, digest equal' on success; exits non-zero on any
# difference. Usage: ops/postgres/pitr-drill.sh [work directory]  (PG_BIN, PITR_PORT to override).
set -euo pipefail

work="${1:-$(mktemp -d /tmp/pitr-drill.XXXXXX)}"
port="${PITR_PORT:-54329}"
if [ -z "${PG_BIN:-}" ]; then
  PG_BIN="$(pg_config --bindir 2>/dev/null || true)"
  [ -x "$PG_BIN/initdb" ] || PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
fi
[ -x "$PG_BIN/initdb" ] || { echo "PITR drill: no PostgreSQL server binaries (set PG_BIN)" >&2; exit 2; }

# PostgreSQL refuses to run as root: the drill's clusters belong to the postgres user then.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
sql() { as_owner "$PG_BIN/psql" -X -q -t -A -h "$work/run" -p "$port" -d "$1" -v ON_ERROR_STOP=1 -c "$2"; }
step() { echo "PITR drill: $*"; }

primary="$work/primary"
restored="$work/restored"
archive="$work/archive"
base="$work/base"
mkdir -p "$archive" "$work/run"
[ "$(id -u)" = 0 ] && chown -R postgres: "$work"

cleanup() {
  for data in "$primary" "$restored"; do
    [ -f "$data/postmaster.pid" ] && as_owner "$PG_BIN/pg_ctl" -D "$data" -m immediate stop >/dev/null 2>&1 || true
  done
  [ -z "${KEEP_PITR_WORK:-}" ] && rm -rf "$work"
}
trap cleanup EXIT

start() {
  local log="$work/$(basename "$1").log"
  if ! as_owner "$PG_BIN/pg_ctl" -D "$1" -l "$log" -w -t 120 \
    -o "-p $port -k $work/run -c listen_addresses=''" start >/dev/null; then
    echo "PITR drill: the server in $1 did not start; its log ends with:" >&2
    tail -n 20 "$log" >&2
    return 1
  fi
}

step "primary with WAL archiving in $primary"
as_owner "$PG_BIN/initdb" -D "$primary" -U postgres --auth=trust >/dev/null
cat >>"$primary/postgresql.conf" <<CONF
wal_level = replica
archive_mode = on
# Copied under a temporary name then renamed: a segment is in the archive whole or not at all.
archive_command = 'test ! -f $archive/%f && cp %p $archive/%f.part && mv $archive/%f.part $archive/%f'
archive_timeout = 60
CONF
start "$primary"
sql postgres "CREATE DATABASE laboratory"
sql laboratory "CREATE TABLE results (result_id serial PRIMARY KEY, record_number text NOT NULL, value numeric(18,6) NOT NULL, report bytea)"
sql laboratory "INSERT INTO results (record_number, value, report) SELECT '2611' || lpad(i::text, 6, '0'), i / 7.0, sha256(i::text::bytea) FROM generate_series(1, 500) i"

step "base backup in $base"
as_owner "$PG_BIN/pg_basebackup" -h "$work/run" -p "$port" -U postgres -D "$base" -c fast -X stream >/dev/null

sql laboratory "INSERT INTO results (record_number, value, report) SELECT '2612' || lpad(i::text, 6, '0'), i / 3.0, sha256(i::text::bytea) FROM generate_series(1, 250) i"
expected_rows="$(sql laboratory "SELECT count(*) FROM results")"
expected_digest="$(sql laboratory "SELECT md5(string_agg(result_id || ':' || record_number || ':' || value || ':' || encode(report, 'hex'), ',' ORDER BY result_id)) FROM results")"
# The instant to recover to: after the last good write, before the accident, on the server's clock.
sleep 1
target="$(sql laboratory "SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00'")"
sleep 1
step "the accident after $target: every row deleted, then the table dropped"
sql laboratory "DELETE FROM results"
sql laboratory "DROP TABLE results"
# The segment holding the accident is archived, and with it everything before the target.
segment="$(sql postgres "SELECT pg_walfile_name(pg_current_wal_lsn())")"
sql postgres "SELECT pg_switch_wal()" >/dev/null
for _ in $(seq 1 120); do
  [ "$(sql postgres "SELECT coalesce(last_archived_wal, '') FROM pg_stat_archiver")" \> "$segment" ] ||
    [ "$(sql postgres "SELECT coalesce(last_archived_wal, '') FROM pg_stat_archiver")" = "$segment" ] && break
  sleep 0.5
done
[ -f "$archive/$segment" ] || { echo "PITR drill: WAL segment $segment never archived" >&2; exit 1; }

step "primary destroyed"
as_owner "$PG_BIN/pg_ctl" -D "$primary" -m immediate stop >/dev/null
rm -rf "$primary"

step "base backup restored in $restored, WAL replayed to $target"
cp -a "$base" "$restored"
cat >>"$restored/postgresql.conf" <<CONF
restore_command = 'cp $archive/%f %p'
recovery_target_time = '$target'
recovery_target_action = 'promote'
CONF
as_owner touch "$restored/recovery.signal"
start "$restored"
for _ in $(seq 1 120); do
  [ "$(sql postgres "SELECT pg_is_in_recovery()")" = f ] && break
  sleep 0.5
done
[ "$(sql postgres "SELECT pg_is_in_recovery()")" = f ] || { echo "PITR drill: recovery did not end" >&2; exit 1; }

rows="$(sql laboratory "SELECT count(*) FROM results")"
digest="$(sql laboratory "SELECT md5(string_agg(result_id || ':' || record_number || ':' || value || ':' || encode(report, 'hex'), ',' ORDER BY result_id)) FROM results")"
if [ "$rows" != "$expected_rows" ] || [ "$digest" != "$expected_digest" ]; then
  echo "PITR drill: recovered $rows rows (expected $expected_rows), digest $digest (expected $expected_digest)" >&2
  exit 1
fi
echo "PITR drill: recovered $rows rows, digest equal"

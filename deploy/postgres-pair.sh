#!/usr/bin/env bash
# A PostgreSQL primary and its streaming replica (pg_basebackup -R), two clusters of the installed
# PostgreSQL on this machine, for the deployment recipe (deploy/start.sh) and the read-replica test
# (packages/server/test/read-replica.int.test.ts).
#   deploy/postgres-pair.sh start <work dir> <primary port> <replica port> [database]
#   deploy/postgres-pair.sh stop  <work dir>
# 'start' leaves <work dir>/{primary,replica} (data), <work dir>/run (sockets) and the logs, creates
# the database on the primary (default 'laboratory') and returns once the replica streams; both
# listen on 127.0.0.1 with trust authentication: a recipe for one machine, not a hardened setup.
set -euo pipefail

action="${1:?start or stop}"
work="${2:?work directory}"
if [ -z "${PG_BIN:-}" ]; then
  PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
fi
[ -x "$PG_BIN/initdb" ] || { echo "postgres-pair: no PostgreSQL server binaries (set PG_BIN)" >&2; exit 2; }

# PostgreSQL refuses to run as root: the clusters then belong to the postgres user.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

stop_cluster() {
  [ -f "$1/postmaster.pid" ] && as_owner "$PG_BIN/pg_ctl" -D "$1" -m fast -w stop >/dev/null 2>&1 || true
}

start_cluster() {
  local data="$1" port="$2" log="$work/$(basename "$1").log"
  # Started again after a crash or a stop of the other: one already running is left as it is.
  as_owner "$PG_BIN/pg_ctl" -D "$data" status >/dev/null 2>&1 && return 0
  if ! as_owner "$PG_BIN/pg_ctl" -D "$data" -l "$log" -w -t 120 \
    -o "-p $port -k $work/run -c listen_addresses=127.0.0.1" start >/dev/null; then
    echo "postgres-pair: the server in $data did not start; its log ends with:" >&2
    tail -n 20 "$log" >&2
    return 1
  fi
}

if [ "$action" = stop ]; then
  # The replica first: stopped after its primary it would only retry the connection.
  stop_cluster "$work/replica"
  stop_cluster "$work/primary"
  exit 0
fi
[ "$action" = start ] || { echo "postgres-pair: start or stop, not $action" >&2; exit 2; }

primary_port="${3:?primary port}"
replica_port="${4:?replica port}"
database="${5:-laboratory}"
mkdir -p "$work/run"
[ "$(id -u)" = 0 ] && chown postgres: "$work" "$work/run"

if [ ! -f "$work/primary/PG_VERSION" ]; then
  as_owner "$PG_BIN/initdb" -D "$work/primary" -U postgres --auth=trust >/dev/null
  # wal_level 'replica' and ten WAL senders are PostgreSQL's defaults; initdb's pg_hba.conf already
  # lets local replication connections in with trust.
  cat >>"$work/primary/postgresql.conf" <<CONF
max_connections = 200
wal_keep_size = '256MB'
CONF
fi
start_cluster "$work/primary" "$primary_port"
psql=("$PG_BIN/psql" -X -q -t -A -h 127.0.0.1 -p "$primary_port" -U postgres -v ON_ERROR_STOP=1)
if [ "$(as_owner "${psql[@]}" -d postgres -c "SELECT count(*) FROM pg_database WHERE datname = '$database'")" = 0 ]; then
  as_owner "${psql[@]}" -d postgres -c "CREATE DATABASE \"$database\""
fi

if [ ! -f "$work/replica/PG_VERSION" ]; then
  # -R writes standby.signal and primary_conninfo: the copy starts as a streaming replica.
  as_owner "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres -D "$work/replica" \
    -R -X stream -c fast
fi
start_cluster "$work/replica" "$replica_port"

for _ in $(seq 1 100); do
  streaming="$(as_owner "${psql[@]}" -d postgres -c "SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'")"
  [ "$streaming" -ge 1 ] && { echo "postgres-pair: primary on $primary_port, replica streaming on $replica_port"; exit 0; }
  sleep 0.2
done
echo "postgres-pair: the replica on $replica_port does not stream; its log ends with:" >&2
tail -n 20 "$work/replica.log" >&2
exit 1

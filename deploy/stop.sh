#!/usr/bin/env bash
# Stops what deploy/start.sh started in the same work directory: nginx, the server copies, then the
# PostgreSQL replica and primary. Each is stopped by the process id it was started with.
#   deploy/stop.sh [work dir]   (default /tmp/sil-deploy)
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${1:-/tmp/sil-deploy}"

[ -f "$work/nginx/nginx.pid" ] && nginx -c "$work/nginx/nginx.conf" -p "$work/nginx" -s quit
for pidfile in "$work"/server-*.pid; do
  [ -f "$pidfile" ] || continue
  pid="$(cat "$pidfile")"
  # SIGTERM: the server closes its connections and pools (main.ts); then it is waited for.
  kill -TERM "$pid" 2>/dev/null
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
  rm -f "$pidfile"
done
"$root/deploy/postgres-pair.sh" stop "$work/postgres"
echo "deploy: stopped (data kept in $work)"

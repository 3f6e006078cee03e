#!/usr/bin/env bash
# Starts one server copy of a deployment made by deploy/start.sh, with the settings start.sh wrote
# in <work dir>/deploy.env, and returns once it answers its health check: how start.sh starts each
# copy, and how a copy that stopped (a crash, kill -9) is started again.
#   deploy/start-copy.sh <work dir> <port>      (SEED_DEMO=true for the first copy of a new database)
set -euo pipefail

work="${1:?work directory}"
port="${2:?port of the copy}"
# shellcheck source=/dev/null
. "$work/deploy.env"
mkdir -p "$work/logs"

# A copy that already answers on that port is left as it is.
curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && exit 0
# The copies share the database (sessions, jobs, the signing key), the files folder and the backups
# folder (backups, their descriptions and the backup key); each has its own DATA_DIR. With S3_BUCKET
# and its settings in the environment, the files and the backups go to that S3-compatible bucket
# instead, as in production (decision 0036): env passes them on, and no folder is named.
folders=(STORAGE_DIR="$work/files" BACKUP_DIR="$work/backups")
if [ -n "${S3_BUCKET:-}" ]; then folders=(); fi
env PORT="$port" HOST=127.0.0.1 \
  DATABASE_URL="postgres://postgres@127.0.0.1:$primary_port/laboratory" \
  DATABASE_READ_URL="postgres://postgres@127.0.0.1:$replica_port/laboratory" \
  DATA_DIR="$work/server-$port" ${folders[@]+"${folders[@]}"} \
  WEB_DIST_DIR="$web_dist" \
  PUBLIC_URL="http://127.0.0.1:$http_port" TRUST_PROXY=true SEED_DEMO="${SEED_DEMO:-false}" \
  LOG_LEVEL="${LOG_LEVEL:-warn}" \
  setsid "$node" --enable-source-maps "$bundle" >>"$work/logs/server-$port.log" 2>&1 </dev/null &
echo $! >"$work/server-$port.pid"

for _ in $(seq 1 300); do
  curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && exit 0
  sleep 0.2
done
echo "deploy: the server on port $port did not answer; its log ends with:" >&2
tail -n 20 "$work/logs/server-$port.log" >&2
exit 1

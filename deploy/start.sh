#!/usr/bin/env bash
# The production shape on one machine (docs/deployment.md), from Debian's packages: nginx as load
# balancer in front of three copies of the server, one PostgreSQL primary and one streaming replica.
#   deploy/start.sh [work dir]     (default /tmp/sil-deploy; deploy/stop.sh stops what it started)
# Settings (environment): HTTP_PORT (nginx, 8080), SERVER_PORTS ('3101 3102 3103'), PRIMARY_PORT
# (55442), REPLICA_PORT (55443), SERVER_BUNDLE (packages/server/dist/main.js: run `npm run build`
# first), WEB_DIST_DIR (packages/web/dist), PG_BIN. Needs: apt-get install nginx postgresql.
# A copy that stopped is started again by deploy/start-copy.sh <work dir> <port>.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${1:-/tmp/sil-deploy}"
http_port="${HTTP_PORT:-8080}"
server_ports="${SERVER_PORTS:-3101 3102 3103}"
primary_port="${PRIMARY_PORT:-55442}"
replica_port="${REPLICA_PORT:-55443}"
bundle="${SERVER_BUNDLE:-$root/packages/server/dist/main.js}"
web_dist="${WEB_DIST_DIR:-$root/packages/web/dist}"
# The project's own Node 24 (decision 0025) when npm install put it there, else the system's.
node="$root/node_modules/.bin/node"
[ -x "$node" ] || node="$(command -v node)"
command -v nginx >/dev/null || { echo "deploy: nginx is not installed (apt-get install nginx)" >&2; exit 2; }
[ -f "$bundle" ] || { echo "deploy: no server bundle at $bundle (npm run build)" >&2; exit 2; }
[ -f "$web_dist/index.html" ] || { echo "deploy: no web app in $web_dist (npm run build)" >&2; exit 2; }
mkdir -p "$work/logs" "$work/files" "$work/nginx"

# 1. PostgreSQL: the primary and its streaming replica.
"$root/deploy/postgres-pair.sh" start "$work/postgres" "$primary_port" "$replica_port" laboratory

# 2. The server copies, each by deploy/start-copy.sh from the settings kept here (the same script
#    starts again a copy that stopped). The first copy alone seeds the demo laboratory; the others
#    start once it is done.
cat >"$work/deploy.env" <<ENV
http_port=$http_port
primary_port=$primary_port
replica_port=$replica_port
bundle=$bundle
web_dist=$web_dist
node=$node
ENV
first=true
starting=()
for port in $server_ports; do
  if [ $first = true ]; then
    SEED_DEMO=true "$root/deploy/start-copy.sh" "$work" "$port"
    first=false
  else
    SEED_DEMO=false "$root/deploy/start-copy.sh" "$work" "$port" &
    starting+=($!)
  fi
done
for pid in "${starting[@]}"; do wait "$pid"; done

# 3. nginx in front: any copy takes any call (no affinity, decision 0009); a copy that refuses the
#    connection or fails is skipped for 10 s, and a read it could not answer goes to the next.
upstreams=""
for port in $server_ports; do upstreams+="    server 127.0.0.1:$port max_fails=1 fail_timeout=10s;"$'\n'; done
user_line=""
if [ "$(id -u)" = 0 ]; then
  user_line="user www-data;"
  mkdir -p "$work/nginx/temp" && chown www-data: "$work/nginx/temp"
fi
cat >"$work/nginx/nginx.conf" <<CONF
$user_line
worker_processes 2;
pid $work/nginx/nginx.pid;
error_log $work/logs/nginx-error.log warn;
events { worker_connections 1024; }
http {
  # Which copy answered each call, and how long it took: what docs/deployment.md says to watch.
  log_format upstream '\$remote_addr [\$time_local] "\$request" \$status \$upstream_addr \$upstream_response_time';
  access_log $work/logs/nginx-access.log upstream;
  client_body_temp_path $work/nginx/temp/body;
  proxy_temp_path $work/nginx/temp/proxy;
  fastcgi_temp_path $work/nginx/temp/fastcgi;
  uwsgi_temp_path $work/nginx/temp/uwsgi;
  scgi_temp_path $work/nginx/temp/scgi;
  client_max_body_size 25m;
  upstream sil {
$upstreams    keepalive 32;
  }
  server {
    listen 127.0.0.1:$http_port;
    location / {
      proxy_pass http://sil;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto \$scheme;
      # Only what has not reached a copy is tried on another: nginx never resends a POST that a
      # copy may have applied (non_idempotent is not set); clients resend with their idempotency key.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      proxy_read_timeout 120s;
    }
  }
}
CONF
nginx -t -q -c "$work/nginx/nginx.conf" -p "$work/nginx"
nginx -c "$work/nginx/nginx.conf" -p "$work/nginx"
for _ in $(seq 1 50); do
  curl -fsS "http://127.0.0.1:$http_port/api/health" >/dev/null 2>&1 && break
  sleep 0.2
done
echo "deploy: http://127.0.0.1:$http_port/fr/ (nginx) -> copies on ports $server_ports; primary $primary_port, replica $replica_port; stop with deploy/stop.sh $work"

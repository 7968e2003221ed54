#!/usr/bin/env bash
# Ensures what Hdiya needs on a developer or CI machine without Docker (Debian 12):
# PostgreSQL 15 + PostGIS, Redis and NATS with JetStream on loopback, then the
# database (roles, schemas, postgis, jit off) and each service's migrations.
# Idempotent and quiet: one line per component, one clear line on failure (exit 1).
#
# Usage: bash deploy/local/infra.sh [--no-migrate] [--with-browser] [--with-compose] [--with-cluster] [--database-only]
#   (--with-compose: docker-compose, kubectl and promtool, to check the deployment files)
#   (--with-cluster: HAProxy, the load balancer of the three-host cluster test)
#   (--database-only: only the database, on the PostgreSQL already at PGHOST:PGPORT, such as a
#    test container; no PostgreSQL, Redis or NATS is installed or started on this machine)
#   HDIYA_DATABASE=name   database to prepare (default hdiya; tests use hdiya_test)
#   HDIYA_RESET=1         drop and recreate that database first
#   PGHOST/PGPORT/PGUSER  superuser connection (default 127.0.0.1 / 5432 / postgres)
set -euo pipefail
cd "$(dirname "$0")/../.."

usage() { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; }

MIGRATE=1
WITH_BROWSER=0
WITH_COMPOSE=0
WITH_CLUSTER=0
DATABASE_ONLY=0
for arg in "$@"; do
  case "$arg" in
    --no-migrate) MIGRATE=0 ;;
    --database-only) DATABASE_ONLY=1 ;;
    --with-browser) WITH_BROWSER=1 ;;
    --with-compose) WITH_COMPOSE=1 ;;
    --with-cluster) WITH_CLUSTER=1 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "infra: unknown option '$arg' (see --help)" >&2; exit 2 ;;
  esac
done

DB="${HDIYA_DATABASE:-hdiya}"
[[ $DB =~ ^[a-z_][a-z0-9_]{0,62}$ ]] || { echo "infra: HDIYA_DATABASE must be a lower-case SQL identifier (got '$DB')" >&2; exit 1; }
PGHOST="${PGHOST:-127.0.0.1}"
PGPORT="${PGPORT:-5432}"
PGUSER="${PGUSER:-postgres}"
export PGHOST PGPORT PGUSER
# Keep psql quiet: no "already exists, skipping" notices.
export PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning"

DB_SERVICES=(users points donations messaging)
REDIS_HOST=127.0.0.1 REDIS_PORT=6379
NATS_HOST=127.0.0.1 NATS_PORT=4222
WAIT_SECONDS=10

say() { printf '%-11s%s\n' "$1" "$2"; }
fail() { printf 'infra: %s\n' "$*" >&2; exit 1; }
is_root() { [ "$(id -u)" -eq 0 ]; }
is_loopback() { case "$1" in 127.0.0.1 | localhost | ::1) return 0 ;; *) return 1 ;; esac; }
# Whether this script may install and start PostgreSQL itself: a local server, not --database-only.
may_manage_postgres() { ((DATABASE_ONLY == 0)) && is_loopback "$PGHOST"; }

# wait_for SECONDS COMMAND...: retries COMMAND until it succeeds or time runs out.
wait_for() {
  local deadline=$((SECONDS + $1))
  shift
  until "$@" >/dev/null 2>&1; do
    ((SECONDS < deadline)) || return 1
    sleep 0.2
  done
}

tcp_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

# Debian packages: --no-install-recommends, and `apt-get update` only if the plain install fails.
apt_install() {
  if ! is_root; then
    fail "missing $*: run 'sudo apt-get install -y --no-install-recommends $*' and run this script again"
  fi
  local log
  log="$(mktemp)"
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y --no-install-recommends "$@" >"$log" 2>&1; then
    if ! { apt-get update >"$log" 2>&1 && apt-get install -y --no-install-recommends "$@" >"$log" 2>&1; }; then
      tail -n 15 "$log" >&2
      rm -f "$log"
      fail "apt-get install $* failed (output above)"
    fi
  fi
  rm -f "$log"
}

# ---------------------------------------------------------------- PostgreSQL
pg_ready() { pg_isready -q -h "$PGHOST" -p "$PGPORT"; }

ensure_postgres() {
  local state=ok ver
  # The client alone: a server elsewhere (a container) is still prepared with psql from here.
  if ! may_manage_postgres && ! command -v psql >/dev/null; then
    apt_install postgresql-client
  fi
  if command -v pg_isready >/dev/null && pg_ready; then
    :
  elif ! may_manage_postgres; then
    fail "PostgreSQL at $PGHOST:$PGPORT is not reachable (PGHOST is not local or --database-only was given, so nothing is started here)"
  else
    if ! ls /etc/postgresql/*/main/postgresql.conf >/dev/null 2>&1; then
      apt_install postgresql
      state=installed
    fi
    ver="$(ls /etc/postgresql | sort -n | tail -n 1)"
    if ! pg_ready; then
      local start_cmd="pg_ctlcluster --skip-systemctl-redirect $ver main start"
      if ! is_root && [ "$(id -un)" != postgres ]; then
        fail "PostgreSQL $ver is installed but not running on $PGHOST:$PGPORT: run 'sudo $start_cmd'"
      fi
      $start_cmd >/dev/null 2>&1 || true
      [ "$state" = installed ] || state=started
    fi
    wait_for "$WAIT_SECONDS" pg_ready ||
      fail "PostgreSQL did not come up on $PGHOST:$PGPORT: see /var/log/postgresql/postgresql-$ver-main.log (is the cluster on another port?)"
  fi
  choose_psql
  local server_ver
  server_ver="$(psql_super -d postgres -tAc "SELECT current_setting('server_version_num')::int / 10000")"
  if [ -z "$(psql_super -d postgres -tAc "SELECT 1 FROM pg_available_extensions WHERE name = 'postgis'")" ]; then
    may_manage_postgres || fail "PostGIS is not available on the PostgreSQL server at $PGHOST:$PGPORT"
    apt_install "postgresql-$server_ver-postgis-3"
    [ -n "$(psql_super -d postgres -tAc "SELECT 1 FROM pg_available_extensions WHERE name = 'postgis'")" ] ||
      fail "PostGIS still unavailable after installing postgresql-$server_ver-postgis-3 (does the server version match?)"
  fi
  say postgres "$state $PGHOST:$PGPORT (PostgreSQL $server_ver, PostGIS available)"
}

# Superuser psql: over TCP as $PGUSER (trust or PGPASSWORD); as root on a fresh
# Debian install (peer auth only) fall back to the postgres account over the socket.
choose_psql() {
  PSQL_CMD=(psql -X -q -v ON_ERROR_STOP=1 -h "$PGHOST" -p "$PGPORT" -U "$PGUSER")
  psql_super -d postgres -tAc 'SELECT 1' >/dev/null 2>&1 && return 0
  if is_loopback "$PGHOST" && is_root && id -u postgres >/dev/null 2>&1 && command -v runuser >/dev/null; then
    PSQL_CMD=(runuser -u postgres -- env -u PGHOST -u PGUSER psql -X -q -v ON_ERROR_STOP=1 -p "$PGPORT")
    psql_super -d postgres -tAc 'SELECT 1' >/dev/null 2>&1 && return 0
  fi
  fail "cannot connect to PostgreSQL as superuser (psql -h $PGHOST -p $PGPORT -U $PGUSER): set PGUSER/PGPASSWORD, or allow trust for 127.0.0.1 in pg_hba.conf"
}
psql_super() { "${PSQL_CMD[@]}" "$@"; }

# ---------------------------------------------------------------- Redis
redis_ping() {
  if command -v redis-cli >/dev/null; then
    [ "$(redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]
  else
    (
      exec 3<>"/dev/tcp/$REDIS_HOST/$REDIS_PORT"
      printf 'PING\r\n' >&3
      IFS= read -r -t 2 reply <&3
      [[ $reply == +PONG* ]]
    ) 2>/dev/null
  fi
}

ensure_redis() {
  local state=ok
  if ! redis_ping; then
    tcp_open "$REDIS_HOST" "$REDIS_PORT" &&
      fail "something listens on $REDIS_HOST:$REDIS_PORT but does not answer PING (a Redis with a password? stop it or free the port)"
    if ! command -v redis-server >/dev/null; then
      apt_install redis-server
      state=installed
      wait_for 3 redis_ping || true # the package may start its own daemon
    fi
    if ! redis_ping; then
      is_root || fail "Redis is installed but not running: run 'sudo bash deploy/local/infra.sh'"
      mkdir -p /var/lib/redis /var/log/redis
      redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" --save "" --appendonly no \
        --dir /var/lib/redis --logfile /var/log/redis/ci.log >/dev/null
      [ "$state" = installed ] || state=started
    fi
    wait_for "$WAIT_SECONDS" redis_ping ||
      fail "Redis did not come up on $REDIS_HOST:$REDIS_PORT: see /var/log/redis/ci.log"
  fi
  say redis "$state $REDIS_HOST:$REDIS_PORT"
}

# ---------------------------------------------------------------- NATS
# The first thing a NATS server sends is its INFO line, which says "jetstream":true
# when JetStream is enabled: a cheap check that needs neither a client nor the monitoring port.
nats_info() {
  (
    exec 3<>"/dev/tcp/$NATS_HOST/$NATS_PORT"
    IFS= read -r -t 2 line <&3
    printf '%s\n' "$line"
  ) 2>/dev/null
}
nats_up() { [[ $(nats_info) == INFO* ]]; }

ensure_nats() {
  local state=ok
  if ! nats_up; then
    tcp_open "$NATS_HOST" "$NATS_PORT" &&
      fail "something listens on $NATS_HOST:$NATS_PORT but is not a NATS server: free the port"
    if [ ! -x /usr/sbin/nats-server ]; then
      apt_install nats-server
      state=installed
      wait_for 3 nats_up || true # in case the package starts its own daemon
    fi
    if ! nats_up; then
      is_root || fail "nats-server is installed but not running: run 'sudo bash deploy/local/infra.sh'"
      mkdir -p /var/lib/nats-server
      # The pid file keeps start-stop-daemon from mistaking another nats-server
      # (a test's private one on another port) for this one.
      start-stop-daemon --start --oknodo --background --make-pidfile --pidfile /run/hdiya-nats-server.pid \
        --exec /usr/sbin/nats-server -- -a "$NATS_HOST" -p "$NATS_PORT" -js -sd /var/lib/nats-server \
        -l /var/log/nats-server.log >/dev/null
      [ "$state" = installed ] || state=started
    fi
    wait_for "$WAIT_SECONDS" nats_up ||
      fail "NATS did not come up on $NATS_HOST:$NATS_PORT: see /var/log/nats-server.log"
  fi
  [[ $(nats_info) == *'"jetstream":true'* ]] ||
    fail "NATS on $NATS_HOST:$NATS_PORT runs without JetStream: restart it with '-js -sd /var/lib/nats-server'"
  say nats "$state $NATS_HOST:$NATS_PORT (JetStream)"
}

# ---------------------------------------------------------------- extras
ensure_command() { # ensure_command LABEL COMMAND PACKAGE
  local state=ok
  if ! command -v "$2" >/dev/null; then
    apt_install "$3"
    state=installed
  fi
  say "$1" "$state $(command -v "$2")"
}

# ---------------------------------------------------------------- database
ensure_database() {
  local state=ok
  if [ "${HDIYA_RESET:-0}" = 1 ]; then
    case "$DB" in postgres | template0 | template1) fail "refusing to reset the system database '$DB'" ;; esac
    psql_super -d postgres -c "DROP DATABASE IF EXISTS \"$DB\" WITH (FORCE)"
    state=reset
  fi
  if [ -z "$(psql_super -d postgres -v db="$DB" -tA <<<"SELECT 1 FROM pg_database WHERE datname = :'db'")" ]; then
    psql_super -d postgres -c "CREATE DATABASE \"$DB\""
    [ "$state" = reset ] || state=created
  fi
  psql_super -d "$DB" <deploy/docker/postgres-init.sql ||
    fail "could not prepare database $DB (roles, schemas, postgis): see the psql error above"
  say database "$state $DB (roles hdiya_<service>, one schema each, postgis, jit off)"
}

database_url() { # database_url SERVICE
  local host="$PGHOST"
  case "$host" in /*) host=127.0.0.1 ;; esac # a socket directory: the services use TCP
  case "$host" in *:*) host="[$host]" ;; esac
  printf 'postgres://hdiya_%s:hdiya_%s@%s:%s/%s' "$1" "$1" "$host" "$PGPORT" "$DB"
}

run_migrations() {
  local svc missing=()
  for svc in "${DB_SERVICES[@]}"; do
    [ -f "services/$svc/dist/database/migrate.js" ] || missing+=("$svc")
  done
  if ((${#missing[@]} > 0)); then
    local IFS=,
    fail "services/{${missing[*]}}/dist/database/migrate.js missing: run 'npm run build' first (or pass --no-migrate)"
  fi
  local out
  for svc in "${DB_SERVICES[@]}"; do
    if ! out="$(cd "services/$svc" && DATABASE_URL="$(database_url "$svc")" node dist/database/migrate.js 2>&1)"; then
      printf '%s\n' "$out" | tail -n 30 >&2
      fail "migrations of $svc failed on database $DB (output above)"
    fi
  done
  say migrations "ok ${DB_SERVICES[*]} on $DB"
}

ensure_postgres
((DATABASE_ONLY == 1)) || ensure_redis
((DATABASE_ONLY == 1)) || ensure_nats
# The browser tests run in Chromium's headless shell; the push tests need the full browser.
((WITH_BROWSER == 0)) || ensure_command chromium chromium chromium
((WITH_BROWSER == 0)) || ensure_command headless-shell chromium-headless-shell chromium-headless-shell
((WITH_COMPOSE == 0)) || ensure_command compose docker-compose docker-compose
((WITH_COMPOSE == 0)) || ensure_command kubectl kubectl kubernetes-client
# promtool checks and unit-tests the alert rules (deploy/k8s/monitoring); no Prometheus server runs.
((WITH_COMPOSE == 0)) || ensure_command promtool promtool prometheus
# The cluster test (npm run test:cluster) balances its two gateways with Debian's HAProxy.
((WITH_CLUSTER == 0)) || ensure_command haproxy haproxy haproxy
ensure_database
((MIGRATE == 0)) || run_migrations

#!/usr/bin/env bash
# Creates the services' databases on the local PostgreSQL, if they are not there yet.
#   scripts/create-databases.sh            # the lab's (game_scenario...) and the reliability suite's
#   scripts/create-databases.sh benchmark  # benchmark_game_scenario... and the virtual host "benchmark"
# A suite with a prefix also gets a RabbitMQ virtual host of that name: its faults and its load stay
# off everyone else's rows and queues.
set -euo pipefail
export PGHOST="${PGHOST:-127.0.0.1}" PGUSER="${PGUSER:-postgres}"

create() {
  local prefix="$1"
  local services="game_scenario shooting_range leader_board"
  # the core's own tests (exactly-once) run their tally on a database of their own
  [ -z "$prefix" ] && services="$services exactly_once"
  for service in $services; do
    local db="${prefix:+${prefix}_}$service"
    if ! psql -tAc "select 1 from pg_database where datname = '$db'" | grep -q 1; then
      psql -qc "create database $db"
      echo "created database $db"
    fi
  done
  if [ -n "$prefix" ] && command -v rabbitmqctl >/dev/null && rabbitmqctl -q ping >/dev/null 2>&1; then
    rabbitmqctl -q add_vhost "$prefix" >/dev/null 2>&1 || true
    rabbitmqctl -q set_permissions -p "$prefix" guest ".*" ".*" ".*"
  fi
}

if [ $# -eq 0 ]; then
  set -- "" reliability
fi
for prefix in "$@"; do
  create "$prefix"
done

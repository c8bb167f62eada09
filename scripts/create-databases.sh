#!/usr/bin/env bash
# Creates each service's database on the local PostgreSQL, if it is not there yet.
set -euo pipefail
export PGHOST="${PGHOST:-127.0.0.1}" PGUSER="${PGUSER:-postgres}"
for db in game_scenario shooting_range leader_board; do
  if ! psql -tAc "select 1 from pg_database where datname = '$db'" | grep -q 1; then
    psql -qc "create database $db"
    echo "created database $db"
  fi
done

# The reliability suite's own databases and RabbitMQ virtual host: its faults stay off everyone else's rows
# and queues (it also creates them itself when it starts).
for db in reliability_game_scenario reliability_shooting_range reliability_leader_board; do
  if ! psql -tAc "select 1 from pg_database where datname = '$db'" | grep -q 1; then
    psql -qc "create database $db"
    echo "created database $db"
  fi
done
if command -v rabbitmqctl >/dev/null && rabbitmqctl -q status >/dev/null 2>&1; then
  rabbitmqctl -q add_vhost reliability >/dev/null 2>&1 || true
  rabbitmqctl -q set_permissions -p reliability guest ".*" ".*" ".*"
fi

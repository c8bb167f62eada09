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

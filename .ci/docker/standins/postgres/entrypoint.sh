#!/bin/bash
# What docker-compose.yml relies on from the official postgres image's entrypoint, and no more:
# - a new data directory (PGDATA, a volume) gets a cluster whose superuser is POSTGRES_USER
#   (default postgres) with POSTGRES_PASSWORD, and a database POSTGRES_DB (default: the user's name);
# - trust on the socket and on localhost, a password (scram-sha-256) from anywhere else;
# - the scripts in /docker-entrypoint-initdb.d (*.sql, *.sql.gz, *.sh) run once, in name order,
#   against a server that listens on the socket only, so nobody connects before they are done;
# - then the server runs in the foreground listening on every interface; an existing data directory
#   starts as it is; arguments that are options alone go to the server.
set -Eeuo pipefail

# Options alone are the server's (Testcontainers passes "-c fsync=off" and the like): as the official
# image does, they go to postgres.
if [ "${1:0:1}" = - ]; then
  set -- postgres "$@"
fi

if [ "${1:-}" = postgres ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ] && [ "${POSTGRES_HOST_AUTH_METHOD:-}" != trust ]; then
    echo "POSTGRES_PASSWORD is not set: the official image refuses to start so, and so does this one" >&2
    exit 1
  fi
  user=${POSTGRES_USER:-postgres}
  db=${POSTGRES_DB:-$user}
  initdb --username="$user" --pwfile=<(printf '%s\n' "${POSTGRES_PASSWORD:-}") -D "$PGDATA" >/dev/null
  printf '\nhost all all all %s\n' "${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}" >> "$PGDATA/pg_hba.conf"
  printf "\nlisten_addresses = '*'\n" >> "$PGDATA/postgresql.conf"

  # Its log on the container's output, as the official image's: "ready to accept connections" shows
  # twice, which Testcontainers (the tests' Dev Services) waits for.
  pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start
  psql=(psql -v ON_ERROR_STOP=1 --username "$user" --no-password --no-psqlrc)
  if [ "$db" != postgres ]; then
    "${psql[@]}" --dbname postgres -c "create database \"$db\"" >/dev/null
  fi
  for f in /docker-entrypoint-initdb.d/*; do
    [ -e "$f" ] || continue
    case "$f" in
      *.sh) echo "running $f"; if [ -x "$f" ]; then "$f"; else . "$f"; fi ;;
      *.sql) echo "running $f"; "${psql[@]}" --dbname "$db" -f "$f" ;;
      *.sql.gz) echo "running $f"; gunzip -c "$f" | "${psql[@]}" --dbname "$db" ;;
      *) echo "ignoring $f" ;;
    esac
  done
  pg_ctl -D "$PGDATA" -m fast -w stop
  echo "PostgreSQL init process complete; ready for start up."
fi

exec "$@"

#!/usr/bin/env bash
# The test suites' servers at the versions docker-compose.yml ships: RabbitMQ 4 and PostgreSQL 17
# (Debian trixie's; the compose file names 4.1 and 16), run from a trixie root in place of this
# machine's RabbitMQ 3.10 and PostgreSQL 15, on the same ports (5672, 5432) and node name
# (rabbit@localhost), so that every suite runs against them unchanged.
#
#   .ci/servers.sh prepare   # the root: debootstrap (cached by .ci/docker/standins.sh roots), packages, config
#   .ci/servers.sh start     # stops the machine's two servers, starts the root's (idempotent)
#   .ci/servers.sh stop      # stops the root's, starts the machine's again: the machine as it was
#   .ci/servers.sh versions  # what answers on 5672 and 5432
#   .ci/servers.sh none      # stops every server on 5672 and 5432 (stop brings the machine's back)
#
# The suites drive the servers with their command-line tools (rabbitmqctl, rabbitmq-server,
# pg_ctlcluster...): .ci/servers/bin holds one wrapper per tool that runs it inside the root; put it
# first on the PATH. /tmp is shared with the root, since the cluster tests keep their nodes' data there,
# and the root's rabbitmq and postgres users have the machine's ids, so either side may chown.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=${CI_SERVERS_ROOT:-/var/lib/shooting-range-ci/servers}
CACHE=${CI_CACHE:-/var/cache/shooting-range-ci}
RECIPE=3   # bump when prepare changes: a root made by an older recipe is made again
# The root's own PATH inside it: the caller's may name .ci/servers/bin, visible in there through /tmp.
in_root() { chroot "$ROOT" /usr/bin/env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"; }

mounts() {
  mkdir -p "$ROOT/proc" "$ROOT/sys" "$ROOT/dev" "$ROOT/tmp"
  mountpoint -q "$ROOT/proc" || mount -t proc proc "$ROOT/proc"
  mountpoint -q "$ROOT/sys" || mount --rbind /sys "$ROOT/sys"
  mountpoint -q "$ROOT/dev" || mount --rbind /dev "$ROOT/dev"   # with /dev/shm, which PostgreSQL needs
  mountpoint -q "$ROOT/tmp" || mount --bind /tmp "$ROOT/tmp"
}

# A user of the root with the machine's uid and gid for the same name.
same_user() {
  local name=$1 uid gid
  uid=$(id -u "$name") gid=$(id -g "$name")
  in_root getent group "$name" >/dev/null || in_root groupadd -g "$gid" "$name"
  in_root getent passwd "$name" >/dev/null \
    || in_root useradd -r -u "$uid" -g "$gid" -d "/var/lib/$name" -s /bin/false "$name"
}

prepare() {
  if [ "$(cat "$ROOT/.recipe" 2>/dev/null)" = "$RECIPE" ]; then mounts; return 0; fi
  "$HERE/docker/standins.sh" roots
  unmount
  rm -rf "$ROOT" && mkdir -p "$ROOT"
  tar -C "$ROOT" -xf "$CACHE/roots/trixie.tar"
  cp /etc/hosts /etc/resolv.conf "$ROOT/etc/"
  mounts
  same_user rabbitmq
  same_user postgres
  # Packages install without starting anything: start does that.
  printf '#!/bin/sh\nexit 101\n' > "$ROOT/usr/sbin/policy-rc.d" && chmod +x "$ROOT/usr/sbin/policy-rc.d"
  in_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive in_root apt-get install -y -qq --no-install-recommends \
    rabbitmq-server postgresql-17 >/dev/null
  in_root sh -c 'rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb'
  # The machine's broker configuration (node rabbit@localhost, 127.0.0.1 only).
  cp /etc/rabbitmq/rabbitmq-env.conf /etc/rabbitmq/rabbitmq.conf "$ROOT/etc/rabbitmq/"
  # The management API lists a new connection at the broker's next statistics round (5 s by default):
  # broker-duplicates and the judge wait for the services' reconnections before each cut, so every
  # round of waiting in the suites is a second here instead of five. The console's other readings of the
  # management API (queue depths) only come fresher.
  printf '\ncollect_statistics_interval = 1000\n' >> "$ROOT/etc/rabbitmq/rabbitmq.conf"
  # PostgreSQL as the machine's: 5432 on localhost, trust for local and loopback connections, and no
  # TLS, as the machine's and the official image's (Debian's cluster offers it with its snakeoil
  # certificate, and the JDBC driver takes what is offered: every statement encrypted on loopback).
  cat > "$ROOT/etc/postgresql/17/main/conf.d/shooting-range-ci.conf" <<'CONF'
port = 5432
listen_addresses = 'localhost'
ssl = off
CONF
  cat > "$ROOT/etc/postgresql/17/main/pg_hba.conf" <<'HBA'
local all all trust
host all all 127.0.0.1/32 trust
host all all ::1/128 trust
HBA
  echo "$RECIPE" > "$ROOT/.recipe"
}

unmount() {
  local m
  for m in tmp dev sys proc; do
    # Lazily: a process of the root may still be ending; the mount goes once it has.
    if mountpoint -q "$ROOT/$m" 2>/dev/null; then umount -R -l "$ROOT/$m"; fi
  done
  return 0
}

# The machine's own tools by their full paths below: .ci/servers/bin may come first on the PATH.
machine_rabbit_up() { /usr/sbin/rabbitmqctl -q ping >/dev/null 2>&1; }
root_rabbit_up() { in_root rabbitmqctl -q ping >/dev/null 2>&1; }
machine_pg() { ls /etc/postgresql | sort -V | tail -n 1; }

start() {
  prepare
  if ! root_rabbit_up && machine_rabbit_up; then /usr/sbin/rabbitmqctl -q stop; fi
  if /usr/bin/pg_ctlcluster --skip-systemctl-redirect "$(machine_pg)" main status >/dev/null 2>&1; then
    /usr/bin/pg_ctlcluster --skip-systemctl-redirect "$(machine_pg)" main stop
  fi
  if ! root_rabbit_up; then
    in_root rabbitmq-server -detached
    for _ in $(seq 1 60); do root_rabbit_up && break; sleep 1; done   # -detached returns before the node is up
  fi
  in_root rabbitmqctl -q await_startup
  in_root pg_ctlcluster 17 main status >/dev/null 2>&1 || in_root pg_ctlcluster 17 main start
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -q && break; sleep 1; done
  versions
}

# The root's servers stopped, its mounts gone.
stop_root() {
  if [ -f "$ROOT/.recipe" ]; then
    mounts
    if root_rabbit_up; then in_root rabbitmqctl -q stop; fi
    if in_root pg_ctlcluster 17 main status >/dev/null 2>&1; then in_root pg_ctlcluster 17 main stop; fi
  fi
  unmount
}

stop() {
  stop_root
  pg_isready -h 127.0.0.1 -q || /usr/bin/pg_ctlcluster --skip-systemctl-redirect "$(machine_pg)" main start
  if ! machine_rabbit_up; then
    /usr/sbin/rabbitmq-server -detached
    for _ in $(seq 1 60); do machine_rabbit_up && break; sleep 1; done
    /usr/sbin/rabbitmqctl -q await_startup
  fi
}

versions() {
  # The root's tools answer for the root's broker, the machine's for the machine's.
  local rabbit
  rabbit=$(PATH="$HERE/servers/bin:$PATH" rabbitmqctl -q eval 'rabbit_misc:version().' 2>/dev/null) \
    || rabbit=$(rabbitmqctl -q eval 'rabbit_misc:version().' 2>/dev/null) || true
  echo "RabbitMQ on 5672: ${rabbit//\"/}"
  echo "PostgreSQL on 5432: $(psql -h 127.0.0.1 -U postgres -tAc 'show server_version')"
}

# Neither the machine's servers nor the root's: nothing answers on 5672 or 5432, for the suite that must
# need nothing but Docker. stop (or start) brings servers back.
none() {
  stop_root
  if machine_rabbit_up; then /usr/sbin/rabbitmqctl -q stop; fi
  if /usr/bin/pg_ctlcluster --skip-systemctl-redirect "$(machine_pg)" main status >/dev/null 2>&1; then
    /usr/bin/pg_ctlcluster --skip-systemctl-redirect "$(machine_pg)" main stop
  fi
  if pg_isready -h 127.0.0.1 -q || (exec 3<>/dev/tcp/127.0.0.1/5672) 2>/dev/null; then
    echo "something still answers on 5432 or 5672" >&2
    return 1
  fi
}

case "${1:-}" in
  prepare) prepare ;;
  start) start ;;
  stop) stop ;;
  none) none ;;
  versions) versions ;;
  *) sed -n '2,16p' "$0" >&2; exit 2 ;;
esac

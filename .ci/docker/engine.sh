#!/usr/bin/env bash
# A Docker engine for CI's compose check, private to it: its own socket, data root and pid file, so
# that nothing else on the machine (the test suite looks for /var/run/docker.sock to pick Dev
# Services) sees an engine appear. Docker Hub is not reachable here: see standins.sh for the images.
#
#   .ci/docker/engine.sh install   # docker.io, Compose v2 and buildx (Debian trixie, pinned low), debootstrap
#   .ci/docker/engine.sh start     # dockerd in the background; prints nothing else on success
#   .ci/docker/engine.sh stop      # stops the dockerd that start started (by its pid file)
#   .ci/docker/engine.sh env       # the export line that points the docker CLI at this engine (and names its log)
#
# Where: CI_DOCKER_STATE (data root, default /var/lib/shooting-range-ci/docker) and CI_DOCKER_RUN
# (socket, pid file, logs; default /run/shooting-range-ci).
set -euo pipefail

STATE=${CI_DOCKER_STATE:-/var/lib/shooting-range-ci/docker}
RUN=${CI_DOCKER_RUN:-/run/shooting-range-ci}
SOCK="$RUN/docker.sock"
PIDFILE="$RUN/dockerd.pid"
LOG="$RUN/dockerd.log"

# The docker.io client, not any other docker binary earlier on the PATH.
docker_cli() { if [ -x /usr/bin/docker ]; then /usr/bin/docker "$@"; else docker "$@"; fi; }

install() {
  local missing=()
  { [ -x /usr/sbin/dockerd ] && [ -x /usr/bin/docker ]; } || missing+=(docker.io)
  command -v debootstrap >/dev/null || missing+=(debootstrap)
  { [ -x /usr/libexec/docker/cli-plugins/docker-compose ] && [ -x /usr/libexec/docker/cli-plugins/docker-buildx ]; } \
    || missing+=(compose)
  [ ${#missing[@]} -eq 0 ] && return 0
  # Compose v2 and buildx are in trixie only; everything else stays bookworm's.
  if ! grep -rqs 'trixie' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    cat > /etc/apt/sources.list.d/shooting-range-ci-trixie.sources <<'SRC'
Types: deb
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  fi
  if [ ! -e /etc/apt/preferences.d/shooting-range-ci-trixie ]; then
    printf 'Package: *\nPin: release n=trixie\nPin-Priority: 100\n' > /etc/apt/preferences.d/shooting-range-ci-trixie
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap iptables >/dev/null
  # docker.io comes along from trixie (26.x), which Compose and buildx there expect.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -t trixie \
    docker.io docker-cli docker-compose docker-buildx >/dev/null
}

running() { [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; }

start() {
  if running; then return 0; fi
  mkdir -p "$STATE" "$RUN"
  # The engine's own containerd lives under its exec root: no system service is touched.
  setsid /usr/sbin/dockerd \
    --host "unix://$SOCK" \
    --data-root "$STATE" \
    --exec-root "$RUN/exec" \
    --pidfile "$PIDFILE" \
    --storage-driver overlay2 \
    >"$LOG" 2>&1 </dev/null &
  local pid=$!
  for _ in $(seq 1 60); do
    if DOCKER_HOST="unix://$SOCK" docker_cli version >/dev/null 2>&1; then return 0; fi
    if ! kill -0 "$pid" 2>/dev/null; then break; fi
    sleep 1
  done
  echo "dockerd did not start; its log ($LOG):" >&2
  tail -n 40 "$LOG" >&2
  return 1
}

stop() {
  running || return 0
  local pid
  pid=$(cat "$PIDFILE")
  kill -TERM "$pid"
  for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || return 0; sleep 1; done
  echo "dockerd ($pid) still running after 30 s" >&2
  return 1
}

case "${1:-}" in
  install) install ;;
  start) start ;;
  stop) stop ;;
  env) echo "export DOCKER_HOST=unix://$SOCK CI_DOCKERD_LOG=$LOG" ;;
  *) echo "usage: $0 install|start|stop|env" >&2; exit 2 ;;
esac

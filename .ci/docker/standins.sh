#!/usr/bin/env bash
# Stand-ins for the official images docker-compose.yml and the Dockerfile name, built from Debian
# packages, since Docker Hub is not reachable here. Each is tagged with the official name, so the
# shipped docker-compose.yml runs unedited:
#   eclipse-temurin:17-jdk, eclipse-temurin:17-jre   bookworm + OpenJDK 17 (the JDK with curl, for the Maven wrapper)
#   rabbitmq:4.1-management                          trixie + rabbitmq-server 4.0.x, management and prometheus
#   postgres:16                                      trixie + PostgreSQL 17, an entrypoint doing what compose relies on
#   prom/prometheus:v3.2.1                           trixie + Prometheus 2.53 (docker-compose.observability.yml)
# What each cannot prove compared with the official image: .ci/docker/README.md.
#
# Needs a running engine (DOCKER_HOST as engine.sh env prints it). The debootstrap roots are cached as
# tarballs under CI_CACHE (default /var/cache/shooting-range-ci): a second run imports them instead.
# The machine's extra CA certificates (/usr/local/share/ca-certificates) go into the images at build
# time, so that HTTPS from inside a container (the Maven wrapper in the Dockerfile) is trusted; they
# are copied into a build context outside the repository, never into it.
#
#   .ci/docker/standins.sh            # roots (cached) and all stand-ins
#   .ci/docker/standins.sh roots      # only the debootstrap tarballs
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
CACHE=${CI_CACHE:-/var/cache/shooting-range-ci}
MIRROR=${CI_DEBIAN_MIRROR:-http://deb.debian.org/debian}
docker_cli() { if [ -x /usr/bin/docker ]; then /usr/bin/docker "$@"; else docker "$@"; fi; }

# A minimal Debian root for SUITE as a tarball in the cache; made once.
root_tarball() {
  local suite=$1 tar="$CACHE/roots/$1.tar"
  if [ -s "$tar" ]; then return 0; fi
  mkdir -p "$CACHE/roots"
  local dir
  dir=$(mktemp -d "$CACHE/roots/$suite.XXXXXX")
  chmod 755 "$dir"   # the image's / : mktemp made it 700, which locks out every user but root
  debootstrap --variant=minbase "$suite" "$dir" "$MIRROR" >"$dir.log" 2>&1 \
    || { tail -n 30 "$dir.log" >&2; rm -rf "$dir"; return 1; }
  # No apt lists nor downloaded packages in the base: each image fetches its own.
  rm -rf "$dir"/var/lib/apt/lists/* "$dir"/var/cache/apt/archives/*.deb
  tar -C "$dir" -cf "$tar.tmp" . && mv "$tar.tmp" "$tar"
  rm -rf "$dir" "$dir.log"
}

# The root as an image shooting-range-ci/debian:SUITE (imported again only when missing).
base_image() {
  local suite=$1
  root_tarball "$suite"
  if ! docker_cli image inspect "shooting-range-ci/debian:$suite" >/dev/null 2>&1; then
    docker_cli import -c 'CMD ["bash"]' "$CACHE/roots/$suite.tar" "shooting-range-ci/debian:$suite" >/dev/null
  fi
}

# Builds standins/NAME/Dockerfile with the CA certificates beside it, tagged with the given names
# (BUILD_ARGS: extra arguments for docker build).
build() {
  local name=$1; shift
  local ctx
  ctx=$(mktemp -d)
  cp -a "$HERE/standins/$name/." "$ctx/"
  mkdir -p "$ctx/ca-certificates"
  cp /usr/local/share/ca-certificates/*.crt "$ctx/ca-certificates/" 2>/dev/null || true
  local tags=()
  for t in "$@"; do tags+=(-t "$t"); done
  local start=$SECONDS
  if ! DOCKER_BUILDKIT=1 docker_cli build -q ${BUILD_ARGS:-} "${tags[@]}" "$ctx" >"$ctx.log" 2>&1; then
    cat "$ctx.log" >&2; rm -rf "$ctx" "$ctx.log"; return 1
  fi
  rm -rf "$ctx" "$ctx.log"
  echo "stand-in $* built in $((SECONDS - start)) s"
}

roots() {
  # The two debootstraps download in parallel: most of their time is waiting on the mirror.
  root_tarball bookworm & local b=$!
  root_tarball trixie & local t=$!
  wait $b && wait $t
}

case "${1:-all}" in
  roots) roots ;;
  all)
    start=$SECONDS
    roots
    base_image bookworm
    base_image trixie
    echo "debootstrap roots ready in $((SECONDS - start)) s"
    BUILD_ARGS="--build-arg SUITE=bookworm" build base shooting-range-ci/base:bookworm
    BUILD_ARGS="--build-arg SUITE=trixie" build base shooting-range-ci/base:trixie
    build jdk eclipse-temurin:17-jdk
    build jre eclipse-temurin:17-jre
    build rabbitmq rabbitmq:4.1-management
    build postgres postgres:16
    build prometheus prom/prometheus:v3.2.1
    # What a rebuild replaced: only this engine's images, untagged.
    docker_cli image prune -f >/dev/null
    ;;
  *) echo "usage: $0 [all|roots]" >&2; exit 2 ;;
esac

#!/usr/bin/env bash
# CI: README.md's dev-mode command works on a fresh clone, where none of the project's own modules is
# in the local Maven repository. Runs that command as README gives it, with dev.shootingrange moved
# out of ~/.m2 meanwhile, waits until the range answers ready, then stops it. Needs the machine's own
# RabbitMQ and PostgreSQL, and nothing else consuming from the lab's queues.
set -euo pipefail
cd "$(dirname "$0")/.."

command=$(grep -m1 -E '^\./mvnw .*quarkus:dev' README.md | sed 's/ *#.*//')
[ -n "$command" ] || { echo "README.md gives no ./mvnw ... quarkus:dev command"; exit 1; }
port=8081

repo=$HOME/.m2/repository
aside=$(mktemp -d "$repo/../shootingrange-aside.XXXXXX")
pid=
finish() {
  if [ -n "$pid" ]; then kill -- "-$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  if [ -d "$aside/shootingrange" ]; then rm -rf "$repo/dev/shootingrange"; mv "$aside/shootingrange" "$repo/dev/"; fi
  rmdir "$aside" 2>/dev/null || true
}
trap finish EXIT
if [ -d "$repo/dev/shootingrange" ]; then mv "$repo/dev/shootingrange" "$aside/"; fi

log=target/dev-mode.log
mkdir -p target
echo "dev mode on a fresh clone: $command"
# Its own process group, so that stopping it stops the JVM dev mode forked as well.
setsid bash -c "$command" >"$log" 2>&1 </dev/null &
pid=$!
for _ in $(seq 1 300); do
  if curl -sf "http://localhost:$port/q/health/ready" >/dev/null; then
    echo "dev mode: ready on $port"; exit 0
  fi
  if ! kill -0 "$pid" 2>/dev/null; then break; fi
  sleep 1
done
tail -n 40 "$log"
echo "dev mode: not ready on $port within 5 minutes ($log)"
exit 1

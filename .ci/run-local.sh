#!/usr/bin/env bash
# CI: README.md's command without Docker, ./run-local.sh, as README gives it: it builds the services,
# starts them on the machine's RabbitMQ and PostgreSQL and says where the console is; a shot fired
# through the console is then answered, and Ctrl-C (SIGINT to its process group, as a terminal sends
# it) stops all three. Needs ports 8080-8082 free and nothing else consuming from the lab's queues.
set -euo pipefail
cd "$(dirname "$0")/.."

grep -qx '\./run-local\.sh' README.md || { echo "README.md no longer gives ./run-local.sh as a command"; exit 1; }
log=target/run-local.log
mkdir -p target
# Job control on: the job gets a process group of its own and does not ignore SIGINT, which a
# script's background jobs otherwise do (and which a script cannot trap once ignored).
set -m
./run-local.sh >"$log" 2>&1 </dev/null &
pid=$!
set +m
stop() { kill -INT -- "-$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }
trap stop EXIT
deadline=$((SECONDS + 600))
until grep -q 'Press Ctrl-C to stop' "$log"; do
  if ! kill -0 "$pid" 2>/dev/null || [ $SECONDS -ge $deadline ]; then
    tail -n 40 "$log"; echo "run-local.sh: the lab did not start ($log)"; exit 1
  fi
  sleep 1
done

j() { curl -fsS --max-time 10 -H 'Content-Type: application/json' "$@"; }
game=$(j -XPOST localhost:8080/api/games -d '{"targetPosition":42}' | jq -r .gameId)
j -XPOST "localhost:8080/api/games/$game/shots" -d '{"player":"alice","position":42}' >/dev/null
outcome=
for _ in $(seq 1 30); do
  outcome=$(j "localhost:8080/api/games/$game" | jq -r '.shots[0].outcome')
  [ "$outcome" = HIT ] && break
  sleep 1
done
[ "$outcome" = HIT ] || { echo "run-local.sh: the shot's outcome is $outcome, not HIT"; exit 1; }

stop
trap - EXIT
for port in 8080 8081 8082; do
  if curl -s -o /dev/null "localhost:$port/q/health/live"; then echo "run-local.sh: :$port still answers after Ctrl-C"; exit 1; fi
done
echo "run-local.sh: built, started, a shot HIT through the console, Ctrl-C stopped all three"

#!/usr/bin/env bash
# CI: README.md's command without Docker, ./run-local.sh, as README gives it: it builds the services,
# starts them on the machine's RabbitMQ and PostgreSQL and says where the console is; a shot fired
# through the console is then answered, and Ctrl-C (SIGINT to its process group, as a terminal sends
# it) stops all three; then the same as a room (LAB_ROOM=1), whose key is made up, printed and needed.
# Needs ports 8080-8082 free and nothing else consuming from the lab's queues.
set -euo pipefail
cd "$(dirname "$0")/.."

grep -qx '\./run-local\.sh' README.md || { echo "README.md no longer gives ./run-local.sh as a command"; exit 1; }
grep -q '^LAB_ROOM=1 \./run-local\.sh' README.md || { echo "README.md no longer gives LAB_ROOM=1 ./run-local.sh"; exit 1; }
log=target/run-local.log
mkdir -p target
j() { curl -fsS --max-time 10 -H 'Content-Type: application/json' "$@"; }
pid=
stop() { if [ -n "$pid" ]; then kill -INT -- "-$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi; pid=; }
trap stop EXIT

# run_local [VAR=VALUE...]: starts ./run-local.sh with those variables, until it says where the console is.
run_local() {
  # Job control on: the job gets a process group of its own and does not ignore SIGINT, which a
  # script's background jobs otherwise do (and which a script cannot trap once ignored).
  set -m
  env "$@" ./run-local.sh >"$log" 2>&1 </dev/null &
  pid=$!
  set +m
  local deadline=$((SECONDS + 600))
  until grep -q 'Press Ctrl-C to stop' "$log"; do
    if ! kill -0 "$pid" 2>/dev/null || [ $SECONDS -ge $deadline ]; then
      tail -n 40 "$log"; echo "run-local.sh $*: the lab did not start ($log)"; exit 1
    fi
    sleep 1
  done
}

# A shot fired through the console is answered.
a_shot_hits() {
  local game outcome=
  game=$(j -XPOST localhost:8080/api/games -d '{"targetPosition":42}' | jq -r .gameId)
  j -XPOST "localhost:8080/api/games/$game/shots" -d '{"player":"alice","position":42}' >/dev/null
  for _ in $(seq 1 30); do
    outcome=$(j "localhost:8080/api/games/$game" | jq -r '.shots[0].outcome')
    [ "$outcome" = HIT ] && return 0
    sleep 1
  done
  echo "run-local.sh: the shot's outcome is $outcome, not HIT"; exit 1
}

# Ctrl-C stops all three.
stopped() {
  stop
  for port in 8080 8081 8082; do
    if curl -s -o /dev/null "localhost:$port/q/health/live"; then echo "run-local.sh: :$port still answers after Ctrl-C"; exit 1; fi
  done
}

run_local
a_shot_hits
stopped
echo "run-local.sh: built, started, a shot HIT through the console, Ctrl-C stopped all three"

# A room without Docker: a key made up and printed; the lab refuses a change without it, takes one with it.
run_local LAB_ROOM=1 LAB_INSTRUCTOR_KEY=
key=$(sed -n 's/^ *Instructor key: \([0-9a-f]*\) .*/\1/p' "$log")
[ -n "$key" ] || { cat "$log"; echo "LAB_ROOM=1 ./run-local.sh printed no instructor key"; exit 1; }
a_shot_hits
refused=$(curl -s -o /dev/null -w '%{http_code}' -XPOST localhost:8080/api/lab/services/all/reset)
taken=$(curl -s -o /dev/null -w '%{http_code}' -XPOST -H "X-Instructor-Key: $key" localhost:8080/api/lab/services/all/reset)
[ "$refused" = 401 ] && [ "${taken:0:1}" = 2 ] \
  || { echo "LAB_ROOM=1 ./run-local.sh: a change without the key answered $refused, with the printed key $taken"; exit 1; }
stopped
echo "LAB_ROOM=1 ./run-local.sh: a key made up and printed, a shot HIT, the lab refused without the key and changed with it"

#!/usr/bin/env bash
# Builds the three services and runs them against RabbitMQ and PostgreSQL on localhost.
# Ctrl-C stops all three. Logs: target/logs/<service>.log
# They answer this machine only. A room (players' browsers on this machine's network reach the console):
#   LAB_ROOM=1 ./run-local.sh    # the console on every interface, the lab behind LAB_INSTRUCTOR_KEY
#                                # (made up and printed where none is set)
set -euo pipefail
cd "$(dirname "$0")"

console_host=127.0.0.1
if [ -n "${LAB_ROOM:-}" ]; then
  console_host=0.0.0.0
  if [ -z "${LAB_INSTRUCTOR_KEY:-}" ]; then
    LAB_INSTRUCTOR_KEY=$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')
  fi
  export LAB_INSTRUCTOR_KEY
fi

scripts/create-databases.sh
echo "building..."
./mvnw -B -q package -DskipTests

mkdir -p target/logs
pids=()
stop() {
  echo; echo "stopping the lab..."
  kill "${pids[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap stop EXIT INT TERM

for service in shooting-range:8081 leader-board:8082 game-scenario:8080; do
  name=${service%:*}
  host=127.0.0.1
  if [ "$name" = game-scenario ]; then host=$console_host; fi
  QUARKUS_HTTP_HOST=$host MALLOC_ARENA_MAX=2 java @jvm.options -jar "$name/target/quarkus-app/quarkus-run.jar" > "target/logs/$name.log" 2>&1 &
  pids+=($!)
done

for service in shooting-range:8081 leader-board:8082 game-scenario:8080; do
  name=${service%:*} port=${service#*:}
  printf 'waiting for %s' "$name"
  until curl -sf "http://localhost:$port/q/health/ready" >/dev/null; do
    if ! kill -0 "${pids[@]}" 2>/dev/null; then
      echo; echo "a service exited; see target/logs/"; exit 1
    fi
    printf '.'; sleep 1
  done
  echo " ready on http://localhost:$port"
done

cat <<MSG

  Console:        http://localhost:8080
  Shooting range: http://localhost:8081/api/ranges/{gameId}
  Leader board:   http://localhost:8082/api/leaderboard/{gameId}

Logs in target/logs/. Press Ctrl-C to stop.
MSG
if [ -n "${LAB_ROOM:-}" ]; then
  cat <<MSG
  A room: players open http://<this machine's address>:8080 on its network.
  Instructor key: $LAB_INSTRUCTOR_KEY   (the console asks for it before any change to the lab)

MSG
fi
wait

#!/usr/bin/env bash
# Builds the three services and runs them against RabbitMQ and PostgreSQL on localhost.
# Ctrl-C stops all three. Logs: target/logs/<service>.log
set -euo pipefail
cd "$(dirname "$0")"

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
  MALLOC_ARENA_MAX=2 java @jvm.options -jar "$name/target/quarkus-app/quarkus-run.jar" > "target/logs/$name.log" 2>&1 &
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
wait

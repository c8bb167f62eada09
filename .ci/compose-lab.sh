#!/usr/bin/env bash
# CI: what ships works. Runs README.md's `docker compose up --build` on the shipped docker-compose.yml
# and Dockerfile (unedited; only the host ports move, .ci/docker/compose.ports.yml, since this machine's
# own RabbitMQ, PostgreSQL and test services hold the shipped ones), waits until every service is
# healthy, plays a game over HTTP and one in Chromium (ComposedConsoleIT), switches a protection off
# and on through the lab, starts it a second time as a room (docker-compose.room.yml, no --build:
# nothing built or fetched; guest refused; a consumer outside the containers judged as the participant
# user), then `docker compose down -v` and checks that the project left no container, network or volume.
# The official images come from Docker Hub, which CI cannot reach: stand-ins of the same names are
# built from Debian packages first (.ci/docker/standins.sh, .ci/docker/README.md).
#
#   bash .ci/compose-lab.sh                              # the lab as README.md starts it
#   LAB_SETUP=cluster LAB_PROFILES=scaled bash .ci/compose-lab.sh  # on the cluster, two instances each
# It installs what is missing, starts a private engine and stops it at the end; KEEP_ENGINE=1 leaves
# it running (later runs then skip its start). LAB_PROFILES adds profiles (scaled: two instances of the
# range and the board on the same queues). LAB_OBSERVABILITY=1 adds docker-compose.observability.yml
# (Prometheus stood in, checked to scrape every instance; Jaeger and Grafana have no stand-in and stay
# off). LAB_SETUP=cluster adds docker-compose.cluster.yml (three
# RabbitMQ nodes in place of the single broker): the cluster is checked (three nodes, every quorum queue
# a member on each), and the node leading the range's queue is killed mid-burst, every accepted shot
# then counted once; the browser and the second start are left to the first run. Exit status non-zero
# on any failure, with the containers' logs printed.
set -euo pipefail
cd "$(dirname "$0")/.."

ENGINE=.ci/docker/engine.sh
# docker.io's client, the engine's own version, rather than any other docker earlier on the PATH.
if [ -x /usr/bin/docker ]; then docker() { /usr/bin/docker "$@"; }; fi
PROJECT=shooting-range-ci
CLUSTER=false BROKER=rabbitmq
COMPOSE=(docker compose -p "$PROJECT" -f docker-compose.yml)
if [ "${LAB_SETUP:-}" = cluster ]; then
  CLUSTER=true BROKER=rabbitmq-1
  COMPOSE+=(-f docker-compose.cluster.yml -f .ci/docker/compose.ports.yml -f .ci/docker/compose.cluster-ports.yml)
else
  COMPOSE+=(-f .ci/docker/compose.ports.yml)
fi
# With docker-compose.observability.yml: Prometheus (stood in) checked to scrape every instance.
[ -n "${LAB_OBSERVABILITY:-}" ] && COMPOSE+=(-f docker-compose.observability.yml -f .ci/docker/compose.observability-ci.yml)
for profile in ${LAB_PROFILES:-}; do COMPOSE+=(--profile "$profile"); done
# The host ports of compose.ports.yml (the cluster's first node takes the single broker's).
GS=http://127.0.0.1:28080 SR=http://127.0.0.1:28081 LB=http://127.0.0.1:28082 MGMT=http://127.0.0.1:28673
PROM=http://127.0.0.1:28090
HOST_PORTS="28080 28081 28082 28672 28673"
[ -n "${LAB_OBSERVABILITY:-}" ] && HOST_PORTS="$HOST_PORTS 28090"
HEALTHY_WITHIN=${HEALTHY_WITHIN:-300}

timings=() passed=0 failed=0 started_engine=false up=false PLAIN=()
OUT=$(mktemp)   # compose's and the builds' progress, printed on a failure
timed() { # timed LABEL COMMAND...: runs it, notes its seconds
  local label=$1 t=$SECONDS; shift
  "$@"
  timings+=("$(printf '%-34s %4d s' "$label" $((SECONDS - t)))")
}
quiet() { "$@" >>"$OUT" 2>&1 || { cat "$OUT"; return 1; }; }
ok() { passed=$((passed + 1)); echo "ok: $*"; }
fail() { failed=$((failed + 1)); echo "FAILED: $*" >&2; exit 1; }

finish() {
  local rc=$?
  set +e
  if [ "$rc" != 0 ] && $up; then
    echo "--- containers ---"; "${COMPOSE[@]}" ps -a
    echo "--- their logs (last 150 lines each) ---"; "${COMPOSE[@]}" logs --no-color --tail 150
  fi
  if $up; then
    "${COMPOSE[@]}" down -v --remove-orphans >/dev/null 2>&1
    if [ ${#PLAIN[@]} -gt 0 ]; then "${PLAIN[@]}" down -v >/dev/null 2>&1; fi
  fi
  if $started_engine && [ -z "${KEEP_ENGINE:-}" ]; then timed "engine stop" "$ENGINE" stop; fi
  rm -f "$OUT"
  echo "--- compose lab: timings ---"
  printf '%s\n' "${timings[@]}"
  [ "$rc" = 0 ] || failed=$((failed > 0 ? failed : 1))
  echo "compose lab: $passed passed, $failed failed"
  exit "$rc"
}
trap finish EXIT

# --- engine and images -------------------------------------------------------------------------
timed "install (docker.io, compose...)" "$ENGINE" install
command -v jq >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq >/dev/null; }
eval "$("$ENGINE" env)"
if ! docker version >/dev/null 2>&1; then
  timed "engine start" "$ENGINE" start
  started_engine=true
fi
timed "stand-in images" .ci/docker/standins.sh
# From here on nothing may reach for a registry (the services are built here, the stand-ins present):
# the engine's log from this point on is checked at the end.
log_from=$(($(stat -c %s "$CI_DOCKERD_LOG" 2>/dev/null || echo 0) + 1))

for p in $HOST_PORTS; do
  if ss -Hltn "sport = :$p" | grep -q .; then fail "host port $p is taken (compose.ports.yml uses it)"; fi
done

# --- README.md's command ----------------------------------------------------------------------
up=true
timed "compose build (of up --build)" quiet "${COMPOSE[@]}" build
# up waits for rabbitmq, postgres and the range and board healthy before it starts game-scenario.
timed "compose up --build -d (built)" quiet "${COMPOSE[@]}" up --build -d

wait_healthy() {
  local deadline=$((SECONDS + HEALTHY_WITHIN)) states services
  services=$("${COMPOSE[@]}" config --services | wc -l)
  while :; do
    # A container without a healthcheck of its own (Prometheus) counts once it runs.
    states=$(docker inspect -f '{{.Name}} {{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}} (no healthcheck){{end}}' \
      $("${COMPOSE[@]}" ps -aq))
    if [ "$(wc -l <<<"$states")" -ge "$services" ] \
        && ! grep -qvE ' (healthy|running \(no healthcheck\))$' <<<"$states"; then
      echo "$states"; return 0
    fi
    if [ $SECONDS -ge $deadline ]; then echo "$states" >&2; fail "not every service healthy within ${HEALTHY_WITHIN}s"; fi
    sleep 2
  done
}
timed "then every container healthy" wait_healthy
ok "$("${COMPOSE[@]}" ps -q | wc -l) containers healthy or running (setup: ${LAB_SETUP:-single broker}, profiles: ${LAB_PROFILES:-none})"
# What the setup holds in memory once up (README.md's figures per setup).
docker stats --no-stream --format '{{.MemUsage}}' $("${COMPOSE[@]}" ps -q) | awk '
  { v = $1; u = v; gsub(/[0-9.]/, "", u); gsub(/[^0-9.]/, "", v)
    total += v * (u == "GiB" ? 1024 : u == "KiB" ? 1 / 1024 : 1) }
  END { printf "memory: %.0f MiB in all, once healthy\n", total }'

j() { curl -fsS --max-time 10 -H 'Content-Type: application/json' "$@"; }

# --- the wiring compose sets up ---------------------------------------------------------------------
wiring() {
  # guest from outside the broker's container (the official image allows it; the services need it).
  [ "$(j -u guest:guest "$MGMT/api/whoami" | jq -r .name)" = guest ] \
    || fail "RabbitMQ's management API does not let guest in from the host"
  ok "RabbitMQ's management API answers guest through the published port"
  # game-scenario reaches the other two by their compose names (LAB_SERVICES_*_URL).
  local seen
  seen=$(j "$GS/api/lab/services" | jq -c '[.services[].service] | sort')
  [ "$seen" = '["game-scenario","leader-board","shooting-range"]' ] \
    || fail "game-scenario's lab sees $seen, not all three services"
  ok "game-scenario's lab reaches all three services"
}
timed "wiring (broker UI, lab services)" wiring

# The shipped broker's limits (docker/rabbitmq/limits.conf): a message over 1 MiB is refused at publish.
limit=$("${COMPOSE[@]}" exec -T "$BROKER" rabbitmqctl -q eval 'application:get_env(rabbit, max_message_size).')
[ "$limit" = "{ok,1048576}" ] || fail "the broker's max_message_size is $limit, not the shipped 1 MiB"
ok "the broker refuses messages over 1 MiB (max_message_size from docker/rabbitmq/limits.conf)"

# --- a game over HTTP ------------------------------------------------------------------------------

# Waits until the game's shots all have an outcome and the board counts what they say.
settled() { # settled GAME SHOTS [SECONDS]: prints the game view once every shot has an outcome
  local game=$1 want=$2 within=${3:-60} view
  for _ in $(seq 1 "$within"); do
    view=$(j "$GS/api/games/$game")
    if [ "$(jq '[.shots[] | select(.outcome != "PENDING")] | length' <<<"$view")" = "$want" ]; then
      echo "$view"; return 0
    fi
    sleep 1
  done
  echo "$view" >&2; fail "game $game: not all $want shots have an outcome within $within s"
}

board_matches() { # board_matches GAME VIEW: the leader board counts each shot of the view once
  local game=$1 view=$2 want got
  want=$(jq -c '[.shots | group_by(.player)[] | {player: .[0].player, shots: length,
    hits: (map(select(.outcome == "HIT")) | length)}] | sort_by(.player)' <<<"$view")
  for _ in $(seq 1 30); do
    got=$(j "$LB/api/leaderboard/$game" | jq -c '[.players[] | {player, shots, hits}] | sort_by(.player)')
    [ "$got" = "$want" ] && { echo "$got"; return 0; }
    sleep 1
  done
  fail "leader board of $game: $got, expected $want"
}

play() {
  local game target attempts=() a
  game=$(j -XPOST "$GS/api/games" -d '{"targetPosition":42}' | jq -r .gameId)
  [ -n "$game" ] && [ "$game" != null ] || fail "POST /api/games gave no gameId"
  target=$(j "$GS/api/games/$game" | jq .targetPosition)
  [ "$target" = 42 ] || fail "game $game: target at $target, not 42"
  for shot in alice:42 alice:10 bob:42 bob:7 alice:42; do
    a=$(j -XPOST "$GS/api/games/$game/shots" -d "{\"player\":\"${shot%%:*}\",\"position\":${shot##*:}}" | jq -r .attemptId)
    attempts+=("$a")
  done
  local view
  view=$(settled "$game" 5)
  # Each shot once in the game, with the outcome its position deserves.
  [ "$(jq '.shots | length' <<<"$view")" = 5 ] || fail "game $game has $(jq '.shots | length' <<<"$view") shots, 5 fired"
  for a in "${attempts[@]}"; do
    [ "$(jq --arg a "$a" '[.shots[] | select(.attemptId == $a)] | length' <<<"$view")" = 1 ] \
      || fail "shot $a is not in game $game exactly once"
  done
  [ "$(jq -c '[.shots[] | select(.outcome == "HIT") | .position] | unique' <<<"$view")" = '[42]' ] \
    && [ "$(jq '[.shots[] | select(.outcome == "HIT")] | length' <<<"$view")" = 3 ] \
    || fail "game $game: outcomes $(jq -c '[.shots[] | [.player, .position, .outcome]]' <<<"$view")"
  ok "game $game: 5 shots, each once, 3 HIT at 42 and 2 MISSED"
  local board
  board=$(board_matches "$game" "$view")
  [ "$board" = '[{"player":"alice","shots":3,"hits":2},{"player":"bob","shots":2,"hits":1}]' ] \
    || fail "leader board of $game: $board"
  ok "leader board of $game: alice 3 shots 2 hits, bob 2 shots 1 hit"
  GAME=$game
}
timed "game (5 shots, outcomes, board)" play

# --- the lab: one protection off and on ------------------------------------------------------------
lab_switch() {
  local v
  for want in false true; do
    v=$(j -XPUT "$SR/api/lab/protections" -d "{\"inbox\":$want}" | jq '.protections.inbox')
    [ "$v" = "$want" ] || fail "PUT $SR/api/lab/protections inbox=$want answered inbox=$v"
    v=$(j "$SR/api/lab" | jq '.protections.inbox')
    [ "$v" = "$want" ] || fail "GET $SR/api/lab: inbox=$v after setting it to $want"
  done
  ok "shooting-range's inbox protection switched off and on again through the lab"
  # A shot after the switch still counts once.
  j -XPOST "$GS/api/games/$GAME/shots" -d '{"player":"bob","position":42}' >/dev/null
  local view
  view=$(settled "$GAME" 6)
  [ "$(board_matches "$GAME" "$view")" = '[{"player":"alice","shots":3,"hits":2},{"player":"bob","shots":3,"hits":2}]' ] \
    || fail "the shot after the switch did not count once"
  ok "a shot after the switch counted once"
}
timed "lab switch and one more shot" lab_switch

# --- a game in Chromium, against the composed console ---------------------------------------------
console_in_chromium() {
  local report=game-scenario/target/failsafe-reports/TEST-dev.shootingrange.scenario.ComposedConsoleIT.xml
  rm -f "$report"
  quiet ./mvnw -B verify -pl game-scenario -am -Pfull -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false \
    -Dit.test=ComposedConsoleIT -Dfailsafe.failIfNoSpecifiedTests=false -Dcomposed.lab.url="$GS"
  grep -q 'tests="1" errors="0" skipped="0" failures="0"' "$report" \
    || fail "ComposedConsoleIT did not run once and pass ($report)"
  ok "a game played in Chromium against the composed console: live HIT and MISSED, counted once"
}
$CLUSTER || timed "a game in Chromium (ComposedConsoleIT)" console_in_chromium

# --- a second start, as a room's next morning: the room's file, nothing built, nothing fetched ------
# docker-compose.room.yml publishes the console and the broker's AMQP port (here on 127.0.0.1's moved
# ports, compose.ports.yml coming last) and has the services log in as "lab" with the instructor's key,
# on a broker volume of its own where guest was never made.
ROOM_KEY=ci-room-key-of-the-day
second_start() {
  local images before after
  images=$("${COMPOSE[@]}" config --images | grep '^shooting-range/' | sort -u)
  before=$(docker image inspect -f '{{.Id}}' $images)
  quiet "${COMPOSE[@]}" down
  export LAB_INSTRUCTOR_KEY=$ROOM_KEY
  PLAIN=("${COMPOSE[@]}")
  COMPOSE=(docker compose -p "$PROJECT" -f docker-compose.yml -f docker-compose.room.yml -f .ci/docker/compose.ports.yml)
  local log; log=$(mktemp)
  "${COMPOSE[@]}" up -d >"$log" 2>&1 || { cat "$log"; rm -f "$log"; fail "the second docker compose up failed"; }
  cat "$log" >>"$OUT"
  if grep -qiE 'build|pull' "$log"; then cat "$log"; rm -f "$log"; fail "the second up built or pulled"; fi
  rm -f "$log"
  after=$(docker image inspect -f '{{.Id}}' $images)
  [ "$before" = "$after" ] || fail "the second up changed the images"
  wait_healthy >/dev/null
  play >/dev/null
  ok "a second docker compose up, the room's (docker-compose.room.yml, no --build), started the images built before, fetched nothing, and a game counted once"
}
$CLUSTER || timed "second start: a room (up, no build)" second_start

# The room's broker: the AMQP port is the room's, so guest/guest, which everyone knows, is not there.
room_broker() {
  local guest lab
  guest=$(curl -s -o /dev/null -w '%{http_code}' -u guest:guest "$MGMT/api/whoami")
  lab=$(curl -s -o /dev/null -w '%{http_code}' -u "lab:$ROOM_KEY" "$MGMT/api/whoami")
  [ "$guest" = 401 ] && [ "$lab" = 200 ] || fail "the room's broker answered guest with $guest and lab (the key) with $lab"
  ok "the room's broker refuses guest; the services' user is lab, the key its password"
}
$CLUSTER || timed "room: the broker's users" room_broker

# A participant's consumer on a laptop (this machine, outside the containers): the Node example logs in
# as the participant user the console hands out, through the room's AMQP port, and serves its board;
# the console reaches it at host.docker.internal, and the instructor's round judges it.
room_judge() {
  local connection url port dir node round card deadline=$((SECONDS + 240))
  connection=$(j "$GS/api/judge/connection")
  url=$(jq -r .amqpUrl <<<"$connection")
  [[ $url == amqp://participant:participant@127.0.0.1:5672* ]] || fail "the console hands out $url"
  dir=$(mktemp -d)
  (cd examples/node-leader-board && npm ci --no-audit --no-fund --loglevel=error) >"$dir/npm.log" 2>&1 \
    || { cat "$dir/npm.log"; fail "npm ci in examples/node-leader-board"; }
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("", 0)); print(s.getsockname()[1])')
  (cd examples/node-leader-board && AMQP_URL=${url/:5672/:28672} QUEUE=participant.ci-laptop \
    DEAD_LETTERS=$(jq -r .nodeExample.DEAD_LETTERS <<<"$connection") PORT=$port STATE_FILE="$dir/state.json" \
    exec node leader-board.js) >"$dir/node.log" 2>&1 &
  node=$!
  until curl -fs -o /dev/null "http://127.0.0.1:$port/api/leaderboard/none"; do
    kill -0 "$node" 2>/dev/null && [ $SECONDS -lt $deadline ] || { cat "$dir/node.log"; fail "the Node example's board never answered"; }
    sleep 1
  done
  j -XPOST "$GS/api/judge/consumers" -d "{\"name\":\"a laptop\",\"board\":\"http://host.docker.internal:$port/api/leaderboard\"}" >/dev/null
  j -XPOST -H "X-Instructor-Key: $ROOM_KEY" "$GS/api/lab/judge/round" >/dev/null
  until round=$(j "$GS/api/judge/round") && [ "$(jq -r .state <<<"$round")" = DONE ]; do
    [ $SECONDS -lt $deadline ] || { cat "$dir/node.log"; fail "the judge's round was not done in time: $round"; }
    sleep 2
  done
  kill "$node" 2>/dev/null || true
  card=$(jq -c '.consumers[] | select(.name == "a laptop")' <<<"$round")
  jq -e '.countedOnce.held and .nothingLost.held and .copiesPlayed > 0 and .copiesAbsorbed == .copiesPlayed' <<<"$card" >/dev/null \
    || { cat "$dir/node.log"; fail "the judge's round: $round"; }
  rm -rf "$dir"
  ok "a laptop's consumer (the Node example as the participant user, through the room's AMQP port) judged: $(jq -r '"\(.shotsSeen) shots, \(.copiesAbsorbed) of \(.copiesPlayed) copies absorbed"' <<<"$card"), both rules held"
}
$CLUSTER || timed "room: a laptop's consumer judged" room_judge

# --- the cluster: one cluster of three, and its leader killed mid-burst ------------------------------
rabbitmqctl_on() { # rabbitmqctl_on NODE ARGS...: the node's rabbitmqctl, quiet, in JSON
  local node=$1; shift
  "${COMPOSE[@]}" exec -T "$node" rabbitmqctl -q "$@" --formatter json
}

cluster_formed() {
  local running queues short
  running=$(rabbitmqctl_on rabbitmq-1 cluster_status | jq -c '.running_nodes | sort')
  [ "$running" = '["rabbit@rabbitmq-1","rabbit@rabbitmq-2","rabbit@rabbitmq-3"]' ] \
    || fail "the cluster runs $running, not the three nodes"
  ok "three RabbitMQ nodes run as one cluster"
  # Members are added as the nodes join (continuous membership reconciliation): waited for.
  for _ in $(seq 1 60); do
    queues=$(rabbitmqctl_on rabbitmq-1 list_queues name type members)
    short=$(jq -c '[.[] | select(.type == "quorum" and (.members | length) != 3) | .name]' <<<"$queues")
    [ "$short" = "[]" ] && break
    sleep 2
  done
  [ "$short" = "[]" ] || fail "quorum queues without a member on each node: $short"
  [ "$(jq '[.[] | select(.type != "quorum") | .name | select(startswith("amq.") | not)] | length' <<<"$queues")" = 0 ] \
    || fail "queues that are not quorum queues: $(jq -c '[.[] | select(.type != "quorum") | .name]' <<<"$queues")"
  ok "every queue is a quorum queue with a member on each node ($(jq length <<<"$queues") queues)"
}

leader_killed_mid_burst() {
  local game leader node shots=300 fired accepted view
  game=$(j -XPOST "$GS/api/games" -d '{"targetPosition":42}' | jq -r .gameId)
  leader=$(rabbitmqctl_on rabbitmq-1 list_queues name leader | jq -r '.[] | select(.name == "shooting-range") | .leader')
  node=${leader#rabbit@}
  [[ "$node" == rabbitmq-[123] ]] || fail "the range's queue has no leader among the nodes: '$leader'"
  fired=$(mktemp)
  ( for i in $(seq 1 "$shots"); do
      if (( i % 2 )); then p=42 who=alice; else p=7 who=bob; fi
      curl -sS --max-time 10 -H 'Content-Type: application/json' -XPOST "$GS/api/games/$game/shots" \
        -d "{\"player\":\"$who\",\"position\":$p}" -w '\n' 2>/dev/null | jq -r 'select(.attemptId) | .attemptId' || true
    done >"$fired" ) &
  local burst=$!
  for _ in $(seq 1 300); do [ "$(wc -l <"$fired")" -ge $((shots / 3)) ] && break; sleep 0.1; done
  docker kill "$("${COMPOSE[@]}" ps -q "$node")" >/dev/null
  ok "killed $node, the leader of the range's queue, after $(wc -l <"$fired") of $shots shots"
  wait "$burst"
  accepted=$(wc -l <"$fired")
  # Every shot the game took (the accepted ones and any whose answer a request lost), with an outcome.
  view=$(settled "$game" "$(j "$GS/api/games/$game" | jq '.shots | length')" 120)
  local lost doubled wrong
  lost=$(comm -23 <(sort -u "$fired") <(jq -r '.shots[] | select(.outcome != "PENDING") | .attemptId' <<<"$view" | sort -u) | wc -l)
  doubled=$(jq '[.shots | group_by(.attemptId)[] | select(length > 1)] | length' <<<"$view")
  wrong=$(jq '[.shots[] | select((.position == 42 and .outcome != "HIT") or (.position == 7 and .outcome != "MISSED"))] | length' <<<"$view")
  rm -f "$fired"
  [ "$lost" = 0 ] && [ "$doubled" = 0 ] && [ "$wrong" = 0 ] \
    || fail "after the kill: $lost of $accepted accepted shots without an outcome, $doubled doubled, $wrong wrong"
  board_matches "$game" "$view" >/dev/null
  ok "$accepted shots accepted around the kill: each once, with its outcome, the leader board counting each once"
  # The node back, for down -v to find the project as it was.
  quiet "${COMPOSE[@]}" start "$node"
}

# --- Prometheus scrapes every instance that runs, and RabbitMQ ------------------------------------
scrapes_every_instance() {
  local want=() service got
  for service in $("${COMPOSE[@]}" config --services); do
    case $service in
      shooting-range*) want+=("$service:8081") ;;
      leader-board*) want+=("$service:8082") ;;
      game-scenario) want+=("$service:8080") ;;
      rabbitmq*) want+=("$service:15692") ;;
    esac
  done
  want=$(printf '%s\n' "${want[@]}" | sort | jq -R . | jq -sc .)
  for _ in $(seq 1 30); do
    got=$(j "$PROM/api/v1/targets" | jq -c '[.data.activeTargets[] | select(.health == "up") | .labels.instance] | sort')
    [ "$got" = "$want" ] && break
    sleep 2
  done
  [ "$got" = "$want" ] || fail "Prometheus scrapes $got, not every instance that runs: $want"
  ok "Prometheus scrapes every instance that runs: $(jq -r 'join(", ")' <<<"$want")"
}
[ -n "${LAB_OBSERVABILITY:-}" ] && timed "Prometheus scrapes every instance" scrapes_every_instance

if $CLUSTER; then
  timed "cluster: three nodes, three members" cluster_formed
  timed "cluster: leader killed mid-burst" leader_killed_mid_burst
fi

# --- down -v leaves nothing of the project -----------------------------------------------------------
volumes=$(docker inspect -f '{{range .Mounts}}{{if eq .Type "volume"}}{{.Name}} {{end}}{{end}}' $("${COMPOSE[@]}" ps -aq))
networks=$(docker network ls -q --filter "label=com.docker.compose.project=$PROJECT")
timed "compose down -v" quiet "${COMPOSE[@]}" down -v
# After a room, the plain lab's broker volume, which the room's files do not name, goes with the plain files.
if [ ${#PLAIN[@]} -gt 0 ]; then quiet "${PLAIN[@]}" down -v; fi
up=false
left=$(docker ps -aq --filter "label=com.docker.compose.project=$PROJECT")
[ -z "$left" ] || fail "containers left after down -v: $left"
left=$(docker network ls -q --filter "label=com.docker.compose.project=$PROJECT")
for n in $networks; do docker network inspect "$n" >/dev/null 2>&1 && left="$left $n"; done
[ -z "${left// /}" ] || fail "networks left after down -v: $left"
left=$(docker volume ls -q --filter "label=com.docker.compose.project=$PROJECT")
for v in $volumes; do docker volume inspect "$v" >/dev/null 2>&1 && left="$left $v"; done
[ -z "${left// /}" ] || fail "volumes left after down -v: $left"
ok "down -v left no container, network or volume (it removed $(wc -w <<<"$volumes") volumes)"

if [ -f "$CI_DOCKERD_LOG" ] && tail -c +"$log_from" "$CI_DOCKERD_LOG" | grep -iE 'registry-1\.docker\.io|trying next host|pull'; then
  fail "the engine reached for a registry during compose up/down (its log above)"
fi
ok "nothing reached for a registry (the services built here, the stand-ins local)"

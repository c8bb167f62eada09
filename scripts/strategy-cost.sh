#!/usr/bin/env bash
# What each way to exactly-once stores at the range, and what it costs per message: for every
# strategy, SHOTS shots on a fresh game (the first handlings), then a copy of each FireAt (the
# duplicates), counted in the range's own tables. Runs against a lab that is up (./run-local.sh):
#   scripts/strategy-cost.sh            # 200 shots per strategy, about five minutes
#   scripts/strategy-cost.sh 500
# SCENARIO, RANGE (URLs) and RANGE_DB (a psql connection string) point it elsewhere.
set -euo pipefail
SHOTS=${1:-200}
# The range's history answers at most 1,000 entries a page: two copies and an answer per shot.
[ "$SHOTS" -ge 1 ] && [ "$SHOTS" -le 300 ] || { echo "SHOTS must be from 1 to 300" >&2; exit 2; }
SCENARIO=${SCENARIO:-http://localhost:8080}
RANGE=${RANGE:-http://localhost:8081}
RANGE_DB=${RANGE_DB:-postgresql://postgres@127.0.0.1:5432/shooting_range}
JSON='Content-Type: application/json'

sql() { psql "$RANGE_DB" -qtAX -c "$1"; }
# Waits (at most a minute) until a command prints what is expected.
await() {
  local what=$1 expected=$2; shift 2
  for _ in $(seq 1 600); do
    [ "$("$@")" = "$expected" ] && return 0
    sleep 0.1
  done
  echo "waited a minute in vain for $what" >&2
  exit 1
}
range_outcomes() { curl -sf "$RANGE/api/ranges/$1" | jq '.outcomes | length'; }
range_target() { curl -sf "$RANGE/api/ranges/$1" | jq '.targetPosition'; }
fire_at_handlings() {
  curl -sf "$RANGE/api/lab/history/$1?size=1000" \
    | jq '[.entries[] | select(.type == "FireAt" and .direction == "IN" and .disposition != "RETRIED")] | length'
}
# Rows and data bytes (without indexes) the range keeps for a game's FireAts, table by table.
footprint() {
  local game=$1 ids=$2
  sql "select 'inbox', count(*), coalesce(sum(pg_column_size(t.*)), 0) from inbox t
         where consumer = 'shooting-range' and message_id = any('{$ids}'::uuid[])
       union all select 'outbox', count(*), coalesce(sum(pg_column_size(t.*)), 0) from outbox t
         where caused_by = any('{$ids}'::uuid[])
       union all select 'outcome', count(*), coalesce(sum(pg_column_size(t.*)), 0) from outcome t where game_id = '$game'
       union all select 'target_version', count(*), coalesce(sum(pg_column_size(t.*)), 0) from target_version t
         where game_id = '$game'"
}
# Committed transactions in the range's database, read from another database so that reading adds
# none. A backend publishes its counts within PostgreSQL's idle interval (10 s): read after it.
commit_count() {
  psql "${RANGE_DB%/*}/postgres" -qtAX -c "select xact_commit from pg_stat_database where datname = '${RANGE_DB##*/}'"
}
settled_commits() { sleep 11; commit_count; }
now() { date +%s.%N; }
# The relay's sweeps and the retention purge commit on their own: their rate, measured idle, is
# taken off each figure.
idle_rate() {
  local c0 t0 c1 t1
  c0=$(settled_commits); t0=$(now)
  c1=$(settled_commits); t1=$(now)
  awk -v c="$(( c1 - c0 ))" -v t0="$t0" -v t1="$t1" 'BEGIN { printf "%.4f", c / (t1 - t0) }'
}
commits_since() { # start_count start_time
  local c t
  c=$(settled_commits); t=$(now)
  awk -v c="$(( c - $1 ))" -v r="$IDLE_RATE" -v t0="$2" -v t1="$t" 'BEGIN { printf "%.0f", c - r * (t1 - t0) }'
}
per() { awk -v a="$1" -v n="$2" 'BEGIN { printf "%.2f", a / n }'; }

strategies=$(curl -sf "$RANGE/api/lab" | jq -r '.strategies[]')
IDLE_RATE=$(idle_rate)
echo "background commits while idle: $IDLE_RATE per second (taken off below)"
printf '| strategy | per first handling: rows (bytes) | commits | per copy: rows (bytes) | commits | what a copy is answered with |\n'
printf '| --- | --- | ---: | --- | ---: | --- |\n'
for strategy in $strategies; do
  curl -sf -XPUT "$SCENARIO/api/lab/services/all/strategy" -H "$JSON" -d "{\"strategy\":\"$strategy\"}" >/dev/null
  game=$(curl -sf -XPOST "$SCENARIO/api/games" -H "$JSON" -d '{"targetPosition":42}' | jq -r .gameId)
  await "the game's target at the range" 42 range_target "$game"
  start=$(settled_commits); since=$(now)
  ids=()
  for i in $(seq 1 "$SHOTS"); do
    position=$(( i % 2 == 0 ? 42 : 7 ))
    ids+=("$(curl -sf -XPOST "$SCENARIO/api/games/$game/shots" -H "$JSON" \
      -d "{\"player\":\"p$(( i % 3 ))\",\"position\":$position}" | jq -r .messageId)")
  done
  await "$SHOTS outcomes" "$SHOTS" range_outcomes "$game"
  await "$SHOTS handlings" "$SHOTS" fire_at_handlings "$game"
  first_commits=$(commits_since "$start" "$since")
  list=$(IFS=,; echo "${ids[*]}")
  first=$(footprint "$game" "$list")
  start=$(settled_commits); since=$(now)
  for id in "${ids[@]}"; do
    curl -sf -XPOST "$SCENARIO/api/lab/outbox/$id/resend" -H "$JSON" -d '{}' >/dev/null
  done
  await "$SHOTS copies handled" "$(( 2 * SHOTS ))" fire_at_handlings "$game"
  copy_commits=$(commits_since "$start" "$since")
  both=$(footprint "$game" "$list")
  rows() { echo "$1" | awk -F'|' -v n="$SHOTS" '{ r += $2; b += $3 } END { printf "%.2f (%d B)", r / n, b / n }'; }
  delta=$(paste -d'|' <(echo "$both") <(echo "$first") | awk -F'|' '{ print $1 "|" $2 - $5 "|" $3 - $6 }')
  answered=$(curl -sf "$RANGE/api/lab/history/$game?size=1000" | jq -r --argjson n "$SHOTS" \
    '[.entries[] | select(.direction == "OUT")] | (length - $n) as $again
     | if $again == 0 then "nothing" else "\($again) outcome(s) sent again" end')
  printf '| %s | %s | %s | %s | %s | %s |\n' "$strategy" "$(rows "$first")" "$(per "$first_commits" "$SHOTS")" \
    "$(rows "$delta")" "$(per "$copy_commits" "$SHOTS")" "$answered"
done
curl -sf -XPOST "$SCENARIO/api/lab/services/all/reset" >/dev/null

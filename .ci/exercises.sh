#!/usr/bin/env bash
# The hands-on track's command as its READMEs give it, on a fresh clone: every `exercises/check.sh
# <exercise>` a README prints names an exercise, and the command runs every exercise's tests, which
# fail on the starting code as a participant first sees them. (Both directions, every starting point
# red and every solution green, are the build's own: exercises/README.md.)
set -euo pipefail
cd "$(dirname "$0")/.."
exercises=exercises/src/main/java/dev/shootingrange/exercises
for name in $(grep -ho 'exercises/check\.sh [a-z]*' exercises/README.md $exercises/*/README.md | awk '{print $2}' | sort -u); do
  if [ "$name" != all ] && [ ! -d "$exercises/$name" ]; then
    echo "a README runs exercises/check.sh $name: there is no exercise $name"; exit 1
  fi
done
mkdir -p target
log=target/exercises-check.log
start=$SECONDS
if exercises/check.sh all -Plocal > "$log" 2>&1; then
  cat "$log"; echo "exercises/check.sh all passed on the starting code: an exercise has nothing left to write"; exit 1
fi
for test in exercises/src/test/java/dev/shootingrange/exercises/*/*Test.java; do
  class=$(echo "${test#exercises/src/test/java/}" | sed 's#/#.#g; s#\.java$##')
  if ! grep -q "FAILURE! -- in $class\$" "$log"; then
    cat "$log"; echo "exercises/check.sh all: $class did not fail on the starting code"; exit 1
  fi
done
echo "exercises/check.sh all: every exercise red on the starting code, as a participant starts ($((SECONDS - start)) s)"

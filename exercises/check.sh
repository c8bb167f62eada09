#!/usr/bin/env bash
# Checks a participant's code against an exercise's tests: every test must pass.
#   exercises/check.sh inbox        # exercise 1; the names are the packages under exercises/src/main/java
#   exercises/check.sh all          # every exercise
#   exercises/check.sh inbox -Plocal   # on the servers on localhost instead of Docker (as ./mvnw verify -Plocal)
# The servers are the build's: containers of the lab's images in Docker, or with -Plocal the local ones.
set -euo pipefail
cd "$(dirname "$0")/.."
exercise=${1:-all}
shift || true
package=$exercise
[ "$exercise" != all ] || package='**'
# -am builds the core the exercises implement; only the exercises' tests run.
./mvnw -B -q test -pl exercises -am -Dexercises.expect=green \
  -Dtest="dev.shootingrange.exercises.$package.*Test" -Dsurefire.failIfNoSpecifiedTests=false "$@"

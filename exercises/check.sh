#!/usr/bin/env bash
# Checks a participant's code against an exercise's tests: every test must pass.
#   exercises/check.sh inbox        # exercise 1; the names are the packages under exercises/src/main/java
#   exercises/check.sh              # every exercise
# The servers are the build's: the local ones, or where Docker runs, containers of the lab's images.
set -euo pipefail
cd "$(dirname "$0")/.."
tests=${1:+"dev.shootingrange.exercises.$1.*Test"}
./mvnw -B -q test -pl exercises -am -Dexercises.expect=green \
  ${tests:+-Dtest="$tests"} -Dsurefire.failIfNoSpecifiedTests=false

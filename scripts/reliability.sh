#!/usr/bin/env bash
# The full reliability suite: every fault with 2,000 shots per burst against the three packaged
# services, then the table of figures in docs/reliability.md. About 6 minutes on two cores.
#   scripts/reliability.sh                          # 2,000 shots per burst
#   scripts/reliability.sh -Dreliability.shots=5000 # or any other number
#   scripts/reliability.sh -Dreliability.batch-size=16 -Dreliability.report=target/batched.md
#                                                   # the same faults with batching on (decision 21)
# It stops the machine's RabbitMQ and restarts its PostgreSQL for a few seconds each: run nothing
# else against them meanwhile. ./mvnw verify -Pfull runs the same suite with 300 shots, then the
# faults that strike a consuming transaction again with batching on (reliability/pom.xml).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/create-databases.sh
./mvnw -B verify -Pfull -pl reliability -am -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
  -Dit.test='dev.shootingrange.reliability.*IT' -Dfailsafe.failIfNoSpecifiedTests=false \
  -Dreliability.shots=2000 -Dreliability.report="$PWD/docs/reliability.md" -Dreliability.batched.skip=true "$@"

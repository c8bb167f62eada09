#!/usr/bin/env bash
# What exactly-once costs on this machine: builds the services, runs the benchmark against the local
# RabbitMQ and PostgreSQL, prints the tables and writes docs/benchmarks.md.
#   scripts/benchmark.sh                       # everything, in one run (about 29 minutes): the efficiency, cost per shot, the
#                                              # ceilings, the climbs on and off, the latencies, the burst,
#                                              # what watching costs, the workshop room, the lab's memory after it
#   scripts/benchmark.sh --baseline=0805b9d    # the same, the burst also on that commit's build first (about 21 minutes)
#   scripts/benchmark.sh --soak-minutes=10     # plus a 10-minute soak at 50 % of the maximum
#   scripts/benchmark.sh --cost-rate=100 --cost-seconds=30   # the steady, warm rate of "cost per shot"
#   scripts/benchmark.sh --only=cost --tracing=off,on        # cost per shot alone, without and with traces
#   scripts/benchmark.sh --only=ratio                        # the efficiency (about 14 minutes): the burst with every
#                                              # guarantee and the history on, the history off, the inbox and outbox
#                                              # off too, then batching on (history on, off), against the raw parts'
#                                              # floor for the same broker and database work (plain RabbitMQ client
#                                              # and JDBC), before and after, then the floor with the outbox claimed
#                                              # and deleted; --burst-shots and --burst-runs as for the burst,
#                                              # --batch-size=N the deliveries a transaction (16; 1: not measured),
#                                              # --jfr=true where each column's CPU went in the services;
#                                              # then the physical floor (issue 42) and each part against it
#   scripts/benchmark.sh --only=floor --burst-shots=300 --burst-runs=1   # the two floors alone, no services; the physical: pgbench
#                                              # on benchmark_floor, the plain AMQP client on floor.* queues
#   scripts/benchmark.sh --only=history-writes --burst-shots=4000   # what a row of the lab's history costs PostgreSQL by
#                                              # the rows a commit (1, 8, 64, 500) and the way they go in (the lab's
#                                              # batched inserts, the driver's rewrite, COPY, asynchronous commit);
#                                              # four times --burst-shots rows a cell, no services (a few minutes)
#   scripts/benchmark.sh --only=burst --burst-runs=5         # 3,000 FireAt straight onto commands: cold, then warm
#   scripts/benchmark.sh --only=burst --baseline=0805b9d     # the burst before (that commit) and after (this build)
#   scripts/benchmark.sh --only=burst --queue-type=classic,quorum   # the same with classic, then quorum queues
#   scripts/benchmark.sh --only=viewers                      # what 30 consoles cost, playing and idle
#   scripts/benchmark.sh --only=viewers --baseline=a9434d3   # the same on that commit's build first, then this one
#   scripts/benchmark.sh --only=room                         # a workshop room: 30 players and consoles, a storm midway
#   scripts/benchmark.sh --only=room --baseline=ed64f76      # the room on that commit's build first, then this one
#   scripts/benchmark.sh --only=room-soak --soak-minutes=20  # a compressed workshop: the room in groups of 5 minutes
#                                              # (--group-minutes), each on new games with the storm, another
#                                              # experiment and a fault, the room reset between; each service's
#                                              # RSS and live heap every minute (about 25 minutes with the build)
# It starts its own services on ports 19080-19082, with databases benchmark_* and the virtual host
# "benchmark" (made through the management API where missing; the floor's database is benchmark_anchor
# and its queues anchor.*, the physical floor's benchmark_floor and floor.*), so a lab or a test run beside it shares nothing with it but the machine's cores. A
# baseline is checked out and packaged under target/baseline-<sha> (kept for the next sitting); before
# each build's burst the benchmark's databases and queues are made anew, since an older build refuses
# a newer one's schema and queues.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/create-databases.sh benchmark
mkdir -p target
./mvnw -B -q install -DskipTests
./mvnw -B -q -pl benchmark dependency:build-classpath -Dmdep.outputFile="$PWD/target/benchmark.classpath"
java -cp "benchmark/target/classes:$(cat target/benchmark.classpath)" dev.shootingrange.benchmark.Benchmark "$@"

package dev.shootingrange.benchmark;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The physical floor of a shot (issue 42): the least CPU PostgreSQL and RabbitMQ can do a shot's work
 * for, with the leanest clients, their CPU counted too: pgbench for the database's part
 * ({@link PgbenchFloor}), the plain AMQP client for the broker's ({@link AmqpFloor}), one part after
 * the other, each a first run then warm runs. The raw clients' floor ({@link Anchor}) carries the
 * services' tables and a client per service; this one is what the servers cannot go below.
 *
 * @param postgres the backends' CPU a shot, ms
 * @param pgbench pgbench's own
 * @param rabbitmq the broker's
 * @param amqpClient the plain client's (this JVM's)
 * @param postgresShotsPerSecond shots a second through pgbench
 * @param rabbitmqShotsPerSecond shots a second through the broker
 * @param counters the servers' counters a shot, PostgreSQL's from the pgbench runs, RabbitMQ's from the broker's
 */
record PhysicalFloor(double postgres, double pgbench, double rabbitmq, double amqpClient, double postgresShotsPerSecond,
        double rabbitmqShotsPerSecond, Map<String, Double> counters) {

    static final String ABOUT = """
            The physical floor: %d shots a run, a first run left out, then the median of %d warm runs, each part on its own. \
            PostgreSQL's: pgbench, prepared statements, 4 clients, one script execution a shot of four commits on minimal \
            tables in benchmark_floor (the range's inbox row, target read, outcome and outbox row; the relay's update of \
            that row; the board's inbox row, counted attempt and score upsert; the scenario's inbox row and shot upsert); \
            the backends' CPU from /proc, reaped ones through the postmaster's children's time, and pgbench's. RabbitMQ's: \
            the plain AMQP client in the benchmark's JVM, per shot a FireAt and its answer published persistent and \
            confirmed, the answer fanned out to two quorum queues, three consumes acked one by one, prefetch 20 (floor.*); \
            the broker's CPU and the client's JVM's. The pipeline's counters and the raw floor's are over all their runs, \
            the first and the idle seconds between included, the raw floor's tables made anew too (small beside \
            thousands of shots, not beside hundreds); WAL is the whole cluster's; statements only where \
            pg_stat_statements is loaded.""";

    /** The clients', as the services' part of the pipeline is. */
    double clients() {
        return pgbench + amqpClient;
    }

    double total() {
        return postgres + pgbench + rabbitmq + amqpClient;
    }

    /** {@code shots} a run (rounded up to pgbench's clients), a first run left out, then {@code warmRuns}; the medians. */
    static PhysicalFloor measure(int shots, int warmRuns) throws Exception {
        int shared = (shots + PgbenchFloor.CLIENTS - 1) / PgbenchFloor.CLIENTS * PgbenchFloor.CLIENTS;
        ServerCounters counters = new ServerCounters(List.of(PgbenchFloor.DATABASE));
        PgbenchFloor.create();
        List<ServerCounters.Counted<PgbenchFloor.Run>> postgresRuns = new ArrayList<>();
        for (int run = 0; run <= warmRuns; run++) {
            postgresRuns.add(counters.around(shared, () -> settled(PgbenchFloor.run(shared))));
        }
        List<ServerCounters.Counted<AmqpFloor.Run>> rabbitmqRuns = new ArrayList<>();
        try (AmqpFloor broker = new AmqpFloor()) {
            for (int run = 0; run <= warmRuns; run++) {
                rabbitmqRuns.add(counters.around(shared, () -> settled(broker.run(shared))));
            }
        }
        Map<String, Double> perShot = new LinkedHashMap<>();
        for (String name : ServerCounters.NAMES) {
            boolean broker = ServerCounters.NAMES.indexOf(name) >= ServerCounters.NAMES.indexOf("publishes");
            List<? extends ServerCounters.Counted<?>> runs = broker ? rabbitmqRuns : postgresRuns;
            if (runs.get(0).perShot().containsKey(name)) {
                perShot.put(name, warm(runs, run -> run.perShot().get(name)));
            }
        }
        return new PhysicalFloor(warm(postgresRuns, run -> ms(run.result().postgres(), shared)),
                warm(postgresRuns, run -> ms(run.result().client(), shared)),
                warm(rabbitmqRuns, run -> ms(run.result().rabbitmq(), shared)),
                warm(rabbitmqRuns, run -> ms(run.result().client(), shared)),
                warm(postgresRuns, run -> shared / run.result().seconds()), warm(rabbitmqRuns, run -> shared / run.result().seconds()),
                perShot);
    }

    /** The management API's figures and pg_stat_database lag the work by seconds. */
    private static <T> T settled(T run) throws InterruptedException {
        Thread.sleep(CostPerShot.STATS_SETTLE.toMillis());
        return run;
    }

    private static <T> double warm(List<T> runs, ToDoubleFunction<T> figure) {
        return Efficiency.median(runs.stream().skip(1).mapToDouble(figure).toArray());
    }

    private static double ms(java.time.Duration cpu, int shots) {
        return cpu.toNanos() / 1e6 / shots;
    }
}

package dev.shootingrange.benchmark;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * One sitting of the ratio: the anchor, then the pipeline's burst with every guarantee and the history
 * on, with the history off, with the inbox and the outbox off as well, with batching on (history on,
 * then off), then the anchor again, and once more with its relay deleting the rows it claims (a lever
 * weighed where nothing else moves: {@link OutboxLever}), then the physical floor ({@link PhysicalFloor}).
 * The floors run with the services stopped: their idle sweeps would be counted as the floors'.
 */
final class RatioRun {

    private RatioRun() {
    }

    static String measure(BuildServices lab, Build build, BuildServices.Setting setting, int shots, int warmRuns, int batchSize)
            throws Exception {
        lab.close();
        say("the floor: " + shots + " shots' broker and database work by raw clients, a first run, then " + warmRuns);
        CostPerShot.Burst anchorBefore = Anchor.measure(shots, warmRuns);
        ServerCounters.Counted<CostPerShot.Burst> counted = pipeline(lab, build, setting.withHistory(true), shots, warmRuns,
                "every guarantee, history on");
        CostPerShot.Burst guaranteed = counted.result();
        CostPerShot.Burst historyOff = pipeline(lab, build, setting.withHistory(false), shots, warmRuns, "history off").result();
        Climbs.setProtections(lab.url("game-scenario"), false);
        say("the pipeline: inbox and outbox off, history off, a first run, then " + warmRuns);
        CostPerShot.Burst unprotected = lab.meter().burst(lab.load(), lab.url("shooting-range"), shots, warmRuns);
        Climbs.setProtections(lab.url("game-scenario"), true);
        List<CostPerShot.Burst> batched = new java.util.ArrayList<>();
        if (batchSize > 1) {
            for (boolean history : List.of(true, false)) {
                batched.add(pipeline(lab, build, setting.withHistory(history).withBatches(batchSize), shots, warmRuns,
                        "batching on (" + batchSize + " deliveries a transaction), history " + (history ? "on" : "off")).result());
            }
        }
        lab.close();
        say("the floor again");
        ServerCounters.Counted<CostPerShot.Burst> anchorCounted = anchor(shots, warmRuns);
        CostPerShot.Burst anchorAfter = anchorCounted.result();
        say("the floor, its relay claiming and deleting the outbox's rows");
        CostPerShot.Burst deleting = Anchor.measure(shots, warmRuns, AnchorRelay.Outbox.DELETED);
        say("the physical floor: pgbench, then the plain AMQP client");
        PhysicalFloor physical = PhysicalFloor.measure(shots, warmRuns);

        Efficiency efficiency = new Efficiency(Efficiency.Figures.of(List.of(guaranteed), false),
                Efficiency.Figures.of(List.of(historyOff), false), Efficiency.Figures.of(List.of(unprotected), false),
                Efficiency.Figures.of(List.of(anchorBefore, anchorAfter), true),
                batched.stream().map(burst -> Efficiency.Figures.of(List.of(burst), false)).toList(), batchSize);
        String title = ", " + setting.queueType() + " queues" + (setting.traced() ? ", tracing on" : "")
                + (postgresOffersTls() ? ", PostgreSQL over TLS" : "");
        OutboxLever outbox = new OutboxLever(Efficiency.Figures.of(List.of(anchorBefore), true),
                Efficiency.Figures.of(List.of(anchorAfter), true), Efficiency.Figures.of(List.of(deleting), true));
        FloorTable floors = new FloorTable(efficiency.guaranteed(), counted.perShot(), efficiency.floor(), anchorCounted.perShot(),
                physical, efficiency.batched().isEmpty() ? null : efficiency.batched().get(0));
        return efficiency.table(title, String.format(ABOUT, shots, warmRuns, warmRuns * 2)) + outbox.table()
                + floors.table(title, String.format(PhysicalFloor.ABOUT, shots, warmRuns));
    }

    /** The two floors alone, no services: the raw clients' and the physical one, each with its counters. */
    static String floors(int shots, int warmRuns) throws Exception {
        say("the floor: " + shots + " shots' broker and database work by raw clients, a first run, then " + warmRuns);
        ServerCounters.Counted<CostPerShot.Burst> raw = anchor(shots, warmRuns);
        say("the physical floor: pgbench, then the plain AMQP client");
        PhysicalFloor physical = PhysicalFloor.measure(shots, warmRuns);
        return new FloorTable(null, null, Efficiency.Figures.of(List.of(raw.result()), true), raw.perShot(), physical)
                .table("", String.format(PhysicalFloor.ABOUT, shots, warmRuns));
    }

    private static ServerCounters.Counted<CostPerShot.Burst> anchor(int shots, int warmRuns) throws Exception {
        return new ServerCounters(List.of(AnchorTables.DATABASE)).around((long) shots * (warmRuns + 1), () -> Anchor.measure(shots, warmRuns));
    }

    private static final String ABOUT = """
            Each column a burst of %d FireAt published straight onto the commands exchange (no HTTP) as fast as the broker \
            confirmed them, each process's CPU from /proc from the first publish until the last was counted; a first run \
            left out, then the median of %d warm runs. The pipeline: the three services started for the column (the \
            history is a start-up setting), the inbox and outbox switched off through the lab for the third; batching on for the last two (that many \
            deliveries a transaction, as many consumer workers, a prefetch of four times that). The floor: \
            the same shots' broker and database work by the plain RabbitMQ client and plain JDBC in the benchmark's JVM, \
            no framework, the services stopped (`Anchor`): per shot a FireAt published persistent and confirmed onto a \
            quorum queue; the range's transaction (inbox row, target read, outcome, outbox row) and its ack; the relay's \
            claim, the Hit or Missed published persistent and confirmed to two quorum queues, its row marked sent; the \
            board's transaction (inbox row, counted attempt, score upsert) and the scenario's (inbox row, shot upsert), \
            each acked; prefetch 20 and four workers per consumer, as the services. Its own exchanges, quorum queues \
            (anchor.*) and database (benchmark_anchor, a schema per service with the services' tables and indexes), \
            measured before and after the pipeline (the median of the %d warm runs). The floor counts PostgreSQL's and \
            RabbitMQ's CPU only: the services are measured against zero. Commits and rows written are the services' \
            databases' (the anchor's for the floor), with the idle sweeps'; WAL is the whole cluster's (pg_stat_wal), \
            whatever else wrote meanwhile. Ratios of one sitting: the machine's noise lands on both sides.""";

    /**
     * Whether PostgreSQL offers TLS, which the JDBC driver then takes (its sslmode is prefer): every
     * statement of the services and of the floor encrypted, the services' side counted, the floor's
     * client's not. The lab's PostgreSQL (the official image) offers none.
     */
    private static boolean postgresOffersTls() throws SQLException {
        try (Connection connection = DriverManager.getConnection(Benchmark.JDBC + "postgres", "postgres", "");
                Statement statement = connection.createStatement(); ResultSet ssl = statement.executeQuery("show ssl")) {
            return ssl.next() && "on".equals(ssl.getString(1));
        }
    }

    private static void say(String line) {
        System.out.println(line);
    }

    /** A column's burst on services started for it, and the servers' counters around the burst alone. */
    private static ServerCounters.Counted<CostPerShot.Burst> pipeline(BuildServices lab, Build build, BuildServices.Setting setting,
            int shots, int warmRuns, String what) throws Exception {
        say("the pipeline: " + what + ", " + setting.queueType() + " queues, a first run on services just started, then " + warmRuns);
        lab.use(build, setting, BuildServices.Start.RESTARTED);
        return new ServerCounters(Benchmark.DATABASES.values()).around((long) shots * (warmRuns + 1),
                () -> lab.meter().burst(lab.load(), lab.url("shooting-range"), shots, warmRuns));
    }
}

package dev.shootingrange.benchmark;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConnectionFactory;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.processes.ServiceProcess;

/**
 * What one shot costs, warm, at a steady rate the services sustain: the CPU of every process it
 * crosses (the three services, PostgreSQL's processes, RabbitMQ's), and the database work (commits
 * and rows written) in the benchmark's databases. The climbs cannot say this: their top steps are
 * overloaded, and they count HTTP retries and backlogs.
 */
final class CostPerShot {

    /** CPU used so far, by process, the databases' counters, and the WAL the whole cluster wrote. */
    record Snapshot(Map<Long, Duration> cpuByPid, Map<Long, String> processOf, long commits, long rowsWritten,
            long walBytes, long takenAtNanos) {
    }

    static final String POSTGRESQL = "PostgreSQL";
    static final String RABBITMQ = "RabbitMQ";
    /** How the benchmark knows PostgreSQL's processes and RabbitMQ's, for their CPU and their memory: by the command. */
    private static final Map<String, Predicate<String>> SHARED_PARTS = Map.of(
            POSTGRESQL, command -> command.endsWith("/postgres"),
            RABBITMQ, command -> command.endsWith("/beam.smp"));
    // PostgreSQL publishes a busy backend's counters every second and an idle one's within 10 s.
    static final Duration STATS_SETTLE = Duration.ofSeconds(11);

    private final Map<String, ServiceProcess> services;
    private final String jdbc;
    private final List<String> databases;

    CostPerShot(Map<String, ServiceProcess> services, String jdbc) {
        this(services, jdbc, List.copyOf(Benchmark.DATABASES.values()));
    }

    /** @param databases whose commits and rows written count */
    CostPerShot(Map<String, ServiceProcess> services, String jdbc, List<String> databases) {
        this.services = services;
        this.jdbc = jdbc;
        this.databases = databases;
    }

    /**
     * Fires {@code rate} shots a second for {@code duration} and divides what every process and the
     * databases did meanwhile by the shots. The relay's sweeps and the purges commit on their own
     * while idle; their rate, measured before, is taken off.
     */
    String measure(LoadRun load, int rate, Duration duration, String title) throws Exception {
        Snapshot idleStart = snapshot();
        Thread.sleep(STATS_SETTLE.toMillis());
        Snapshot before = snapshot();
        double idleCommitsPerSecond = (before.commits - idleStart.commits) * 1e9 / (before.takenAtNanos - idleStart.takenAtNanos);
        LoadRun.Result steady = load.run(rate, duration);
        Snapshot cpuAfter = snapshot();
        Thread.sleep(STATS_SETTLE.toMillis());
        Snapshot after = snapshot();
        double seconds = (after.takenAtNanos - before.takenAtNanos) / 1e9;
        double commits = after.commits - before.commits - idleCommitsPerSecond * seconds;
        return table(title, rate, duration, steady, cpuUsed(before, cpuAfter), commits, after.rowsWritten - before.rowsWritten);
    }

    /**
     * The other way to count, with no HTTP and no pacing: {@code shots} FireAt published straight onto
     * the commands exchange as fast as the broker confirms them, each process's CPU from the first
     * publish until the leader board counted the last. The first run on services that just started,
     * then {@code warmRuns} more.
     */
    String measureBurst(LoadRun load, String rangeUrl, int shots, int warmRuns, String title) throws Exception {
        return burst(load, rangeUrl, shots, warmRuns).table(title);
    }

    Burst burst(LoadRun load, String rangeUrl, int shots, int warmRuns) throws Exception {
        List<Map<String, Duration>> runs = new ArrayList<>();
        List<double[]> work = new ArrayList<>();
        ConnectionFactory factory = new ConnectionFactory();
        factory.setVirtualHost(Benchmark.VIRTUAL_HOST);
        try (com.rabbitmq.client.Connection broker = factory.newConnection("benchmark-burst")) {
            Channel channel = broker.createChannel();
            channel.confirmSelect();
            for (int run = 0; run <= warmRuns; run++) {
                List<String> gameIds = load.newGames(rangeUrl);
                Snapshot before = snapshot();
                fire(channel, Topology.COMMANDS, shots, gameIds);
                long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
                while (load.countedIn(gameIds) < shots) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("the leader board counted " + load.countedIn(gameIds) + " of " + shots);
                    }
                    Thread.sleep(250);
                }
                Snapshot cpuAfter = snapshot();
                runs.add(cpuUsed(before, cpuAfter));
                Thread.sleep(STATS_SETTLE.toMillis());
                Snapshot after = snapshot();
                work.add(work(before, cpuAfter, after, shots));
            }
        }
        // What each service holds after the warm runs: where a JVM option is the change, memory is what it trades.
        Map<String, Long> residentMiB = new LinkedHashMap<>();
        services.forEach((name, service) -> residentMiB.put(name, Math.max(0, Benchmark.residentKiB(service.pid())) / 1024));
        return new Burst(shots, runs, work, residentMiB);
    }

    /**
     * {@code shots} FireAt round the games, persistent, published as fast as the broker confirms them
     * (a wait for the confirms every 500), onto {@code exchange} with the type as routing key.
     */
    static void fire(Channel channel, String exchange, int shots, List<String> gameIds) throws Exception {
        for (int i = 0; i < shots; i++) {
            FireAt shot = FireAt.create(gameIds.get(i % gameIds.size()), UUID.randomUUID(), "p" + (i % 7), i % 100);
            channel.basicPublish(exchange, shot.type(), true, new AMQP.BasicProperties.Builder()
                    .contentType("application/json").deliveryMode(2).messageId(shot.messageId().toString())
                    .type(shot.type()).build(), MessageCodec.encode(shot));
            if (i % 500 == 499) {
                channel.waitForConfirmsOrDie(30_000);
            }
        }
        channel.waitForConfirmsOrDie(30_000);
    }

    /** A run's commits, rows written and WAL bytes per shot, from the settled counters, and its seconds until {@code cpuAfter}. */
    static double[] work(Snapshot before, Snapshot cpuAfter, Snapshot after, int shots) {
        return new double[] { (double) (after.commits - before.commits) / shots, (double) (after.rowsWritten - before.rowsWritten) / shots,
                (cpuAfter.takenAtNanos - before.takenAtNanos) / 1e9, (double) (after.walBytes - before.walBytes) / shots };
    }

    /**
     * One burst's figures: each run's CPU by process, and each run's commits and rows written per shot
     * and its seconds. The first run is the cold one.
     */
    record Burst(int shots, List<Map<String, Duration>> runs, List<double[]> work, Map<String, Long> residentMiB) {

        private static final String ABOUT = "%d FireAt published straight onto `commands` (no HTTP) as fast as the broker"
                + " confirmed them, each process's CPU from the first publish until the leader board had counted all %d;"
                + " the first run on freshly started services, then %d runs once warm. Commits and rows written include"
                + " the idle sweeps'.";

        List<String> processes() {
            return new ArrayList<>(runs.get(0).keySet());
        }

        /** Milliseconds of CPU per shot, run by run: of one process, or of all of them with {@code null}. */
        double[] perShot(String process) {
            return runs.stream().mapToDouble(run -> (process == null ? run.values().stream().reduce(Duration.ZERO, Duration::plus)
                    : run.get(process)).toNanos() / 1e6 / shots).toArray();
        }

        /** Commits (0), rows written (1), WAL bytes (3) per shot, or shots a second through the lab (2), warm runs only. */
        double[] warmWork(int what) {
            return work.stream().skip(1).mapToDouble(run -> what == 2 ? shots / run[2] : run[what]).toArray();
        }

        String table(String title) {
            StringBuilder table = new StringBuilder("## Cost per shot, a burst onto the commands exchange" + title + "\n\n")
                    .append(String.format(ABOUT + "%n%n", shots, shots, runs.size() - 1));
            table.append("| process | first run | warm |\n| --- | ---: | ---: |\n");
            for (String name : processes()) {
                double[] ms = perShot(name);
                table.append(String.format("| %s | %.2f ms | %s |%n", name, ms[0], range(ms)));
            }
            double[] totals = perShot(null);
            table.append(String.format("| **total** | **%.2f ms** | **%s** |%n%n", totals[0], range(totals)));
            table.append(String.format("| per shot, warm | |%n| --- | ---: |%n| commits | %s |%n| rows written | %s |%n"
                    + "| WAL written (the whole cluster) | %s |%n| shots/s through the lab | %s |%n",
                    range(warmWork(0), "%.1f"), range(warmWork(1), "%.1f"), range(warmWork(3), "%.0f B"), range(warmWork(2), "%.0f")));
            residentMiB.forEach((name, mib) -> table.append(String.format("| %s resident after the burst | %d MiB |%n", name, mib)));
            return table.append('\n').toString();
        }

        /**
         * Two builds' bursts side by side, measured in the same sitting: this shared machine moves more
         * between sittings than a change does, so only columns of one sitting compare. The heading must not
         * start "## Before and after": the report keeps what follows such a heading as written by hand.
         */
        static String comparison(Burst before, String beforeName, Burst after, String afterName, String title) {
            StringBuilder table = new StringBuilder("## Cost per shot, a burst onto the commands exchange, " + beforeName + " against "
                    + afterName + title + "\n\n").append(String.format(ABOUT, after.shots, after.shots, after.runs.size() - 1))
                    .append(" Each build on services started on a clean slate (the benchmark's databases and queues made anew),"
                            + " the older build first, in the same sitting; warm runs as their lowest–highest. The older build"
                            + " ignores the settings it does not know (the queues' type, say); a \"+\" after a commit means"
                            + " changes not yet committed.\n\n");
            table.append("| warm, per shot | before (").append(beforeName).append(") | after (").append(afterName)
                    .append(") |\n| --- | ---: | ---: |\n");
            List<String> processes = new ArrayList<>(before.processes());
            after.processes().stream().filter(name -> !processes.contains(name)).forEach(processes::add);
            for (String name : processes) {
                table.append(String.format("| %s | %s | %s |%n", name, before.warm(name), after.warm(name)));
            }
            table.append(String.format("| **total** | **%s** | **%s** |%n", range(before.perShot(null)), range(after.perShot(null))));
            table.append(String.format("| total, first run | %.2f ms | %.2f ms |%n", before.perShot(null)[0], after.perShot(null)[0]));
            String[] work = { "commits", "rows written", "shots/s through the lab" };
            for (int what = 0; what < work.length; what++) {
                String format = what == 2 ? "%.0f" : "%.1f";
                table.append(String.format("| %s | %s | %s |%n", work[what], range(before.warmWork(what), format),
                        range(after.warmWork(what), format)));
            }
            after.residentMiB.forEach((name, mib) -> table.append(String.format("| %s resident after the burst | %s MiB | %d MiB |%n",
                    name, before.residentMiB.getOrDefault(name, -1L), mib)));
            return table.append('\n').toString();
        }

        private String warm(String process) {
            return runs.get(0).containsKey(process) ? range(perShot(process)) : "–";
        }
    }

    /** The warm runs' lowest and highest (the first run left out). */
    private static String range(double[] values) {
        return range(java.util.Arrays.copyOfRange(values, 1, values.length), "%.2f ms");
    }

    private static String range(double[] values, String format) {
        double min = java.util.Arrays.stream(values).min().orElse(Double.NaN);
        double max = java.util.Arrays.stream(values).max().orElse(Double.NaN);
        return String.format(format, min) + (Math.abs(max - min) < 1e-9 ? "" : "–" + String.format(format, max));
    }

    private String table(String title, int rate, Duration duration, LoadRun.Result steady, Map<String, Duration> cpu, double commits,
            long rows) {
        int shots = steady.counted();
        StringBuilder table = new StringBuilder("## Cost per shot, warm" + title + "\n\n").append(String.format(
                "Each process's CPU time while %d shots a second were fired for %d s (after the warm-up), until the"
                        + " leader board had counted them, divided by the %d shots counted (%d fired); commits and"
                        + " rows written in the three databases, with the idle sweeps' commits taken off. Shots go"
                        + " through the console's HTTP API, so game-scenario's figure includes it.%n%n",
                rate, duration.toSeconds(), shots, steady.sent()));
        table.append("| process | CPU per shot |\n| --- | ---: |\n");
        double total = 0;
        for (Map.Entry<String, Duration> process : cpu.entrySet()) {
            double ms = process.getValue().toNanos() / 1e6 / shots;
            total += ms;
            table.append(String.format("| %s | %.2f ms |%n", process.getKey(), ms));
        }
        table.append(String.format("| **total** | **%.2f ms** (at most ~%d shots/s of CPU on %d cores) |%n%n", total,
                Math.round(Runtime.getRuntime().availableProcessors() * 1000 / total), Runtime.getRuntime().availableProcessors()));
        table.append(String.format("| database work per shot | |%n| --- | ---: |%n| commits | %.1f |%n| rows written | %.1f |%n%n",
                commits / shots, (double) rows / shots));
        return table.toString();
    }

    /** Per service, and PostgreSQL's and RabbitMQ's processes summed, in that order. */
    Map<String, Duration> cpuUsed(Snapshot before, Snapshot after) {
        Map<String, Duration> used = new LinkedHashMap<>();
        services.keySet().forEach(name -> used.put(name, Duration.ZERO));
        used.put(POSTGRESQL, Duration.ZERO);
        used.put(RABBITMQ, Duration.ZERO);
        // A process that started meanwhile counts whole; one that ended is lost (the pools keep theirs).
        after.cpuByPid.forEach((pid, now) -> used.merge(after.processOf.get(pid),
                now.minus(before.cpuByPid.getOrDefault(pid, Duration.ZERO)), Duration::plus));
        return used;
    }

    Snapshot snapshot() throws Exception {
        Map<Long, Duration> cpu = new LinkedHashMap<>();
        Map<Long, String> processOf = new LinkedHashMap<>();
        services.forEach((name, service) -> record(ProcessHandle.of(service.pid()).orElseThrow(), name, cpu, processOf));
        for (String part : List.of(POSTGRESQL, RABBITMQ)) {
            processesOf(part).forEach(process -> record(process, part, cpu, processOf));
        }
        try (Connection connection = DriverManager.getConnection(jdbc + "postgres", "postgres", "");
                PreparedStatement query = connection.prepareStatement("""
                        select sum(xact_commit), sum(tup_inserted + tup_updated + tup_deleted), (select wal_bytes::bigint from pg_stat_wal)
                        from pg_stat_database where datname = any(?)""")) {
            query.setArray(1, connection.createArrayOf("text", databases.toArray()));
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return new Snapshot(cpu, processOf, rows.getLong(1), rows.getLong(2), rows.getLong(3), System.nanoTime());
            }
        }
    }

    /** The processes of PostgreSQL or of RabbitMQ ({@link #POSTGRESQL}, {@link #RABBITMQ}) on this machine. */
    static List<ProcessHandle> processesOf(String part) {
        Predicate<String> command = SHARED_PARTS.get(part);
        return ProcessHandle.allProcesses().filter(process -> process.info().command().filter(command).isPresent()).toList();
    }

    private static void record(ProcessHandle process, String name, Map<Long, Duration> cpu, Map<Long, String> processOf) {
        process.info().totalCpuDuration().ifPresent(used -> {
            cpu.put(process.pid(), used);
            processOf.put(process.pid(), name);
        });
    }
}

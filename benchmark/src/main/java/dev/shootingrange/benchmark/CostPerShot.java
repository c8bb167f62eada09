package dev.shootingrange.benchmark;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

import dev.shootingrange.testing.ServiceProcess;

/**
 * What one shot costs, warm, at a steady rate the services sustain: the CPU of every process it
 * crosses (the three services, PostgreSQL's processes, RabbitMQ's), and the database work (commits
 * and rows written) in the benchmark's databases. The climbs cannot say this: their top steps are
 * overloaded, and they count HTTP retries and backlogs.
 */
final class CostPerShot {

    /** CPU used so far, by process, and the databases' counters. */
    record Snapshot(Map<Long, Duration> cpuByPid, Map<Long, String> processOf, long commits, long rowsWritten,
            long takenAtNanos) {
    }

    private static final String POSTGRESQL = "PostgreSQL";
    private static final String RABBITMQ = "RabbitMQ";
    // PostgreSQL publishes a busy backend's counters every second and an idle one's within 10 s.
    private static final Duration STATS_SETTLE = Duration.ofSeconds(11);

    private final Map<String, ServiceProcess> services;
    private final String jdbc;

    CostPerShot(Map<String, ServiceProcess> services, String jdbc) {
        this.services = services;
        this.jdbc = jdbc;
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
    private Map<String, Duration> cpuUsed(Snapshot before, Snapshot after) {
        Map<String, Duration> used = new LinkedHashMap<>();
        services.keySet().forEach(name -> used.put(name, Duration.ZERO));
        used.put(POSTGRESQL, Duration.ZERO);
        used.put(RABBITMQ, Duration.ZERO);
        // A process that started meanwhile counts whole; one that ended is lost (the pools keep theirs).
        after.cpuByPid.forEach((pid, now) -> used.merge(after.processOf.get(pid),
                now.minus(before.cpuByPid.getOrDefault(pid, Duration.ZERO)), Duration::plus));
        return used;
    }

    private Snapshot snapshot() throws Exception {
        Map<Long, Duration> cpu = new LinkedHashMap<>();
        Map<Long, String> processOf = new LinkedHashMap<>();
        services.forEach((name, service) -> record(ProcessHandle.of(service.pid()).orElseThrow(), name, cpu, processOf));
        record(POSTGRESQL, command -> command.endsWith("/postgres"), cpu, processOf);
        record(RABBITMQ, command -> command.endsWith("/beam.smp"), cpu, processOf);
        try (Connection connection = DriverManager.getConnection(jdbc + "postgres", "postgres", "");
                ResultSet rows = connection.createStatement().executeQuery("""
                        select sum(xact_commit), sum(tup_inserted + tup_updated + tup_deleted)
                        from pg_stat_database where datname like 'benchmark\\_%'""")) {
            rows.next();
            return new Snapshot(cpu, processOf, rows.getLong(1), rows.getLong(2), System.nanoTime());
        }
    }

    private static void record(String name, Predicate<String> command, Map<Long, Duration> cpu, Map<Long, String> processOf) {
        ProcessHandle.allProcesses()
                .filter(process -> process.info().command().filter(command).isPresent())
                .forEach(process -> record(process, name, cpu, processOf));
    }

    private static void record(ProcessHandle process, String name, Map<Long, Duration> cpu, Map<Long, String> processOf) {
        process.info().totalCpuDuration().ifPresent(used -> {
            cpu.put(process.pid(), used);
            processOf.put(process.pid(), name);
        });
    }
}

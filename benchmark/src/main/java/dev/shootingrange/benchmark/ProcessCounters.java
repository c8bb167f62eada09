package dev.shootingrange.benchmark;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import dev.shootingrange.benchmark.CostPerShot.Snapshot;
import dev.shootingrange.processes.ServiceProcess;

/**
 * What every process a shot crosses has used so far, and the databases' counters: read before and
 * after a run, the difference is what the run cost.
 */
final class ProcessCounters {

    /** How the benchmark knows PostgreSQL's processes and RabbitMQ's, for their CPU and their memory: by the command. */
    private static final Map<String, Predicate<String>> SHARED_PARTS = Map.of(
            CostPerShot.POSTGRESQL, command -> command.endsWith("/postgres"),
            CostPerShot.RABBITMQ, command -> command.endsWith("/beam.smp"));

    private final Map<String, ServiceProcess> services;
    private final String jdbc;
    private final List<String> databases;

    ProcessCounters(Map<String, ServiceProcess> services, String jdbc, List<String> databases) {
        this.services = services;
        this.jdbc = jdbc;
        this.databases = databases;
    }

    /** Per service, and PostgreSQL's and RabbitMQ's processes summed, in that order. */
    Map<String, Duration> cpuUsed(Snapshot before, Snapshot after) {
        Map<String, Duration> used = new LinkedHashMap<>();
        services.keySet().forEach(name -> used.put(name, Duration.ZERO));
        used.put(CostPerShot.POSTGRESQL, Duration.ZERO);
        used.put(CostPerShot.RABBITMQ, Duration.ZERO);
        // A process that started meanwhile counts whole; one that ended is lost (the pools keep theirs).
        after.cpuByPid().forEach((pid, now) -> used.merge(after.processOf().get(pid),
                now.minus(before.cpuByPid().getOrDefault(pid, Duration.ZERO)), Duration::plus));
        return used;
    }

    Snapshot snapshot() throws Exception {
        Map<Long, Duration> cpu = new LinkedHashMap<>();
        Map<Long, String> processOf = new LinkedHashMap<>();
        services.forEach((name, service) -> record(ProcessHandle.of(service.pid()).orElseThrow(), name, cpu, processOf));
        for (String part : List.of(CostPerShot.POSTGRESQL, CostPerShot.RABBITMQ)) {
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

    /** The processes of PostgreSQL or of RabbitMQ ({@link CostPerShot#POSTGRESQL}, {@link CostPerShot#RABBITMQ}) on this machine. */
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

    /** A run's commits, rows written and WAL bytes per shot, from the settled counters, and its seconds until {@code cpuAfter}. */
    static double[] work(Snapshot before, Snapshot cpuAfter, Snapshot after, int shots) {
        return new double[] { (double) (after.commits() - before.commits()) / shots,
                (double) (after.rowsWritten() - before.rowsWritten()) / shots, (cpuAfter.takenAtNanos() - before.takenAtNanos()) / 1e9,
                (double) (after.walBytes() - before.walBytes()) / shots };
    }
}

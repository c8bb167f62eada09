package dev.shootingrange.benchmark;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.shootingrange.processes.ServiceProcess;

/**
 * The report's last section: the whole lab's memory at the end of the run, against the services'
 * goal, and what their inbox and outbox tables hold then.
 */
final class AfterTheRun {

    /** What each service's resident memory should stay under after the run. */
    private static final long SERVICE_MEMORY_GOAL_MIB = 250;

    private AfterTheRun() {
    }

    /**
     * The whole lab's memory at the end of the run, the services still up, and what their tables hold
     * then. PostgreSQL as the sum of its processes' Pss: every backend maps the shared buffers, which RSS
     * would count once per process.
     */
    static String afterTheRun(Map<String, ServiceProcess> services) throws Exception {
        StringBuilder table = new StringBuilder("| process | memory | inbox rows | outbox rows (pending) |\n| --- | ---: | ---: | ---: |\n");
        long totalKiB = 0;
        List<String> over = new ArrayList<>();
        for (Map.Entry<String, ServiceProcess> service : services.entrySet()) {
            long rss = Math.max(0, ProcessMemory.residentKiB(service.getValue().pid()));
            totalKiB += rss;
            // To the tenth: a whole MiB rounded down would call 250.9 MiB under a goal of 250.
            String mib = String.format("%.1f MiB", rss / 1024.0);
            if (rss >= SERVICE_MEMORY_GOAL_MIB * 1024) {
                over.add(service.getKey() + " (" + mib + ")");
            }
            String db = Benchmark.DATABASES.get(service.getKey());
            table.append("| ").append(service.getKey()).append(" | ").append(mib).append(" | ")
                    .append(count(db, "select count(*) from inbox")).append(" | ").append(count(db, "select count(*) from outbox"))
                    .append(" (").append(count(db, "select count(*) from outbox where sent_at is null")).append(") |\n");
        }
        long postgresKiB = 0;
        int postgresProcesses = 0;
        boolean postgresByRss = false;
        for (ProcessHandle process : ProcessCounters.processesOf(CostPerShot.POSTGRESQL)) {
            long kib = ProcessMemory.kib(process.pid(), "smaps_rollup", "Pss:");
            if (kib < 0) {
                kib = ProcessMemory.kib(process.pid(), "status", "VmRSS:");
                postgresByRss |= kib >= 0;
            }
            if (kib >= 0) {
                postgresKiB += kib;
                postgresProcesses++;
            }
        }
        long rabbitKiB = 0;
        int rabbitProcesses = 0;
        for (ProcessHandle process : ProcessCounters.processesOf(CostPerShot.RABBITMQ)) {
            long kib = ProcessMemory.kib(process.pid(), "status", "VmRSS:");
            if (kib >= 0) {
                rabbitKiB += kib;
                rabbitProcesses++;
            }
        }
        totalKiB += postgresKiB + rabbitKiB;
        table.append(String.format("| PostgreSQL (%d processes) | %s | – | – |%n", postgresProcesses,
                postgresProcesses == 0 ? "not found" : postgresKiB / 1024 + " MiB " + (postgresByRss ? "(RSS)" : "(Pss)")));
        table.append(String.format("| RabbitMQ (beam.smp%s) | %s | – | – |%n", rabbitProcesses > 1 ? ", " + rabbitProcesses + " processes" : "",
                rabbitProcesses == 0 ? "not found" : rabbitKiB / 1024 + " MiB"));
        table.append(String.format("| **the whole lab** | **%d MiB** | | |%n%n", totalKiB / 1024));

        StringBuilder md = new StringBuilder("## After the run\n\n")
                .append("Memory at the end of the whole run, the room's services still up: each service's resident set (RSS),")
                .append(" RabbitMQ's beam.smp likewise, and PostgreSQL as the sum of its processes' Pss (proportional set size),")
                .append(" since every backend maps the shared buffers and RSS would count them once per process.");
        if (postgresByRss) {
            md.append(" **PostgreSQL's smaps_rollup could not be read here, so its figure is RSS summed: the shared buffers")
                    .append(" are counted once per process, far more than it holds.**");
        }
        if (postgresProcesses == 0 || rabbitProcesses == 0) {
            md.append(" A part not found runs out of sight of this machine's processes (in a container, say) and is not in the total.");
        }
        md.append(over.isEmpty() ? " Each service is under " + SERVICE_MEMORY_GOAL_MIB + " MiB resident."
                : " **Over " + SERVICE_MEMORY_GOAL_MIB + " MiB resident: " + String.join(", ", over) + ".**");
        return md.append("\n\n").append(table).toString();
    }

    private static long count(String database, String sql) throws Exception {
        try (Connection connection = DriverManager.getConnection(Benchmark.JDBC + database, "postgres", "");
                ResultSet rows = connection.createStatement().executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}

package dev.shootingrange.benchmark;

import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/** The climbs' part of the report: how it was measured, the highest sustained rates, the ceilings, the tables. */
final class ClimbReport {

    private ClimbReport() {
    }

    static String markdown(Map<String, String> options, String ratio, List<LoadRun.Result> on, List<LoadRun.Result> off, int maxOn,
            int maxOff, List<LoadRun.Result> loads, List<LoadRun.Result> soak, double pgInserts, double rabbitRate) throws Exception {
        StringBuilder md = new StringBuilder();
        md.append("# Benchmark: what exactly-once costs\n\n")
                .append("Measured ").append(LocalDate.now()).append(" on ").append(Runtime.getRuntime().availableProcessors())
                .append(" cores and ").append(ProcessMemory.memoryGiB()).append(" GiB, everything on one machine (services, RabbitMQ, ")
                .append("PostgreSQL and the load generator). Command: `scripts/benchmark.sh")
                .append(options.isEmpty() ? "" : " " + String.join(" ", options.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue()).toList()))
                .append("`.\n\n")
                .append("A shot is fired over HTTP at a fixed rate (open loop), round ").append(options.getOrDefault("games", "10"))
                .append(" games of ten players, and counts as done when the leader board has ")
                .append("counted it; latency runs from the shot's intended start to that count. A rate is *sustained* when every ")
                .append("shot was counted and the backlog drained within 2 s of the load stopping.\n\n")
                .append(ratio);
        md.append("## Highest sustained rate\n\n| protections | shots/s | ratio |\n| --- | ---: | ---: |\n")
                .append("| all on (exactly once) | ").append(maxOn).append(" | ")
                .append(maxOff == 0 ? "–" : String.format("%.0f %%", 100.0 * maxOn / maxOff)).append(" |\n")
                .append("| inbox and outbox off | ").append(maxOff).append(" | 100 % |\n\n");
        md.append("## Ceilings of the parts, same run\n\n| part | per second |\n| --- | ---: |\n")
                .append(String.format("| RabbitMQ: persistent publish with confirms → acknowledged consume (PerfTest) | %.0f msgs |%n", rabbitRate))
                .append(String.format("| PostgreSQL: single-row insert commits, 16 clients (pgbench) | %.0f commits |%n%n", pgInserts));
        md.append("## End-to-end latency (protections on)\n\n").append(latencyTable(loads)).append('\n');
        md.append("## The climbs\n\nProtections on:\n\n").append(latencyTable(on)).append("\nInbox and outbox off:\n\n")
                .append(latencyTable(off)).append('\n');
        if (!soak.isEmpty()) {
            md.append("## Soak at 50 % of the maximum, per minute\n\n").append(latencyTable(soak)).append('\n');
        }
        return md.toString();
    }

    private static String latencyTable(List<LoadRun.Result> results) {
        StringBuilder table = new StringBuilder("| offered shots/s | counted / sent | p50 ms | p95 ms | p99 ms | max ms | sustained |\n"
                + "| ---: | ---: | ---: | ---: | ---: | ---: | :---: |\n");
        for (LoadRun.Result r : results) {
            table.append(String.format("| %d | %d / %d | %.0f | %.0f | %.0f | %.0f | %s |%n", r.rate(), r.counted(), r.sent(), r.p50(),
                    r.p95(), r.p99(), r.max(), r.sustained() ? "yes" : "no"));
        }
        return table.toString();
    }

    /** The services' own CPU per shot: far less moved by a busy machine than the rates and latencies. */
    static String cpuTable(Map<String, Duration> used, long shots) {
        StringBuilder table = new StringBuilder("\n## CPU per shot, protections on\n\nEach service's CPU time during the climb"
                + " with the protections on, divided by the ").append(shots).append(" shots fired in it.\n\n"
                + "| service | CPU per shot |\n| --- | ---: |\n");
        double total = 0;
        for (Map.Entry<String, Duration> service : used.entrySet()) {
            double ms = service.getValue().toNanos() / 1e6 / shots;
            total += ms;
            table.append(String.format("| %s | %.2f ms |%n", service.getKey(), ms));
        }
        return table.append(String.format("| **the three services** | **%.2f ms** |%n%n", total)).toString();
    }
}

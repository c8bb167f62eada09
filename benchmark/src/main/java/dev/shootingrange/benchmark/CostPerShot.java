package dev.shootingrange.benchmark;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConnectionFactory;
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
    // PostgreSQL publishes a busy backend's counters every second and an idle one's within 10 s.
    static final Duration STATS_SETTLE = Duration.ofSeconds(11);

    private final Map<String, ServiceProcess> services;
    private final ProcessCounters counters;

    CostPerShot(Map<String, ServiceProcess> services, String jdbc) {
        this(services, jdbc, List.copyOf(Benchmark.DATABASES.values()));
    }

    /** @param databases whose commits and rows written count */
    CostPerShot(Map<String, ServiceProcess> services, String jdbc, List<String> databases) {
        this.services = services;
        this.counters = new ProcessCounters(services, jdbc, databases);
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
        return CostTables.steady(title, rate, duration, steady, cpuUsed(before, cpuAfter), commits, after.rowsWritten - before.rowsWritten);
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
                RawShots.fire(channel, Topology.COMMANDS, shots, gameIds);
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
                work.add(ProcessCounters.work(before, cpuAfter, after, shots));
            }
        }
        // What each service holds after the warm runs: where a JVM option is the change, memory is what it trades.
        Map<String, Long> residentMiB = new LinkedHashMap<>();
        services.forEach((name, service) -> residentMiB.put(name, Math.max(0, ProcessMemory.residentKiB(service.pid())) / 1024));
        return new Burst(shots, runs, work, residentMiB);
    }

    /**
     * One burst's figures: each run's CPU by process, and each run's commits and rows written per shot
     * and its seconds. The first run is the cold one.
     */
    record Burst(int shots, List<Map<String, Duration>> runs, List<double[]> work, Map<String, Long> residentMiB) {

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
            return CostTables.burst(this, title);
        }

        /**
         * Two builds' bursts side by side, measured in the same sitting ({@link CostTables#comparison}).
         */
        static String comparison(Burst before, String beforeName, Burst after, String afterName, String title) {
            return CostTables.comparison(before, beforeName, after, afterName, title);
        }

        String warm(String process) {
            return runs.get(0).containsKey(process) ? CostTables.range(perShot(process)) : "–";
        }
    }

    /** Per service, and PostgreSQL's and RabbitMQ's processes summed, in that order. */
    Map<String, Duration> cpuUsed(Snapshot before, Snapshot after) {
        return counters.cpuUsed(before, after);
    }

    Snapshot snapshot() throws Exception {
        return counters.snapshot();
    }
}

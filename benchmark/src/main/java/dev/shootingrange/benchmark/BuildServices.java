package dev.shootingrange.benchmark;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.shootingrange.processes.ServiceProcess;

/**
 * The three services of one build on the benchmark's ports, databases and virtual host, started for
 * one setting (the queues' type, tracing on or off). Each section says how it wants them: as they are
 * when it can share them, started again when it measures services that just started, or on a clean
 * slate when another build ran before.
 */
final class BuildServices implements AutoCloseable {

    enum Start {
        /** The services already up for this build and setting, else started. */
        AS_THEY_ARE,
        /** Started again whatever runs. */
        RESTARTED,
        /**
         * Started again on databases and queues made anew: an older build's migrations refuse a schema a
         * newer one migrated, and it declares classic queues the broker refuses where a newer one left
         * quorum queues of the same names.
         */
        CLEAN_SLATE
    }

    /**
     * What the services are started with: the queues' type, whether every span is exported, whether
     * the lab writes its message history (lab.history.enabled), and how many deliveries a transaction
     * may hold (exactly-once.consumer.batch-size: 1, each alone, is the default).
     */
    record Setting(String queueType, String tracing, boolean history, int batchSize) {
        Setting(String queueType, String tracing) {
            this(queueType, tracing, true, 1);
        }

        boolean traced() {
            return "on".equals(tracing);
        }

        Setting withHistory(boolean on) {
            return new Setting(queueType, tracing, on, batchSize);
        }

        Setting withBatches(int size) {
            return new Setting(queueType, tracing, history, size);
        }
    }

    static final List<String> SERVICES = List.of("shooting-range", "leader-board", "game-scenario");

    private final String traceEndpoint;
    private final boolean profiled;
    private final int games;
    private Build build;
    private Setting setting;
    /** When the services now running were ready: their profiles count from then, not their start. */
    private Instant ready;
    private Map<String, ServiceProcess> services = new LinkedHashMap<>();
    private LoadRun load;

    /** @param profiled each service of this build records a Flight Recorder profile to target/&lt;service&gt;.jfr, written when it stops */
    BuildServices(String traceEndpoint, boolean profiled, int games) {
        this.traceEndpoint = traceEndpoint;
        this.profiled = profiled;
        this.games = games;
    }

    BuildServices use(Build build, Setting setting, Start start) throws Exception {
        if (start == Start.AS_THEY_ARE && this.build != null && this.build.root().equals(build.root()) && setting.equals(this.setting)) {
            return this;
        }
        stop();
        if (start == Start.CLEAN_SLATE) {
            CleanSlate.make();
        }
        services = ServiceLaunch.start(build, setting, traceEndpoint, profiled);
        ready = Instant.now();
        this.build = build;
        this.setting = setting;
        load = new LoadRun(url("game-scenario"), Benchmark.JDBC + Benchmark.DATABASES.get("leader-board"), games);
        return this;
    }

    Map<String, ServiceProcess> services() {
        return services;
    }

    LoadRun load() {
        return load;
    }

    CostPerShot meter() {
        return new CostPerShot(services, Benchmark.JDBC);
    }

    String url(String service) {
        return services.get(service).baseUrl();
    }

    @Override
    public void close() {
        stop();
    }

    private void stop() {
        services.values().forEach(ServiceLaunch::stop);
        if (profiled && build != null) {
            sayWhereTheSamplesFell();
        }
        services = new LinkedHashMap<>();
        build = null;
        setting = null;
    }

    /** Once the services stopped, their profiles are whole: where their CPU went while they ran. */
    private void sayWhereTheSamplesFell() {
        Map<String, Path> profiles = new LinkedHashMap<>();
        SERVICES.forEach(service -> profiles.put(service, ServiceLaunch.profile(build, service)));
        try {
            Benchmark.say("\nWhere the CPU of " + build.name() + "'s services went (" + setting + ", Flight Recorder, from ready to stop):"
                    + ProfileShares.table(profiles, ready));
        } catch (IOException e) {
            Benchmark.say("the profiles of " + build.name() + " could not be read: " + e);
        }
    }
}

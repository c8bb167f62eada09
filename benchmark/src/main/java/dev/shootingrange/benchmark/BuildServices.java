package dev.shootingrange.benchmark;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.ShutdownSignalException;

import dev.shootingrange.contract.Topology;
import dev.shootingrange.exactlyonce.DurableQueue;
import dev.shootingrange.exactlyonce.QueueMigration;
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
     * What the services are started with: the queues' type, whether every span is exported, and
     * whether the lab writes its message history (lab.history.enabled).
     */
    record Setting(String queueType, String tracing, boolean history) {
        Setting(String queueType, String tracing) {
            this(queueType, tracing, true);
        }

        boolean traced() {
            return "on".equals(tracing);
        }

        Setting withHistory(boolean on) {
            return new Setting(queueType, tracing, on);
        }
    }

    static final List<String> SERVICES = List.of("shooting-range", "leader-board", "game-scenario");
    private static final Map<String, Integer> PORTS = Map.of("game-scenario", 19080, "shooting-range", 19081, "leader-board", 19082);

    private final String traceEndpoint;
    private final boolean profiled;
    private final int games;
    private Build build;
    private Setting setting;
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
            cleanSlate();
        }
        services = startServices(build, setting);
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
        services.values().forEach(BuildServices::stop);
        services = new LinkedHashMap<>();
        build = null;
        setting = null;
    }

    /** The three packaged services of the build, ready; with tracing on where traces go somewhere. */
    private Map<String, ServiceProcess> startServices(Build build, Setting setting) {
        Map<String, ServiceProcess> started = new LinkedHashMap<>();
        try {
            for (String service : SERVICES) {
                // An older build ignores the properties it does not know (the queues' type, say).
                List<String> properties = new ArrayList<>(List.of("rabbitmq-virtual-host=" + Benchmark.VIRTUAL_HOST,
                        "quarkus.datasource.jdbc.url=" + Benchmark.JDBC + Benchmark.DATABASES.get(service),
                        "topology.queue-type=" + setting.queueType()));
                if (service.equals("game-scenario")) {
                    properties.add("lab.services.shooting-range.url=http://localhost:" + PORTS.get("shooting-range"));
                    properties.add("lab.services.leader-board.url=http://localhost:" + PORTS.get("leader-board"));
                    // Every console of a run connects from this machine: one client to the cap per address.
                    properties.add("live.streams.per-client=200");
                }
                if (!setting.history()) {
                    properties.add("lab.history.enabled=false");
                }
                if (setting.traced()) {
                    properties.addAll(List.of("quarkus.otel.sdk.disabled=false", "quarkus.otel.exporter.otlp.protocol=http/protobuf",
                            "quarkus.otel.exporter.otlp.endpoint=" + traceEndpoint));
                }
                // An older build's profiles are named after its commit: this build's do not write over them.
                String profile = Path.of("target", service + (build.baseline() ? "-" + build.name() : "") + ".jfr").toAbsolutePath().toString();
                List<String> jvm = profiled ? List.of("-XX:StartFlightRecording=settings=profile,filename=" + profile) : List.of();
                try {
                    started.put(service, ServiceProcess.start(build.root(), service, PORTS.get(service), jvm, properties.toArray(String[]::new)));
                } catch (RuntimeException e) {
                    throw new IllegalStateException(service + " of " + build.name() + " did not start: " + e.getMessage(), e);
                }
            }
            for (ServiceProcess service : started.values()) {
                try {
                    service.awaitReady();
                } catch (RuntimeException e) {
                    throw new IllegalStateException(service.name() + " of " + build.name() + " did not become ready (" + e.getMessage()
                            + "); its log: target/" + service.name() + "-" + PORTS.get(service.name()) + ".log", e);
                }
            }
            return started;
        } catch (RuntimeException e) {
            started.values().forEach(BuildServices::stop);
            throw e;
        }
    }

    /** The benchmark's three databases and the contract's queues (with their dead-letter and holding queues) made anew. */
    private static void cleanSlate() throws Exception {
        try (Connection postgres = DriverManager.getConnection(Benchmark.JDBC + "postgres", "postgres", "");
                Statement sql = postgres.createStatement()) {
            for (String database : Benchmark.DATABASES.values()) {
                sql.execute("drop database if exists " + database + " with (force)");
                sql.execute("create database " + database);
            }
        }
        ConnectionFactory factory = new ConnectionFactory();
        factory.setVirtualHost(Benchmark.VIRTUAL_HOST);
        try (com.rabbitmq.client.Connection broker = factory.newConnection("benchmark-clean-slate")) {
            for (DurableQueue queue : Topology.queues(Topology.QueueType.QUORUM)) {
                delete(broker, queue.name());
                delete(broker, QueueMigration.holdingQueue(queue.name()));
            }
        }
    }

    private static void delete(com.rabbitmq.client.Connection broker, String queue) throws Exception {
        Channel channel = broker.createChannel();
        try {
            channel.queueDelete(queue);
        } catch (IOException e) {
            // A broker that answers NOT_FOUND for a queue that is not there closes the channel: nothing to delete.
            if (!(e.getCause() instanceof ShutdownSignalException closed && closed.getReason() instanceof AMQP.Channel.Close close
                    && close.getReplyCode() == AMQP.NOT_FOUND)) {
                throw e;
            }
        } finally {
            if (channel.isOpen()) {
                channel.close();
            }
        }
    }

    private static void stop(ServiceProcess service) {
        try {
            service.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package dev.shootingrange.benchmark;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.shootingrange.processes.ServiceProcess;

/**
 * How the benchmark starts a build's three services: on its own ports, databases and virtual host,
 * with the setting's properties, and ready before anything is measured.
 */
final class ServiceLaunch {

    private static final Map<String, Integer> PORTS = Map.of("game-scenario", 19080, "shooting-range", 19081, "leader-board", 19082);

    private ServiceLaunch() {
    }

    /** The three packaged services of the build, ready; with tracing on where traces go somewhere. */
    static Map<String, ServiceProcess> start(Build build, BuildServices.Setting setting, String traceEndpoint, boolean profiled) {
        Map<String, ServiceProcess> started = new LinkedHashMap<>();
        try {
            for (String service : BuildServices.SERVICES) {
                // An older build ignores the properties it does not know (the queues' type, say).
                List<String> properties = new ArrayList<>(List.of("rabbitmq-virtual-host=" + Benchmark.VIRTUAL_HOST,
                        "quarkus.datasource.jdbc.url=" + Benchmark.JDBC + Benchmark.DATABASES.get(service),
                        "topology.queue-type=" + setting.queueType()));
                if (service.equals("game-scenario")) {
                    properties.add("lab.services.shooting-range.url=http://localhost:" + PORTS.get("shooting-range"));
                    properties.add("lab.services.leader-board.url=http://localhost:" + PORTS.get("leader-board"));
                    // Every console of a run connects from this machine: one client to the cap per address.
                    properties.add("live.streams.per-client=200");
                    // The climbs fire tens of thousands of shots into a few games: a room's cap a game is no limit here.
                    properties.add("game.max-shots=" + Integer.MAX_VALUE);
                }
                if (!setting.history()) {
                    properties.add("lab.history.enabled=false");
                }
                if (setting.batchSize() > 1) {
                    // A batch holds at most the deliveries handled at once, and those the broker pushed ahead.
                    properties.addAll(List.of("exactly-once.consumer.batch-size=" + setting.batchSize(),
                            "exactly-once.consumer.concurrency=" + setting.batchSize(),
                            "exactly-once.consumer.prefetch=" + 4 * setting.batchSize()));
                }
                if (setting.traced()) {
                    properties.addAll(List.of("quarkus.otel.sdk.disabled=false", "quarkus.otel.exporter.otlp.protocol=http/protobuf",
                            "quarkus.otel.exporter.otlp.endpoint=" + traceEndpoint));
                }
                // Stacks whole (the recorder keeps 64 frames by default, and a delivery's handling sits deeper).
                List<String> jvm = profiled ? List.of("-XX:FlightRecorderOptions=stackdepth=256",
                        "-XX:StartFlightRecording=settings=profile,filename=" + profile(build, service)) : List.of();
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
            started.values().forEach(ServiceLaunch::stop);
            throw e;
        }
    }

    /** Where a service of the build records its profile; an older build's are named after its commit, so this build's do not write over them. */
    static Path profile(Build build, String service) {
        return Path.of("target", service + (build.baseline() ? "-" + build.name() : "") + ".jfr").toAbsolutePath();
    }

    static void stop(ServiceProcess service) {
        try {
            service.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package dev.shootingrange.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where each service's CPU went, read from the Flight Recorder profiles that {@code --jfr=true} makes,
 * counting the samples of running Java code taken after the services were ready. Two readings: the
 * share of samples whose stack holds each of the service's activities (they nest, so they overlap:
 * a delivery's handling holds its share of the history), and who spends the time itself, by the
 * innermost frame outside the JDK's own classes (these add up to 100 %).
 */
final class ProfileShares {

    /** Something a service does, or a library, known by the classes of its frames. */
    record Part(String name, List<String> framePrefixes) {
        Part(String name, String... framePrefixes) {
            this(name, List.of(framePrefixes));
        }

        boolean owns(RecordedFrame frame) {
            String type = frame.getMethod().getType().getName();
            return framePrefixes.stream().anyMatch(type::startsWith);
        }
    }

    static final List<Part> ACTIVITIES = List.of(
            new Part("a delivery's handling (the inbox's transaction, its ack)", "dev.shootingrange.exactlyonce.inbox.InboxConsumer"),
            new Part("a batch's shared transaction (batching on: its members, its commit)", "dev.shootingrange.exactlyonce.inbox.BatchedHandling"),
            new Part("the core's plain statements (inbox row, outbox row)", "dev.shootingrange.exactlyonce.PlainStatement"),
            new Part("reading a delivery and writing its answer (JSON, the envelope)", "dev.shootingrange.contract"),
            new Part("settling a delivery with the broker (ack, nack)", "dev.shootingrange.exactlyonce.rabbit.ConsumingConnection"),
            new Part("the relay's batches (claim, publish, confirm, mark)", "dev.shootingrange.exactlyonce.outbox.OutboxBatch"),
            new Part("the lab's message history", "dev.shootingrange.lab.History", "dev.shootingrange.lab.MessageHistory"),
            new Part("HTTP requests (RESTEasy Reactive)", "org.jboss.resteasy"));

    /** First match wins: the project's code before the framework that calls it. */
    static final List<Part> SPENDERS = List.of(
            new Part("the project's code", "dev.shootingrange"),
            new Part("transactions (Narayana)", "com.arjuna", "io.quarkus.narayana"),
            new Part("Hibernate ORM", "org.hibernate", "io.quarkus.hibernate"),
            new Part("the JDBC driver (pgjdbc)", "org.postgresql"),
            new Part("the connection pool (Agroal)", "io.agroal", "io.quarkus.agroal"),
            new Part("JSON (Jackson)", "com.fasterxml.jackson"),
            new Part("the RabbitMQ client", "com.rabbitmq"),
            new Part("Vert.x and Netty", "io.vertx", "io.netty"),
            new Part("SmallRye Reactive Messaging, Mutiny", "io.smallrye.reactive", "io.smallrye.mutiny", "io.quarkus.smallrye.reactivemessaging"),
            new Part("metrics (Micrometer)", "io.micrometer", "io.quarkus.micrometer"),
            new Part("logging", "org.jboss.logging", "org.jboss.logmanager"),
            new Part("OpenTelemetry", "io.opentelemetry", "io.quarkus.opentelemetry"),
            new Part("CDI and the rest of Quarkus", "io.quarkus", "org.jboss", "io.smallrye"));

    private static final List<String> JDK = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");

    private ProfileShares() {
    }

    static String table(Map<String, Path> profiles, Instant from) throws IOException {
        return table(profiles, from, ACTIVITIES, SPENDERS);
    }

    /**
     * The table of the profiles that exist among {@code profiles} (service to its file), counting the
     * samples taken at or after {@code from}; an empty string where none does.
     */
    static String table(Map<String, Path> profiles, Instant from, List<Part> activities, List<Part> spenders) throws IOException {
        // One row per activity, per spender, then the JDK alone and none of them; the last count is every sample.
        List<String> rows = new ArrayList<>();
        activities.forEach(activity -> rows.add("holding " + activity.name()));
        spenders.forEach(spender -> rows.add("spent in " + spender.name()));
        rows.addAll(List.of("spent in the JDK alone", "spent elsewhere"));
        Map<String, int[]> counts = new LinkedHashMap<>();
        for (Map.Entry<String, Path> profile : profiles.entrySet()) {
            if (Files.exists(profile.getValue())) {
                int[] found = new int[rows.size() + 1];
                for (RecordedEvent event : RecordingFile.readAllEvents(profile.getValue())) {
                    if (event.getEventType().getName().equals("jdk.ExecutionSample") && !event.getStartTime().isBefore(from)
                            && event.getStackTrace() != null) {
                        count(event.getStackTrace().getFrames(), activities, spenders, found);
                    }
                }
                counts.put(profile.getKey(), found);
            }
        }
        if (counts.isEmpty()) {
            return "";
        }
        StringBuilder table = new StringBuilder("\n| share of a service's samples | ").append(String.join(" | ", counts.keySet()))
                .append(" |\n| --- |").append(" ---: |".repeat(counts.size())).append('\n');
        for (int i = 0; i < rows.size(); i++) {
            table.append("| ").append(rows.get(i)).append(" |");
            for (int[] found : counts.values()) {
                table.append(String.format(" %.0f %% |", 100.0 * found[i] / Math.max(1, found[rows.size()])));
            }
            table.append('\n');
        }
        table.append("| samples |");
        counts.values().forEach(found -> table.append(' ').append(found[rows.size()]).append(" |"));
        return table.append('\n').toString();
    }

    private static void count(List<RecordedFrame> frames, List<Part> activities, List<Part> spenders, int[] found) {
        found[found.length - 1]++;
        for (int i = 0; i < activities.size(); i++) {
            Part activity = activities.get(i);
            if (frames.stream().anyMatch(activity::owns)) {
                found[i]++;
            }
        }
        RecordedFrame spending = frames.stream().filter(frame -> JDK.stream().noneMatch(frame.getMethod().getType().getName()::startsWith))
                .findFirst().orElse(null);
        if (spending == null) {
            found[activities.size() + spenders.size()]++;
            return;
        }
        for (int i = 0; i < spenders.size(); i++) {
            if (spenders.get(i).owns(spending)) {
                found[activities.size() + i]++;
                return;
            }
        }
        found[activities.size() + spenders.size() + 1]++;
    }
}

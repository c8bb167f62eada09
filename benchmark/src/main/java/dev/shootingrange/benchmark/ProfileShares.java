package dev.shootingrange.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where each service's CPU went, read from the Flight Recorder profiles that {@code --jfr=true} makes:
 * of the samples of running Java code taken after the services were ready, the share whose stack holds
 * a frame of each part. A sample counts once in every part on its stack, so the shares of the parts
 * that call each other overlap: "a delivery's handling" holds the commit, and the commit the driver.
 */
final class ProfileShares {

    /** A part of a service's work, known by the classes whose frames are on a sample's stack. */
    record Part(String name, List<String> framePrefixes) {
        Part(String name, String... framePrefixes) {
            this(name, List.of(framePrefixes));
        }

        boolean onStack(List<RecordedFrame> frames) {
            for (RecordedFrame frame : frames) {
                String type = frame.getMethod().getType().getName();
                for (String prefix : framePrefixes) {
                    if (type.startsWith(prefix)) {
                        return true;
                    }
                }
            }
            return false;
        }
    }

    static final List<Part> PARTS = List.of(
            new Part("a delivery's handling (the inbox's transaction, its ack)", "dev.shootingrange.exactlyonce.inbox.InboxConsumer"),
            new Part("the relay's batches (claim, publish, confirm, mark)", "dev.shootingrange.exactlyonce.outbox.OutboxBatch"),
            new Part("the lab's message history", "dev.shootingrange.lab.History", "dev.shootingrange.lab.MessageHistory"),
            new Part("HTTP (RESTEasy Reactive)", "org.jboss.resteasy"),
            new Part("transactions (Narayana)", "com.arjuna", "io.quarkus.narayana"),
            new Part("Hibernate ORM (sessions, flushes)", "org.hibernate"),
            new Part("the JDBC driver (pgjdbc)", "org.postgresql"),
            new Part("the connection pool (Agroal)", "io.agroal"),
            new Part("JSON (Jackson)", "com.fasterxml.jackson"),
            new Part("the RabbitMQ client", "com.rabbitmq"),
            new Part("SmallRye Reactive Messaging and Mutiny", "io.smallrye.reactive", "io.smallrye.mutiny"),
            new Part("metrics (Micrometer)", "io.micrometer", "io.quarkus.micrometer"),
            new Part("logging", "org.jboss.logging", "org.jboss.logmanager"));

    private ProfileShares() {
    }

    /**
     * The table of the profiles that exist among {@code profiles} (service to its file), counting the
     * samples taken at or after {@code from}; an empty string where none does.
     */
    static String table(Map<String, Path> profiles, Instant from) throws IOException {
        return table(profiles, from, PARTS);
    }

    static String table(Map<String, Path> profiles, Instant from, List<Part> parts) throws IOException {
        Map<String, int[]> counts = new LinkedHashMap<>();
        Map<String, Integer> samples = new LinkedHashMap<>();
        for (Map.Entry<String, Path> profile : profiles.entrySet()) {
            if (!Files.exists(profile.getValue())) {
                continue;
            }
            int[] found = new int[parts.size()];
            int taken = 0;
            for (RecordedEvent event : RecordingFile.readAllEvents(profile.getValue())) {
                if (!event.getEventType().getName().equals("jdk.ExecutionSample") || event.getStartTime().isBefore(from)
                        || event.getStackTrace() == null) {
                    continue;
                }
                taken++;
                List<RecordedFrame> frames = event.getStackTrace().getFrames();
                for (int i = 0; i < parts.size(); i++) {
                    if (parts.get(i).onStack(frames)) {
                        found[i]++;
                    }
                }
            }
            counts.put(profile.getKey(), found);
            samples.put(profile.getKey(), taken);
        }
        if (counts.isEmpty()) {
            return "";
        }
        StringBuilder table = new StringBuilder("\n| share of a service's samples holding | ")
                .append(String.join(" | ", counts.keySet())).append(" |\n| --- |").append(" ---: |".repeat(counts.size())).append('\n');
        for (int i = 0; i < parts.size(); i++) {
            table.append("| ").append(parts.get(i).name()).append(" |");
            for (String service : counts.keySet()) {
                table.append(String.format(" %.0f %% |", 100.0 * counts.get(service)[i] / Math.max(1, samples.get(service))));
            }
            table.append('\n');
        }
        table.append("| samples |");
        samples.values().forEach(taken -> table.append(' ').append(taken).append(" |"));
        return table.append('\n').toString();
    }
}

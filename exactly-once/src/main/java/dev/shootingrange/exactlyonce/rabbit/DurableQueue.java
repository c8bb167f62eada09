package dev.shootingrange.exactlyonce.rabbit;

import java.util.List;
import java.util.Map;

/**
 * A durable queue as a topology wants it: its arguments (its type, where it dead-letters...) and the
 * bindings that feed it. Enough to declare it, and to rebuild it when the broker holds it otherwise.
 */
public record DurableQueue(String name, Map<String, Object> arguments, List<Binding> bindings) {

    public record Binding(String exchange, String routingKey) {
    }

    public DurableQueue {
        arguments = Map.copyOf(arguments);
        bindings = List.copyOf(bindings);
    }

    /** The queue's {@code x-queue-type}: quorum or classic (a queue declared without one is classic). */
    public String type() {
        return String.valueOf(arguments.getOrDefault("x-queue-type", "classic"));
    }
}

package dev.shootingrange.exactlyonce.observe;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.exactlyonce.ExactlyOnceConfig;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;

/** The counters Prometheus reads: what came in, what was dropped, what went out. */
@ApplicationScoped
public class ExactlyOnceMetrics {

    private final MeterRegistry registry;
    private final AtomicLong outboxPending = new AtomicLong();
    private final Counter received;
    private final Counter duplicates;
    private final Counter handled;
    private final Counter deadLettered;
    private final Counter retried;
    private final DistributionSummary batches;

    ExactlyOnceMetrics(MeterRegistry registry, ExactlyOnceConfig config) {
        this.registry = registry;
        String queue = config.queue();
        this.received = counter("inbox.received", "Deliveries taken from the queue, redeliveries included", queue);
        this.duplicates = counter("inbox.duplicates", "Deliveries the inbox recognised and skipped", queue);
        this.handled = counter("inbox.handled", "Messages handled and committed", queue);
        this.deadLettered = counter("inbox.dead.lettered", "Invalid messages sent to the dead-letter queue", queue);
        this.retried = counter("inbox.retried", "Deliveries whose handling failed and was retried", queue);
        this.batches = DistributionSummary.builder("inbox.batch.size")
                .description("Deliveries handled in one transaction, where batching is on").tag("queue", queue).register(registry);
        registry.gauge("outbox.pending", outboxPending);
    }

    private Counter counter(String name, String description, String queue) {
        return Counter.builder(name).description(description).tag("queue", queue).register(registry);
    }

    public void received() {
        received.increment();
    }

    public void duplicate() {
        duplicates.increment();
    }

    public void handled() {
        handled.increment();
    }

    public void deadLettered() {
        deadLettered.increment();
    }

    public void retried() {
        retried.increment();
    }

    /** A transaction of batched handling and how many deliveries it held, one where a delivery came alone. */
    public void batch(int deliveries) {
        batches.record(deliveries);
    }

    public void published(String type) {
        registry.counter("outbox.published", "type", type).increment();
    }

    /** Outbox rows the broker returned as unroutable: they stay pending and wait before the next try. */
    public void returned(int rows) {
        if (rows > 0) {
            registry.counter("outbox.returned").increment(rows);
        }
    }

    public void outboxPending(long rows) {
        outboxPending.set(rows);
    }

    /** The counters by name, for a status page. */
    public Map<String, Number> snapshot() {
        Map<String, Number> stats = new LinkedHashMap<>();
        stats.put("received", (long) received.count());
        stats.put("handled", (long) handled.count());
        stats.put("duplicatesDropped", (long) duplicates.count());
        stats.put("deadLettered", (long) deadLettered.count());
        stats.put("retried", (long) retried.count());
        stats.put("published", (long) registry.find("outbox.published").counters().stream().mapToDouble(Counter::count).sum());
        stats.put("outboxPending", outboxPending.get());
        return stats;
    }
}

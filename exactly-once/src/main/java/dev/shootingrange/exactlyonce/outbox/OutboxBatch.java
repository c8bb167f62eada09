package dev.shootingrange.exactlyonce.outbox;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.ExactlyOnceConfig;
import dev.shootingrange.exactlyonce.observe.ExactlyOnceMetrics;
import dev.shootingrange.exactlyonce.rabbit.ConfirmedPublisher;
import dev.shootingrange.exactlyonce.spi.Step;
import dev.shootingrange.exactlyonce.spi.Steps;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * One pass of the {@link OutboxRelay}: claim the oldest pending rows, publish them, and mark sent only
 * those the broker confirmed and did not return; a returned row stays pending and waits.
 */
@ApplicationScoped
class OutboxBatch {

    private static final Logger LOG = Logger.getLogger(OutboxBatch.class);

    private final ConfirmedPublisher publisher;
    private final Steps steps;
    private final ExactlyOnceMetrics metrics;
    private final int size;

    OutboxBatch(ConfirmedPublisher publisher, Steps steps, ExactlyOnceMetrics metrics, ExactlyOnceConfig config) {
        this.publisher = publisher;
        this.steps = steps;
        this.metrics = metrics;
        this.size = config.relay().batchSize();
    }

    /** Publishes one batch in one transaction; returns how many rows it claimed. */
    int publish() {
        return QuarkusTransaction.requiringNew().call(() -> {
            List<OutboxMessage> batch = OutboxMessage.claimPending(size);
            if (batch.isEmpty()) {
                return 0;
            }
            List<Envelope> rows = batch.stream().map(OutboxMessage::envelope).toList();
            steps.reached(Step.AFTER_COMMIT_BEFORE_PUBLISH, rows);
            List<Envelope> copies = new ArrayList<>();
            rows.forEach(row -> copies.addAll(steps.copiesToSend(row)));
            Set<UUID> unroutable = publisher.publish(copies);
            steps.published(copies.stream().filter(copy -> !unroutable.contains(copy.messageId())).toList());
            steps.reached(Step.AFTER_CONFIRM_BEFORE_MARK, rows);
            List<Long> confirmed = new ArrayList<>(batch.size());
            List<Long> returned = new ArrayList<>();
            for (OutboxMessage row : batch) {
                if (unroutable.contains(row.messageId)) {
                    LOG.warnf("%s %s to %s was unroutable; it stays pending, then waits", row.type, row.messageId, row.exchange);
                }
                (unroutable.contains(row.messageId) ? returned : confirmed).add(row.id);
            }
            OutboxMessage.markSent(confirmed);
            OutboxMessage.returned(returned);
            metrics.returned(returned.size());
            return batch.size();
        });
    }
}

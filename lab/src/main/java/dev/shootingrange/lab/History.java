package dev.shootingrange.lab;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.TransactionSynchronizationRegistry;

import org.jboss.logging.Logger;

import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.exactlyonce.AfterCommit;
import dev.shootingrange.exactlyonce.Delivery;
import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.ExactlyOnceConfig;
import dev.shootingrange.exactlyonce.spi.StepInterceptor;
import dev.shootingrange.lab.MessageHistory.Direction;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;

/**
 * Records the {@link MessageHistory}: every copy received (once its handling committed, where there is
 * one) and every copy the broker confirmed. The lab's timeline and checker read it.
 */
@ApplicationScoped
@Priority(10)
public class History implements StepInterceptor {

    private static final Logger LOG = Logger.getLogger(History.class);

    private final boolean enabled;
    private final ExactlyOnceConfig config;
    private final HistoryWriter writer;
    private final TransactionSynchronizationRegistry transactions;

    // The lab's own key: under the core's prefix (exactly-once.*) its mapping refuses keys it does not know.
    History(LabConfig lab, ExactlyOnceConfig config, HistoryWriter writer, TransactionSynchronizationRegistry transactions) {
        this.enabled = lab.history().enabled();
        this.config = config;
        this.writer = writer;
        this.transactions = transactions;
    }

    /**
     * Handled and duplicate copies: once their handling committed, so the history shows only what
     * took effect. Dead-lettered and retried ones: at once, no handling committed for them. Written by
     * the {@link HistoryWriter}, off the consumer's path.
     */
    @Override
    public void received(Envelope message, Object read, Delivery delivery, boolean redelivered) {
        if (!enabled) {
            return;
        }
        Instant at = Instant.now();
        byte[] body = kept(message.body());
        Supplier<MessageHistory> row = () -> {
            MessageHistory entry = MessageHistory.of(Direction.IN, disposition(delivery), (RangeMessage) read, body, at);
            entry.redelivered = redelivered;
            entry.detail = delivery.detail();
            return entry;
        };
        if (delivery.inTransaction()) {
            AfterCommit.run(transactions, () -> writer.add(row, body.length));
        } else {
            writer.add(row, body.length);
        }
    }

    private static MessageHistory.Disposition disposition(Delivery delivery) {
        if (delivery instanceof Delivery.Handled) {
            return MessageHistory.Disposition.HANDLED;
        }
        if (delivery instanceof Delivery.Duplicate) {
            return MessageHistory.Disposition.DUPLICATE;
        }
        return delivery instanceof Delivery.Invalid ? MessageHistory.Disposition.DEAD_LETTERED : MessageHistory.Disposition.RETRIED;
    }

    /**
     * What a row needs of a body: an oversized one (only ever dead-lettered) is kept to one byte past the
     * largest valid body, still read as oversized and its start still shown, so that the writer's queue
     * holds kilobytes for it, not the megabytes that came.
     */
    private static byte[] kept(byte[] body) {
        return body.length > MessageCodec.MAX_BODY_BYTES ? Arrays.copyOf(body, MessageCodec.MAX_BODY_BYTES + 1) : body;
    }

    /**
     * Right after the broker confirmed, whatever the publisher does next: a copy that went out stays
     * recorded even where the publisher then crashes and sends it again. Its body is read on the
     * writer's thread, not the relay's.
     */
    @Override
    public void published(List<Envelope> copies) {
        if (enabled) {
            Instant at = Instant.now();
            copies.forEach(copy -> writer.add(() -> MessageHistory.of(Direction.OUT, MessageHistory.Disposition.PUBLISHED,
                    MessageCodec.decode(copy.body()), copy.body(), at), copy.body().length));
        }
    }

    private static void apart(Runnable write, String what) {
        try {
            QuarkusTransaction.requiringNew().run(write);
        } catch (RuntimeException e) {
            LOG.debugf("history of %s messages not written: %s", what, e);
        }
    }

    @Scheduled(every = "10m", delayed = "1m")
    void purge() {
        apart(() -> MessageHistory.purge(config.retention().outbox()), "expired");
    }

}

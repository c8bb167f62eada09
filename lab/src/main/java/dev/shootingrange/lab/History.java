package dev.shootingrange.lab;

import java.util.List;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.exactlyonce.Disposition;
import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.ExactlyOnceConfig;
import dev.shootingrange.exactlyonce.StepInterceptor;
import dev.shootingrange.lab.MessageHistory.Direction;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;

/**
 * Writes the {@link MessageHistory}: every copy received, in the transaction that had its effect where
 * there is one, and every copy the broker confirmed. The lab's timeline and checker read it.
 */
@ApplicationScoped
@Priority(10)
public class History implements StepInterceptor {

    private static final Logger LOG = Logger.getLogger(History.class);

    private final boolean enabled;
    private final ExactlyOnceConfig config;

    History(@ConfigProperty(name = "exactly-once.history.enabled", defaultValue = "true") boolean enabled,
            ExactlyOnceConfig config) {
        this.enabled = enabled;
        this.config = config;
    }

    /**
     * Handled and duplicate copies: in the current transaction, so the row commits or rolls back with
     * the handling it describes. Dead-lettered and retried ones: apart, best effort.
     */
    @Override
    public void received(Envelope message, Object read, Disposition disposition, boolean redelivered, String detail) {
        if (!enabled) {
            return;
        }
        Runnable write = () -> {
            MessageHistory entry = MessageHistory.of(Direction.IN, MessageHistory.Disposition.valueOf(disposition.name()),
                    (RangeMessage) read, message.body());
            entry.redelivered = redelivered;
            entry.detail = detail;
            entry.persist();
        };
        if (disposition == Disposition.HANDLED || disposition == Disposition.DUPLICATE) {
            write.run();
        } else {
            apart(write, disposition.name());
        }
    }

    /**
     * In a transaction of its own, right after the broker confirmed: a copy that went out stays
     * recorded even where the publisher then crashes and sends it again.
     */
    @Override
    public void published(List<Envelope> copies) {
        if (enabled && !copies.isEmpty()) {
            apart(() -> copies.forEach(copy -> MessageHistory.of(Direction.OUT, MessageHistory.Disposition.PUBLISHED,
                    MessageCodec.decode(copy.body()), copy.body()).persist()), "published");
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

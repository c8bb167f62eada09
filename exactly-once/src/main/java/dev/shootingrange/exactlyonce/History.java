package dev.shootingrange.exactlyonce;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.exactlyonce.MessageHistory.Direction;
import dev.shootingrange.exactlyonce.MessageHistory.Disposition;
import io.quarkus.narayana.jta.QuarkusTransaction;

/** Writes the {@link MessageHistory}: in the transaction that had the effect where there is one. */
@ApplicationScoped
public class History {

    private static final Logger LOG = Logger.getLogger(History.class);

    private final boolean enabled;

    History(@ConfigProperty(name = "exactly-once.history.enabled", defaultValue = "true") boolean enabled) {
        this.enabled = enabled;
    }

    /** In the current transaction: the row commits or rolls back with the handling it describes. */
    void received(RangeMessage message, byte[] body, Disposition disposition, boolean redelivered) {
        if (enabled) {
            MessageHistory entry = MessageHistory.of(Direction.IN, disposition, message, body);
            entry.redelivered = redelivered;
            entry.persist();
        }
    }

    /** In a transaction of its own, for a delivery whose handling did not commit; best effort. */
    void receivedApart(byte[] body, Disposition disposition, boolean redelivered, String detail) {
        if (!enabled) {
            return;
        }
        try {
            QuarkusTransaction.requiringNew().run(() -> {
                RangeMessage message = readable(body);
                MessageHistory entry = MessageHistory.of(Direction.IN, disposition, message, body);
                entry.redelivered = redelivered;
                entry.detail = detail;
                if (message == null) {
                    entry.gameId = MessageCodec.peekGameId(body);
                }
                entry.persist();
            });
        } catch (RuntimeException e) {
            LOG.debugf("history of a %s delivery not written: %s", disposition, e);
        }
    }

    /**
     * In a transaction of its own, right after the broker confirmed: a copy that went out stays
     * recorded even where the publisher then crashes and sends it again.
     */
    void published(List<byte[]> bodies) {
        if (!enabled || bodies.isEmpty()) {
            return;
        }
        try {
            QuarkusTransaction.requiringNew().run(() -> bodies.forEach(body -> MessageHistory
                    .of(Direction.OUT, Disposition.PUBLISHED, MessageCodec.decode(body), body).persist()));
        } catch (RuntimeException e) {
            LOG.debugf("history of %d published messages not written: %s", bodies.size(), e);
        }
    }

    private static RangeMessage readable(byte[] body) {
        try {
            return MessageCodec.decode(body);
        } catch (RuntimeException e) {
            return null;
        }
    }
}

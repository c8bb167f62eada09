package dev.shootingrange.exactlyonce;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

import org.jboss.logging.Logger;

import dev.shootingrange.contract.InvalidMessageException;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.RangeMessage;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * One delivery, from bytes to committed effects: decode, then in one transaction record the
 * messageId in the inbox, run the business rule and write its outgoing messages. A failure of the
 * database throws, so the message is retried; only invalid input is answered with {@link Delivery.Invalid}.
 */
@ApplicationScoped
public class InboxProcessor {

    private static final Logger LOG = Logger.getLogger(InboxProcessor.class);

    private final Inbox inbox;
    private final EntityManager entityManager;
    private final Steps steps;
    private final ExactlyOnceMetrics metrics;
    private final History history;
    private final String consumer;

    InboxProcessor(Inbox inbox, EntityManager entityManager, Steps steps, ExactlyOnceMetrics metrics,
            History history, ExactlyOnceConfig config) {
        this.inbox = inbox;
        this.history = history;
        this.entityManager = entityManager;
        this.steps = steps;
        this.metrics = metrics;
        this.consumer = config.queue();
    }

    /** @param contentType the AMQP content type; absent is taken as JSON, anything else is invalid */
    public Delivery process(String contentType, byte[] body, MessageHandler handler) {
        return process(contentType, body, false, handler);
    }

    /** @param redelivered the broker's flag: this copy was delivered before and not acknowledged */
    public Delivery process(String contentType, byte[] body, boolean redelivered, MessageHandler handler) {
        metrics.received();
        RangeMessage message;
        try {
            if (contentType != null && !contentType.startsWith("application/json")) {
                throw new InvalidMessageException("content type " + contentType + " is not application/json");
            }
            message = MessageCodec.decode(body);
            if (!handler.types().contains(message.type())) {
                throw new InvalidMessageException(message.type() + " is not consumed from " + consumer);
            }
        } catch (InvalidMessageException e) {
            metrics.deadLettered();
            LOG.warnf("dead-lettering a message on %s: %s", consumer, e.getMessage());
            history.receivedApart(body, MessageHistory.Disposition.DEAD_LETTERED, redelivered, e.getMessage());
            return new Delivery.Invalid(e.getMessage());
        }
        boolean first;
        try {
            first = QuarkusTransaction.requiringNew().call(() -> handleOnce(message, body, redelivered, handler));
        } catch (RuntimeException e) {
            history.receivedApart(body, MessageHistory.Disposition.RETRIED, redelivered, String.valueOf(e.getMessage()));
            throw e;
        }
        if (first) {
            metrics.handled();
            return new Delivery.Handled(message);
        }
        metrics.duplicate();
        LOG.debugf("duplicate %s %s skipped", message.type(), message.messageId());
        return new Delivery.Duplicate(message);
    }

    private boolean handleOnce(RangeMessage message, byte[] body, boolean redelivered, MessageHandler handler) {
        steps.reached(Step.BEFORE_INBOX_INSERT, message.messageId(), message.type());
        if (!inbox.firstDelivery(consumer, message.messageId())) {
            history.received(message, body, MessageHistory.Disposition.DUPLICATE, redelivered);
            return false;
        }
        handler.handle(message);
        history.received(message, body, MessageHistory.Disposition.HANDLED, redelivered);
        steps.reached(Step.BEFORE_FLUSH, message.messageId(), message.type());
        entityManager.flush();
        steps.reached(Step.BEFORE_COMMIT, message.messageId(), message.type());
        return true;
    }
}

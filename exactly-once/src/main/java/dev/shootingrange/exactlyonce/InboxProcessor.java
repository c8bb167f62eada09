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
    private final String consumer;

    InboxProcessor(Inbox inbox, EntityManager entityManager, Steps steps, ExactlyOnceMetrics metrics,
            ExactlyOnceConfig config) {
        this.inbox = inbox;
        this.entityManager = entityManager;
        this.steps = steps;
        this.metrics = metrics;
        this.consumer = config.queue();
    }

    /** @param contentType the AMQP content type; absent is taken as JSON, anything else is invalid */
    public Delivery process(String contentType, byte[] body, MessageHandler handler) {
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
            return new Delivery.Invalid(e.getMessage());
        }
        boolean first = QuarkusTransaction.requiringNew().call(() -> handleOnce(message, handler));
        if (first) {
            metrics.handled();
            return new Delivery.Handled(message);
        }
        metrics.duplicate();
        LOG.debugf("duplicate %s %s skipped", message.type(), message.messageId());
        return new Delivery.Duplicate(message);
    }

    private boolean handleOnce(RangeMessage message, MessageHandler handler) {
        steps.reached(Step.BEFORE_INBOX_INSERT, message.messageId(), message.type());
        if (!inbox.firstDelivery(consumer, message.messageId())) {
            return false;
        }
        handler.handle(message);
        steps.reached(Step.BEFORE_FLUSH, message.messageId(), message.type());
        entityManager.flush();
        steps.reached(Step.BEFORE_COMMIT, message.messageId(), message.type());
        return true;
    }
}

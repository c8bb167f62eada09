package dev.shootingrange.exactlyonce.inbox;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

import org.jboss.logging.Logger;

import dev.shootingrange.exactlyonce.Causation;
import dev.shootingrange.exactlyonce.DeadLetter;
import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.ExactlyOnceConfig;
import dev.shootingrange.exactlyonce.MessageFormat;
import dev.shootingrange.exactlyonce.MessageHandler;
import dev.shootingrange.exactlyonce.observe.ExactlyOnceMetrics;
import dev.shootingrange.exactlyonce.observe.Printable;
import dev.shootingrange.exactlyonce.spi.Disposition;
import dev.shootingrange.exactlyonce.spi.DuplicateDetector;
import dev.shootingrange.exactlyonce.spi.OnDuplicate;
import dev.shootingrange.exactlyonce.spi.Step;
import dev.shootingrange.exactlyonce.spi.Steps;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * One delivery, from bytes to committed effects: read it, then in one transaction record the
 * messageId in the inbox, run the business rule and write its outgoing messages. A failure of the
 * database throws, so the message is retried; only invalid input is answered with {@link Delivery.Invalid}.
 */
@ApplicationScoped
public class InboxProcessor {

    private static final Logger LOG = Logger.getLogger(InboxProcessor.class);

    private final DuplicateDetector duplicates;
    private final OnDuplicate onDuplicate;
    private final MessageFormat<Object> format;
    private final EntityManager entityManager;
    private final Steps steps;
    private final ExactlyOnceMetrics metrics;
    private final String consumer;

    @SuppressWarnings("unchecked")
    InboxProcessor(DuplicateDetector duplicates, OnDuplicate onDuplicate, MessageFormat<?> format, EntityManager entityManager, Steps steps,
            ExactlyOnceMetrics metrics, ExactlyOnceConfig config) {
        this.duplicates = duplicates;
        this.onDuplicate = onDuplicate;
        this.format = (MessageFormat<Object>) format;
        this.entityManager = entityManager;
        this.steps = steps;
        this.metrics = metrics;
        this.consumer = config.queue();
    }

    /** @param contentType the AMQP content type, or null */
    public Delivery process(String contentType, byte[] body, MessageHandler<?> handler) {
        return process(contentType, body, false, handler);
    }

    /** @param redelivered the broker's flag: this copy was delivered before and not acknowledged */
    @SuppressWarnings("unchecked")
    public Delivery process(String contentType, byte[] body, boolean redelivered, MessageHandler<?> handler) {
        metrics.received();
        Object message = null;
        Envelope envelope;
        try {
            message = format.read(contentType, body);
            envelope = new Envelope(format.messageId(message), format.type(message), null, null, body);
            if (!handler.types().contains(envelope.type())) {
                throw new IllegalArgumentException(envelope.type() + " is not consumed from " + consumer);
            }
        } catch (RuntimeException invalid) {
            return deadLetter(new Envelope(null, null, null, null, body), message, redelivered, invalid.getMessage());
        }
        return handle(message, envelope, redelivered, (MessageHandler<Object>) handler);
    }

    private Delivery deadLetter(Envelope envelope, Object message, boolean redelivered, String why) {
        String reason = Printable.line(why);
        metrics.deadLettered();
        LOG.warnf("dead-lettering a message on %s: %s", consumer, reason);
        steps.received(envelope, message, Disposition.DEAD_LETTERED, redelivered, reason);
        return new Delivery.Invalid(reason);
    }

    private Delivery handle(Object message, Envelope envelope, boolean redelivered, MessageHandler<Object> handler) {
        boolean first;
        try {
            first = QuarkusTransaction.requiringNew().call(() -> handleOnce(message, envelope, redelivered, handler));
        } catch (RuntimeException e) {
            DeadLetter never = DeadLetter.in(e);
            if (never != null) {
                return deadLetter(envelope, message, redelivered, never.getMessage());
            }
            steps.received(envelope, message, Disposition.RETRIED, redelivered, String.valueOf(e.getMessage()));
            throw e;
        }
        if (first) {
            metrics.handled();
            return new Delivery.Handled(envelope);
        }
        metrics.duplicate();
        LOG.debugf("duplicate %s skipped", envelope);
        return new Delivery.Duplicate(envelope);
    }

    private boolean handleOnce(Object message, Envelope envelope, boolean redelivered, MessageHandler<Object> handler) {
        steps.reached(Step.BEFORE_INBOX_INSERT, envelope);
        if (!duplicates.firstDelivery(consumer, envelope.messageId())) {
            int sentAgain = onDuplicate.answer(consumer, envelope.messageId());
            steps.received(envelope, message, Disposition.DUPLICATE, redelivered,
                    sentAgain == 0 ? null : "its first handling's " + sentAgain + " message(s) sent again");
            return false;
        }
        Causation.run(envelope.messageId(), () -> handler.handle(message));
        steps.received(envelope, message, Disposition.HANDLED, redelivered, null);
        steps.reached(Step.BEFORE_FLUSH, envelope);
        entityManager.flush();
        steps.reached(Step.BEFORE_COMMIT, envelope);
        return true;
    }
}

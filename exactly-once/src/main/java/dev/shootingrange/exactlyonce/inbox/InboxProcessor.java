package dev.shootingrange.exactlyonce.inbox;

import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.shootingrange.exactlyonce.Causation;
import dev.shootingrange.exactlyonce.DeadLetter;
import dev.shootingrange.exactlyonce.Delivery;
import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.ExactlyOnceConfig;
import dev.shootingrange.exactlyonce.MessageFormat;
import dev.shootingrange.exactlyonce.MessageHandler;
import dev.shootingrange.exactlyonce.observe.ExactlyOnceMetrics;
import dev.shootingrange.exactlyonce.observe.Printable;
import dev.shootingrange.exactlyonce.spi.DuplicateDetector;
import dev.shootingrange.exactlyonce.spi.OnDuplicate;
import dev.shootingrange.exactlyonce.spi.Step;
import dev.shootingrange.exactlyonce.spi.Steps;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * One delivery, from bytes to committed effects: read it, then in one transaction record the
 * messageId in the inbox, run the business rule and write its outgoing messages (with batching on, in
 * a transaction shared with the deliveries beside it: {@link BatchedHandling}). A
 * failure of the database throws, so the message is retried; only invalid input is answered with {@link Delivery.Invalid}.
 */
@ApplicationScoped
public class InboxProcessor {

    private static final Logger LOG = Logger.getLogger(InboxProcessor.class);

    private final DuplicateDetector duplicates;
    private final OnDuplicate onDuplicate;
    private final MessageFormat<Object> format;
    private final Steps steps;
    private final ExactlyOnceMetrics metrics;
    private final BatchedHandling batches;
    private final String consumer;

    @SuppressWarnings("unchecked")
    InboxProcessor(DuplicateDetector duplicates, OnDuplicate onDuplicate, MessageFormat<?> format, Steps steps,
            ExactlyOnceMetrics metrics, BatchedHandling batches, ExactlyOnceConfig config) {
        this.duplicates = duplicates;
        this.onDuplicate = onDuplicate;
        this.format = (MessageFormat<Object>) format;
        this.steps = steps;
        this.metrics = metrics;
        this.batches = batches;
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
        Delivery invalid = new Delivery.Invalid(reason);
        steps.received(envelope, message, invalid, redelivered);
        return invalid;
    }

    private Delivery handle(Object message, Envelope envelope, boolean redelivered, MessageHandler<Object> handler) {
        Supplier<Delivery> once = () -> handleOnce(message, envelope, redelivered, handler);
        Delivery delivery;
        try {
            delivery = batches.enabled() ? batches.handle(once) : QuarkusTransaction.requiringNew().call(once::get);
        } catch (RuntimeException e) {
            DeadLetter never = DeadLetter.in(e);
            if (never != null) {
                return deadLetter(envelope, message, redelivered, never.getMessage());
            }
            steps.received(envelope, message, new Delivery.Retried(String.valueOf(e.getMessage())), redelivered);
            throw e;
        }
        if (delivery instanceof Delivery.Handled) {
            metrics.handled();
        } else {
            metrics.duplicate();
            LOG.debugf("duplicate %s skipped", envelope);
        }
        return delivery;
    }

    /** Handled or Duplicate, heard of by the interceptors inside the transaction. */
    private Delivery handleOnce(Object message, Envelope envelope, boolean redelivered, MessageHandler<Object> handler) {
        steps.reached(Step.BEFORE_INBOX_INSERT, envelope);
        Delivery delivery;
        if (duplicates.firstDelivery(consumer, envelope.messageId())) {
            Causation.run(envelope.messageId(), () -> handler.handle(message));
            delivery = new Delivery.Handled(envelope);
        } else {
            delivery = new Delivery.Duplicate(envelope, onDuplicate.answer(consumer, envelope.messageId()));
        }
        steps.received(envelope, message, delivery, redelivered);
        if (delivery instanceof Delivery.Handled) {
            // No flush of its own: a handling whose writes are all plain statements opens no ORM session,
            // and one that changed entities has them flushed by the commit, in the same transaction.
            steps.reached(Step.BEFORE_FLUSH, envelope);
            steps.reached(Step.BEFORE_COMMIT, envelope);
        }
        return delivery;
    }
}

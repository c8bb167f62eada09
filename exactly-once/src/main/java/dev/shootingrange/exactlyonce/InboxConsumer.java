package dev.shootingrange.exactlyonce;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Metadata;
import org.jboss.logging.Logger;

import io.smallrye.reactive.messaging.rabbitmq.IncomingRabbitMQMessage;
import io.smallrye.reactive.messaging.rabbitmq.IncomingRabbitMQMetadata;
import io.smallrye.reactive.messaging.rabbitmq.RabbitMQRejectMetadata;

/**
 * What a service's {@code @Incoming} method hands each delivery to. The delivery is acknowledged only
 * after its transaction committed; a failure requeues it, after a back-off, and the inbox turns the
 * redelivery into a no-op. Invalid input is rejected without requeue, which the queue's dead-letter
 * exchange routes to its DLQ. Each message is settled on its own: one poison message stops nothing.
 */
@ApplicationScoped
public class InboxConsumer {

    private static final Logger LOG = Logger.getLogger(InboxConsumer.class);
    private static final CompletionStage<Void> LEFT_TO_THE_BROKER = CompletableFuture.completedFuture(null);

    private final InboxProcessor processor;
    private final Steps steps;
    private final ExactlyOnceMetrics metrics;
    private final ExactlyOnceConfig config;
    private final ConsumingConnection connection;
    /** Shared by the deliveries in flight: while the database is down, each waits longer before its retry. */
    private final AtomicLong retryDelayMs = new AtomicLong();

    InboxConsumer(InboxProcessor processor, Steps steps, ExactlyOnceMetrics metrics, ExactlyOnceConfig config,
            ConsumingConnection connection) {
        this.processor = processor;
        this.steps = steps;
        this.metrics = metrics;
        this.config = config;
        this.connection = connection;
    }

    public CompletionStage<Void> consume(Message<?> delivery, MessageHandler<?> handler) {
        IncomingRabbitMQMetadata rabbit = delivery.getMetadata(IncomingRabbitMQMetadata.class).orElse(null);
        Delivery outcome;
        try {
            outcome = processor.process(rabbit == null ? null : rabbit.getContentType().orElse(null), body(delivery),
                    rabbit != null && rabbit.isRedeliver(), handler);
        } catch (RuntimeException e) {
            return retryLater(delivery, e);
        }
        retryDelayMs.set(0);
        if (outcome instanceof Delivery.Invalid invalid) {
            return settle(() -> delivery.nack(new IllegalArgumentException(invalid.reason()),
                    Metadata.of(new RabbitMQRejectMetadata(false))));
        }
        Envelope message = outcome instanceof Delivery.Handled handled ? handled.message()
                : ((Delivery.Duplicate) outcome).message();
        try {
            steps.reached(Step.AFTER_COMMIT_BEFORE_ACK, message);
        } catch (Steps.SimulatedCrash crash) {
            // The work is committed but the broker never hears of it: it delivers the message again.
            return requeue(delivery, crash);
        }
        return settle(delivery::ack);
    }

    /** The bytes as they came off the wire, whatever the connector would make of their content type. */
    private static byte[] body(Message<?> delivery) {
        if (delivery.getPayload() instanceof byte[] bytes) {
            return bytes;
        }
        return delivery.unwrap(IncomingRabbitMQMessage.class).getRabbitMQMessage().body().getBytes();
    }

    /** The message is valid but could not be handled now (database down, a failed commit): requeue it. */
    private CompletionStage<Void> retryLater(Message<?> delivery, RuntimeException e) {
        metrics.retried();
        if (Steps.SimulatedCrash.in(e)) {
            // A simulated crash before the commit: the broker delivers the message again, at once.
            return requeue(delivery, e);
        }
        long delay = retryDelayMs.updateAndGet(last -> Math.min(Math.max(last * 2, 50), config.consumer().maxRetryDelay().toMillis()));
        LOG.warnf("handling a message from %s failed (%s); requeued after %d ms", config.queue(), e, delay);
        try {
            Thread.sleep(delay);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        return requeue(delivery, e);
    }

    private CompletionStage<Void> requeue(Message<?> delivery, Throwable reason) {
        return settle(() -> delivery.nack(reason, Metadata.of(new RabbitMQRejectMetadata(true))));
    }

    /**
     * Acks, nacks and rejects go out only while the consumer is registered. Otherwise the channel that
     * delivered the message is gone, and with it the broker's record of the delivery: the broker gives
     * the message again, and the inbox knows what to do with it then. A settlement that fails on the
     * way out means the same, so it never fails the stream.
     */
    private CompletionStage<Void> settle(Supplier<CompletionStage<Void>> settlement) {
        if (!connection.isConsuming()) {
            return LEFT_TO_THE_BROKER;
        }
        try {
            return settlement.get().exceptionally(failed -> {
                LOG.debugf("settling a delivery failed (%s); the broker delivers it again", failed);
                return null;
            });
        } catch (RuntimeException failed) {
            LOG.debugf("settling a delivery failed (%s); the broker delivers it again", failed);
            return LEFT_TO_THE_BROKER;
        }
    }
}

package dev.shootingrange.exactlyonce.inbox;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import dev.shootingrange.exactlyonce.Delivery;
import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.ExactlyOnceConfig;
import dev.shootingrange.exactlyonce.MessageHandler;
import dev.shootingrange.exactlyonce.observe.ExactlyOnceMetrics;
import dev.shootingrange.exactlyonce.observe.MessageTracing;
import dev.shootingrange.exactlyonce.rabbit.ConsumingConnection;
import dev.shootingrange.exactlyonce.spi.RetryPolicy;
import dev.shootingrange.exactlyonce.spi.Step;
import dev.shootingrange.exactlyonce.spi.Steps;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import io.smallrye.reactive.messaging.rabbitmq.IncomingRabbitMQMessage;
import io.smallrye.reactive.messaging.rabbitmq.IncomingRabbitMQMetadata;

/**
 * What a service's {@code @Incoming} method hands each delivery to. The delivery is acknowledged only
 * after its transaction committed; a failure requeues it after a back-off (or, while the database
 * takes no writes, holds it until it does: see {@link Retries}), and the inbox turns the redelivery into a
 * no-op. Invalid input is rejected without requeue, which the queue's dead-letter exchange routes to
 * its DLQ. Each message is settled on its own: one poison message stops nothing.
 */
@ApplicationScoped
public class InboxConsumer {

    private static final Logger LOG = Logger.getLogger(InboxConsumer.class);
    private static final CompletionStage<Void> SETTLED = CompletableFuture.completedFuture(null);

    private final InboxProcessor processor;
    private final Steps steps;
    private final ExactlyOnceMetrics metrics;
    private final ExactlyOnceConfig config;
    private final ConsumingConnection connection;
    private final MessageTracing tracing;
    private final Retries retries;
    private final RetryPolicy retryPolicy;

    InboxConsumer(InboxProcessor processor, Steps steps, ExactlyOnceMetrics metrics, ExactlyOnceConfig config,
            ConsumingConnection connection, MessageTracing tracing, Retries retries, RetryPolicy retryPolicy) {
        this.processor = processor;
        this.retries = retries;
        this.retryPolicy = retryPolicy;
        this.tracing = tracing;
        this.steps = steps;
        this.metrics = metrics;
        this.config = config;
        this.connection = connection;
    }

    public CompletionStage<Void> consume(Message<?> delivery, MessageHandler<?> handler) {
        IncomingRabbitMQMetadata rabbit = delivery.getMetadata(IncomingRabbitMQMetadata.class).orElse(null);
        boolean redelivered = rabbit != null && rabbit.isRedeliver();
        Span span = rabbit == null ? tracing.consuming(config.queue(), null, null, null, null, false)
                : tracing.consuming(config.queue(), rabbit.getHeaders(), rabbit.getExchange(), rabbit.getRoutingKey(),
                        rabbit.getMessageId().orElse(null), redelivered);
        try (Scope handling = span.makeCurrent()) {
            return consume(delivery, rabbit, redelivered, handler, span);
        } finally {
            span.end();
        }
    }

    private CompletionStage<Void> consume(Message<?> delivery, IncomingRabbitMQMetadata rabbit, boolean redelivered,
            MessageHandler<?> handler, Span span) {
        byte[] body = body(delivery);
        Delivery outcome = null;
        while (outcome == null) {
            try {
                outcome = processor.process(rabbit == null ? null : rabbit.getContentType().orElse(null), body,
                        redelivered, handler);
            } catch (RuntimeException e) {
                metrics.retried();
                if (retryPolicy.atOnce(e) || !retries.awaitedTheDatabase()) {
                    MessageTracing.decided(span, "retried", null, String.valueOf(e));
                    return retryLater(delivery, body, e);
                }
            }
        }
        retries.handled(body);
        if (outcome instanceof Delivery.Invalid invalid) {
            MessageTracing.decided(span, "dead-lettered", null, invalid.reason());
            return settle(delivery, (channel, tag) -> channel.basicNack(tag, false, false));
        }
        Envelope message = outcome instanceof Delivery.Handled handled ? handled.message()
                : ((Delivery.Duplicate) outcome).message();
        MessageTracing.decided(span, outcome instanceof Delivery.Handled ? "handled" : "duplicate", message, null);
        try {
            steps.reached(Step.AFTER_COMMIT_BEFORE_ACK, message);
        } catch (RuntimeException failure) {
            // The work is committed but the broker never hears of it: it delivers the message again, a no-op.
            span.addEvent("not acknowledged: " + failure.getMessage());
            return requeue(delivery);
        }
        return settle(delivery, (channel, tag) -> channel.basicAck(tag, false));
    }

    /** The bytes as they came off the wire, whatever the connector would make of their content type. */
    private static byte[] body(Message<?> delivery) {
        if (delivery.getPayload() instanceof byte[] bytes) {
            return bytes;
        }
        return delivery.unwrap(IncomingRabbitMQMessage.class).getRabbitMQMessage().body().getBytes();
    }

    /** The message is valid but could not be handled now (a refused commit, a lock it lost): requeue it. */
    private CompletionStage<Void> retryLater(Message<?> delivery, byte[] body, RuntimeException e) {
        if (retryPolicy.atOnce(e)) {
            return requeue(delivery);
        }
        long delay = retries.nextDelayMs(body);
        LOG.warnf("handling a message from %s failed (%s); requeued after %d ms", config.queue(), e, delay);
        try {
            Thread.sleep(delay);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        return requeue(delivery);
    }

    private CompletionStage<Void> requeue(Message<?> delivery) {
        return settle(delivery, (channel, tag) -> channel.basicNack(tag, false, true));
    }

    /**
     * Acks, nacks and rejects go out on the channel that delivered the message, at once and from here
     * ({@link ConsumingConnection#settle}). Where that channel is gone, so is the broker's record of the
     * delivery: the broker gives the message again, and the inbox knows what to do with it then. So a
     * settlement never fails the stream.
     */
    private CompletionStage<Void> settle(Message<?> delivery, ConsumingConnection.Settlement settlement) {
        connection.settle(delivery.unwrap(IncomingRabbitMQMessage.class).getRabbitMQMessage().envelope().getDeliveryTag(),
                settlement);
        return SETTLED;
    }
}

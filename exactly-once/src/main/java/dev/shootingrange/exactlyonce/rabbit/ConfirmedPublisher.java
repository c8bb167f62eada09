package dev.shootingrange.exactlyonce.rabbit;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.ExactlyOnceConfig;
import dev.shootingrange.exactlyonce.observe.ExactlyOnceMetrics;
import dev.shootingrange.exactlyonce.observe.MessageTracing;
import dev.shootingrange.exactlyonce.spi.Step;
import dev.shootingrange.exactlyonce.spi.Steps;

/**
 * Puts messages on the wire and waits until the broker has them: persistent, {@code mandatory}, with
 * publisher confirms. One channel, used by one caller at a time.
 */
@ApplicationScoped
public class ConfirmedPublisher {

    private final RabbitConnections connections;
    private final ExactlyOnceConfig.Relay config;
    private final ExactlyOnceMetrics metrics;
    private final MessageTracing tracing;
    private final Steps steps;
    private final String contentType;
    private final Set<String> returned = ConcurrentHashMap.newKeySet();
    private Channel channel;

    ConfirmedPublisher(RabbitConnections connections, ExactlyOnceConfig config, ExactlyOnceMetrics metrics, MessageTracing tracing,
            Steps steps) {
        this.connections = connections;
        this.tracing = tracing;
        this.steps = steps;
        this.config = config.relay();
        this.contentType = config.contentType();
        this.metrics = metrics;
    }

    /**
     * Publishes every copy and waits for the confirms. Throws where the broker nacked any or did not
     * answer in time, or where the connection was lost between the publishes and the confirms (the
     * client recovers the channel, and waiting on the recovered one would wait for nothing); otherwise
     * returns the ids of the messages it returned as unroutable.
     */
    public synchronized Set<UUID> publish(List<Envelope> copies) throws IOException, InterruptedException, TimeoutException {
        if (copies.isEmpty()) {
            return Set.of();
        }
        List<MessageTracing.Publication> publications = tracing.publishing(copies);
        try {
            Channel open = channel();
            long losses = connections.connectionLosses();
            returned.clear();
            for (MessageTracing.Publication publication : publications) {
                Envelope copy = publication.copy();
                open.basicPublish(copy.exchange(), copy.routingKey(), true, properties(copy, contentType), copy.body());
            }
            steps.reached(Step.AFTER_PUBLISH_BEFORE_CONFIRM, copies);
            open.waitForConfirmsOrDie(config.confirmTimeout().toMillis());
            if (connections.connectionLosses() != losses) {
                throw new IOException("the connection was lost before the broker confirmed the messages");
            }
        } catch (IOException | TimeoutException | RuntimeException e) {
            publications.forEach(publication -> publication.end("not confirmed: " + e));
            close();
            throw e;
        }
        Set<UUID> unroutable = returned.stream().map(UUID::fromString).collect(Collectors.toSet());
        publications.forEach(publication -> publication.end(
                unroutable.contains(publication.copy().messageId()) ? "returned unroutable" : null));
        copies.stream().filter(copy -> !unroutable.contains(copy.messageId())).forEach(copy -> metrics.published(copy.type()));
        return unroutable;
    }

    private static AMQP.BasicProperties properties(Envelope message, String contentType) {
        return new AMQP.BasicProperties.Builder()
                // the publication's trace, continued by the consumer
                .headers(message.traceParent() == null ? null : Map.of(MessageTracing.TRACEPARENT, message.traceParent()))
                .contentType(contentType)
                .deliveryMode(2)
                .messageId(message.messageId().toString())
                .type(message.type())
                .build();
    }

    private Channel channel() throws IOException {
        if (channel == null || !channel.isOpen()) {
            channel = connections.publishing().createChannel();
            channel.confirmSelect();
            // The broker returns an unroutable mandatory message before it confirms it.
            channel.addReturnListener(message -> returned.add(message.getProperties().getMessageId()));
        }
        return channel;
    }

    public synchronized void close() {
        if (channel != null) {
            try {
                if (channel.isOpen()) {
                    channel.close();
                }
            } catch (Exception e) {
                // closing a broken channel: nothing to do
            }
            channel = null;
        }
    }
}

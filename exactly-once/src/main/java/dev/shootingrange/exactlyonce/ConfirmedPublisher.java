package dev.shootingrange.exactlyonce;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;

/**
 * Puts messages on the wire and waits until the broker has them: persistent, {@code mandatory}, with
 * publisher confirms. One channel, used by one caller at a time.
 */
@ApplicationScoped
public class ConfirmedPublisher {

    private final RabbitConnections connections;
    private final ExactlyOnceConfig.Relay config;
    private final ExactlyOnceMetrics metrics;
    private final String contentType;
    private final Set<String> returned = ConcurrentHashMap.newKeySet();
    private Channel channel;

    ConfirmedPublisher(RabbitConnections connections, ExactlyOnceConfig config, ExactlyOnceMetrics metrics) {
        this.connections = connections;
        this.config = config.relay();
        this.contentType = config.contentType();
        this.metrics = metrics;
    }

    /**
     * Publishes every copy and waits for the confirms. Throws where the broker nacked any or did not
     * answer in time; otherwise returns the ids of the messages it returned as unroutable.
     */
    public synchronized Set<UUID> publish(List<Envelope> copies) throws IOException, InterruptedException, TimeoutException {
        if (copies.isEmpty()) {
            return Set.of();
        }
        try {
            Channel open = channel();
            returned.clear();
            for (Envelope copy : copies) {
                open.basicPublish(copy.exchange(), copy.routingKey(), true, properties(copy, contentType), copy.body());
            }
            open.waitForConfirmsOrDie(config.confirmTimeout().toMillis());
        } catch (IOException | TimeoutException | RuntimeException e) {
            close();
            throw e;
        }
        Set<UUID> unroutable = returned.stream().map(UUID::fromString).collect(Collectors.toSet());
        copies.stream().filter(copy -> !unroutable.contains(copy.messageId())).forEach(copy -> metrics.published(copy.type()));
        return unroutable;
    }

    private static AMQP.BasicProperties properties(Envelope message, String contentType) {
        return new AMQP.BasicProperties.Builder()
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

    synchronized void close() {
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

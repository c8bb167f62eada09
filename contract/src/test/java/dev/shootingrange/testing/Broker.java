package dev.shootingrange.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;

import org.awaitility.Awaitility;
import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.exactlyonce.rabbit.DurableQueue;
import dev.shootingrange.exactlyonce.rabbit.QueueMigration;

/**
 * The tests' own client of the real broker: it publishes as an outside client would (valid messages,
 * duplicates, garbage) and watches what crosses the wire.
 */
public final class Broker {

    private final Channel channel;

    private Broker(Connection connection) throws IOException {
        // Queues an earlier run left otherwise are rebuilt as the services do it; while a service of the
        // same JVM rebuilds one (it holds the lock), wait for it.
        QueueMigration migration = new QueueMigration(connection);
        for (DurableQueue queue : Topology.queues(Topology.QueueType.QUORUM)) {
            Awaitility.await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                    .ignoreExceptionsInstanceOf(IOException.class).until(() -> {
                        try {
                            migration.ensure(queue);
                            return true;
                        } catch (QueueMigration.InUse e) {
                            throw new IllegalStateException(e.getMessage(), e);
                        }
                    });
        }
        this.channel = connection.createChannel();
        this.channel.confirmSelect();
        Topology.declare(channel);
    }

    private static Broker shared;

    /** One connection for all the tests of a JVM, closed when it exits. */
    public static synchronized Broker shared() {
        if (shared == null) {
            ConnectionFactory factory = BrokerConnections.factory();
            try {
                shared = new Broker(factory.newConnection("test-broker"));
            } catch (IOException | TimeoutException e) {
                throw new IllegalStateException("RabbitMQ is needed at " + factory.getHost() + ":" + factory.getPort()
                        + " for this test", e);
            }
        }
        return shared;
    }

    /** Publishes a contract message to its exchange, as its producer would. */
    public void publish(RangeMessage message) {
        publishRaw(Topology.exchangeFor(message.type()), message.type(), "application/json",
                MessageCodec.encode(message));
    }

    /** Publishes any bytes at all, persistent, and waits for the broker's confirm. */
    public void publishRaw(String exchange, String routingKey, String contentType, byte[] body) {
        publishRaw(exchange, routingKey, contentType, body, null);
    }

    /** With AMQP headers (a traceparent, say). */
    public void publishRaw(String exchange, String routingKey, String contentType, byte[] body, Map<String, Object> headers) {
        AMQP.BasicProperties properties = new AMQP.BasicProperties.Builder()
                .contentType(contentType).deliveryMode(2).headers(headers).build();
        try {
            channel.basicPublish(exchange, routingKey, true, properties, body);
            channel.waitForConfirmsOrDie(5_000);
        } catch (IOException | InterruptedException | TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }

    public void publishRaw(String exchange, String routingKey, String body) {
        publishRaw(exchange, routingKey, "application/json", body.getBytes(StandardCharsets.UTF_8));
    }

    /** A private queue bound to an exchange: from now on, it sees every copy routed there. */
    public Wire watch(String exchange, String... routingKeys) {
        try {
            String queue = channel.queueDeclare("", false, true, true, Map.of()).getQueue();
            for (String key : routingKeys) {
                channel.queueBind(queue, exchange, key);
            }
            return new Wire(queue);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public void purge(String queue) {
        try {
            channel.queuePurge(queue);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Deletes a queue, as an operator might: the broker cancels its consumers. */
    public void deleteQueue(String queue) {
        try {
            channel.queueDelete(queue);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Takes every message now in a queue (a DLQ, typically), acknowledging them. */
    public List<byte[]> drain(String queue) {
        return take(queue).stream().map(GetResponse::getBody).toList();
    }

    private List<GetResponse> take(String queue) {
        List<GetResponse> taken = new ArrayList<>();
        try {
            for (GetResponse response; (response = channel.basicGet(queue, true)) != null;) {
                taken.add(response);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return taken;
    }

    /** What a watching queue has seen so far: every copy, in arrival order. */
    public final class Wire {

        private final String queue;
        private final List<GetResponse> seen = new ArrayList<>();

        private Wire(String queue) {
            this.queue = queue;
        }

        public synchronized List<byte[]> bodies() {
            return copies().stream().map(GetResponse::getBody).toList();
        }

        /** Every copy seen, with its properties and headers. */
        public synchronized List<GetResponse> copies() {
            seen.addAll(take(queue));
            return List.copyOf(seen);
        }

        /** Every copy seen, decoded; duplicates appear as many times as they crossed the wire. */
        public List<RangeMessage> messages() {
            return bodies().stream().map(MessageCodec::decode).toList();
        }
    }
}

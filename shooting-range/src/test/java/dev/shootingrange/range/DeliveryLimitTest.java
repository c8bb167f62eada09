package dev.shootingrange.range;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.GetResponse;
import dev.shootingrange.contract.Topology.QueueType;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.exactlyonce.rabbit.DurableQueue;
import dev.shootingrange.testing.BrokerConnections;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The quorum queues' arguments doing what the contract's topology declares them for, on a queue of the
 * test's own, on the broker the service's tests use (a Dev Service's where Docker runs).
 */
@QuarkusTest
class DeliveryLimitTest {

    private static Connection connection;
    private static Channel channel;
    private final String queue = "delivery-limit-test-" + UUID.randomUUID();

    @BeforeAll
    static void connect() throws IOException, TimeoutException {
        connection = BrokerConnections.factory().newConnection("delivery-limit-test");
        channel = connection.createChannel();
        channel.confirmSelect();
    }

    @AfterAll
    static void disconnect() throws IOException {
        if (connection != null) {
            connection.close();
        }
    }

    @AfterEach
    void deleteTheTestsQueues() throws IOException {
        for (String name : List.of(queue, Topology.deadLetterQueue(queue))) {
            channel.queueDelete(name);
        }
    }

    /** The contract's consumer queue arguments, on a queue of the test's: its delivery limit dead-letters. */
    @Test
    void aMessageDeliveredOverTheLimitIsDeadLetteredByTheBroker() throws Exception {
        DurableQueue rangeQueue = Topology.queues(QueueType.QUORUM).get(0);
        Map<String, Object> arguments = new LinkedHashMap<>(rangeQueue.arguments());
        arguments.put("x-dead-letter-routing-key", queue);
        String deadLetters = Topology.deadLetterQueue(queue);
        channel.exchangeDeclare(Topology.DEAD_LETTERS, BuiltinExchangeType.DIRECT, true);
        channel.queueDeclare(deadLetters, true, false, false, Map.of("x-queue-type", "quorum"));
        channel.queueBind(deadLetters, Topology.DEAD_LETTERS, queue);
        channel.queueDeclare(queue, true, false, false, arguments);
        channel.basicPublish("", queue, new AMQP.BasicProperties.Builder().messageId("poison").deliveryMode(2).build(), new byte[0]);
        channel.waitForConfirmsOrDie(5_000);

        int deliveries = 0;
        for (GetResponse delivery = channel.basicGet(queue, false); delivery != null; delivery = channel.basicGet(queue, false)) {
            deliveries++;
            channel.basicNack(delivery.getEnvelope().getDeliveryTag(), false, true);
        }

        assertThat(deliveries).isEqualTo(Topology.DELIVERY_LIMIT + 1);
        // At-least-once dead-lettering hands the message over asynchronously, then drops it at the source.
        GetResponse deadLetter = await().atMost(Duration.ofSeconds(10)).until(() -> channel.basicGet(deadLetters, true), Objects::nonNull);
        assertThat(deadLetter.getProps().getMessageId()).isEqualTo("poison");
        assertThat(String.valueOf(deadLetter.getProps().getHeaders().get("x-first-death-reason"))).isEqualTo("delivery_limit");
    }
}

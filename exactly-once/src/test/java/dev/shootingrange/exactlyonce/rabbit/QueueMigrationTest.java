package dev.shootingrange.exactlyonce.rabbit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.GetResponse;
import dev.shootingrange.exactlyonce.rabbit.DurableQueue.Binding;
import dev.shootingrange.exactlyonce.tally.Tally;
import dev.shootingrange.testing.BrokerConnections;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Queues of an earlier run, held by the real broker with other arguments, rebuilt without losing a
 * message. Every test works on queues and an exchange of its own, fed by two of the tally's routing
 * keys, on the broker the core's tests use (a Dev Service's where Docker runs).
 */
@QuarkusTest
class QueueMigrationTest {

    private static Connection connection;
    private static Channel channel;
    private final String exchange = "migration-test-" + UUID.randomUUID();
    private final String queue = "migration-test-" + UUID.randomUUID();
    private final List<Binding> bindings = List.of(new Binding(exchange, Tally.COUNT), new Binding(exchange, Tally.COUNTED));

    @BeforeAll
    static void connect() throws IOException, TimeoutException {
        connection = BrokerConnections.factory().newConnection("queue-migration-test");
        channel = connection.createChannel();
        channel.confirmSelect();
    }

    @AfterAll
    static void disconnect() throws IOException {
        if (connection != null) {
            connection.close();
        }
    }

    /** Whatever a test did or failed to do, its queues go. */
    @AfterEach
    void deleteTheTestsQueues() throws IOException {
        for (String name : List.of(queue, QueueMigration.holdingQueue(queue))) {
            channel.queueDelete(name);
        }
    }

    @Test
    void aClassicQueueWithMessagesIsRebuiltAsAQuorumQueueKeepingEveryMessage() throws Exception {
        declareExchange();
        declare(queue, Map.of(), bindings);
        Set<String> published = publish(250);

        long restored = new QueueMigration(connection).ensure(quorum(queue));

        assertThat(restored).isEqualTo(250);
        assertThat(typeOf(queue)).isEqualTo("quorum");
        assertThat(exists(QueueMigration.holdingQueue(queue))).isFalse();
        // Still fed by both of its bindings.
        published.addAll(publish(1));
        channel.basicPublish(exchange, Tally.COUNTED, props("counted"), new byte[0]);
        channel.waitForConfirmsOrDie(5_000);
        published.add("counted");
        assertThat(drain(queue)).containsExactlyInAnyOrderElementsOf(published);
    }

    @Test
    void theSwitchBackToClassicIsTheSameRebuild() throws Exception {
        declareExchange();
        declare(queue, quorum(queue).arguments(), bindings);
        Set<String> published = publish(3);

        long restored = new QueueMigration(connection).ensure(new DurableQueue(queue, Map.of(), bindings));

        assertThat(restored).isEqualTo(3);
        assertThat(typeOf(queue)).isEqualTo("classic");
        assertThat(drain(queue)).containsExactlyInAnyOrderElementsOf(published);
    }

    @Test
    void aQueueAsWantedIsLeftAsItIs() throws Exception {
        declareExchange();
        declare(queue, quorum(queue).arguments(), bindings);
        publish(2);

        assertThat(new QueueMigration(connection).ensure(quorum(queue))).isEqualTo(-1);
        assertThat(drain(queue)).hasSize(2);
    }

    @Test
    void aQueueStillReadByAConsumerIsNotTouchedAndTheReasonSaysWhatToStop() throws Exception {
        declareExchange();
        declare(queue, Map.of(), bindings);
        Set<String> published = publish(5);
        Channel consumerChannel = connection.createChannel();
        consumerChannel.basicQos(1);
        String consumer = consumerChannel.basicConsume(queue, false, new DefaultConsumer(consumerChannel));

        assertThatThrownBy(() -> new QueueMigration(connection).ensure(quorum(queue)))
                .isInstanceOf(QueueMigration.InUse.class)
                .hasMessageContaining("queue '" + queue + "'")
                .hasMessageContaining("1 consumer(s)")
                .hasMessageContaining("stop them");

        consumerChannel.basicCancel(consumer);
        consumerChannel.close();
        assertThat(exists(QueueMigration.holdingQueue(queue))).as("no holding queue collecting copies meanwhile").isFalse();
        assertThat(typeOf(queue)).isEqualTo("classic");
        assertThat(drain(queue)).containsExactlyInAnyOrderElementsOf(published);
    }

    /**
     * A consumer of an earlier version connects while the rebuild moves the messages out: the deliveries
     * it holds unacknowledged have no copy in the holding queue. The old queue is not deleted under it;
     * once it is gone, the next try (as a service's) finishes the rebuild with every message.
     */
    @Test
    void aConsumerThatJoinsMidRebuildKeepsItsDeliveriesAndTheRebuildFinishesAfterIt() throws Exception {
        declareExchange();
        declare(queue, Map.of(), bindings);
        Set<String> published = publish(3_000);
        List<Throwable> firstTry = java.util.Collections.synchronizedList(new ArrayList<>());
        Thread rebuild = rebuildInTheBackground(firstTry);
        await().pollInterval(Duration.ofMillis(2)).until(() -> exists(QueueMigration.holdingQueue(queue)));
        Channel earlierVersion = connection.createChannel();
        earlierVersion.basicQos(50);
        Set<String> held = java.util.concurrent.ConcurrentHashMap.newKeySet();
        earlierVersion.basicConsume(queue, false, new DefaultConsumer(earlierVersion) {
            @Override
            public void handleDelivery(String tag, com.rabbitmq.client.Envelope envelope, AMQP.BasicProperties properties,
                    byte[] body) {
                held.add(properties.getMessageId());
            }
        });
        rebuild.join(60_000);
        earlierVersion.close();

        assertThat(held).as("deliveries the earlier version held during the move").isNotEmpty();
        assertThat(firstTry).as("the first try stops short of deleting the queue").hasSize(1);
        long restored = -1;
        for (int attempt = 0; restored < 0 && attempt < 5; attempt++) {
            restored = new QueueMigration(connection).ensure(quorum(queue));
        }
        assertThat(typeOf(queue)).isEqualTo("quorum");
        assertThat(drain(queue)).hasSize(3_000).containsExactlyInAnyOrderElementsOf(published);
    }

    /**
     * The holding queue is a quorum queue, replicated as the queue is: a node lost mid-rebuild keeps what
     * it holds. A quorum queue may take back deliveries acked just before the moving channel closed; each
     * message still arrives once.
     */
    @Test
    void theHoldingQueueIsAQuorumQueueAndEveryMessageArrivesOnce() throws Exception {
        declareExchange();
        declare(queue, Map.of(), bindings);
        Set<String> published = publish(3_000);
        String holding = QueueMigration.holdingQueue(queue);
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        Thread rebuild = rebuildInTheBackground(failures);
        await().pollInterval(Duration.ofMillis(2)).until(() -> exists(holding));
        Channel probe = connection.createChannel();
        // Declared as a classic queue, a quorum queue is refused; a queue already gone would be made (and fail this).
        assertThatThrownBy(() -> probe.queueDeclare(holding, true, false, false, Map.of()))
                .as("the holding queue, declared as classic mid-rebuild").isInstanceOf(IOException.class);
        rebuild.join(60_000);

        assertThat(failures).isEmpty();
        assertThat(exists(holding)).isFalse();
        assertThat(drain(queue)).hasSize(3_000).containsExactlyInAnyOrderElementsOf(published);
    }

    /** Every service declares every queue: at a start after an upgrade, all of them rebuild at once. */
    @Test
    void threeServicesRebuildingTheSameQueueAtOnceKeepEveryMessageOnce() throws Exception {
        declareExchange();
        declare(queue, Map.of(), bindings);
        Set<String> published = publish(500);

        List<Thread> services = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 3; i++) {
            Thread service = new Thread(() -> {
                try (Connection own = BrokerConnections.factory().newConnection("queue-migration-test-service")) {
                    // As a service does: again while another holds the rebuild's lock.
                    new QueueMigration(own).ensureAll(List.of(quorum(queue)), Duration.ofMillis(100));
                } catch (Exception e) {
                    failures.add(e);
                }
            });
            services.add(service);
            service.start();
        }
        for (Thread service : services) {
            service.join(60_000);
        }

        assertThat(failures).isEmpty();
        assertThat(typeOf(queue)).isEqualTo("quorum");
        assertThat(exists(QueueMigration.holdingQueue(queue))).isFalse();
        List<String> kept = drain(queue);
        assertThat(kept).hasSize(500).containsExactlyInAnyOrderElementsOf(published);
    }

    @Test
    void aMigrationCutShortIsFinishedByTheNextStart() throws Exception {
        declareExchange();
        // As a crash leaves it: the old queue gone, its messages in the holding queue, nothing rebuilt yet.
        String holding = QueueMigration.holdingQueue(queue);
        declare(holding, Map.of(), bindings);
        Set<String> published = publish(7);

        long restored = new QueueMigration(connection).ensure(quorum(queue));

        assertThat(restored).isEqualTo(7);
        assertThat(exists(holding)).isFalse();
        assertThat(typeOf(queue)).isEqualTo("quorum");
        assertThat(drain(queue)).containsExactlyInAnyOrderElementsOf(published);
    }

    // --- helpers ---

    private DurableQueue quorum(String name) {
        return new DurableQueue(name, Map.of("x-queue-type", "quorum"), bindings);
    }

    /** A service's rebuild of the test's queue as a quorum queue, on a connection of its own; what it throws goes to failures. */
    private Thread rebuildInTheBackground(List<Throwable> failures) {
        Thread rebuild = new Thread(() -> {
            try (Connection own = BrokerConnections.factory().newConnection("queue-migration-test-service")) {
                new QueueMigration(own).ensure(quorum(queue));
            } catch (Exception e) {
                failures.add(e);
            }
        });
        rebuild.start();
        return rebuild;
    }

    private void declareExchange() throws IOException {
        channel.exchangeDeclare(exchange, BuiltinExchangeType.DIRECT, false, true, null);
    }

    private void declare(String name, Map<String, Object> arguments, List<Binding> to) throws IOException {
        channel.queueDeclare(name, true, false, false, arguments);
        for (Binding binding : to) {
            channel.queueBind(name, binding.exchange(), binding.routingKey());
        }
    }

    private Set<String> publish(int count) throws Exception {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < count; i++) {
            String id = UUID.randomUUID().toString();
            channel.basicPublish(exchange, Tally.COUNT, props(id), ("{\"messageId\":\"" + id + "\"}").getBytes());
            ids.add(id);
        }
        channel.waitForConfirmsOrDie(10_000);
        return ids;
    }

    private static AMQP.BasicProperties props(String messageId) {
        return new AMQP.BasicProperties.Builder().messageId(messageId).deliveryMode(2).build();
    }

    /** Takes every message off the queue. */
    private static List<String> drain(String name) throws IOException {
        List<String> ids = new ArrayList<>();
        for (GetResponse message = channel.basicGet(name, true); message != null; message = channel.basicGet(name, true)) {
            ids.add(message.getProps().getMessageId());
        }
        return ids;
    }

    private static boolean exists(String name) throws IOException {
        Channel probe = connection.createChannel();
        try {
            probe.queueDeclarePassive(name);
            probe.close();
            return true;
        } catch (IOException notFound) {
            return false;
        } catch (TimeoutException e) {
            throw new IOException(e);
        }
    }

    /** The broker refuses a declaration of another type: the one it takes is the queue's. */
    private static String typeOf(String name) throws IOException {
        for (String type : List.of("quorum", "classic")) {
            Channel probe = connection.createChannel();
            try {
                probe.queueDeclare(name, true, false, false, type.equals("quorum") ? Map.of("x-queue-type", "quorum") : Map.of());
                probe.close();
                return type;
            } catch (IOException refused) {
                // not this type
            } catch (TimeoutException e) {
                throw new IOException(e);
            }
        }
        throw new AssertionError("queue " + name + " is neither quorum nor classic");
    }
}

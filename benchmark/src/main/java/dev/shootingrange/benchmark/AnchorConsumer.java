package dev.shootingrange.benchmark;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.rabbitmq.client.Channel;

import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.RangeMessage;

/**
 * One service's consuming, done raw: one consumer on its queue with the services' prefetch, four
 * workers (the services' inbox concurrency), each delivery one transaction (the inbox row and the
 * service's rows) and then one ack. Nothing else: no framework, no history, no retries.
 */
final class AnchorConsumer implements AutoCloseable {

    /** What a service writes for one message, in the transaction the consumer opened. */
    @FunctionalInterface
    interface Handling {
        void handle(Connection database, RangeMessage message) throws Exception;
    }

    /** The services' exactly-once.consumer.prefetch and .concurrency. */
    private static final int PREFETCH = 20;
    private static final int WORKERS = 4;

    private final String consumer;
    private final Handling handling;
    private final Runnable afterCommit;
    private final ExecutorService workers = Executors.newFixedThreadPool(WORKERS);
    private final List<Connection> connections = new CopyOnWriteArrayList<>();
    private final ThreadLocal<Connection> database;
    private volatile CountDownLatch handled = new CountDownLatch(0);
    private volatile Throwable failure;

    /** @param consumer the inbox's consumer name and the schema of the service's tables */
    AnchorConsumer(String consumer, Handling handling, Runnable afterCommit) {
        this.consumer = consumer;
        this.handling = handling;
        this.afterCommit = afterCommit;
        this.database = ThreadLocal.withInitial(this::connect);
    }

    void consume(Channel channel, String queue) throws Exception {
        channel.basicQos(PREFETCH);
        channel.basicConsume(queue, false, (tag, delivery) -> workers.execute(() -> {
            try {
                Connection db = database.get();
                RangeMessage message = MessageCodec.decode(delivery.getBody());
                try (PreparedStatement inbox = db.prepareStatement(
                        "insert into inbox (consumer, message_id, received_at) values (?, ?, now()) on conflict do nothing")) {
                    inbox.setString(1, consumer);
                    inbox.setObject(2, message.messageId());
                    inbox.executeUpdate();
                }
                handling.handle(db, message);
                db.commit();
                afterCommit.run();
                channel.basicAck(delivery.getEnvelope().getDeliveryTag(), false);
                handled.countDown();
            } catch (Throwable e) {
                failure = e;
            }
        }), tag -> { });
    }

    /** Waits for the next {@code messages} to be committed and acked. */
    void expect(int messages) {
        handled = new CountDownLatch(messages);
    }

    void awaitHandled() throws Exception {
        while (!handled.await(1, java.util.concurrent.TimeUnit.SECONDS)) {
            if (failure != null) {
                throw new IllegalStateException("the anchor's " + consumer + " failed", failure);
            }
        }
    }

    private Connection connect() {
        try {
            Connection connection = AnchorTables.connect(consumer.replace('-', '_'));
            connection.setAutoCommit(false);
            connections.add(connection);
            return connection;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() throws Exception {
        workers.shutdownNow();
        for (Connection connection : connections) {
            connection.close();
        }
    }
}

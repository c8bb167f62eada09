package dev.shootingrange.benchmark;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DeliverCallback;

/**
 * RabbitMQ's physical floor for a shot: what a shot asks of the broker, asked by the plain client
 * with nothing between. Per shot: a FireAt published persistent and confirmed onto a quorum queue,
 * consumed and acked once its answer is confirmed; the answer published persistent and confirmed to
 * a fanout exchange and so to two quorum queues, each consumed and acked; prefetch 20 everywhere.
 * Its own exchanges and queues (floor.*) in the benchmark's virtual host, deleted on close. The
 * client's CPU is this JVM's: nothing else runs in it meanwhile.
 */
final class AmqpFloor implements AutoCloseable {

    private static final String COMMANDS = "floor.commands";
    private static final String EVENTS = "floor.events";
    private static final String RANGE = "floor.range";
    private static final List<String> ANSWERED = List.of("floor.board", "floor.scenario");
    private static final int PREFETCH = 20;

    /** One run: the broker's CPU, the client's, and the run's seconds. */
    record Run(Duration rabbitmq, Duration client, double seconds) {
    }

    private final Connection fire;
    private final List<Connection> consumers = new ArrayList<>();
    private final Channel firing;
    private final Semaphore answered = new Semaphore(0);
    private final BlockingQueue<Long> toAnswer = new LinkedBlockingQueue<>();
    private final Thread relay;

    AmqpFloor() throws Exception {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setVirtualHost(Benchmark.VIRTUAL_HOST);
        fire = factory.newConnection("floor-fire");
        firing = fire.createChannel();
        firing.exchangeDeclare(COMMANDS, BuiltinExchangeType.DIRECT, true);
        firing.exchangeDeclare(EVENTS, BuiltinExchangeType.FANOUT, true);
        for (String queue : List.of(RANGE, ANSWERED.get(0), ANSWERED.get(1))) {
            firing.queueDeclare(queue, true, false, false, Map.of("x-queue-type", "quorum"));
            firing.queueBind(queue, queue.equals(RANGE) ? COMMANDS : EVENTS, "FireAt");
            firing.queuePurge(queue);
        }
        firing.confirmSelect();
        Channel range = consumer("floor-range");
        Channel answering = consumers.get(0).createChannel();
        answering.confirmSelect();
        range.basicConsume(RANGE, false, (tag, delivery) -> toAnswer.add(delivery.getEnvelope().getDeliveryTag()), tag -> { });
        // The answers published as the deliveries came, confirmed together, then each delivery acked: a relay with no table.
        relay = new Thread(() -> answer(range, answering), "floor-relay");
        relay.setDaemon(true);
        relay.start();
        for (String queue : ANSWERED) {
            Channel channel = consumer(queue);
            DeliverCallback ack = (tag, delivery) -> {
                channel.basicAck(delivery.getEnvelope().getDeliveryTag(), false);
                answered.release();
            };
            channel.basicConsume(queue, false, ack, tag -> { });
        }
    }

    /** {@code shots} shots, fired as fast as the broker confirms them, until both queues of answers are acked. */
    Run run(int shots) throws Exception {
        var before = ServerCpu.snapshot(CostPerShot.RABBITMQ);
        Duration clientBefore = ownCpu();
        long start = System.nanoTime();
        RawShots.fire(firing, COMMANDS, shots, List.of(UUID.randomUUID().toString()));
        if (!answered.tryAcquire(2 * shots, 3, TimeUnit.MINUTES)) {
            throw new IllegalStateException("the floor's answers were not all acked within 3 minutes");
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Run(ServerCpu.used(before, ServerCpu.snapshot(CostPerShot.RABBITMQ)), ownCpu().minus(clientBefore), seconds);
    }

    private Channel consumer(String name) throws Exception {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setVirtualHost(Benchmark.VIRTUAL_HOST);
        Connection connection = factory.newConnection(name);
        consumers.add(connection);
        Channel channel = connection.createChannel();
        channel.basicQos(PREFETCH);
        return channel;
    }

    private void answer(Channel range, Channel answering) {
        AMQP.BasicProperties persistent = new AMQP.BasicProperties.Builder().contentType("application/json").deliveryMode(2).build();
        byte[] body = new byte[300];
        List<Long> batch = new ArrayList<>();
        try {
            while (true) {
                batch.add(toAnswer.take());
                toAnswer.drainTo(batch);
                for (int i = 0; i < batch.size(); i++) {
                    answering.basicPublish(EVENTS, "FireAt", true, persistent, body);
                }
                answering.waitForConfirmsOrDie(30_000);
                for (long tag : batch) {
                    range.basicAck(tag, false);
                }
                batch.clear();
            }
        } catch (InterruptedException | com.rabbitmq.client.AlreadyClosedException closed) {
            // closing
        } catch (Exception e) {
            throw new IllegalStateException("the floor's relay failed", e);
        }
    }

    private static Duration ownCpu() {
        return ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO);
    }

    @Override
    public void close() throws Exception {
        relay.interrupt();
        for (String queue : List.of(RANGE, ANSWERED.get(0), ANSWERED.get(1))) {
            firing.queueDelete(queue);
        }
        firing.exchangeDelete(COMMANDS);
        firing.exchangeDelete(EVENTS);
        for (Connection connection : consumers) {
            connection.close();
        }
        fire.close();
    }
}

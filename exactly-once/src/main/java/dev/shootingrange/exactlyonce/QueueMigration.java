package dev.shootingrange.exactlyonce;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import org.jboss.logging.Logger;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Connection;

import dev.shootingrange.exactlyonce.DurableQueue.Binding;

/**
 * Declares a queue as the topology wants it, rebuilding it first when the broker holds it with other
 * arguments: a classic queue of an earlier run where the topology now wants a quorum queue, or back.
 * RabbitMQ cannot change a queue's arguments in place (it refuses the declare with
 * PRECONDITION_FAILED), so the queue is drained into a holding queue, deleted, declared anew and
 * filled again, every message with its properties (its messageId). While both queues are bound a
 * message may be routed to both: the copy is a duplicate the consumer's inbox drops.
 *
 * Every step may be repeated, by a later start or by another service doing the same at the same time:
 * a migration cut short (a crash, a lost connection) leaves the holding queue behind, and the next
 * {@link #ensure} finishes it. A queue still read by a consumer (an instance of an earlier version) is
 * left alone: {@link InUse} says what to stop.
 */
public final class QueueMigration {

    private static final Logger LOG = Logger.getLogger(QueueMigration.class);

    /** Where the messages wait while their queue is rebuilt: {@code <queue>.migrating}, a plain durable queue. */
    public static String holdingQueue(String queue) {
        return queue + ".migrating";
    }

    /** The queue is held otherwise and has consumers: moving messages under them could lose their deliveries. */
    public static final class InUse extends Exception {
        InUse(String message) {
            super(message, null, false, false);
        }
    }

    private final ChannelCalls calls;

    public QueueMigration(Connection connection) {
        this.calls = new ChannelCalls(connection);
    }

    /**
     * Declares the queue as wanted, with its bindings. Returns -1 when the broker took it as it was, or
     * the number of messages the rebuilt queue received back from the holding queue.
     */
    public long ensure(DurableQueue queue) throws IOException, InUse {
        String holding = holdingQueue(queue.name());
        boolean asWanted = declares(queue.name(), queue.arguments());
        if (asWanted && !exists(holding)) {
            return -1;
        }
        declareAndBind(holding, Map.of(), queue.bindings());
        if (!asWanted) {
            int consumers = consumers(queue.name());
            if (consumers > 0) {
                throw new InUse("queue '%s' is held by the broker with other arguments than %s and %d consumer(s) read it (an earlier version?): stop them, and it is rebuilt as a %s queue, its messages kept"
                        .formatted(queue.name(), queue.arguments(), consumers, queue.type()));
            }
            unbind(queue.name(), queue.bindings());
            calls.moveAll(queue.name(), holding);
            delete(queue.name());
        }
        declareAndBind(queue.name(), queue.arguments(), queue.bindings());
        unbind(holding, queue.bindings());
        long restored = calls.moveAll(holding, queue.name());
        delete(holding);
        return restored;
    }

    /**
     * Every queue as wanted before the topology is declared on the client's kept channel. One still
     * read by an earlier version waits, said in the log, until its consumers stop: the service is not
     * ready meanwhile, and no declare refused by the broker ends it.
     */
    public void ensureAll(List<DurableQueue> queues, Duration retryInterval) throws InterruptedException {
        List<DurableQueue> waiting = new ArrayList<>(queues);
        while (true) {
            for (Iterator<DurableQueue> each = waiting.iterator(); each.hasNext();) {
                DurableQueue queue = each.next();
                try {
                    long restored = ensure(queue);
                    if (restored >= 0) {
                        LOG.infof("queue %s rebuilt as a %s queue, %d message(s) kept", queue.name(), queue.type(), restored);
                    }
                    each.remove();
                } catch (InUse e) {
                    LOG.warnf("%s; trying again in %s", e.getMessage(), retryInterval);
                } catch (IOException | RuntimeException e) {
                    LOG.warnf("could not prepare queue %s (%s), trying again in %s", queue.name(), e, retryInterval);
                }
            }
            if (waiting.isEmpty()) {
                return;
            }
            Thread.sleep(retryInterval.toMillis());
        }
    }

    /** Whether the broker takes this declaration: it creates a missing queue, and refuses one held otherwise. */
    private boolean declares(String queue, Map<String, Object> arguments) throws IOException {
        return calls.run(channel -> channel.queueDeclare(queue, true, false, false, arguments), AMQP.PRECONDITION_FAILED);
    }

    private boolean exists(String queue) throws IOException {
        return calls.run(channel -> channel.queueDeclarePassive(queue), AMQP.NOT_FOUND);
    }

    private int consumers(String queue) throws IOException {
        int[] consumers = { 0 };
        calls.run(channel -> consumers[0] = channel.queueDeclarePassive(queue).getConsumerCount(), -1);
        return consumers[0];
    }

    private void declareAndBind(String queue, Map<String, Object> arguments, List<Binding> bindings) throws IOException {
        calls.run(channel -> {
            channel.queueDeclare(queue, true, false, false, arguments);
            for (Binding binding : bindings) {
                channel.queueBind(queue, binding.exchange(), binding.routingKey());
            }
        }, -1);
    }

    private void unbind(String queue, List<Binding> bindings) throws IOException {
        calls.run(channel -> {
            for (Binding binding : bindings) {
                channel.queueUnbind(queue, binding.exchange(), binding.routingKey());
            }
        }, -1);
    }

    /**
     * Deletes a queue found empty; one already gone (another service migrated it) is fine. Checked
     * first rather than with the delete's if-empty flag: a quorum queue refuses that with a connection
     * error. Nothing feeds the queue any more (it is unbound), and its consumers were counted before it
     * was drained (right after a basic.get a quorum queue still counts the getter as a consumer).
     */
    private void delete(String queue) throws IOException {
        calls.run(channel -> {
            int messages = channel.queueDeclarePassive(queue).getMessageCount();
            if (messages > 0) {
                throw new IOException("queue '%s' got %d message(s) while being rebuilt; not deleted".formatted(queue, messages));
            }
            channel.queueDelete(queue);
        }, AMQP.NOT_FOUND);
    }
}

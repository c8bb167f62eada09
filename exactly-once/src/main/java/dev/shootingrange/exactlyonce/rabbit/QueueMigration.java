package dev.shootingrange.exactlyonce.rabbit;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jboss.logging.Logger;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;

/**
 * Declares a queue as the topology wants it, rebuilding it first when the broker holds it with other
 * arguments: a classic queue of an earlier run where the topology now wants a quorum queue, or back.
 * RabbitMQ cannot change a queue's arguments in place (it refuses the declare with
 * PRECONDITION_FAILED), so the queue is drained into a holding (quorum) queue, deleted, declared anew and
 * filled again, every message with its properties (its messageId). While both queues are bound a
 * message may be routed to both: the copy is a duplicate the consumer's inbox drops.
 *
 * One rebuild of a queue runs at a time, under a lock on the broker (an exclusive queue that one
 * connection at a time can declare), since every service declares every queue; the one holding it
 * looks at the queue again first. Every step may be repeated: a rebuild cut short (a crash, a lost
 * connection) leaves the holding queue behind, and the next {@link #ensure} finishes it. A queue still
 * read by a consumer (an instance of an earlier version) is left alone: {@link InUse} says what to stop.
 */
public final class QueueMigration {

    private static final Logger LOG = Logger.getLogger(QueueMigration.class);

    /** A quorum queue, replicated where the cluster is: a node lost mid-rebuild keeps what it holds. */
    private static final Map<String, Object> HOLDING = Map.of("x-queue-type", "quorum");

    /** Where the messages wait while their queue is rebuilt: {@code <queue>.migrating}, a quorum queue. */
    public static String holdingQueue(String queue) {
        return queue + ".migrating";
    }

    /** The queue is held otherwise and has consumers: moving messages under them could lose their deliveries. */
    public static final class InUse extends Exception {
        InUse(String message) {
            super(message, null, false, false);
        }
    }

    private final Connection connection;
    private final ChannelCalls calls;

    public QueueMigration(Connection connection) {
        this.connection = connection;
        this.calls = new ChannelCalls(connection);
    }

    /**
     * Declares the queue as wanted, with its bindings. Returns -1 when the broker took it as it was, or
     * the number of messages the rebuilt queue received back from the holding queue.
     */
    public long ensure(DurableQueue queue) throws IOException, InUse {
        if (calls.declares(queue.name(), queue.arguments()) && !calls.exists(holdingQueue(queue.name()))) {
            return -1;
        }
        // One rebuild of a queue at a time, whichever service runs it: every service declares every queue.
        String lockName = queue.name() + ".migration-lock";
        Channel lock = RebuildLock.acquire(connection, lockName);
        if (lock == null) {
            throw new IOException("another service is rebuilding queue '" + queue.name() + "'");
        }
        try {
            return rebuild(queue, holdingQueue(queue.name()));
        } finally {
            RebuildLock.release(lock, lockName);
        }
    }

    private long rebuild(DurableQueue queue, String holding) throws IOException, InUse {
        // Looked at again under the lock: another service may have rebuilt it meanwhile.
        boolean asWanted = calls.declares(queue.name(), queue.arguments());
        if (asWanted && !calls.exists(holding)) {
            return -1;
        }
        if (!asWanted) {
            int consumers = calls.consumers(queue.name());
            if (consumers > 0) {
                throw new InUse("queue '%s' is held by the broker with other arguments than %s and %d consumer(s) read it (an earlier version?): stop them, and it is rebuilt as a %s queue, its messages kept"
                        .formatted(queue.name(), queue.arguments(), consumers, queue.type()));
            }
            calls.declareAndBind(holding, HOLDING, queue.bindings());
            calls.unbind(queue.name(), queue.bindings());
            moveAll(queue.name(), holding);
            // Looked at again just before the delete: a consumer that joined during the move holds deliveries
            // the holding queue has no copy of, and would lose them with the queue.
            calls.deleteUnusedAndEmpty(queue.name());
        }
        calls.declareAndBind(queue.name(), queue.arguments(), queue.bindings());
        calls.unbind(holding, queue.bindings());
        long restored = moveAll(holding, queue.name());
        calls.deleteUnusedAndEmpty(holding);
        return restored;
    }

    /**
     * Moves every message, each copied once by its messageId. A quorum queue may take back deliveries
     * acked just before the moving channel closed (seen on RabbitMQ 3.10 and 4.0: 17 of 250): what shows
     * up again while the queue settles is acked without a second copy.
     */
    private long moveAll(String from, String to) throws IOException {
        Set<String> copied = new HashSet<>();
        long moved = MessageMove.all(connection, from, to, copied);
        for (int round = 0; round < 5 && calls.takesBack(from); round++) {
            moved += MessageMove.all(connection, from, to, copied);
        }
        return moved;
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
}

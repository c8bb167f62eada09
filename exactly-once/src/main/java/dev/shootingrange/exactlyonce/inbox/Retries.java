package dev.shootingrange.exactlyonce.inbox;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.shootingrange.exactlyonce.ExactlyOnceConfig;

/**
 * When a delivery whose handling failed is tried again, and where.
 * <p>
 * While the database does not take writes (down, or answering and refusing them: read-only after a
 * failover, a full disk), the delivery is held and handled again in place once it does: requeued, it
 * would come back every few seconds, and each return counts toward the queue's delivery limit (on
 * RabbitMQ 4 every requeue does), so a long outage would move valid messages to the dead-letter queue,
 * where nothing handles them. Any other failure (a constraint the message violates, a refused commit)
 * is requeued after a back-off of that message's own, so that one message waiting for something never
 * slows the others.
 */
@ApplicationScoped
class Retries {

    private static final Logger LOG = Logger.getLogger(Retries.class);
    private static final long FIRST_DELAY_MS = 50;
    /** Back-offs of messages that failed and have not been handled since; past this, forgotten. */
    private static final int REMEMBERED = 10_000;
    private static final String WRITE = "insert into inbox (consumer, message_id, received_at) values (?, ?, now())";

    private final DataSource database;
    private final long maxDelayMs;
    private final String queue;
    /** By the message's bytes: copies of one message share its back-off, whatever properties they carry. */
    private final Map<Integer, Long> delays = new ConcurrentHashMap<>();
    /** Deliveries held now, waiting for the database to take writes: readiness says so. */
    private final AtomicInteger held = new AtomicInteger();

    Retries(DataSource database, ExactlyOnceConfig config) {
        this.database = database;
        this.maxDelayMs = config.consumer().maxRetryDelay().toMillis();
        this.queue = config.queue();
    }

    /**
     * Returns at once, false, where the database takes a write. Otherwise waits until it does and
     * returns true: handle the delivery again. An interrupted wait returns false.
     */
    boolean awaitedTheDatabase() {
        if (databaseTakesWrites()) {
            return false;
        }
        LOG.warnf("the database does not take writes; a delivery from %s is held until it does", queue);
        held.incrementAndGet();
        try {
            long delay = FIRST_DELAY_MS;
            while (!databaseTakesWrites()) {
                try {
                    Thread.sleep(delay);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
                delay = Math.min(delay * 2, maxDelayMs);
            }
        } finally {
            held.decrementAndGet();
        }
        LOG.infof("the database takes writes again; handling the held delivery from %s", queue);
        return true;
    }

    /** How many deliveries wait now for the database to take writes. */
    int held() {
        return held.get();
    }

    /** This message's next back-off: doubling from 50 ms up to the ceiling with each failure of its own. */
    long nextDelayMs(byte[] message) {
        if (delays.size() >= REMEMBERED) {
            delays.clear();
        }
        return delays.merge(Arrays.hashCode(message), FIRST_DELAY_MS, (last, first) -> Math.min(last * 2, maxDelayMs));
    }

    void handled(byte[] message) {
        if (!delays.isEmpty()) {
            delays.remove(Arrays.hashCode(message));
        }
    }

    /**
     * A row written to the inbox and rolled back. A database that answers may still refuse every write
     * (read-only, its disk full), which a valid connection does not show; a table of the service's
     * own, which a constraint may refuse one message's row in, would not show it either.
     */
    private boolean databaseTakesWrites() {
        try (Connection connection = database.getConnection()) {
            connection.setAutoCommit(false);
            try (PreparedStatement write = connection.prepareStatement(WRITE)) {
                write.setQueryTimeout(2);
                write.setString(1, queue + " write check");
                write.setObject(2, UUID.randomUUID());
                write.executeUpdate();
            } finally {
                connection.rollback();
            }
            return true;
        } catch (SQLException e) {
            return false;
        }
    }
}

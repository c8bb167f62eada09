package dev.shootingrange.exactlyonce.inbox;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.shootingrange.exactlyonce.ExactlyOnceConfig;

/**
 * When a delivery whose handling failed is tried again, and where.
 * <p>
 * While the database does not answer, the delivery is held and handled again in place once it does:
 * requeued, it would come back every few seconds, and each return counts toward the queue's delivery
 * limit (on RabbitMQ 4 every requeue does), so a long outage would move valid messages to the
 * dead-letter queue, where nothing handles them. Any other failure (a refused commit) is requeued
 * after a back-off of that message's own, so that one message waiting for something never slows the
 * others.
 */
@ApplicationScoped
class Retries {

    private static final Logger LOG = Logger.getLogger(Retries.class);
    private static final long FIRST_DELAY_MS = 50;
    /** Back-offs of messages that failed and have not been handled since; past this, forgotten. */
    private static final int REMEMBERED = 10_000;

    private final DataSource database;
    private final long maxDelayMs;
    private final String queue;
    /** By the message's bytes: copies of one message share its back-off, whatever properties they carry. */
    private final Map<Integer, Long> delays = new ConcurrentHashMap<>();

    Retries(DataSource database, ExactlyOnceConfig config) {
        this.database = database;
        this.maxDelayMs = config.consumer().maxRetryDelay().toMillis();
        this.queue = config.queue();
    }

    /**
     * Returns at once, false, where the database answers. Otherwise waits until it does and returns
     * true: handle the delivery again. An interrupted wait returns false.
     */
    boolean awaitedTheDatabase() {
        if (databaseAnswers()) {
            return false;
        }
        LOG.warnf("the database does not answer; a delivery from %s is held until it does", queue);
        long delay = FIRST_DELAY_MS;
        while (!databaseAnswers()) {
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            delay = Math.min(delay * 2, maxDelayMs);
        }
        LOG.infof("the database answers again; handling the held delivery from %s", queue);
        return true;
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

    private boolean databaseAnswers() {
        try (Connection connection = database.getConnection()) {
            return connection.isValid(2);
        } catch (SQLException e) {
            return false;
        }
    }
}

package dev.shootingrange.lab;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.jboss.logging.Logger;

import io.agroal.api.AgroalDataSource;

/**
 * Writes a batch of history rows to the database, again for as long as the database does not answer:
 * a history with holes would have the checker call a message lost, or miss a duplicate. Not where a
 * commit took effect unanswered: twice in the history, a message would look handled twice
 * ({@link HistoryInsert}). Where the database answers and the batch still fails, its rows are written
 * one by one, and a row refused alone is let go.
 */
final class HistoryStore {

    private static final Logger LOG = Logger.getLogger(HistoryWriter.class);

    private final AgroalDataSource dataSource;
    private final Consumer<Object> letGo;
    /** Writes of a batch that failed, retried or not. */
    private final AtomicLong failedWrites = new AtomicLong();
    /** False once the service stops: what is left is written once more, and no longer retried. */
    private volatile boolean running = true;

    /** {@code letGo} hears of each row given up, and why. */
    HistoryStore(AgroalDataSource dataSource, Consumer<Object> letGo) {
        this.dataSource = dataSource;
        this.letGo = letGo;
    }

    boolean running() {
        return running;
    }

    void stop() {
        running = false;
    }

    long failedWrites() {
        return failedWrites.get();
    }

    void write(List<MessageHistory> rows) {
        long backOffMs = 50;
        for (int attempt = 1; !tryInsert(rows); attempt++) {
            if (attempt == 1) {
                LOG.warnf("%d rows of message history not written yet; trying again", rows.size());
            }
            if (!running || attempt >= 5 && databaseAnswers()) {
                rows.forEach(row -> {
                    if (!tryInsert(List.of(row))) {
                        letGo.accept("refused by the database");
                    }
                });
                return;
            }
            backOffMs = pausedFor(backOffMs);
        }
    }

    /** Whether the rows are in the history: written now, or by a try whose commit went unanswered. */
    private boolean tryInsert(List<MessageHistory> rows) {
        HistoryInsert insert = new HistoryInsert(dataSource, rows);
        try {
            insert.write();
            return true;
        } catch (RuntimeException e) {
            failedWrites.incrementAndGet();
            LOG.debugf("writing %d rows of message history failed: %s", rows.size(), e);
        }
        // Asked until the database can tell: a session still ending, a server restarting.
        long backOffMs = 50;
        HistoryInsert.Outcome outcome;
        while ((outcome = insert.afterAFailure()) == HistoryInsert.Outcome.UNKNOWN && running) {
            backOffMs = pausedFor(backOffMs);
        }
        return outcome == HistoryInsert.Outcome.WRITTEN;
    }

    /** Waits {@code ms}, and returns the next wait: twice as long, at most 2 s. */
    private long pausedFor(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            running = false;
        }
        return Math.min(ms * 2, 2_000);
    }

    private boolean databaseAnswers() {
        try (Connection connection = dataSource.getConnection()) {
            return connection.isValid(1);
        } catch (SQLException e) {
            return false;
        }
    }
}

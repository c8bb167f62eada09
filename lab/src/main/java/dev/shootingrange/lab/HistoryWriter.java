package dev.shootingrange.lab;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.agroal.api.AgroalDataSource;

/**
 * Writes the message history off the handlings' path: rows wait here ({@link HistoryQueue}) and go to
 * the database in batches, one statement and one commit for up to {@value HistoryQueue#BATCH} rows,
 * each batch gathering for {@value HistoryQueue#LINGER_MS} ms after its first row. A row is built (and
 * a published body read) on the writer's thread, not on the consumer's or the relay's. Readers of the
 * history call {@link #flush} first, so they see every copy already recorded here. A process that dies
 * loses the rows still waiting (at most a linger's worth); the lab's crashes are simulated and lose nothing.
 * <p>
 * A batch that fails is written again, for as long as the database does not answer ({@link HistoryStore}).
 * A row refused alone, or past the queue's capacity, is let go, counted and logged ({@link #dropped()}).
 */
@ApplicationScoped
public class HistoryWriter {

    private static final Logger LOG = Logger.getLogger(HistoryWriter.class);
    /** How long a reader waits for the rows still on their way: far longer than a batch takes. */
    public static final Duration READ_WAIT = Duration.ofSeconds(2);
    /** The bodies the waiting rows hold, at most: large messages fill this long before the row count. */
    static final long MAX_BYTES = 8L * 1024 * 1024;

    private final HistoryQueue waiting = new HistoryQueue(MAX_BYTES);
    private final HistoryStore store;
    /** Rows let go: refused by the database alone, or past the capacity. */
    private final AtomicLong dropped = new AtomicLong();
    /** When the last row was let go, or null: a history judged from before then may miss it. */
    private volatile Instant lastDropped;
    private final Thread writer;

    HistoryWriter(AgroalDataSource dataSource) {
        this.store = new HistoryStore(dataSource, this::letGo);
        this.writer = new Thread(this::run, "history-writer");
        this.writer.setDaemon(true);
        this.writer.start();
    }

    /** Queues a row, built later on the writer's thread, that holds {@code bytes} of message body until then. */
    void add(Supplier<MessageHistory> row, int bytes) {
        if (waiting.offer(row, bytes)) {
            return;
        }
        lastDropped = Instant.now();
        if (dropped.incrementAndGet() % 1_000 == 1) {
            LOG.warnf("message history full (%d rows, %d bytes waiting): rows are dropped, %d so far", waiting.size(),
                    waiting.heldBytes(), dropped.get());
        }
    }

    /** Rows of history let go since the start: a reader's verdict on the history is on an incomplete one. */
    public long dropped() {
        return dropped.get();
    }

    /**
     * Whether a row was let go at or after {@code since}. A row is let go no earlier than it was added,
     * so a game none of whose rows can be older than {@code since} has a complete history where this is false.
     */
    public boolean droppedSince(Instant since) {
        Instant last = lastDropped;
        return last != null && !last.isBefore(since);
    }

    long failedWrites() {
        return store.failedWrites();
    }

    /**
     * Waits until every row added before this call is written, for at most {@code atMost}. Rows added
     * while it waits are not waited for: under a steady stream the history is never all written, and a
     * reader would otherwise wait out its whole deadline.
     *
     * @return whether they were all written in time
     */
    public boolean flush(Duration atMost) {
        return waiting.flush(atMost);
    }

    private void run() {
        List<HistoryQueue.Pending> batch = HistoryQueue.newBatch();
        while (store.running() || !waiting.isEmpty()) {
            try {
                waiting.nextBatch(batch);
                if (!batch.isEmpty()) {
                    write(batch);
                }
            } catch (InterruptedException e) {
                store.stop();
            } finally {
                waiting.done(batch);
                batch.clear();
            }
        }
    }

    private void write(List<HistoryQueue.Pending> batch) {
        List<MessageHistory> rows = new ArrayList<>(batch.size());
        for (HistoryQueue.Pending pending : batch) {
            try {
                rows.add(pending.row().get());
            } catch (RuntimeException e) {
                letGo(e);
            }
        }
        store.write(rows);
    }

    private void letGo(Object why) {
        lastDropped = Instant.now();
        dropped.incrementAndGet();
        LOG.warnf("a row of message history let go: %s", why);
    }

    @PreDestroy
    void stop() throws InterruptedException {
        store.stop();
        writer.join(5_000);
    }
}

package dev.shootingrange.lab;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.agroal.api.AgroalDataSource;

/**
 * Writes the message history off the handlings' path: rows wait here and go to the database in
 * batches, one statement and one commit for up to {@value #BATCH} rows, each batch gathering for
 * {@value #LINGER_MS} ms after its first row. A row is built (and a published body read) on the
 * writer's thread, not on the consumer's or the relay's. Readers of the history call {@link #flush} first, so they see every copy already
 * recorded here. A process that dies loses the rows still waiting (a few ms' worth); the lab's crashes
 * are simulated and lose nothing.
 * <p>
 * A batch that fails is written again, for as long as the database does not answer: a history with
 * holes would have the checker call a message lost, or miss a duplicate. Not where its commit took
 * effect unanswered: twice in the history, a message would look handled twice ({@link HistoryInsert}). Where the database answers and
 * the batch still fails, its rows are written one by one, and a row refused alone is let go, counted
 * and logged ({@link #dropped()}).
 */
@ApplicationScoped
public class HistoryWriter {

    private static final Logger LOG = Logger.getLogger(HistoryWriter.class);
    private static final int BATCH = 500;
    /** After the first row of a batch, how long the others may take to join it: fewer, larger commits. */
    private static final long LINGER_MS = 20;
    /** How long a reader waits for the rows still on their way: far longer than a batch takes. */
    public static final Duration READ_WAIT = Duration.ofSeconds(2);
    /** Far more than the rows of a few seconds at the lab's highest rates: a stuck database drops rows, not memory. */
    private static final int CAPACITY = 100_000;
    /** The bodies the waiting rows hold, at most: large messages fill this long before the row count. */
    static final long MAX_BYTES = 8L * 1024 * 1024;
    private final AgroalDataSource dataSource;
    /** A row to build, and the bytes of body it holds until it is written or let go. */
    private record Pending(Supplier<MessageHistory> row, int bytes) {
    }

    private final LinkedBlockingQueue<Pending> waiting = new LinkedBlockingQueue<>(CAPACITY);
    private final AtomicLong heldBytes = new AtomicLong();
    /** Rows queued so far, counted in the queue's order: a reader's watermark. */
    private final AtomicLong added = new AtomicLong();
    /** Of those, the rows written or let go, from the head of the queue. */
    private final AtomicLong done = new AtomicLong();
    /** Rows let go: refused by the database alone, or past the capacity. */
    private final AtomicLong dropped = new AtomicLong();
    /** When the last row was let go, or null: a history judged from before then may miss it. */
    private volatile Instant lastDropped;
    /** Writes of a batch that failed, retried or not. */
    private final AtomicLong failedWrites = new AtomicLong();
    private final Thread writer;
    private volatile boolean running = true;

    HistoryWriter(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
        this.writer = new Thread(this::run, "history-writer");
        this.writer.setDaemon(true);
        this.writer.start();
    }

    /** Queues a row, built later on the writer's thread, that holds {@code bytes} of message body until then. */
    void add(Supplier<MessageHistory> row, int bytes) {
        // Counted and queued as one step, so that the first n rows counted are the first n in the queue.
        synchronized (waiting) {
            if (heldBytes.get() + bytes <= MAX_BYTES && waiting.offer(new Pending(row, bytes))) {
                heldBytes.addAndGet(bytes);
                added.incrementAndGet();
                return;
            }
        }
        lastDropped = Instant.now();
        if (dropped.incrementAndGet() % 1_000 == 1) {
            LOG.warnf("message history full (%d rows, %d bytes waiting): rows are dropped, %d so far", waiting.size(),
                    heldBytes.get(), dropped.get());
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
        return failedWrites.get();
    }

    /**
     * Waits until every row added before this call is written, for at most {@code atMost}. Rows added
     * while it waits are not waited for: under a steady stream the history is never all written, and a
     * reader would otherwise wait out its whole deadline.
     *
     * @return whether they were all written in time
     */
    public boolean flush(Duration atMost) {
        long watermark = added.get();
        long deadline = System.nanoTime() + atMost.toNanos();
        while (done.get() < watermark) {
            if (System.nanoTime() >= deadline) {
                return false;
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    private void run() {
        List<Pending> batch = new ArrayList<>(BATCH);
        while (running || !waiting.isEmpty()) {
            try {
                Pending first = waiting.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.add(first);
                long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LINGER_MS);
                for (long left; batch.size() < BATCH && (left = until - System.nanoTime()) > 0;) {
                    Pending next = waiting.poll(left, TimeUnit.NANOSECONDS);
                    if (next == null) {
                        break;
                    }
                    batch.add(next);
                    waiting.drainTo(batch, BATCH - batch.size());
                }
                write(batch);
            } catch (InterruptedException e) {
                running = false;
            } finally {
                heldBytes.addAndGet(-batch.stream().mapToLong(Pending::bytes).sum());
                done.addAndGet(batch.size());
                batch.clear();
            }
        }
    }

    private void write(List<Pending> batch) {
        List<MessageHistory> rows = new ArrayList<>(batch.size());
        for (Pending pending : batch) {
            try {
                rows.add(pending.row().get());
            } catch (RuntimeException e) {
                letGo(e);
            }
        }
        long backOffMs = 50;
        for (int attempt = 1; !tryInsert(rows); attempt++) {
            if (attempt == 1) {
                LOG.warnf("%d rows of message history not written yet; trying again", rows.size());
            }
            if (!running || attempt >= 5 && databaseAnswers()) {
                rows.forEach(row -> {
                    if (!tryInsert(List.of(row))) {
                        letGo("refused by the database");
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

    private void letGo(Object why) {
        lastDropped = Instant.now();
        dropped.incrementAndGet();
        LOG.warnf("a row of message history let go: %s", why);
    }

    private boolean databaseAnswers() {
        try (Connection connection = dataSource.getConnection()) {
            return connection.isValid(1);
        } catch (SQLException e) {
            return false;
        }
    }

    @PreDestroy
    void stop() throws InterruptedException {
        running = false;
        writer.join(5_000);
    }
}

package dev.shootingrange.lab;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The rows of history on their way to the database, bounded in rows and in bytes of body, and counted
 * in order, so that a reader can wait for the rows queued before it asked and for no others.
 */
final class HistoryQueue {

    static final int BATCH = 500;
    /**
     * After the first row of a batch, how long the others may take to join it: fewer, larger commits. A
     * commit costs PostgreSQL about what ten rows do (benchmark --only=history-writes); a reader of the
     * history waits at most this long more.
     */
    static final long LINGER_MS = 100;
    /** Far more than the rows of a few seconds at the lab's highest rates: a stuck database drops rows, not memory. */
    private static final int CAPACITY = 100_000;

    /** A row to build, and the bytes of body it holds until it is written or let go. */
    record Pending(Supplier<MessageHistory> row, int bytes) {
    }

    private final long maxBytes;
    private final LinkedBlockingQueue<Pending> waiting = new LinkedBlockingQueue<>(CAPACITY);
    private final AtomicLong heldBytes = new AtomicLong();
    /** Rows queued so far, counted in the queue's order: a reader's watermark. */
    private final AtomicLong added = new AtomicLong();
    /** Of those, the rows written or let go, from the head of the queue. */
    private final AtomicLong done = new AtomicLong();

    HistoryQueue(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** Queues a row unless the queue is full, in rows or in bytes: then false, and the row is not kept. */
    boolean offer(Supplier<MessageHistory> row, int bytes) {
        // Counted and queued as one step, so that the first n rows counted are the first n in the queue.
        synchronized (waiting) {
            if (heldBytes.get() + bytes <= maxBytes && waiting.offer(new Pending(row, bytes))) {
                heldBytes.addAndGet(bytes);
                added.incrementAndGet();
                return true;
            }
            return false;
        }
    }

    int size() {
        return waiting.size();
    }

    long heldBytes() {
        return heldBytes.get();
    }

    boolean isEmpty() {
        return waiting.isEmpty();
    }

    /**
     * Adds to {@code batch} the next rows: the first one within 100 ms (else none), then those that
     * joined it within {@value #LINGER_MS} ms, up to {@value #BATCH}. The writer sleeps the linger out
     * instead of waiting on the queue: a thread waiting on it is woken by each row that comes, two
     * context switches a row recorded. Where a whole batch is already waiting (a backlog), it does not
     * linger at all.
     */
    void nextBatch(List<Pending> batch) throws InterruptedException {
        Pending first = waiting.poll(100, TimeUnit.MILLISECONDS);
        if (first == null) {
            return;
        }
        batch.add(first);
        if (waiting.size() < BATCH - 1) {
            Thread.sleep(LINGER_MS);
        }
        waiting.drainTo(batch, BATCH - 1);
    }

    static List<Pending> newBatch() {
        return new ArrayList<>(BATCH);
    }

    /** The rows of a batch are written or let go: their bytes are free, and readers may pass them. */
    void done(List<Pending> batch) {
        heldBytes.addAndGet(-batch.stream().mapToLong(Pending::bytes).sum());
        done.addAndGet(batch.size());
    }

    /** Waits until every row added before this call is done, for at most {@code atMost}; whether they were. */
    boolean flush(Duration atMost) {
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
}

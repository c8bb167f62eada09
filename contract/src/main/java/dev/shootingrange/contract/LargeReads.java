package dev.shootingrange.contract;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.ext.web.RoutingContext;

/**
 * Admission for the reads whose answer grows with the games asked about (a range's outcomes, a board's
 * players, a history, a game's timeline or check): each takes, before it reads, as many rows of a
 * service's {@value #BUDGET}-row budget as its answer may carry at most, and holds them until the answer
 * is written, so that whatever a room asks the answers in flight fit the shipped 64 MB heap (a request
 * holds one share, whatever it reads in-process besides). A read
 * waits up to {@link #WAIT} for its rows, then is answered 503 with Retry-After: load is shed, never fatal.
 * docs/decisions/0034-large-reads-are-admitted-four-at-a-time.md
 */
@ApplicationScoped
public class LargeReads {

    /**
     * Rows in flight at once in a service: four of the largest answers ({@link GameReads#MAX_ROWS} rows,
     * some 2.5 MB each while read and written) beside a service's 20-30 MB of live objects in 64 MB.
     */
    public static final int BUDGET = 4 * GameReads.MAX_ROWS;
    /** What one history entry weighs in rows: its body and ids are some four outcomes' worth. */
    public static final int HISTORY_ENTRY = 4;
    public static final Duration WAIT = Duration.ofSeconds(1);
    public static final String BUSY = "Busy with other large reads: a problem detail with Retry-After; ask again then";

    private static final String TAKEN = LargeReads.class.getName();

    private final Semaphore rows = new Semaphore(BUDGET, true);
    private final CurrentVertxRequest request;

    LargeReads(CurrentVertxRequest request) {
        this.request = request;
    }

    /**
     * Takes {@code atMost} rows of the budget for the current request's read (the most its answer may
     * carry), held until its answer is written or its client gone; called on the request's worker
     * thread right before reading.
     *
     * @throws Problem 503 with Retry-After where the rows did not come free within {@link #WAIT}
     */
    public void admit(int atMost) {
        RoutingContext current = request.getCurrent();
        if (current != null && current.get(TAKEN) != null) {
            // A read called in-process while answering a request that holds its rows already (the
            // console's experiments read histories so): one share a request, or a long one would
            // take a share per read and hold them all to its end.
            return;
        }
        int taken = Math.max(1, Math.min(atMost, BUDGET));
        boolean admitted;
        try {
            admitted = rows.tryAcquire(taken, WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            admitted = false;
        }
        if (!admitted) {
            throw Problem.serviceUnavailable("other large reads are being answered here: ask again in a second",
                    Duration.ofSeconds(1));
        }
        if (current == null) {
            // Not an HTTP request (a direct call): nothing is written afterwards.
            rows.release(taken);
            return;
        }
        current.put(TAKEN, taken);
        current.addEndHandler(ended -> rows.release(taken));
    }

    /** The most rows an answer about these games carries: a game's at most, up to one answer's. */
    public static int games(int games) {
        return Math.min(games * GameReads.MAX_ROWS_OF_A_GAME, GameReads.MAX_ROWS);
    }
}

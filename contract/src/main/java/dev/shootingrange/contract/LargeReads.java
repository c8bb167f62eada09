package dev.shootingrange.contract;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.ext.web.RoutingContext;

/**
 * Admission for the reads whose answer grows with the games asked about (a range's outcomes, a board's
 * players, a history, a game's timeline or check): at most {@value #AT_ONCE} of them at once in a
 * service, each holding its share from the read until its answer is written, so that whatever a room
 * asks the answers in flight fit the shipped 64 MB heap. One waits up to {@link #WAIT} for a share,
 * then is answered 503 with Retry-After: load is shed, never fatal.
 * docs/decisions/0034-large-reads-are-admitted-by-a-share-held-until-written.md
 */
@ApplicationScoped
public class LargeReads {

    /**
     * Answers of up to {@link GameReads#MAX_ROWS} rows (some 4 MB each while read and written) at once:
     * four fit beside a service's 20 MB of live objects in 64 MB, with room for everything else.
     */
    public static final int AT_ONCE = 4;
    public static final Duration WAIT = Duration.ofSeconds(1);
    public static final String BUSY = "Busy with other large reads: a problem detail with Retry-After; ask again then";

    private final Semaphore shares = new Semaphore(AT_ONCE, true);
    private final CurrentVertxRequest request;

    LargeReads(CurrentVertxRequest request) {
        this.request = request;
    }

    /**
     * Takes a share for the current request's read, held until its answer is written (or its client
     * gone); called on the request's worker thread before reading.
     *
     * @throws Problem 503 with Retry-After where no share came free within {@link #WAIT}
     */
    public void admit() {
        boolean admitted;
        try {
            admitted = shares.tryAcquire(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            admitted = false;
        }
        if (!admitted) {
            throw Problem.serviceUnavailable(AT_ONCE + " large reads are being answered here: ask again in a second",
                    Duration.ofSeconds(1));
        }
        RoutingContext current = request.getCurrent();
        if (current == null) {
            // Not an HTTP request (a direct call): nothing is written afterwards.
            shares.release();
            return;
        }
        current.addEndHandler(ended -> shares.release());
    }
}

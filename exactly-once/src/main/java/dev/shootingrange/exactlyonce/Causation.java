package dev.shootingrange.exactlyonce;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * The message whose handling runs on this thread, and when that handling began, so that what the
 * handler sends is stored with its cause and the rows of one handling can be told from another's.
 * Set by the {@link dev.shootingrange.exactlyonce.inbox.InboxProcessor InboxProcessor} around the
 * handler; outside a handling there is none.
 */
public record Causation(UUID messageId, Instant handlingBegan) {

    private static final ThreadLocal<Causation> CURRENT = new ThreadLocal<>();

    /** The handling running on this thread, or null. */
    public static Causation current() {
        return CURRENT.get();
    }

    /** Runs {@code handling} as the handling of message {@code messageId}; the one around it, if any, resumes after. */
    public static void run(UUID messageId, Runnable handling) {
        Causation around = CURRENT.get();
        // Microseconds: the precision PostgreSQL keeps, so that equal instants stay equal once stored.
        CURRENT.set(new Causation(messageId, Instant.now().truncatedTo(ChronoUnit.MICROS)));
        try {
            handling.run();
        } finally {
            if (around == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(around);
            }
        }
    }
}

package dev.shootingrange.exactlyonce.spi;

/** What became of one delivery. */
public enum Disposition {
    /** Handled: its effects are committed with the inbox record. */
    HANDLED,
    /** Recognised by the duplicate detection: skipped. */
    DUPLICATE,
    /** Not valid input: sent to the dead-letter queue. */
    DEAD_LETTERED,
    /** Handling failed: requeued to be tried again. */
    RETRIED
}

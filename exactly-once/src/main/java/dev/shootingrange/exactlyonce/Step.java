package dev.shootingrange.exactlyonce;

/**
 * The points of the exactly-once machinery where a crash, a pause or a race matters. Tests and the
 * lab watch them through {@link Steps}; in normal operation nothing listens.
 */
public enum Step {
    /** Consumer: the transaction has begun, the inbox record is about to be written. */
    BEFORE_INBOX_INSERT,
    /** Consumer: the inbox record, the state change and the outbox rows are about to be flushed. */
    BEFORE_FLUSH,
    /** Consumer: everything is flushed; the commit is next. */
    BEFORE_COMMIT,
    /** Consumer: committed, not yet acknowledged. A crash here makes the broker redeliver. */
    AFTER_COMMIT_BEFORE_ACK,
    /** Relay: the broker confirmed the batch, the rows are not yet marked sent. A crash here re-sends. */
    AFTER_CONFIRM_BEFORE_MARK
}

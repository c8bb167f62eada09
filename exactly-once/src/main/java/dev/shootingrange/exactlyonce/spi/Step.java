package dev.shootingrange.exactlyonce.spi;

/**
 * The points of consuming and publishing where a crash, a pause or a race matters, in the order a
 * message passes them. {@link StepInterceptor}s and tests look in on them through {@link Steps}.
 */
public enum Step {
    /** Consumer: the transaction has begun, the inbox record is about to be written. */
    BEFORE_INBOX_INSERT,
    /**
     * Consumer: the handler has run; the inbox record, the state change and the outbox rows are written
     * (as plain statements) or held by the ORM, which the commit flushes.
     */
    BEFORE_FLUSH,
    /** Consumer: the commit is next. */
    BEFORE_COMMIT,
    /** Consumer: committed, not yet acknowledged. A crash here makes the broker redeliver. */
    AFTER_COMMIT_BEFORE_ACK,
    /**
     * Producer: a message was handed to its {@link Dispatch} and the transaction is still open. With
     * the outbox a crash rolls the message back too; published straight away, it is a ghost.
     */
    ROLLBACK_AFTER_SEND,
    /**
     * Producer: committed, not yet published. With the outbox the relay dies here and its sweep
     * publishes later; published straight away, the message is lost.
     */
    AFTER_COMMIT_BEFORE_PUBLISH,
    /**
     * Publisher: the batch is on the wire and its confirms are awaited next. A connection lost and
     * recovered here must not pass for confirmed: the recovered channel has never seen the batch.
     */
    AFTER_PUBLISH_BEFORE_CONFIRM,
    /** Relay: the broker confirmed the batch, the rows are not yet marked sent. A crash here re-sends. */
    AFTER_CONFIRM_BEFORE_MARK
}

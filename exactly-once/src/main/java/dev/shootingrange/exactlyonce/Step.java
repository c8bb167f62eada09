package dev.shootingrange.exactlyonce;

import java.util.Arrays;

/**
 * The points of the exactly-once machinery where a crash, a pause or a race matters. Tests watch them
 * through {@link Steps}; the lab's faults fire at the ones that have a {@link #faultName}.
 */
public enum Step {
    /** Consumer: the transaction has begun, the inbox record is about to be written. */
    BEFORE_INBOX_INSERT(null),
    /** Consumer: the inbox record, the state change and the outbox rows are about to be flushed. */
    BEFORE_FLUSH(null),
    /** Consumer: everything is flushed; the commit is next. */
    BEFORE_COMMIT(null),
    /** Consumer: committed, not yet acknowledged. A crash here makes the broker redeliver. */
    AFTER_COMMIT_BEFORE_ACK("after-commit-before-ack"),
    /**
     * Producer: a message was handed to the outbox (or, with the outbox off, published) and the
     * transaction rolls back. With the outbox the message rolls back too; without it, it is a ghost.
     */
    ROLLBACK_AFTER_SEND("rollback-after-send"),
    /**
     * Producer: committed, not yet published. With the outbox the relay dies here and its sweep
     * publishes later; without it, the message is lost.
     */
    AFTER_COMMIT_BEFORE_PUBLISH("after-commit-before-publish"),
    /** Relay: the broker confirmed the batch, the rows are not yet marked sent. A crash here re-sends. */
    AFTER_CONFIRM_BEFORE_MARK("after-confirm-before-mark");

    /** The name the lab's API uses for a fault at this step; null where no fault is offered. */
    public final String faultName;

    Step(String faultName) {
        this.faultName = faultName;
    }

    public static Step ofFault(String name) {
        return Arrays.stream(values()).filter(step -> name.equals(step.faultName)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown fault point '" + name + "'"));
    }
}

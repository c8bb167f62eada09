package dev.shootingrange.exactlyonce;

/**
 * Thrown by a handler for a message that no retry can ever handle: its transaction rolls back and the
 * message goes to the dead-letter queue with this reason, counted and recorded. Any other exception
 * means "not now": the message is requeued and tried again.
 */
public class DeadLetter extends RuntimeException {

    public DeadLetter(String reason) {
        super(reason, null, false, false);
    }

    /** The DeadLetter behind a failure (a transaction wrapper may hide it), or null. */
    public static DeadLetter in(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof DeadLetter deadLetter) {
                return deadLetter;
            }
        }
        return null;
    }
}

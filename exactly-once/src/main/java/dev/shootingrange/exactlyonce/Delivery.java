package dev.shootingrange.exactlyonce;

/**
 * What became of one delivery: the inbox's answer, by which the consumer acks or rejects it, and what
 * every {@link dev.shootingrange.exactlyonce.spi.StepInterceptor StepInterceptor} hears of it.
 */
public sealed interface Delivery {

    /** Why, where there is something to say (a reject's reason, a retry's failure, a copy answered); else null. */
    String detail();

    /** Whether it is heard of inside the handling's transaction (so that what it shows waits for the commit). */
    default boolean inTransaction() {
        return this instanceof Handled || this instanceof Duplicate;
    }

    /** Handled now: its effects are committed. */
    record Handled(Envelope message) implements Delivery {
        @Override
        public String detail() {
            return null;
        }
    }

    /** The duplicate detection had seen this messageId: nothing was done again, {@code answered} messages sent. */
    record Duplicate(Envelope message, int answered) implements Delivery {
        @Override
        public String detail() {
            return answered == 0 ? null : "its first handling's " + answered + " message(s) sent again";
        }
    }

    /** Not valid input: to the dead-letter queue, for this reason. */
    record Invalid(String reason) implements Delivery {
        @Override
        public String detail() {
            return reason;
        }
    }

    /**
     * Its handling failed and it is tried again. Only interceptors hear of it: to the consumer, a retry
     * is the exception the handling threw.
     */
    record Retried(String reason) implements Delivery {
        @Override
        public String detail() {
            return reason;
        }
    }
}

package dev.shootingrange.exactlyonce.spi;

import java.util.List;

import dev.shootingrange.exactlyonce.Delivery;
import dev.shootingrange.exactlyonce.Envelope;

/**
 * Looks in on consuming and publishing at their named {@link Step}s. Interceptors are beans, called in
 * the order of their {@code @Priority} (highest first); the core has none. Whatever plugs into the
 * machinery without changing it (fault injection, a message history, tracing) is one of these.
 */
public interface StepInterceptor {

    /**
     * The messages reached a step: one delivery, or the relay's batch. Throwing stops the work there, an
     * ordinary failure: rolled back and retried ({@link RetryPolicy} says how soon); after the commit, the
     * delivery is not acknowledged and comes again at once, a duplicate the inbox drops.
     */
    default void reached(Step step, List<Envelope> messages) {
    }

    /**
     * What became of a delivery. Inside the handling's transaction where there is one
     * ({@link Delivery#inTransaction}), outside it where none committed (dead-lettered, retried).
     *
     * @param read the message as the service's format read it; null where it could not be read
     */
    default void received(Envelope message, Object read, Delivery delivery, boolean redelivered) {
    }

    /**
     * The copies of a message to put on the wire now: none (an interceptor has taken it over, in the
     * current transaction), one, or several (a duplicate on the wire).
     */
    default List<Envelope> copiesToSend(Envelope message) {
        return List.of(message);
    }

    /** The broker confirmed these copies. */
    default void published(List<Envelope> copies) {
    }
}

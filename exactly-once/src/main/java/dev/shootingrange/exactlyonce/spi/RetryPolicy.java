package dev.shootingrange.exactlyonce.spi;

/**
 * Whether a failure is tried again at once. By default none is: a delivery waits out its back-off
 * before it is requeued, and the relay its own before the next batch. A failure a test or the lab
 * raised on purpose (a crash at a {@link Step}) may be retried at once, as a restarted process would.
 */
@FunctionalInterface
public interface RetryPolicy {

    RetryPolicy BACK_OFF = failure -> false;

    boolean atOnce(Throwable failure);
}

package dev.shootingrange.exactlyonce;

import java.util.ArrayList;
import java.util.List;

import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * Work that may happen only once the current transaction committed, and not at all if it rolls back
 * (nor in one already marked to). Outside a transaction there is nothing to wait for: it runs at once.
 * <p>
 * Inside a savepoint ({@link #heldDuring}) the work waits for the savepoint too: a handling rolled back to
 * its savepoint in a transaction that commits took no effect, and neither does what it left for after.
 */
public final class AfterCommit {

    private static final ThreadLocal<List<Runnable>> HELD = new ThreadLocal<>();

    private AfterCommit() {
    }

    public static void run(TransactionSynchronizationRegistry transactions, Runnable work) {
        int status = transactions.getTransactionStatus();
        if (status == Status.STATUS_MARKED_ROLLBACK || status == Status.STATUS_ROLLING_BACK || status == Status.STATUS_ROLLEDBACK) {
            return; // it can no longer commit: the work never happens
        }
        if (status != Status.STATUS_ACTIVE) {
            work.run();
            return;
        }
        List<Runnable> held = HELD.get();
        if (held != null) {
            held.add(work);
            return;
        }
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    work.run();
                }
            }
        });
    }

    /**
     * Runs {@code savepoint} and returns, instead of registering it, the work it left for after the
     * commit: to be {@link #run} once its savepoint is released, or dropped if it rolls back (as it is
     * where {@code savepoint} throws).
     */
    public static List<Runnable> heldDuring(Runnable savepoint) {
        List<Runnable> held = new ArrayList<>();
        HELD.set(held);
        try {
            savepoint.run();
        } finally {
            HELD.remove();
        }
        return held;
    }
}

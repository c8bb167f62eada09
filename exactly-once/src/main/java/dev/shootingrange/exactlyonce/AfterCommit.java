package dev.shootingrange.exactlyonce;

import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * Work that may happen only once the current transaction committed, and not at all if it rolls back
 * (nor in one already marked to). Outside a transaction there is nothing to wait for: it runs at once.
 */
public final class AfterCommit {

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
}

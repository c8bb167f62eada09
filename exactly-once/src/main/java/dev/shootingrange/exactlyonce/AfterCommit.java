package dev.shootingrange.exactlyonce;

import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

/** Work that may happen only once the current transaction committed, and not at all if it rolls back. */
public final class AfterCommit {

    private AfterCommit() {
    }

    public static void run(TransactionSynchronizationRegistry transactions, Runnable work) {
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

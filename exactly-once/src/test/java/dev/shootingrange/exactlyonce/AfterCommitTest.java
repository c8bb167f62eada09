package dev.shootingrange.exactlyonce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import jakarta.inject.Inject;
import jakarta.transaction.TransactionSynchronizationRegistry;

import org.junit.jupiter.api.Test;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;

/** Work left for after the commit runs once the transaction committed, and never where it cannot commit. */
@QuarkusTest
class AfterCommitTest {

    @Inject
    TransactionSynchronizationRegistry transactions;

    private final List<String> ran = new CopyOnWriteArrayList<>();

    @Test
    void workWaitsForTheCommitAndRunsAtOnceOutsideATransaction() {
        QuarkusTransaction.requiringNew().run(() -> {
            AfterCommit.run(transactions, () -> ran.add("committed"));
            assertThat(ran).as("before the commit").isEmpty();
        });
        AfterCommit.run(transactions, () -> ran.add("no transaction"));

        assertThat(ran).containsExactly("committed", "no transaction");
    }

    @Test
    void workInATransactionMarkedForRollbackNeverRuns() {
        // Whether the end of a rollback-only transaction throws is the transaction manager's business.
        catchThrowable(() -> QuarkusTransaction.requiringNew().run(() -> {
            AfterCommit.run(transactions, () -> ran.add("before the mark"));
            transactions.setRollbackOnly();
            AfterCommit.run(transactions, () -> ran.add("after the mark"));
        }));

        assertThat(ran).isEmpty();
    }
}

package dev.shootingrange.exactlyonce.inbox;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;

import org.jboss.logging.Logger;

import dev.shootingrange.exactlyonce.AfterCommit;
import dev.shootingrange.exactlyonce.Delivery;
import dev.shootingrange.exactlyonce.ExactlyOnceConfig;
import dev.shootingrange.exactlyonce.PlainStatement;
import dev.shootingrange.exactlyonce.observe.ExactlyOnceMetrics;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * Deliveries waiting to be handled at the same time, handled in one transaction, each in a savepoint
 * of its own: a message's inbox row and effects commit together or not at all, one that fails is
 * rolled back alone while the others commit, and the commit (its round trip, its WAL flush, the
 * transaction manager's work) is paid once for all of them (docs/decisions/0021).
 * <p>
 * Each consumer worker brings its delivery and waits; the one that takes the lead handles up to
 * {@code batch-size} waiting deliveries and commits, and every worker then settles its own delivery.
 * Where the batch fails as a whole (its commit refused, a handler that marked the transaction for
 * rollback), each of its deliveries that had not failed on its own is handled again alone, in a
 * transaction of its own: no message is retried or dead-lettered for another's sake.
 */
@ApplicationScoped
class BatchedHandling {

    private static final Logger LOG = Logger.getLogger(BatchedHandling.class);

    private final BlockingQueue<BatchMember> waiting = new LinkedBlockingQueue<>();
    private final ReentrantLock lead = new ReentrantLock();
    private final int size;
    private final EntityManager entityManager;
    private final TransactionSynchronizationRegistry transactions;
    private final ExactlyOnceMetrics metrics;

    BatchedHandling(ExactlyOnceConfig config, EntityManager entityManager, TransactionSynchronizationRegistry transactions,
            ExactlyOnceMetrics metrics) {
        this.size = config.consumer().batchSize();
        this.entityManager = entityManager;
        this.transactions = transactions;
        this.metrics = metrics;
        if (size < 1 || size > 64) {
            // Above 64 savepoints, PostgreSQL's cache of a session's subtransactions overflows (decision 21).
            throw new IllegalArgumentException("exactly-once.consumer.batch-size is 1 to 64, not " + size);
        }
    }

    /** Whether deliveries share transactions; with a batch size of 1 each is handled in its own. */
    boolean enabled() {
        return size > 1;
    }

    /** Deliveries brought and not yet taken into a batch. */
    int waiting() {
        return waiting.size();
    }

    /** Handles one delivery in a transaction shared with those waiting beside it; throws where it failed. */
    Delivery handle(Supplier<Delivery> handling) {
        BatchMember own = new BatchMember(handling, Context.current());
        waiting.add(own);
        while (!own.settled) {
            lead.lock();
            try {
                while (!own.settled) {
                    handleWaiting();
                }
            } finally {
                lead.unlock();
            }
        }
        return own.outcome();
    }

    private void handleWaiting() {
        List<BatchMember> batch = new ArrayList<>(size);
        waiting.drainTo(batch, size);
        try {
            metrics.batch(batch.size());
            if (batch.size() == 1) {
                alone(batch.get(0));
            } else {
                together(batch);
            }
        } catch (Error unexpected) {
            // Past the members' own handling: those committed keep their outcome (failed, they would take effect twice
            // where nothing deduplicates them); each of the others' workers retries its own.
            batch.stream().filter(member -> !member.committed).forEach(member -> member.batchFailed(unexpected));
        } finally {
            batch.forEach(member -> member.settled = true);
        }
    }

    private void together(List<BatchMember> batch) {
        try {
            QuarkusTransaction.requiringNew().run(() -> {
                for (BatchMember member : batch) {
                    if (transactions.getTransactionStatus() != Status.STATUS_ACTIVE) {
                        // A failure marked the whole transaction: the members not handled yet go alone, with those it rolls back.
                        break;
                    }
                    inSavepoint(member);
                }
            });
            batch.stream().filter(member -> member.failure == null).forEach(member -> member.committed = true);
        } catch (RuntimeException failed) {
            LOG.debugf("a batch of %d deliveries failed (%s); each is handled again alone", batch.size(), failed);
            batch.stream().filter(member -> member.failure == null).forEach(this::alone);
        }
    }

    /**
     * The member's effects, and the work it leaves for after the commit, kept where its savepoint is
     * released and dropped where it is rolled back to. The ORM's changes are flushed inside the savepoint,
     * and forgotten after a rollback to it, so that the commit writes none of a failed member's.
     */
    private void inSavepoint(BatchMember member) {
        try (Scope trace = member.trace.makeCurrent()) {
            PlainStatement.update("savepoint handling");
            try {
                List<Runnable> afterCommit = AfterCommit.heldDuring(() -> {
                    member.outcome = member.handling.get();
                    if (transactions.getTransactionStatus() == Status.STATUS_ACTIVE) { // else goes alone: a flush would fail it
                        entityManager.flush();
                    }
                });
                PlainStatement.update("release savepoint handling");
                if (!afterCommit.isEmpty()) {
                    AfterCommit.run(transactions, () -> afterCommit.forEach(Runnable::run));
                }
            } catch (RuntimeException failure) {
                member.failure = failure;
                PlainStatement.update("rollback to savepoint handling");
                entityManager.clear();
            }
        }
    }

    private void alone(BatchMember member) {
        try (Scope trace = member.trace.makeCurrent()) {
            member.committed(QuarkusTransaction.requiringNew().call(member.handling::get));
        } catch (RuntimeException failure) {
            member.failure = failure;
        }
    }
}

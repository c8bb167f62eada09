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

import dev.shootingrange.exactlyonce.Delivery;
import dev.shootingrange.exactlyonce.ExactlyOnceConfig;
import dev.shootingrange.exactlyonce.observe.ExactlyOnceMetrics;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * Deliveries waiting to be handled at the same time, handled in one transaction: a message's inbox
 * row and effects commit together or not at all, one that fails keeps its failure while the others
 * are handled again together without it and commit, and the commit (its round trip, its WAL flush,
 * the transaction manager's work) is paid once for all of them (docs/decisions/0021).
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
            // A member that fails has the others handled again: the bound keeps what a failure costs them bounded (decision 30).
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
        while (batch.stream().filter(member -> member.failure == null).count() > 1) {
            try {
                QuarkusTransaction.requiringNew().run(() -> handleEach(batch));
                batch.stream().filter(member -> member.failure == null).forEach(member -> member.committed = true);
                return;
            } catch (BatchMember.Failed failed) {
                // Its own failure stands; nothing of the others took effect: they go again, together, without it.
            } catch (RuntimeException failed) {
                LOG.debugf("a batch of %d deliveries failed (%s); each is handled again alone", batch.size(), failed);
                break;
            }
        }
        batch.stream().filter(member -> member.failure == null).forEach(this::alone);
    }

    /**
     * Each member not failed yet, in the one transaction. No savepoints: a member that fails takes the
     * whole transaction back with it ({@link BatchMember.Failed}), which costs the others a second run only
     * when one fails, where a savepoint each cost two statements a message always (decision 21).
     */
    private void handleEach(List<BatchMember> batch) {
        for (BatchMember member : batch) {
            if (member.failure != null) {
                continue;
            }
            if (transactions.getTransactionStatus() != Status.STATUS_ACTIVE) {
                // Marked for rollback without a failure of its own: the commit fails, and each member goes alone.
                return;
            }
            try (Scope trace = member.trace.makeCurrent()) {
                member.outcome = member.handling.get();
                if (transactions.getTransactionStatus() == Status.STATUS_ACTIVE) {
                    // The ORM's changes written now, so that the next member's plain statements read them.
                    entityManager.flush();
                }
            } catch (RuntimeException failure) {
                member.failure = failure;
                throw new BatchMember.Failed();
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

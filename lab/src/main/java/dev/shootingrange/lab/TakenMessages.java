package dev.shootingrange.lab;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

import org.jboss.logging.Logger;

import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.rabbit.ConfirmedPublisher;
import dev.shootingrange.exactlyonce.runtime.ExactlyOnceRuntime;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;

/**
 * The messages the lab holds back or delays. Taking one is a row in the transaction that was about
 * to publish it, so nothing is lost: it is published when released or due, with the broker's confirm.
 */
@ApplicationScoped
public class TakenMessages {

    private static final Logger LOG = Logger.getLogger(TakenMessages.class);

    private final ConfirmedPublisher publisher;
    private final History history;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "lab-delayed");
        thread.setDaemon(true);
        return thread;
    });
    private final TransactionSynchronizationRegistry transactions;
    private final ExactlyOnceRuntime runtime;
    /** Delayed rows no timer will publish: after a start (a restart may have left some) or a failed publish. */
    private volatile boolean sweepNeeded = true;

    TakenMessages(ConfirmedPublisher publisher, History history, TransactionSynchronizationRegistry transactions,
            ExactlyOnceRuntime runtime) {
        this.publisher = publisher;
        this.history = history;
        this.transactions = transactions;
        this.runtime = runtime;
    }

    /** @param releaseAt when to publish it; null to hold it until {@link #releaseHeld()} */
    void take(Envelope message, Instant releaseAt) {
        QuarkusTransaction.joiningExisting().run(() -> {
            TakenMessage.of(message, releaseAt).persist();
            if (releaseAt != null) {
                transactions.registerInterposedSynchronization(new Synchronization() {
                    @Override
                    public void beforeCompletion() {
                    }

                    @Override
                    public void afterCompletion(int status) {
                        armTimer(releaseAt);
                    }
                });
            }
        });
    }

    /** Publishes every held message now; how many. */
    public int releaseHeld() {
        return publish(true);
    }

    /**
     * A delayed message's timer: publishes what is due. A timer that finds nothing due (it fired early,
     * or another published its row) is armed again for the next row to come, so that no row waits for
     * the sweep.
     */
    void publishDue() {
        if (publish(false) == 0) {
            Instant next = QuarkusTransaction.requiringNew().call(TakenMessage::nextRelease);
            if (next != null) {
                armTimer(next);
            }
        }
    }

    private void armTimer(Instant releaseAt) {
        timer.schedule(this::publishDue, nanosUntil(Instant.now(), releaseAt), TimeUnit.NANOSECONDS);
    }

    /** Never rounded down: a timer that fires before its row is due finds nothing to publish. */
    static long nanosUntil(Instant now, Instant releaseAt) {
        return Math.max(0, Duration.between(now, releaseAt).toNanos());
    }

    /**
     * What no timer published: the rows a restart left, a failed publish, or a timer that ran while its
     * row could not be claimed yet. One query a second while nothing is overdue; a delayed message is
     * then at most about a second late, never stuck until the next change to the lab.
     */
    @Scheduled(every = "1s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void sweep() {
        if (runtime.isMigrated() && (sweepNeeded || QuarkusTransaction.requiringNew().call(TakenMessage::anyOverdue))) {
            sweepNeeded = false;
            publish(false);
            if (QuarkusTransaction.requiringNew().call(TakenMessage::anyOverdue)) {
                sweepNeeded = true;
            }
        }
    }

    private synchronized int publish(boolean held) {
        try {
            return QuarkusTransaction.requiringNew().call(() -> {
                List<TakenMessage> rows = TakenMessage.claim(held);
                List<Envelope> copies = rows.stream().map(TakenMessage::envelope).toList();
                Set<UUID> unroutable = publisher.publish(copies);
                List<Envelope> published = copies.stream().filter(copy -> !unroutable.contains(copy.messageId())).toList();
                history.published(published);
                rows.stream().filter(row -> !unroutable.contains(row.messageId)).forEach(TakenMessage::delete);
                return rows.size();
            });
        } catch (RuntimeException e) {
            LOG.warnf("publishing the lab's %s messages failed (%s)", held ? "held" : "delayed", e);
            sweepNeeded = true;
            return 0;
        }
    }

    @PreDestroy
    void stop() {
        timer.shutdownNow();
    }
}

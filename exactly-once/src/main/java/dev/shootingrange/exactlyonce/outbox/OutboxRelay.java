package dev.shootingrange.exactlyonce.outbox;

import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;

import org.jboss.logging.Logger;

import dev.shootingrange.exactlyonce.ExactlyOnceConfig;
import dev.shootingrange.exactlyonce.PlainStatement;
import dev.shootingrange.exactlyonce.Threads;
import dev.shootingrange.exactlyonce.observe.ExactlyOnceMetrics;
import dev.shootingrange.exactlyonce.rabbit.ConfirmedPublisher;
import dev.shootingrange.exactlyonce.spi.RetryPolicy;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * Publishes outbox rows. A row is marked sent only after the broker confirmed it and did not return it
 * as unroutable; anything less leaves it pending, and it is published again. So a message leaves at
 * least once, always with the same id and body, and the consumers' inboxes make it count once.
 *
 * A commit that wrote rows wakes the relay at once; a sweep every few seconds picks up whatever a
 * crash or a failed publish left behind.
 */
@ApplicationScoped
public class OutboxRelay {

    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    private static final long MAX_BACKOFF_MS = 5_000;

    private final ConfirmedPublisher publisher;
    private final ExactlyOnceConfig.Relay config;
    private final OutboxBatch batch;
    private final ExactlyOnceMetrics metrics;
    private final RetryPolicy retryPolicy;
    private final Semaphore wakeUp = new Semaphore(0);
    private volatile Thread thread;
    private volatile boolean running;
    private long lastCount = System.nanoTime();

    OutboxRelay(ConfirmedPublisher publisher, ExactlyOnceConfig config, OutboxBatch batch, ExactlyOnceMetrics metrics,
            RetryPolicy retryPolicy) {
        this.publisher = publisher;
        this.retryPolicy = retryPolicy;
        this.config = config.relay();
        this.batch = batch;
        this.metrics = metrics;
    }

    void onCommit(@Observes(during = TransactionPhase.AFTER_SUCCESS) OutboxWritten written) {
        wakeUp.release();
    }

    public void start() {
        running = true;
        thread = Threads.named("outbox-relay").newThread(this::run);
        thread.start();
    }

    public void stop() throws InterruptedException {
        running = false;
        if (thread != null) {
            thread.interrupt();
            thread.join(5_000);
        }
    }

    public boolean isAlive() {
        return thread != null && thread.isAlive();
    }

    private void run() {
        long backoff = 100;
        while (running) {
            try {
                wakeUp.tryAcquire(config.sweepInterval().toMillis(), TimeUnit.MILLISECONDS);
                wakeUp.drainPermits();
                while (running && batch.publish() == config.batchSize()) {
                    // a full batch: there may be more waiting
                }
                countPendingNowAndThen();
                backoff = 100;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                if (retryPolicy.atOnce(e)) {
                    LOG.infof("outbox relay: %s; the batch stays pending", e.getMessage());
                    continue;
                }
                LOG.warnf("outbox relay: %s; the rows stay pending and are retried in %d ms", describe(e), backoff);
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException interrupted) {
                    return;
                }
                backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
            }
        }
        publisher.close();
    }

    /** The gauge's count costs a query: once a sweep interval, not after every commit's wake-up. */
    private void countPendingNowAndThen() {
        long now = System.nanoTime();
        if (now - lastCount >= config.sweepInterval().toNanos()) {
            lastCount = now;
            metrics.outboxPending(QuarkusTransaction.requiringNew().call(OutboxMessage::pending));
        }
    }

    /** Sends an already sent message again, the same copy: as a relay that crashed before marking it would. */
    public boolean resend(UUID messageId) {
        // One update, not a read and a write: a batch publishing the row at this moment holds it until it
        // has marked it sent; a read would find it unsent, change nothing, and the mark would win.
        boolean found = QuarkusTransaction.requiringNew().call(() -> PlainStatement.update(
                "update outbox set sent_at = null where id = (select max(id) from outbox where message_id = ?)",
                messageId) > 0);
        wakeUp.release();
        return found;
    }

    private static String describe(Exception e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getMessage() == null) {
            cause = cause.getCause();
        }
        return cause.getClass().getSimpleName() + ": " + cause.getMessage();
    }
}

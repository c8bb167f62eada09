package dev.shootingrange.exactlyonce;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;

import org.jboss.logging.Logger;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;

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

    private final RabbitConnections connections;
    private final ExactlyOnceConfig.Relay config;
    private final Steps steps;
    private final ExactlyOnceMetrics metrics;
    private final Lab lab;
    private final History history;
    private final Semaphore wakeUp = new Semaphore(0);
    private final Set<String> returned = ConcurrentHashMap.newKeySet();
    private volatile Thread thread;
    private volatile boolean running;
    private Channel channel;
    private long lastCount = System.nanoTime();

    OutboxRelay(RabbitConnections connections, ExactlyOnceConfig config, Steps steps, ExactlyOnceMetrics metrics,
            Lab lab, History history) {
        this.history = history;
        this.connections = connections;
        this.config = config.relay();
        this.steps = steps;
        this.metrics = metrics;
        this.lab = lab;
    }

    void onCommit(@Observes(during = TransactionPhase.AFTER_SUCCESS) OutboxWritten written) {
        wakeUp.release();
    }

    void start() {
        running = true;
        thread = Threads.named("outbox-relay").newThread(this::run);
        thread.start();
    }

    void stop() throws InterruptedException {
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
                while (running && publishBatch() == config.batchSize()) {
                    // a full batch: there may be more waiting
                }
                countPendingNowAndThen();
                backoff = 100;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                if (Steps.SimulatedCrash.in(e)) {
                    // The lab's crash: the batch rolled back; a restarted relay would start over at once.
                    LOG.infof("outbox relay: %s; the batch stays pending", e.getMessage());
                    continue;
                }
                LOG.warnf("outbox relay: %s; the rows stay pending and are retried in %d ms", describe(e), backoff);
                closeChannel();
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException interrupted) {
                    return;
                }
                backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
            }
        }
        closeChannel();
    }

    /** The gauge's count costs a query: once a sweep interval, not after every commit's wake-up. */
    private void countPendingNowAndThen() {
        long now = System.nanoTime();
        if (now - lastCount >= config.sweepInterval().toNanos()) {
            lastCount = now;
            metrics.outboxPending(QuarkusTransaction.requiringNew().call(OutboxMessage::pending));
        }
    }

    /** Publishes one batch in one transaction; returns how many rows it marked sent. */
    private int publishBatch() {
        return QuarkusTransaction.requiringNew().call(() -> {
            List<OutboxMessage> batch = OutboxMessage.claimPending(config.batchSize());
            if (batch.isEmpty()) {
                return 0;
            }
            List<OutboxMessage> due = holdBackSome(batch);
            steps.reachedBatch(Step.AFTER_COMMIT_BEFORE_PUBLISH, due);
            List<Long> confirmed = publish(due);
            steps.reachedBatch(Step.AFTER_CONFIRM_BEFORE_MARK, due);
            OutboxMessage.markSent(confirmed);
            return confirmed.size();
        });
    }

    /** The lab's hold and delay faults: such rows stay pending, to be overtaken by later ones. */
    private List<OutboxMessage> holdBackSome(List<OutboxMessage> batch) {
        List<OutboxMessage> due = new ArrayList<>(batch.size());
        for (OutboxMessage row : batch) {
            long delayMs = lab.delayMs();
            if (lab.takeHold(row.type)) {
                row.held = true;
            } else if (delayMs > 0) {
                row.availableAt = Instant.now().plusMillis(delayMs);
            } else {
                due.add(row);
            }
        }
        return due;
    }

    /** Publishes the messages the lab holds back now. */
    public int releaseHeld() {
        int released = QuarkusTransaction.requiringNew().call(OutboxMessage::releaseHeld);
        wakeUp.release();
        return released;
    }

    /**
     * Sends an already sent message again: the same copy (as a relay that crashed before marking it
     * would), or the same content under a new messageId (as a producer without stable ids would).
     */
    public UUID resend(UUID messageId, boolean newMessageId) {
        UUID resent = QuarkusTransaction.requiringNew().call(() -> {
            OutboxMessage row = OutboxMessage.byMessageId(messageId);
            if (row == null) {
                return null;
            }
            if (!newMessageId) {
                row.sentAt = null;
                return row.messageId;
            }
            OutboxMessage copy = row.copyWithNewId();
            copy.persist();
            return copy.messageId;
        });
        wakeUp.release();
        return resent;
    }

    static AMQP.BasicProperties properties(String messageId, String type) {
        return new AMQP.BasicProperties.Builder()
                .contentType("application/json")
                .deliveryMode(2)
                .messageId(messageId)
                .type(type)
                .build();
    }

    private List<Long> publish(List<OutboxMessage> batch) throws IOException, InterruptedException, TimeoutException {
        if (batch.isEmpty()) {
            return List.of();
        }
        Channel channel = channel();
        returned.clear();
        List<OutboxMessage> copiesSent = new ArrayList<>(batch.size());
        for (OutboxMessage row : batch) {
            int copies = lab.duplicate() ? 2 : 1;
            for (int i = 0; i < copies; i++) {
                channel.basicPublish(row.exchange, row.routingKey, true, properties(row.messageId.toString(), row.type),
                        row.payload);
                copiesSent.add(row);
            }
        }
        // Throws if the broker nacked any or did not answer in time: then none is marked sent.
        channel.waitForConfirmsOrDie(config.confirmTimeout().toMillis());
        List<Long> confirmed = new ArrayList<>(batch.size());
        for (OutboxMessage row : batch) {
            if (returned.contains(row.messageId.toString())) {
                LOG.warnf("%s %s to %s was unroutable; it stays pending", row.type, row.messageId, row.exchange);
            } else {
                confirmed.add(row.id);
            }
        }
        List<byte[]> delivered = copiesSent.stream().filter(row -> !returned.contains(row.messageId.toString()))
                .peek(row -> metrics.published(row.type)).map(row -> row.payload).toList();
        history.published(delivered);
        return confirmed;
    }

    private Channel channel() throws IOException {
        if (channel == null || !channel.isOpen()) {
            channel = connections.publishing().createChannel();
            channel.confirmSelect();
            // The broker returns an unroutable mandatory message before it confirms it.
            channel.addReturnListener(message -> returned.add(message.getProperties().getMessageId()));
        }
        return channel;
    }

    private void closeChannel() {
        if (channel != null) {
            try {
                if (channel.isOpen()) {
                    channel.close();
                }
            } catch (Exception e) {
                LOG.debug("closing relay channel", e);
            }
            channel = null;
        }
    }

    private static String describe(Exception e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getMessage() == null) {
            cause = cause.getCause();
        }
        return cause.getClass().getSimpleName() + ": " + cause.getMessage();
    }
}

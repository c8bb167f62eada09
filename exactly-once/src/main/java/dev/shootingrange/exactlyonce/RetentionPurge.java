package dev.shootingrange.exactlyonce;

import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import org.jboss.logging.Logger;

import io.quarkus.scheduler.Scheduled;

/** Keeps the inbox and the outbox bounded: old inbox records and sent outbox rows are deleted. */
@ApplicationScoped
public class RetentionPurge {

    private static final Logger LOG = Logger.getLogger(RetentionPurge.class);

    private final Inbox inbox;
    private final ExactlyOnceConfig.Retention retention;
    private final Lab lab;
    private final ExactlyOnceRuntime runtime;
    private volatile Instant nextPurge = Instant.now();

    RetentionPurge(Inbox inbox, ExactlyOnceConfig config, Lab lab, ExactlyOnceRuntime runtime) {
        this.inbox = inbox;
        this.retention = config.retention();
        this.lab = lab;
        this.runtime = runtime;
    }

    /**
     * Purges every {@code purge-every}; every second while the lab has shortened the inbox's window,
     * so that a workshop sees a late duplicate slip through within seconds.
     */
    @Scheduled(every = "1s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void tick() {
        if (!runtime.isMigrated()) {
            return;
        }
        boolean shortened = !lab.inboxRetention(retention.inbox()).equals(retention.inbox());
        if (shortened || !Instant.now().isBefore(nextPurge)) {
            nextPurge = Instant.now().plus(retention.purgeEvery());
            purge();
        }
    }

    @Transactional
    public void purge() {
        int inboxRows = inbox.purge(lab.inboxRetention(retention.inbox()));
        long outboxRows = OutboxMessage.purgeSent(retention.outbox());
        MessageHistory.delete("recordedAt < ?1", Instant.now().minus(retention.outbox()));
        if (inboxRows + outboxRows > 0) {
            LOG.infof("purged %d inbox and %d sent outbox rows past retention", inboxRows, outboxRows);
        }
    }
}

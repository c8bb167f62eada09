package dev.shootingrange.exactlyonce;

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

    RetentionPurge(Inbox inbox, ExactlyOnceConfig config) {
        this.inbox = inbox;
        this.retention = config.retention();
    }

    @Scheduled(every = "${exactly-once.retention.purge-every:10m}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    @Transactional
    public void purge() {
        int inboxRows = inbox.purge(retention.inbox());
        long outboxRows = OutboxMessage.purgeSent(retention.outbox());
        if (inboxRows + outboxRows > 0) {
            LOG.infof("purged %d inbox and %d sent outbox rows past retention", inboxRows, outboxRows);
        }
    }
}

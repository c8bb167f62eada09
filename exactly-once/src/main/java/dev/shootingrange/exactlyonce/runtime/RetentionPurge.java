package dev.shootingrange.exactlyonce.runtime;

import java.time.Duration;
import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import org.jboss.logging.Logger;

import dev.shootingrange.exactlyonce.ExactlyOnceConfig;
import dev.shootingrange.exactlyonce.inbox.Inbox;
import dev.shootingrange.exactlyonce.outbox.OutboxMessage;
import io.quarkus.scheduler.Scheduled;

/** Keeps the inbox and the outbox bounded: old inbox records and sent outbox rows are deleted. */
@ApplicationScoped
public class RetentionPurge {

    private static final Logger LOG = Logger.getLogger(RetentionPurge.class);

    private final Inbox inbox;
    private final ExactlyOnceConfig.Retention retention;
    private final ExactlyOnceRuntime runtime;
    private volatile Duration inboxWindow;
    private volatile Instant nextPurge = Instant.now();

    RetentionPurge(Inbox inbox, ExactlyOnceConfig config, ExactlyOnceRuntime runtime) {
        this.inbox = inbox;
        this.retention = config.retention();
        this.runtime = runtime;
        this.inboxWindow = retention.inbox();
    }

    /** The duplicate-detection window; null puts back the configured one. */
    public void inboxWindow(Duration window) {
        this.inboxWindow = window == null ? retention.inbox() : window;
    }

    public Duration inboxWindow() {
        return inboxWindow;
    }

    /**
     * Purges every {@code purge-every}; every second while the window is shorter than that, so that a
     * late duplicate slips through within seconds of the window's end, as it would in a real system.
     */
    @Scheduled(every = "1s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void tick() {
        if (!runtime.isMigrated()) {
            return;
        }
        boolean shortWindow = inboxWindow.compareTo(retention.purgeEvery()) < 0;
        if (shortWindow || !Instant.now().isBefore(nextPurge)) {
            nextPurge = Instant.now().plus(retention.purgeEvery());
            purge();
        }
    }

    @Transactional
    public void purge() {
        int inboxRows = inbox.purge(inboxWindow);
        long outboxRows = OutboxMessage.purgeSent(retention.outbox());
        if (inboxRows + outboxRows > 0) {
            LOG.infof("purged %d inbox and %d sent outbox rows past retention", inboxRows, outboxRows);
        }
    }
}

package dev.shootingrange.lab;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.TransactionSynchronizationRegistry;

import org.jboss.logging.Logger;

import dev.shootingrange.exactlyonce.AfterCommit;
import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.Threads;
import dev.shootingrange.exactlyonce.observe.MessageTracing;
import dev.shootingrange.exactlyonce.rabbit.ConfirmedPublisher;
import dev.shootingrange.exactlyonce.spi.Step;
import dev.shootingrange.exactlyonce.spi.Steps;

/**
 * What a producer without an outbox does: publish after the commit, and hope. It fails two ways: a
 * crash between commit and publish loses the message, and a message sent before a commit that then
 * rolls back is a ghost. The lab's dispatch picks it while the outbox is switched off.
 */
@ApplicationScoped
public class DirectPublisher {

    private static final Logger LOG = Logger.getLogger(DirectPublisher.class);

    private final ConfirmedPublisher publisher;
    private final TransactionSynchronizationRegistry transactions;
    private final Steps steps;
    /** Publishes after the commit, off the committing thread: that one may still hold its connection. */
    private final ExecutorService afterCommit = Executors.newSingleThreadExecutor(Threads.named("direct-publish"));

    DirectPublisher(ConfirmedPublisher publisher, TransactionSynchronizationRegistry transactions, Steps steps) {
        this.publisher = publisher;
        this.transactions = transactions;
        this.steps = steps;
    }

    public void send(Envelope unsent) {
        // Published on another thread, after the commit: the trace it belongs to goes with it.
        Envelope message = unsent.traceParent() != null ? unsent : unsent.withTraceParent(MessageTracing.currentTraceParent());
        try {
            steps.reached(Step.ROLLBACK_AFTER_SEND, message);
        } catch (SimulatedCrash crash) {
            // A crash of the transaction after sending: what left cannot be called back.
            publish(message);
            throw crash;
        }
        AfterCommit.run(transactions, () -> afterCommit.execute(() -> publishAfterCommit(message)));
    }

    private void publishAfterCommit(Envelope message) {
        try {
            steps.reached(Step.AFTER_COMMIT_BEFORE_PUBLISH, message);
        } catch (SimulatedCrash crash) {
            LOG.warnf("%s lost: the service 'died' after its commit, before publishing", message);
            return;
        }
        publish(message);
    }

    private void publish(Envelope message) {
        try {
            List<Envelope> copies = steps.copiesToSend(message);
            publisher.publish(copies);
            steps.published(copies);
        } catch (Exception e) {
            // Nobody retries: without an outbox there is no record that this message was ever due.
            LOG.warnf("%s lost: publishing failed (%s)", message, e);
        }
    }

    @PreDestroy
    void stop() {
        afterCommit.shutdownNow();
    }
}

package dev.shootingrange.exactlyonce;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

import org.jboss.logging.Logger;

import com.rabbitmq.client.Channel;

import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.contract.Topology;

/**
 * What a producer without an outbox does: publish after the commit, and hope. Only the lab uses it,
 * to show the two ways it fails: a crash between commit and publish loses the message, and a
 * publish before a commit that then rolls back sends a ghost.
 */
@ApplicationScoped
public class DirectPublisher {

    private static final Logger LOG = Logger.getLogger(DirectPublisher.class);

    private final RabbitConnections connections;
    private final TransactionSynchronizationRegistry transactions;
    private final Steps steps;
    private final Lab lab;
    private final ExactlyOnceMetrics metrics;
    private final History history;
    /** Publishes after the commit, off the committing thread: that one may still hold its connection. */
    private final ScheduledExecutorService publisher = Executors.newSingleThreadScheduledExecutor(Threads.named("direct-publish"));
    private Channel channel;

    DirectPublisher(RabbitConnections connections, TransactionSynchronizationRegistry transactions, Steps steps,
            Lab lab, ExactlyOnceMetrics metrics, History history) {
        this.history = history;
        this.connections = connections;
        this.transactions = transactions;
        this.steps = steps;
        this.lab = lab;
        this.metrics = metrics;
    }

    void send(RangeMessage message) {
        byte[] body = MessageCodec.encode(message);
        if (steps.faultFires(Step.ROLLBACK_AFTER_SEND, message.messageId(), message.type())) {
            publish(message, body);
            throw new Steps.SimulatedCrash(Step.ROLLBACK_AFTER_SEND);
        }
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    publisher.execute(() -> afterCommit(message, body));
                }
            }
        });
    }

    private void afterCommit(RangeMessage message, byte[] body) {
        if (steps.faultFires(Step.AFTER_COMMIT_BEFORE_PUBLISH, message.messageId(), message.type())) {
            LOG.warnf("%s %s lost: the service 'died' after its commit, before publishing", message.type(), message.messageId());
            return;
        }
        long delay = lab.delayMs();
        if (delay > 0) {
            publisher.schedule(() -> publish(message, body), delay, TimeUnit.MILLISECONDS);
        } else {
            publish(message, body);
        }
    }

    private synchronized void publish(RangeMessage message, byte[] body) {
        try {
            if (channel == null || !channel.isOpen()) {
                channel = connections.publishing().createChannel();
                channel.confirmSelect();
            }
            List<byte[]> copies = lab.duplicate() ? List.of(body, body) : List.of(body);
            for (byte[] copy : copies) {
                channel.basicPublish(Topology.exchangeFor(message.type()), message.type(), true,
                        OutboxRelay.properties(message.messageId().toString(), message.type()), copy);
                metrics.published(message.type());
            }
            channel.waitForConfirmsOrDie(5_000);
            history.published(copies);
        } catch (IOException | InterruptedException | TimeoutException | RuntimeException e) {
            // Nobody retries: without an outbox there is no record that this message was ever due.
            LOG.warnf("%s %s lost: publishing failed (%s)", message.type(), message.messageId(), e);
        }
    }

    @PreDestroy
    void stop() {
        publisher.shutdownNow();
    }
}

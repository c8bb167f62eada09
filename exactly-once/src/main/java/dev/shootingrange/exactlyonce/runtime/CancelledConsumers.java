package dev.shootingrange.exactlyonce.runtime;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.reactive.messaging.Message;
import org.jboss.logging.Logger;

import dev.shootingrange.exactlyonce.rabbit.ConsumingConnection;
import dev.shootingrange.exactlyonce.rabbit.QueueMigration;
import dev.shootingrange.exactlyonce.runtime.ExactlyOnceRuntime;
import io.smallrye.mutiny.Multi;
import io.smallrye.reactive.messaging.PublisherDecorator;

/**
 * The broker cancels a consumer whose queue is deleted (by an operator, a script, a policy's expiry; a
 * {@link QueueMigration} never deletes a queue that has consumers). The connector then ends its stream for
 * good and forgets the consumer, which no recovery brings back: the service would consume nothing again
 * while it said it was ready. So the inbox's stream that ends is a consumer lost: the service is not
 * ready, its queues and bindings are declared again, and the stream is subscribed to again, which
 * registers a new consumer on the same channel; with a growing back-off while that fails. Messages
 * published while the queue was gone were returned to their publishers' relays, which send them again
 * (decision 15).
 */
@ApplicationScoped
public class CancelledConsumers implements PublisherDecorator {

    private static final Logger LOG = Logger.getLogger(CancelledConsumers.class);
    private static final Duration FIRST_RETRY = Duration.ofMillis(500);
    private static final Duration LAST_RETRY = Duration.ofSeconds(30);

    private final ConsumingConnection consuming;
    private final ExactlyOnceRuntime runtime;

    CancelledConsumers(ConsumingConnection consuming, ExactlyOnceRuntime runtime) {
        this.consuming = consuming;
        this.runtime = runtime;
    }

    /** Next to the connector, inside the pausable channel: the pause and its late subscription stay as they are. */
    @Override
    public int getPriority() {
        return 0;
    }

    @Override
    public Multi<? extends Message<?>> decorate(Multi<? extends Message<?>> publisher, List<String> channelName,
            boolean isConnector) {
        if (!isConnector || !channelName.contains(ConsumingConnection.INBOX)) {
            return publisher;
        }
        return Multi.createFrom().<Message<?>> deferred(() -> {
            if (consuming.consumersStarted() > 0 && !consuming.isConsuming()) {
                try {
                    runtime.declareTopologyAgain();
                } catch (IOException | RuntimeException e) {
                    return Multi.createFrom().failure(e);
                }
            }
            return publisher;
        })
                .onCompletion().failWith(() -> new IllegalStateException("the broker cancelled the consumer"))
                .onFailure().invoke(lost -> {
                    consuming.lost();
                    LOG.warnf("the consumer of %s ended (%s); subscribing again", ConsumingConnection.INBOX, lost.getMessage());
                })
                .onFailure().retry().withBackOff(FIRST_RETRY, LAST_RETRY).indefinitely();
    }
}

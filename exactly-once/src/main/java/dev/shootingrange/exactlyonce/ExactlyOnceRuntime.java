package dev.shootingrange.exactlyonce;

import java.io.IOException;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;

import org.jboss.logging.Logger;

import com.rabbitmq.client.Channel;

import dev.shootingrange.contract.Topology;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;

/**
 * Brings the machinery up once the application has started, in the background so that a service
 * started before its broker still starts (and reports not ready) instead of failing.
 */
@ApplicationScoped
public class ExactlyOnceRuntime {

    private static final Logger LOG = Logger.getLogger(ExactlyOnceRuntime.class);

    private final RabbitConnections connections;
    private final InboxConsumer consumer;
    private final OutboxRelay relay;
    private final Instance<MessageHandler> handler;
    private final ExactlyOnceConfig config;
    private volatile Thread starter;
    private volatile boolean started;

    ExactlyOnceRuntime(RabbitConnections connections, InboxConsumer consumer, OutboxRelay relay,
            Instance<MessageHandler> handler, ExactlyOnceConfig config) {
        this.connections = connections;
        this.consumer = consumer;
        this.relay = relay;
        this.handler = handler;
        this.config = config;
    }

    void onStart(@Observes StartupEvent event) {
        starter = Threads.named("exactly-once-start").newThread(this::bringUp);
        starter.start();
    }

    private void bringUp() {
        try {
            connections.connect(config.queue());
            try (Channel channel = connections.publishing().createChannel()) {
                Topology.declare(channel);
            }
            relay.start();
            if (handler.isResolvable()) {
                consumer.start(handler.get());
            }
            started = true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | java.util.concurrent.TimeoutException e) {
            LOG.error("could not declare the topology or start consuming", e);
        }
    }

    void onStop(@Observes ShutdownEvent event) throws InterruptedException {
        if (starter != null) {
            starter.interrupt();
        }
        consumer.stop();
        relay.stop();
    }

    /** Connected, topology declared, consuming and relaying. */
    public boolean isReady() {
        return started && connections.isOpen() && (!handler.isResolvable() || consumer.isConsuming());
    }

    /** Still trying to start, or started and the relay still runs. */
    public boolean isAlive() {
        return !started || relay.isAlive();
    }
}

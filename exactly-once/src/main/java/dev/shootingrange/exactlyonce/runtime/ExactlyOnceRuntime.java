package dev.shootingrange.exactlyonce.runtime;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.flywaydb.core.Flyway;
import org.jboss.logging.Logger;

import com.rabbitmq.client.Channel;
import dev.shootingrange.exactlyonce.ExactlyOnceConfig;
import dev.shootingrange.exactlyonce.Threads;
import dev.shootingrange.exactlyonce.outbox.OutboxRelay;
import dev.shootingrange.exactlyonce.rabbit.BrokerTopology;
import dev.shootingrange.exactlyonce.rabbit.ConsumingConnection;
import dev.shootingrange.exactlyonce.rabbit.QueueMigration;
import dev.shootingrange.exactlyonce.rabbit.RabbitConnections;
import dev.shootingrange.exactlyonce.rabbit.TopologyDeclaration;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.reactive.messaging.ChannelRegistry;
import io.smallrye.reactive.messaging.PausableChannel;

/**
 * Brings the machinery up once the application has started, in the background so that a service
 * started before its broker still starts (and reports not ready) instead of failing.
 */
@ApplicationScoped
public class ExactlyOnceRuntime {

    private static final Logger LOG = Logger.getLogger(ExactlyOnceRuntime.class);
    private static final Duration RETRY_INTERVAL = Duration.ofSeconds(2);

    private final RabbitConnections connections;
    private final OutboxRelay relay;
    private final ConsumingConnection consuming;
    private final ChannelRegistry channels;
    private final BrokerTopology topology;
    private final ExactlyOnceConfig config;
    private final Instance<Flyway> flyway;
    private final boolean migrateHere;
    private volatile Thread starter;
    private Channel topologyChannel;
    private volatile boolean started;
    private volatile boolean failed;
    private volatile boolean migrated;

    ExactlyOnceRuntime(RabbitConnections connections, OutboxRelay relay, ConsumingConnection consuming,
            ChannelRegistry channels, BrokerTopology topology, ExactlyOnceConfig config, Instance<Flyway> flyway,
            @ConfigProperty(name = "quarkus.flyway.migrate-at-start") boolean migratedAtStart) {
        this.connections = connections;
        this.relay = relay;
        this.consuming = consuming;
        this.channels = channels;
        this.topology = topology;
        this.config = config;
        this.flyway = flyway;
        this.migrateHere = !migratedAtStart && flyway.isResolvable();
        this.migrated = !migrateHere;
    }

    void onStart(@Observes StartupEvent event) {
        starter = Threads.named("exactly-once-start").newThread(this::bringUp);
        starter.start();
    }

    private void bringUp() {
        try {
            if (migrateHere) {
                migrate();
            }
            connections.connect(config.queue());
            new QueueMigration(connections.publishing()).ensureAll(topology.queues(), RETRY_INTERVAL);
            topologyChannel = TopologyDeclaration.untilTaken(connections.publishing(), topology);
            relay.start();
            if (inbox() != null) {
                // The connector's first connect: everything the handler needs is in place now.
                inbox().resume();
            }
            started = true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            // Alive and never ready is the worst of both: nothing restarts a process that does not exit.
            failed = true;
            LOG.errorf(e, "could not start the inbox consumer and outbox relay; exiting, to be started again");
            Quarkus.asyncExit(1);
        }
    }

    /**
     * Migrates the schema here rather than at boot, trying again while the database is down: a
     * service started before its database comes up waits for it instead of exiting.
     */
    private void migrate() throws InterruptedException {
        while (true) {
            try {
                flyway.get().migrate();
                migrated = true;
                return;
            } catch (RuntimeException e) {
                LOG.warnf("database not ready (%s), trying again in %s", e.getMessage(), RETRY_INTERVAL);
                Thread.sleep(RETRY_INTERVAL.toMillis());
            }
        }
    }

    void onStop(@Observes ShutdownEvent event) throws InterruptedException {
        if (starter != null) {
            starter.interrupt();
        }
        relay.stop();
    }

    /**
     * Declares the service's queues and bindings again, on a channel of its own: for a consumer whose
     * queue was deleted under it, before it subscribes again.
     */
    public void declareTopologyAgain() throws IOException {
        try (Channel channel = connections.publishing().createChannel()) {
            topology.declare(channel);
        } catch (TimeoutException e) {
            throw new IOException(e);
        }
    }

    /** The schema is in place: the tables of the inbox and the outbox can be used. */
    public boolean isMigrated() {
        return migrated;
    }

    /** Connected, topology declared, consuming (where the service has an inbox) and relaying. */
    public boolean isReady() {
        return started && connections.isOpen() && (inbox() == null || consuming.isConsuming());
    }

    /** The service's {@code @Incoming("inbox")} channel, held paused until {@link #bringUp}; null without one. */
    private PausableChannel inbox() {
        return channels.getPausable(ConsumingConnection.INBOX);
    }

    /** Still trying to start, or started and the relay still runs; never after start-up failed. */
    public boolean isAlive() {
        return !failed && (!started || relay.isAlive());
    }
}

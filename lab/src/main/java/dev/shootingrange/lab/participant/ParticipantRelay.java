package dev.shootingrange.lab.participant;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import org.jboss.logging.Logger;

import com.rabbitmq.client.Connection;
import dev.shootingrange.exactlyonce.Threads;
import dev.shootingrange.exactlyonce.rabbit.RabbitConnections;
import dev.shootingrange.exactlyonce.spi.Steps;

/**
 * The participant's relay, run every {@value #EVERY_MS} ms on one thread: made once the broker is
 * connected, on a database connection of its own ({@link RelayDatabase}) and a broker connection whose
 * channels the lab's history hears ({@link RecordingBroker}). A run that fails (the lab's crash before
 * publishing among the reasons) ends there, as the process would; the next one starts over.
 */
final class ParticipantRelay {

    static final long EVERY_MS = 100;
    private static final Logger LOG = Logger.getLogger(ParticipantRelay.class);

    private final Class<?> type;
    private final Method publishPending;
    private final Steps steps;
    private final RabbitConnections connections;
    private final RelayDatabase database = new RelayDatabase(ParticipantCode.SCHEMA);
    private final ScheduledExecutorService runs = Executors.newSingleThreadScheduledExecutor(Threads.named("participant-relay"));
    private Object relay;

    ParticipantRelay(Class<?> type, Steps steps, RabbitConnections connections) {
        this.type = type;
        this.steps = steps;
        this.connections = connections;
        try {
            type.getConstructor(DataSource.class, Connection.class);
            this.publishPending = type.getMethod("publishPending");
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("lab.participant.classes: " + type.getName() + " needs a constructor taking"
                    + " (DataSource, Connection) and a publishPending()", e);
        }
        runs.scheduleWithFixedDelay(this::run, EVERY_MS, EVERY_MS, TimeUnit.MILLISECONDS);
    }

    private void run() {
        Connection broker = connections.publishing();
        if (broker == null) {
            return;
        }
        try {
            if (relay == null) {
                relay = type.getConstructor(DataSource.class, Connection.class)
                        .newInstance(database, RecordingBroker.connection(broker, steps));
            }
            publishPending.invoke(relay);
        } catch (InvocationTargetException e) {
            LOG.warnf("The participant's relay's run ended in %s; its next run starts over", e.getCause());
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.warnf(e, "The participant's relay %s could not run", type.getName());
        }
    }

    void stop() {
        runs.shutdownNow();
        database.close();
    }
}

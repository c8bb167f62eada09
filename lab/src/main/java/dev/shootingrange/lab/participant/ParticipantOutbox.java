package dev.shootingrange.lab.participant;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.rabbitmq.client.Channel;
import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.rabbit.RabbitConnections;
import dev.shootingrange.exactlyonce.spi.Dispatch;
import dev.shootingrange.exactlyonce.spi.Step;
import dev.shootingrange.exactlyonce.spi.Steps;
import io.agroal.api.AgroalDataSource;
import io.quarkus.runtime.Startup;

/**
 * A workshop participant's outbox and relay (exercise 3) in place of the core's: their {@code send}
 * runs in the handling's transaction, their relay every {@value ParticipantRelay#EVERY_MS} ms on a database
 * connection of its own, their schema first on its search path. What their code publishes goes through
 * channels that tell the lab's history what the broker confirmed, and the lab's crash before
 * publishing strikes inside their relay's run, as a process dying there would.
 */
@Startup
@ApplicationScoped
public class ParticipantOutbox {

    private static final Logger LOG = Logger.getLogger(ParticipantOutbox.class);

    private final ParticipantCode code;
    private final Steps steps;
    private final RabbitConnections connections;
    private final Class<?> outboxType;
    private final ParticipantRelay relay;
    private final AgroalDataSource dataSource;
    private volatile Dispatch written;

    ParticipantOutbox(ParticipantCode code, Steps steps, RabbitConnections connections, ParticipantConfig config,
            AgroalDataSource dataSource) {
        this.code = code;
        this.dataSource = dataSource;
        this.steps = steps;
        this.connections = connections;
        this.outboxType = code.piece(ParticipantCode.OUTBOX).orElse(null);
        if (outboxType == null) {
            this.relay = null;
            return;
        }
        try {
            outboxType.getConstructor(Supplier.class, Channel.class);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("lab.participant.classes: " + outboxType.getName() + " needs a constructor taking"
                    + " (Supplier<Connection>, Channel)", e);
        }
        this.relay = new ParticipantRelay(code.load(config.relay()), steps, connections);
        LOG.infof("The participant's outbox %s and relay %s from %s send this service's messages, their table in schema %s",
                outboxType.getName(), config.relay(), code.classes().toAbsolutePath(), ParticipantCode.SCHEMA);
    }

    /** The participant's outbox, where one is plugged in. */
    public Optional<Dispatch> outbox() {
        if (outboxType == null) {
            return Optional.empty();
        }
        return Optional.of(message -> {
            code.inTheirSchema(() -> {
                sending().send(message);
                return null;
            });
            // A crash now rolls their row back with the state, as the core's outbox does.
            steps.reached(Step.ROLLBACK_AFTER_SEND, message);
        });
    }

    /**
     * A message their outbox holds, read as the starting point's and the solution's table keep it
     * (message_id, exchange, routing_key, type, payload); empty where none does, or their table is another.
     */
    public Optional<Envelope> sent(UUID messageId) {
        if (outboxType == null) {
            return Optional.empty();
        }
        try (Connection connection = dataSource.getConnection(); PreparedStatement select = connection.prepareStatement(
                "select exchange, routing_key, type, payload from " + ParticipantCode.SCHEMA + ".outbox where message_id = ? limit 1")) {
            select.setObject(1, messageId);
            try (ResultSet row = select.executeQuery()) {
                return row.next() ? Optional.of(new Envelope(messageId, row.getString("type"), row.getString("exchange"),
                        row.getString("routing_key"), row.getBytes("payload"))) : Optional.empty();
            }
        } catch (SQLException theirTableIsAnother) {
            LOG.debugf("no message %s read from the participant's outbox: %s", messageId, theirTableIsAnother.getMessage());
            return Optional.empty();
        }
    }

    /** Made at the first message: the broker is connected by then. */
    private Dispatch sending() {
        if (written == null) {
            synchronized (this) {
                if (written == null) {
                    try {
                        Channel channel = RecordingBroker.channel(connections.publishing().createChannel(), steps, null);
                        written = (Dispatch) outboxType.getConstructor(Supplier.class, Channel.class)
                                .newInstance(code.handlingConnection(), channel);
                    } catch (Exception e) {
                        throw new IllegalStateException("the participant's outbox " + outboxType.getName() + " could not be made", e);
                    }
                }
            }
        }
        return written;
    }

    @PreDestroy
    void stop() {
        if (relay != null) {
            relay.stop();
        }
    }
}

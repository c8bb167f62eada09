package dev.shootingrange.lab.participant;

import java.util.Optional;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.shootingrange.exactlyonce.spi.DuplicateDetector;
import io.quarkus.runtime.Startup;

/** A workshop participant's inbox (exercise 1) in place of the core's: it detects the duplicates. */
@Startup
@ApplicationScoped
public class ParticipantInbox {

    private static final Logger LOG = Logger.getLogger(ParticipantInbox.class);

    private final ParticipantCode code;
    private final DuplicateDetector written;

    ParticipantInbox(ParticipantCode code) {
        this.code = code;
        this.written = code.piece(ParticipantCode.INBOX).map(this::make).orElse(null);
    }

    /** The participant's inbox, where one is plugged in. */
    public Optional<DuplicateDetector> inbox() {
        return written == null ? Optional.empty()
                : Optional.of((consumer, messageId) -> code.inTheirSchema(() -> written.firstDelivery(consumer, messageId)));
    }

    private DuplicateDetector make(Class<?> type) {
        try {
            DuplicateDetector inbox = (DuplicateDetector) type.getConstructor(Supplier.class).newInstance(code.handlingConnection());
            LOG.infof("The participant's inbox %s from %s detects duplicates here, its table in schema %s",
                    type.getName(), code.classes().toAbsolutePath(), ParticipantCode.SCHEMA);
            return inbox;
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("lab.participant.classes: no inbox " + type.getName() + " with a public TABLE and"
                    + " a constructor taking the handling's connection in " + code.classes().toAbsolutePath(), e);
        }
    }
}

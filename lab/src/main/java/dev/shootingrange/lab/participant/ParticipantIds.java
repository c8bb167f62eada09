package dev.shootingrange.lab.participant;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import dev.shootingrange.exactlyonce.spi.OutgoingIds;
import io.quarkus.runtime.Startup;

/**
 * A workshop participant's derived ids (exercise 2) in place of the core's: what the service's answers
 * are named while deterministic ids are on. The endpoint they are given is the service's name.
 */
@Startup
@ApplicationScoped
public class ParticipantIds {

    private static final Logger LOG = Logger.getLogger(ParticipantIds.class);

    private final OutgoingIds written;

    ParticipantIds(ParticipantCode code, @ConfigProperty(name = "quarkus.application.name") String endpoint) {
        this.written = code.piece(ParticipantCode.IDS).map(type -> {
            try {
                OutgoingIds ids = (OutgoingIds) type.getConstructor(String.class).newInstance(endpoint);
                LOG.infof("The participant's ids %s from %s name this service's answers", type.getName(),
                        code.classes().toAbsolutePath());
                return ids;
            } catch (ReflectiveOperationException | ClassCastException e) {
                throw new IllegalStateException("lab.participant.classes: no OutgoingIds " + type.getName()
                        + " with a constructor taking the endpoint's name in " + code.classes().toAbsolutePath(), e);
            }
        }).orElse(null);
    }

    /** The participant's ids, where they are plugged in. */
    public Optional<OutgoingIds> ids() {
        return Optional.ofNullable(written);
    }
}

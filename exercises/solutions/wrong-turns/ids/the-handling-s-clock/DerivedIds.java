package dev.shootingrange.exercises.ids;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

import dev.shootingrange.exactlyonce.spi.OutgoingIds;

/**
 * Wrong turn: the id derived, the instant the handling's own. The redelivery's Hit has the first's id
 * and other bytes: an inbox downstream keeps whichever came first, and two copies of one message disagree.
 *
 * Caught by: DerivedIdsTest.theAnswerCarriesTheInstantOfItsFireAt
 * Caught by: DerivedIdsTest.aFireAtRedeliveredAfterACrashBeforeTheAckIsCountedOnceDownstream
 */
public class DerivedIds implements OutgoingIds {

    private final String endpoint;

    public DerivedIds(String endpoint) {
        this.endpoint = endpoint;
    }

    @Override
    public UUID messageId(UUID causationId, String type) {
        return derived(causationId, type);
    }

    @Override
    public Instant sentAt(Instant causeSentAt) {
        return Instant.now();
    }

    /** The endpoint, the cause's id and the type, as one name: what a right answer derives the id from. */
    UUID derived(UUID causationId, String type) {
        return UUID.nameUUIDFromBytes((endpoint + "/" + causationId + "/" + type).getBytes(StandardCharsets.UTF_8));
    }
}

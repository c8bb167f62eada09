package dev.shootingrange.exercises.ids;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

import dev.shootingrange.exactlyonce.spi.OutgoingIds;

/**
 * Wrong turn: the id derived from the cause and the type, the endpoint left out. Repeatable, and
 * right while one endpoint answers each event; two endpoints that answer one Hit with a message of the
 * same type give it one id, and a consumer of both drops the second as a copy.
 *
 * Caught by: DerivedIdsTest.twoEndpointsAnsweringOneHitWithOneTypeGetTwoIds
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
        return causeSentAt;
    }

    /** The cause's id and the type, as one name. */
    UUID derived(UUID causationId, String type) {
        return UUID.nameUUIDFromBytes((causationId + "/" + type).getBytes(StandardCharsets.UTF_8));
    }
}

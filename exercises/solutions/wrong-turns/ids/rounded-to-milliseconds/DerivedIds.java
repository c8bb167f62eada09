package dev.shootingrange.exercises.ids;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

import dev.shootingrange.exactlyonce.spi.OutgoingIds;

/**
 * Wrong turn: the cause's instant, cut to milliseconds on the way. Repeatable, but not the cause's:
 * the FireAt was sent at a microsecond the answer no longer says.
 *
 * Caught by: DerivedIdsTest.theAnswerCarriesTheInstantOfItsFireAt
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
        return causeSentAt.truncatedTo(ChronoUnit.MILLIS);
    }

    /** The endpoint, the cause's id and the type, as one name: what a right answer derives the id from. */
    UUID derived(UUID causationId, String type) {
        return UUID.nameUUIDFromBytes((endpoint + "/" + causationId + "/" + type).getBytes(StandardCharsets.UTF_8));
    }
}

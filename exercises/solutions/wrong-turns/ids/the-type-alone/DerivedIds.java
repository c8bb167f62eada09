package dev.shootingrange.exercises.ids;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

import dev.shootingrange.exactlyonce.spi.OutgoingIds;

/**
 * Wrong turn: the id named after the type alone. Repeatable, and a Hit differs from a Missed, but
 * every Hit of the game has one id: the leader board counts the first and drops all the others.
 *
 * Caught by: DerivedIdsTest.theAnswersToTwoFireAtsHaveTwoIds
 */
public class DerivedIds implements OutgoingIds {

    private final String endpoint;

    public DerivedIds(String endpoint) {
        this.endpoint = endpoint;
    }

    @Override
    public UUID messageId(UUID causationId, String type) {
        return UUID.nameUUIDFromBytes(type.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public Instant sentAt(Instant causeSentAt) {
        return causeSentAt;
    }
}

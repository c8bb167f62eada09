package dev.shootingrange.exercises.ids;

import java.time.Instant;
import java.util.UUID;

import dev.shootingrange.exactlyonce.spi.OutgoingIds;

/**
 * Wrong turn: the answer takes the id of the message it answers. Repeatable, but a Hit and a
 * Missed for one FireAt (and the FireAt itself) share one id: whichever comes second is dropped as a copy.
 *
 * Caught by: DerivedIdsTest.aHitAndAMissedForOneFireAtHaveTwoIds
 */
public class DerivedIds implements OutgoingIds {

    private final String endpoint;

    public DerivedIds(String endpoint) {
        this.endpoint = endpoint;
    }

    @Override
    public UUID messageId(UUID causationId, String type) {
        return causationId;
    }

    @Override
    public Instant sentAt(Instant causeSentAt) {
        return causeSentAt;
    }
}

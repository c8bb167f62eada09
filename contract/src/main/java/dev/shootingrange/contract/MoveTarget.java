package dev.shootingrange.contract;

import java.time.Instant;
import java.util.UUID;

/** The scenario moves a game's target to a new position. */
public record MoveTarget(UUID messageId, String gameId, Instant sentAt, UUID causationId,
        Integer position) implements RangeMessage {

    public static MoveTarget create(String gameId, int position) {
        return new MoveTarget(UUID.randomUUID(), gameId, Instant.now(), null, position);
    }

    @Override
    public void validate() {
        Rules.common(this);
        Rules.checkPosition("position", position);
    }
}

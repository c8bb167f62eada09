package dev.shootingrange.contract;

import java.time.Instant;
import java.util.UUID;

/** The shot {@code attemptId} missed; {@code targetPosition} is null where the game had no target yet. */
public record Missed(UUID messageId, String gameId, Instant sentAt, UUID causationId,
        UUID attemptId, String player, Integer position, Integer targetPosition) implements ShotOutcome {

    public static Missed of(FireAt shot, Integer targetPosition) {
        return new Missed(UUID.randomUUID(), shot.gameId(), Instant.now(), shot.messageId(),
                shot.attemptId(), shot.player(), shot.position(), targetPosition);
    }
}

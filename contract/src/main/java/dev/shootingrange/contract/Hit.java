package dev.shootingrange.contract;

import java.time.Instant;
import java.util.UUID;

/** The shot {@code attemptId} hit the target, which stood at {@code targetPosition}. */
public record Hit(UUID messageId, String gameId, Instant sentAt, UUID causationId,
        UUID attemptId, String player, Integer position, Integer targetPosition) implements ShotOutcome {

    /** The Hit that handling {@code shot} produces; its messageId is made here, once. */
    public static Hit of(FireAt shot, int targetPosition) {
        return new Hit(UUID.randomUUID(), shot.gameId(), Instant.now(), shot.messageId(),
                shot.attemptId(), shot.player(), shot.position(), targetPosition);
    }
}

package dev.shootingrange.contract;

import java.time.Instant;
import java.util.UUID;

import dev.shootingrange.exactlyonce.spi.OutgoingIds;

/** The shot {@code attemptId} hit the target, which stood at {@code targetPosition}. */
public record Hit(UUID messageId, String gameId, Instant sentAt, UUID causationId,
        UUID attemptId, String player, Integer position, Integer targetPosition) implements ShotOutcome {

    /** The Hit that handling {@code shot} sends, named by {@code ids}: the same for the same shot, or new. */
    public static Hit of(FireAt shot, int targetPosition, OutgoingIds ids) {
        return new Hit(ids.messageId(shot.messageId(), "Hit"), shot.gameId(), ids.sentAt(shot.sentAt()), shot.messageId(),
                shot.attemptId(), shot.player(), shot.position(), targetPosition);
    }

    /** A Hit never sent before, with a random messageId: what a test publishes as the range would. */
    public static Hit of(FireAt shot, int targetPosition) {
        return of(shot, targetPosition, OutgoingIds.RANDOM);
    }
}

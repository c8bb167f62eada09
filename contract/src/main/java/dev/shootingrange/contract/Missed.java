package dev.shootingrange.contract;

import java.time.Instant;
import java.util.UUID;

import dev.shootingrange.exactlyonce.spi.OutgoingIds;

/** The shot {@code attemptId} missed; {@code targetPosition} is null where the game had no target yet. */
public record Missed(UUID messageId, String gameId, Instant sentAt, UUID causationId,
        UUID attemptId, String player, Integer position, Integer targetPosition) implements ShotOutcome {

    /** The Missed that handling {@code shot} sends, named by {@code ids}: the same for the same shot, or new. */
    public static Missed of(FireAt shot, Integer targetPosition, OutgoingIds ids) {
        return new Missed(ids.messageId(shot.messageId(), "Missed"), shot.gameId(), ids.sentAt(shot.sentAt()), shot.messageId(),
                shot.attemptId(), shot.player(), shot.position(), targetPosition);
    }

    /** A Missed never sent before, with a random messageId: what a test publishes as the range would. */
    public static Missed of(FireAt shot, Integer targetPosition) {
        return of(shot, targetPosition, OutgoingIds.RANDOM);
    }
}

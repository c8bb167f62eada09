package dev.shootingrange.scenario.domain;

import java.util.List;
import java.util.UUID;

/** A game as the scenario knows it: its target and every shot with what the range answered so far. */
public record GameView(String gameId, int targetPosition, List<ShotView> shots) {

    /** @param traceId the trace the shot was taken in, or null where tracing is off */
    public record ShotView(UUID attemptId, String player, int position, Shot.Outcome outcome, String traceId) {
    }

    /** The game as it is now, or null for a game the scenario does not know. */
    static GameView of(String gameId) {
        Integer targetPosition = Game.targetPositionOf(gameId);
        return targetPosition == null ? null : new GameView(gameId, targetPosition, Shot.viewsOfGame(gameId));
    }
}

package dev.shootingrange.scenario.domain;

import java.util.List;
import java.util.UUID;

/** A game as the scenario knows it: its target and every shot with what the range answered so far. */
public record GameView(String gameId, int targetPosition, List<ShotView> shots) {

    /** @param traceId the trace the shot was taken in, or null where tracing is off */
    public record ShotView(UUID attemptId, String player, int position, Shot.Outcome outcome, String traceId) {
    }

    static GameView of(Game game) {
        return new GameView(game.gameId, game.targetPosition, Shot.ofGame(game.gameId).stream()
                .map(shot -> new ShotView(shot.attemptId, shot.player, shot.position, shot.outcome(), shot.traceId))
                .toList());
    }
}

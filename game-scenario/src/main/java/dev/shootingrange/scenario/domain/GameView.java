package dev.shootingrange.scenario.domain;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** A game as the scenario knows it: its target and every shot with what the range answered so far. */
public record GameView(String gameId, int targetPosition, List<ShotView> shots) {

    /** @param traceId the trace the shot was taken in, or null where tracing is off */
    public record ShotView(UUID attemptId, String player, int position, Shot.Outcome outcome, String traceId) {
    }

    /** Some of a game read again: the target's position (null where it was not read) and the shots named. */
    public record Part(Integer targetPosition, List<ShotView> shots) {
    }

    /** This view with {@code part}, read after it, laid over: a shot read again keeps its place, a new one comes last. */
    public GameView with(Part part) {
        Map<UUID, ShotView> merged = new LinkedHashMap<>();
        shots.forEach(shot -> merged.put(shot.attemptId(), shot));
        part.shots().forEach(shot -> merged.put(shot.attemptId(), shot));
        int target = part.targetPosition() == null ? targetPosition : part.targetPosition();
        return new GameView(gameId, target, List.copyOf(merged.values()));
    }
}

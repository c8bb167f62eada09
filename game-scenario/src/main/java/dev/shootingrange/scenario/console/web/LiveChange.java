package dev.shootingrange.scenario.console.web;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.shootingrange.scenario.domain.GameView.ShotView;
import dev.shootingrange.scenario.console.lab.TimelineEntry;

/**
 * One event of a game's live feed of changes: the view's parts that changed since the event before, in
 * the shape of the whole view. The first event (and any after which the view must be started again) is
 * {@code whole}: every part, every shot and the whole timeline. After it, {@code game} holds only the
 * shots that are new or whose outcome changed (and the target's position when it moved), a part left
 * out is as it was, and {@code timeline} holds only entries gathered since.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LiveChange(boolean whole, GameChange game, Object range, Object leaderboard, Object consistency,
        List<TimelineEntry> timeline) {

    /** The scenario's part: {@code targetPosition} where it moved, {@code shots} where any is new or changed. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record GameChange(String gameId, Integer targetPosition, List<ShotView> shots) {
    }

    boolean changesNothing() {
        return !whole && game == null && range == null && leaderboard == null && consistency == null && timeline == null;
    }
}

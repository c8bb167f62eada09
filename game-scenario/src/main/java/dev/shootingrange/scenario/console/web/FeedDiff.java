package dev.shootingrange.scenario.console.web;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shootingrange.scenario.domain.GameView.ShotView;
import dev.shootingrange.scenario.domain.GameView;
import dev.shootingrange.scenario.console.lab.GameTimeline;
import dev.shootingrange.scenario.console.lab.TimelineEntry;

/**
 * What a feed pushed last, and what differs from it (decision 7): a change is what differs from the
 * parts as last pushed. Not safe on its own: its {@link Feed} pushes under the feed's lock only.
 */
final class FeedDiff {

    private final String gameId;
    private final ObjectMapper json;
    /** How many of the kept timeline's entries have been pushed. */
    private int timelineSent;
    /** The parts as last pushed. */
    private GameView gameSent;
    private Object rangeSent;
    private Object boardSent;
    private Object consistencySent;
    /** The whole view last pushed to watchers of whole views. */
    private String last;

    FeedDiff(String gameId, ObjectMapper json) {
        this.gameId = gameId;
        this.json = json;
    }

    /**
     * Sends each watcher what it has not seen: a watcher of whole views the view if it differs from
     * the last, a watcher of changes what changed (its first time, the whole view). Each text is
     * written once, whatever the number of watchers.
     */
    void push(FeedView view, List<Watcher> watchers, GameTimeline timeline) {
        int gathered = timeline.gathered();
        LiveChange change = change(view, timeline, gathered);
        // Every text is written before any is sent, and what was sent is recorded only once it was: a
        // push that fails leaves its change to the next one.
        List<Watcher> now = List.copyOf(watchers);
        String changeText = change.changesNothing() ? null : write(change);
        String wholeChange = change.whole() ? changeText
                : now.stream().anyMatch(watcher -> watcher.changes && !watcher.welcomed) ? write(wholeChange(view, timeline, gathered)) : null;
        String wholeView = now.stream().anyMatch(watcher -> !watcher.changes) ? write(wholeView(view)) : null;
        for (Watcher watcher : now) {
            if (!watcher.changes) {
                if (!watcher.welcomed || !wholeView.equals(last)) {
                    watcher.emitter.emit(wholeView);
                }
            } else if (!watcher.welcomed) {
                watcher.emitter.emit(wholeChange);
            } else if (changeText != null) {
                watcher.emitter.emit(changeText);
            }
            watcher.welcomed = true;
        }
        timelineSent = gathered;
        gameSent = view.game();
        rangeSent = view.range();
        boardSent = view.board();
        consistencySent = view.consistency();
        if (wholeView != null) {
            last = wholeView;
        }
    }

    private static Map<String, Object> wholeView(FeedView view) {
        Map<String, Object> whole = new LinkedHashMap<>();
        whole.put("game", view.game());
        whole.put("range", view.range());
        whole.put("leaderboard", view.board());
        whole.put("consistency", view.consistency());
        // A console of whole views fetches the timeline again only when this moves: once per full view.
        whole.put("timelineVersion", view.fullViews());
        return whole;
    }

    private LiveChange wholeChange(FeedView view, GameTimeline timeline, int gathered) {
        GameView game = view.game();
        return new LiveChange(true, new LiveChange.GameChange(gameId, game.targetPosition(), game.shots()), view.range(),
                view.board(), view.consistency(), timeline.gathered(0, gathered));
    }

    /** What differs from the parts last pushed; the whole view where a shot is gone (the game was started again). */
    private LiveChange change(FeedView view, GameTimeline timeline, int gathered) {
        if (gameSent == null) {
            return wholeChange(view, timeline, gathered);
        }
        GameView game = view.game();
        Map<UUID, ShotView> before = new HashMap<>();
        gameSent.shots().forEach(shot -> before.put(shot.attemptId(), shot));
        List<ShotView> changedShots = new ArrayList<>();
        for (ShotView shot : game.shots()) {
            if (!shot.equals(before.remove(shot.attemptId()))) {
                changedShots.add(shot);
            }
        }
        if (!before.isEmpty()) {
            return wholeChange(view, timeline, gathered);
        }
        Integer moved = game.targetPosition() != gameSent.targetPosition() ? game.targetPosition() : null;
        LiveChange.GameChange gameChange = moved != null || !changedShots.isEmpty()
                ? new LiveChange.GameChange(gameId, moved, changedShots.isEmpty() ? null : changedShots)
                : null;
        List<TimelineEntry> entries = gathered > timelineSent ? timeline.gathered(timelineSent, gathered) : null;
        return new LiveChange(false, gameChange, unlessSame(view.range(), rangeSent), unlessSame(view.board(), boardSent),
                unlessSame(view.consistency(), consistencySent), entries);
    }

    private static Object unlessSame(Object now, Object sent) {
        return Objects.equals(now, sent) ? null : now;
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}

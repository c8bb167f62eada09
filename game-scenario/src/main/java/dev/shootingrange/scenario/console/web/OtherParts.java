package dev.shootingrange.scenario.console.web;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import org.jboss.logging.Logger;

import dev.shootingrange.contract.Problem;
import dev.shootingrange.scenario.console.lab.ConsistencyChecker;
import dev.shootingrange.scenario.console.lab.GameTimeline;
import dev.shootingrange.scenario.console.lab.WatchedGames;
import dev.shootingrange.scenario.console.services.LeaderBoardApi;
import dev.shootingrange.scenario.console.services.RangeApi;
import dev.shootingrange.scenario.console.services.Services;

/**
 * The parts of watched games' views that the other services know: the range's outcomes and the board,
 * asked about many games at once (decision 9), the checker's verdict on them, and the timelines.
 */
final class OtherParts {

    private static final Logger LOG = Logger.getLogger(OtherParts.class);
    /** How long a shot may wait for its outcome before the checker calls it lost. */
    static final Duration SETTLE = Duration.ofSeconds(5);

    private final Services services;
    private final ConsistencyChecker checker;
    private final WatchedGames watched;
    /** Full views computed since start (the other services asked): what the tests read to see that nothing is polled. */
    private final AtomicLong computed = new AtomicLong();

    OtherParts(Services services, ConsistencyChecker checker, WatchedGames watched) {
        this.services = services;
        this.checker = checker;
        this.watched = watched;
    }

    long computed() {
        return computed.get();
    }

    /**
     * Asks the range and the leader board about every game at once, judges each on their answers, and
     * catches the timelines up where a watcher wants changes; in the order of {@code games}.
     */
    List<Others> read(List<Feed> games) {
        return InRequest.call(() -> {
            computed.addAndGet(games.size());
            List<String> gameIds = games.stream().map(feed -> feed.gameId).toList();
            List<Object> decided = answerEach(() -> services.range().ranges(gameIds), gameIds.size());
            List<Object> scores = answerEach(() -> services.leaderBoard().boards(gameIds), gameIds.size());
            List<Others> others = new ArrayList<>(games.size());
            for (int i = 0; i < games.size(); i++) {
                String gameId = gameIds.get(i);
                Object range = decided.get(i);
                Object board = scores.get(i);
                // The checker judges on the answers just read, not on a second asking.
                Object verdict = range instanceof RangeApi.RangeView r && board instanceof LeaderBoardApi.BoardView b
                        ? answer(() -> checker.judge(gameId, SETTLE, r, b,
                                watched.keptWhileWatched(gameId, ConsistencyChecker.Wire.class, () -> new ConsistencyChecker.Wire(gameId))))
                        : answer(() -> checker.judge(gameId, SETTLE));
                others.add(new Others(range, board, verdict));
            }
            // Watchers of whole views fetch the timeline themselves (TimelineResource); it catches up the same kept one.
            List<GameTimeline> timelines = games.stream().filter(Feed::changesWatched)
                    .map(feed -> GameTimeline.of(watched, feed.gameId)).toList();
            if (!timelines.isEmpty()) {
                try {
                    GameTimeline.catchUp(services, timelines);
                } catch (Problem unavailable) {
                    LOG.debugf("timelines of %d games not caught up: %s", timelines.size(), unavailable.getMessage());
                }
            }
            return others;
        });
    }

    private static Object answer(Supplier<Object> call) {
        try {
            return call.get();
        } catch (Problem unavailable) {
            return Map.of("unavailable", unavailable.getMessage());
        }
    }

    /** A service's answers for several games; where it could not answer, that said for each. */
    private static List<Object> answerEach(Supplier<List<?>> call, int games) {
        try {
            return List.copyOf(call.get());
        } catch (Problem unavailable) {
            return Collections.nCopies(games, Map.of("unavailable", unavailable.getMessage()));
        }
    }
}

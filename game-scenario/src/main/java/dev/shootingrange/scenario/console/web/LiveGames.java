package dev.shootingrange.scenario.console.web;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shootingrange.scenario.domain.GameScenario;
import dev.shootingrange.scenario.console.lab.ConsistencyChecker;
import dev.shootingrange.scenario.console.lab.WatchedGames;
import dev.shootingrange.scenario.console.services.Services;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.infrastructure.Infrastructure;

/**
 * One live view per watched game, shared by every browser that watches it, in two speeds. When a
 * message of the game crosses this service (a shot or a move sent, an outcome committed, a copy
 * dropped: {@link LiveSteps}), the scenario's own part of the view (its shots and their outcomes) is
 * read again at once and pushed. The rest (what the range and the leader board say, the checker's
 * verdict on all of it and the timeline of every copy) is asked for a moment later, again while the
 * other services catch up and the checker's patience for a lost shot runs out, at most once a second
 * per game, in one round for every watched game ({@link Rounds}); the two never wait for each other. A
 * game nobody watches, or where nothing has happened for a minute, costs nothing however many browsers
 * have it open.
 * <p>
 * A watcher gets either whole views ({@link #watch}) or changes ({@link #watchChanges}): the whole view
 * first, then only what changed, each event written once and sent to every watcher of the game ({@link Feed}).
 */
@ApplicationScoped
public class LiveGames implements WatchedGames {

    private final Map<String, Feed> feeds = new ConcurrentHashMap<>();
    private final OwnParts own;
    private final OtherParts others;
    private final FeedReads reads;
    private final ObjectMapper json;
    private final Rounds rounds;

    LiveGames(GameScenario games, Services services, ConsistencyChecker checker, ObjectMapper json) {
        this.own = new OwnParts(games);
        this.others = new OtherParts(services, checker, this);
        this.reads = new FeedReads(own, others);
        this.json = json;
        this.rounds = new Rounds(feeds.values(), reads, others);
    }

    /** The game's views: the current one at once, then each that differs from the one before. */
    public Multi<String> watch(String gameId) {
        return watch(gameId, false);
    }

    /** The game's view as {@link LiveChange}s: the whole view at once, then what changed in it, as it changes. */
    public Multi<String> watchChanges(String gameId) {
        return watch(gameId, true);
    }

    private Multi<String> watch(String gameId, boolean changes) {
        return Multi.createFrom().<String> emitter(emitter -> {
            Watcher watcher = new Watcher(emitter, changes);
            Feed feed;
            synchronized (feeds) {
                feed = feeds.computeIfAbsent(gameId, id -> new Feed(id, this, json));
                feed.watchers.add(watcher);
            }
            emitter.onTermination(() -> unwatch(feed, watcher));
            reads.welcome(feed);
        }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    /** Full views computed since start (the other services asked): what the tests read to see that nothing is polled. */
    public long computed() {
        return others.computed();
    }

    /** Shots read for watched games' own parts since start: what the tests read to see that a message reads its shot, not the game. */
    public long shotsRead() {
        return own.shotsRead();
    }

    @Override
    public <T> T sharedPerView(String gameId, Supplier<T> compute) {
        Feed feed = feeds.get(gameId);
        if (feed == null) {
            return compute.get();
        }
        return feed.shared(compute);
    }

    @Override
    public <T> T keptWhileWatched(String gameId, Class<T> kind, Supplier<T> create) {
        Feed feed = feeds.get(gameId);
        return feed == null ? create.get() : feed.kept(kind, create);
    }

    /** Something about the game changed here that no message names: show it now (read whole), and ask the other services soon. */
    public void changed(String gameId) {
        changed(gameId, null, false);
    }

    /**
     * A message of the game crossed this service: show what it changed now, and ask the other services
     * soon. Where it names a shot ({@code attemptId}) or moved the target, only that is read again.
     */
    void changed(String gameId, UUID attemptId, boolean moved) {
        Feed feed = gameId == null ? null : feeds.get(gameId);
        if (feed != null) {
            feed.changed(System.currentTimeMillis(), attemptId, moved);
            // Read now, not at the next tick: this is the click-to-outcome path.
            reads.refreshOwnIfDue(feed);
        }
    }

    private void unwatch(Feed feed, Watcher watcher) {
        synchronized (feeds) {
            feed.watchers.remove(watcher);
            if (feed.watchers.isEmpty()) {
                feeds.remove(feed.gameId);
            }
        }
    }

    @PreDestroy
    void stop() {
        rounds.stop();
    }
}

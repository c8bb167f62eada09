package dev.shootingrange.scenario.console.web;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shootingrange.scenario.domain.GameView;
import dev.shootingrange.scenario.console.lab.GameTimeline;
import dev.shootingrange.scenario.console.lab.WatchedGames;

/**
 * A watched game: its watchers, its view in parts, and when to look at it again. Everything it holds
 * (the view as read, as pushed, what is due) is guarded by this feed's lock, and views go out under it,
 * so a watcher never gets an older one last. The reads themselves run off the lock ({@link FeedReads}).
 */
final class Feed {

    final String gameId;
    /** Added and removed under the feeds' map ({@link LiveGames}); iterated under this feed's lock. */
    final List<Watcher> watchers = new CopyOnWriteArrayList<>();
    /** See {@link WatchedGames#keptWhileWatched}. */
    private final Map<Class<?>, Object> kept = new ConcurrentHashMap<>();
    private final AtomicLong reads = new AtomicLong();
    private final FeedView view = new FeedView();
    private final FeedDiff sent;
    private final OwnDue ownDue = new OwnDue();
    private final FullLooks fullLooks = new FullLooks();
    /** What {@link WatchedGames#sharedPerView} computed, and for which full view. */
    private Object shared;
    private long sharedFor = -1;
    private final WatchedGames watched;

    Feed(String gameId, WatchedGames watched, ObjectMapper json) {
        this.gameId = gameId;
        this.watched = watched;
        this.sent = new FeedDiff(gameId, json);
    }

    boolean changesWatched() {
        return watchers.stream().anyMatch(watcher -> watcher.changes);
    }

    synchronized void changed(long now, UUID attemptId, boolean moved) {
        ownDue.changed(attemptId, moved);
        fullLooks.changed(now);
    }

    /** Whether the scenario's own part is to be read now; it is taken off, and no other starts until this one ends. */
    synchronized boolean ownDue() {
        return ownDue.start();
    }

    /** Whether the other services are to be asked now; likewise taken off. */
    synchronized boolean fullDue(long now) {
        return fullLooks.start(now);
    }

    /** Numbers a read: an older one never replaces a newer. */
    long nextRead() {
        return reads.incrementAndGet();
    }

    /** Where a view has been read, pushes it (to a new watcher) and answers true. */
    synchronized boolean pushIfRead() {
        if (view.game() == null) {
            return false;
        }
        push();
        return true;
    }

    /** A new watcher's first view, read for it where none had been. */
    synchronized void tookFirst(long read, GameView game, Others other) {
        view.takeGame(read, game);
        view.takeOthers(read, other);
        push();
        fullLooks.afterWelcome(System.currentTimeMillis());
    }

    /** Takes what is due of the scenario's own part, and numbers the read that is to read it. */
    synchronized OwnRead takeOwn() {
        return ownDue.take(view.game(), reads);
    }

    synchronized void tookGame(long read, GameView game) {
        view.takeGame(read, game);
        push();
    }

    synchronized void tookPart(long read, GameView.Part part) {
        view.takePart(read, part);
        push();
    }

    /** A read of the own part that failed: what it took is due again, after a pause. */
    synchronized void putBack(OwnRead taken) {
        ownDue.putBack(taken);
    }

    /** The read of the own part is over: the next may start. */
    synchronized void ownRead() {
        ownDue.ended();
    }

    synchronized void tookOthers(long read, Others other) {
        view.takeOthers(read, other);
        push();
        ownDue.healPending(view.game());
    }

    /** A round that failed: this game is asked about again at the next, and its pending shots are read again all the same. */
    synchronized void othersFailed(long now) {
        fullLooks.afterFailedRound(now);
        ownDue.healPending(view.game());
    }

    /** The round that asked the other services about this game is over: the next may start. */
    synchronized void othersRead() {
        fullLooks.ended();
    }

    /** Under this feed's lock. */
    private void push() {
        if (view.game() == null) {
            return; // the first read is still on its way: it pushes when it is here
        }
        sent.push(view, watchers, GameTimeline.of(watched, gameId));
    }

    <T> T kept(Class<T> kind, Supplier<T> create) {
        return kind.cast(kept.computeIfAbsent(kind, k -> create.get()));
    }

    /** Computed once per full view, off the lock: a view that moved on meanwhile does not keep it. */
    @SuppressWarnings("unchecked")
    <T> T shared(Supplier<T> compute) {
        long fullView;
        synchronized (this) {
            if (shared != null && sharedFor == view.fullViews()) {
                return (T) shared;
            }
            fullView = view.fullViews();
        }
        T value = compute.get();
        synchronized (this) {
            if (fullView == view.fullViews()) {
                sharedFor = fullView;
                shared = value;
            }
        }
        return value;
    }
}

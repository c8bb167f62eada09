package dev.shootingrange.scenario.web;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.TransactionSynchronizationRegistry;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.Problem;
import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.contract.Rules;
import dev.shootingrange.contract.ShotOutcome;
import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.outbox.AfterCommit;
import dev.shootingrange.exactlyonce.spi.Disposition;
import dev.shootingrange.exactlyonce.spi.StepInterceptor;
import dev.shootingrange.scenario.domain.GameScenario;
import dev.shootingrange.scenario.domain.GameView.ShotView;
import dev.shootingrange.scenario.domain.GameView;
import dev.shootingrange.scenario.domain.Shot;
import dev.shootingrange.scenario.lab.ConsistencyChecker;
import dev.shootingrange.scenario.lab.GameTimeline;
import dev.shootingrange.scenario.lab.TimelineResource.Entry;
import dev.shootingrange.scenario.services.LeaderBoardApi;
import dev.shootingrange.scenario.services.RangeApi;
import dev.shootingrange.scenario.services.Services;
import io.quarkus.arc.Arc;
import io.quarkus.arc.ManagedContext;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.smallrye.mutiny.subscription.MultiEmitter;

/**
 * One live view per watched game, shared by every browser that watches it, in two speeds. When a
 * message of the game crosses this service (a shot or a move sent, an outcome committed, a copy
 * dropped), the scenario's own part of the view (its shots and their outcomes) is read again at once
 * and pushed. The rest (what the range and the leader board say, the checker's verdict on all of it and
 * the timeline of every copy) is asked for a moment later, again while the other services catch up and
 * the checker's patience for a lost shot runs out, at most once a second per game, in one round for
 * every watched game (each service asked once for all of them); the two never wait for each other. A
 * game nobody watches, or where nothing has happened for a minute, costs nothing however many browsers
 * have it open.
 * <p>
 * A watcher gets either whole views ({@link #watch}) or changes ({@link #watchChanges}): the whole view
 * first, then only what changed, each event written once and sent to every watcher of the game.
 */
@ApplicationScoped
public class LiveGames implements StepInterceptor {

    private static final Logger LOG = Logger.getLogger(LiveGames.class);
    /** How long a shot may wait for its outcome before the checker calls it lost. */
    static final Duration SETTLE = Duration.ofSeconds(5);
    /**
     * After a change, when to ask the other services again: soon (they handle the same messages a
     * moment later), after the checker's patience, and after the longest delay the lab's chaos adds.
     */
    private static final long[] FULL_LOOKS_MS = { 300, 1_000, 2_500, 6_000, 15_000, 30_000, 61_000 };
    /**
     * How often the other services are asked, in one round for every watched game whose look is due:
     * one request to each whatever the number of games, and no game asked about more than once a second.
     */
    private static final long ROUND_MS = 1_000;
    private static final long TICK_MS = 25;
    /** After a read of a game's own part failed, how long before it is tried again: not a loop against a database that is down. */
    private static final long RETRY_MS = 500;

    private final GameScenario games;
    private final Services services;
    private final ConsistencyChecker checker;
    private final ObjectMapper json;
    private final TransactionSynchronizationRegistry transactions;
    private final Map<String, Feed> feeds = new ConcurrentHashMap<>();
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "live-games");
        thread.setDaemon(true);
        return thread;
    });
    /** When the next round may ask the other services (the ticker's thread alone reads and sets it). */
    private long nextRound;
    private final AtomicBoolean roundRunning = new AtomicBoolean();
    /** Full views computed since start (the other services asked): what the tests read to see that nothing is polled. */
    private final AtomicLong computed = new AtomicLong();
    private final AtomicLong shotsRead = new AtomicLong();

    LiveGames(GameScenario games, Services services, ConsistencyChecker checker, ObjectMapper json,
            TransactionSynchronizationRegistry transactions) {
        this.games = games;
        this.services = services;
        this.checker = checker;
        this.json = json;
        this.transactions = transactions;
        ticker.scheduleWithFixedDelay(this::tick, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
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
                feed = feeds.computeIfAbsent(gameId, Feed::new);
                feed.watchers.add(watcher);
            }
            emitter.onTermination(() -> unwatch(feed, watcher));
            feed.welcome();
        }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    public long computed() {
        return computed.get();
    }

    /** Shots read for watched games' own parts since start: what the tests read to see that a message reads its shot, not the game. */
    public long shotsRead() {
        return shotsRead.get();
    }

    /**
     * What watchers of a game fetch after each view (its timeline, say), computed once per full view
     * and shared: the first watcher to ask after one computes it, the others get that. A game nobody
     * watches has nothing to share, and {@code compute} runs for each call.
     */
    public <T> T sharedPerView(String gameId, Supplier<T> compute) {
        Feed feed = feeds.get(gameId);
        if (feed == null) {
            return compute.get();
        }
        return feed.shared(compute);
    }

    /**
     * What a watched game keeps from one view to the next (what it has gathered so far, so that it asks
     * only for what is new): one of each kind per feed, gone with the feed. A game nobody watches keeps
     * nothing, and {@code create}'s value serves the one call.
     */
    public <T> T keptWhileWatched(String gameId, Class<T> kind, Supplier<T> create) {
        Feed feed = feeds.get(gameId);
        return feed == null ? create.get() : kind.cast(feed.kept.computeIfAbsent(kind, k -> create.get()));
    }

    /** Something about the game changed here that no message names: show it now (read whole), and ask the other services soon. */
    public void changed(String gameId) {
        changed(gameId, null, false);
    }

    /**
     * A message of the game crossed this service: show what it changed now, and ask the other services
     * soon. Where it names a shot ({@code attemptId}) or moved the target, only that is read again.
     */
    private void changed(String gameId, UUID attemptId, boolean moved) {
        Feed feed = gameId == null ? null : feeds.get(gameId);
        if (feed != null) {
            feed.changed(System.currentTimeMillis(), attemptId, moved);
            // Read now, not at the next tick: this is the click-to-outcome path. Changes that come while a
            // read runs are taken by one more read after it.
            if (feed.ownDue()) {
                Infrastructure.getDefaultWorkerPool().execute(feed::refreshOwn);
            }
        }
    }

    /** A copy received: seen once its handling committed, where there is one. */
    @Override
    public void received(Envelope message, Object read, Disposition disposition, boolean redelivered, String detail) {
        if (read instanceof ShotOutcome outcome) {
            AfterCommit.run(transactions, () -> changed(outcome.gameId(), outcome.attemptId(), false));
        } else if (read instanceof RangeMessage received) {
            AfterCommit.run(transactions, () -> changed(received.gameId()));
        }
    }

    @Override
    public void published(List<Envelope> copies) {
        for (Envelope copy : copies) {
            MessageCodec.Peek peek = MessageCodec.peek(copy.body());
            changed(peek.gameId(), peek.attemptId(), MoveTarget.class.getSimpleName().equals(copy.type()));
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

    private void tick() {
        try {
            long now = System.currentTimeMillis();
            boolean round = now >= nextRound && !roundRunning.get();
            List<Feed> othersDue = new ArrayList<>();
            for (Feed feed : feeds.values()) {
                if (round && feed.fullDue(now)) {
                    othersDue.add(feed);
                }
                if (feed.ownDue()) {
                    Infrastructure.getDefaultWorkerPool().execute(feed::refreshOwn);
                }
            }
            if (!othersDue.isEmpty()) {
                nextRound = now + ROUND_MS;
                roundRunning.set(true);
                Infrastructure.getDefaultWorkerPool().execute(() -> refreshOthers(othersDue));
            }
        } catch (RuntimeException e) {
            // A scheduled task that throws is never run again: the feeds would freeze.
            LOG.warnf("live views not refreshed: %s", e);
        }
    }

    /** The other services' parts of the feeds due, asked for together: one round, one request to each service. */
    private void refreshOthers(List<Feed> due) {
        try {
            long[] read = new long[due.size()];
            for (int i = 0; i < due.size(); i++) {
                read[i] = due.get(i).reads.incrementAndGet();
            }
            List<Others> others = new ArrayList<>(due.size());
            for (int from = 0; from < due.size(); from += Rules.MAX_GAMES_PER_ASK) {
                others.addAll(readOthers(due.subList(from, Math.min(due.size(), from + Rules.MAX_GAMES_PER_ASK))));
            }
            for (int i = 0; i < due.size(); i++) {
                due.get(i).tookOthers(read[i], others.get(i));
            }
        } catch (RuntimeException e) {
            LOG.warnf("live views of %d games not computed, to be asked again: %s", due.size(), e);
            long now = System.currentTimeMillis();
            due.forEach(feed -> feed.othersFailed(now));
        } finally {
            due.forEach(Feed::othersRead);
            roundRunning.set(false);
        }
    }

    /**
     * Asks the range and the leader board about every game at once, judges each on their answers, and
     * catches the timelines up where a watcher wants changes; in the order of {@code feeds}.
     */
    private List<Others> readOthers(List<Feed> feeds) {
        return inRequest(() -> {
            computed.addAndGet(feeds.size());
            List<String> gameIds = feeds.stream().map(feed -> feed.gameId).toList();
            List<Object> decided = answerEach(() -> services.range().ranges(gameIds), gameIds.size());
            List<Object> scores = answerEach(() -> services.leaderBoard().boards(gameIds), gameIds.size());
            List<Others> others = new ArrayList<>(feeds.size());
            for (int i = 0; i < feeds.size(); i++) {
                String gameId = gameIds.get(i);
                Object range = decided.get(i);
                Object board = scores.get(i);
                // The checker judges on the answers just read, not on a second asking.
                Object verdict = range instanceof RangeApi.RangeView r && board instanceof LeaderBoardApi.BoardView b
                        ? answer(() -> checker.judge(gameId, SETTLE, r, b,
                                keptWhileWatched(gameId, ConsistencyChecker.Wire.class, () -> new ConsistencyChecker.Wire(gameId))))
                        : answer(() -> checker.judge(gameId, SETTLE));
                others.add(new Others(range, board, verdict));
            }
            // Watchers of whole views fetch the timeline themselves (TimelineResource); it catches up the same kept one.
            List<GameTimeline> timelines = feeds.stream().filter(feed -> feed.watchers.stream().anyMatch(watcher -> watcher.changes))
                    .map(feed -> GameTimeline.of(this, feed.gameId)).toList();
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

    /** Off any request (the ticker's refreshes), so in a request context of its own: the checker reads outside a transaction. */
    private <T> T inRequest(Supplier<T> work) {
        ManagedContext request = Arc.container().requestContext();
        if (request.isActive()) {
            return work.get();
        }
        request.activate();
        try {
            return work.get();
        } finally {
            request.terminate();
        }
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

    private String write(Object view) {
        try {
            return json.writeValueAsString(view);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object unlessSame(Object now, Object sent) {
        return Objects.equals(now, sent) ? null : now;
    }

    @PreDestroy
    void stop() {
        ticker.shutdownNow();
    }

    /** A browser watching a game: of whole views, or of changes; a watcher of changes starts with a whole one. */
    private static final class Watcher {

        final MultiEmitter<? super String> emitter;
        final boolean changes;
        /** Whether it has had a view: from then on a watcher of changes gets only what changed. Under the feed's lock. */
        boolean welcomed;

        Watcher(MultiEmitter<? super String> emitter, boolean changes) {
            this.emitter = emitter;
            this.changes = changes;
        }
    }

    /** What a read of a game's own part took to read: all of it, or the target and the shots named. */
    private record OwnRead(long read, boolean whole, boolean target, List<UUID> shots) {
    }

    /** The other services' parts of a view and the checker's verdict, read together. */
    private record Others(Object range, Object board, Object consistency) {
    }

    /** A watched game: its watchers, its view in parts, and when to look at it again. */
    private final class Feed {

        final String gameId;
        /** Added and removed under {@code feeds}; iterated under this feed's lock. */
        final List<Watcher> watchers = new CopyOnWriteArrayList<>();
        /** See {@link #keptWhileWatched}. */
        final Map<Class<?>, Object> kept = new ConcurrentHashMap<>();
        /** The view's parts as last read; each read is numbered, and an older one never replaces a newer. */
        private GameView game;
        private Object range;
        private Object board;
        private Object consistency;
        private final AtomicLong reads = new AtomicLong();
        private long gameRead;
        private long othersRead;
        private long fullViews;
        /** How many of the kept timeline's entries have been pushed. */
        private int timelineSent;
        /** The parts as last pushed: a change is what differs from them. */
        private GameView gameSent;
        private Object rangeSent;
        private Object boardSent;
        private Object consistencySent;
        /** The whole view last pushed to watchers of whole views. */
        private String last;
        /** What {@link #sharedPerView} computed, and for which full view. */
        private Object shared;
        private long sharedFor = -1;
        /** What of the scenario's own part is to be read again: all of it, or the target and the shots named. */
        private boolean ownDue;
        private boolean wholeDue;
        private boolean targetDue;
        private final Set<UUID> shotsDue = new HashSet<>();
        private boolean ownRunning;
        /** After a failed read, when the next may start. */
        private long ownPausedUntil;
        private final PriorityQueue<Long> fullLooks = new PriorityQueue<>();
        private boolean fullRunning;

        Feed(String gameId) {
            this.gameId = gameId;
        }

        synchronized void changed(long now, UUID attemptId, boolean moved) {
            ownDue = true;
            if (attemptId != null) {
                shotsDue.add(attemptId);
            } else if (moved) {
                targetDue = true;
            } else {
                wholeDue = true;
            }
            fullLooks.clear();
            for (long after : FULL_LOOKS_MS) {
                fullLooks.add(now + after);
            }
        }

        /** Whether the scenario's own part is to be read now; it is taken off, and no other starts until this one ends. */
        synchronized boolean ownDue() {
            if (ownRunning || !ownDue || System.currentTimeMillis() < ownPausedUntil) {
                return false;
            }
            ownDue = false;
            ownRunning = true;
            return true;
        }

        /** Whether the other services are to be asked now; likewise taken off. */
        synchronized boolean fullDue(long now) {
            if (fullRunning || fullLooks.isEmpty() || fullLooks.peek() > now) {
                return false;
            }
            while (!fullLooks.isEmpty() && fullLooks.peek() <= now) {
                fullLooks.poll();
            }
            fullRunning = true;
            return true;
        }

        /**
         * A new watcher gets the view as it is, or one read now where none has been. Views go out under
         * this feed's lock, so a watcher never gets an older one last.
         */
        void welcome() {
            synchronized (this) {
                if (game != null) {
                    push();
                    return;
                }
            }
            long read = reads.incrementAndGet();
            GameView own = readGame();
            Others others = readOthers(List.of(this)).get(0);
            synchronized (this) {
                takeGame(read, own);
                takeOthers(read, others);
                push();
                // In case the first view raced a change: ask again in a moment.
                fullLooks.add(System.currentTimeMillis() + FULL_LOOKS_MS[1]);
            }
        }

        /**
         * Reads the scenario's part again: what changed since the last read, or all of it where that is not
         * known (or nothing was read yet). These reads run one at a time; a read's number is drawn after it
         * took what is due, so that a whole read numbered after it has all of that in it too.
         */
        void refreshOwn() {
            OwnRead taken = null;
            try {
                taken = takeOwn();
                if (taken.whole()) {
                    GameView own = readGame();
                    synchronized (this) {
                        takeGame(taken.read(), own);
                        push();
                    }
                } else {
                    OwnRead asked = taken;
                    GameView.Part part = inRequest(() -> games.part(gameId, asked.target(), asked.shots()));
                    shotsRead.addAndGet(part.shots().size());
                    synchronized (this) {
                        // Laid over the newest view; a whole view read after this began has all of it already.
                        if (asked.read() > gameRead) {
                            takeGame(asked.read(), game.with(part));
                        }
                        push();
                    }
                }
            } catch (RuntimeException e) {
                LOG.warnf("live view of %s not read, to be read again in %d ms: %s", gameId, RETRY_MS, e);
                putBack(taken);
            } finally {
                synchronized (this) {
                    ownRunning = false;
                }
                if (ownDue()) {
                    Infrastructure.getDefaultWorkerPool().execute(this::refreshOwn);
                }
            }
        }

        /** Takes what is due of the scenario's own part, and numbers the read that is to read it. */
        private synchronized OwnRead takeOwn() {
            boolean whole = wholeDue || game == null;
            // With what changed, every shot still shown pending: an outcome whose notice went
            // missing (a handling's, a read's) shows at the game's next read, as a whole read would.
            if (!whole) {
                game.shots().stream().filter(shot -> shot.outcome() == Shot.Outcome.PENDING)
                        .forEach(shot -> shotsDue.add(shot.attemptId()));
            }
            OwnRead taken = new OwnRead(reads.incrementAndGet(), whole, targetDue, List.copyOf(shotsDue));
            wholeDue = false;
            targetDue = false;
            shotsDue.clear();
            return taken;
        }

        /** A read that failed gives back what it took, to be read again after a pause: the change it was to show is not lost. */
        private synchronized void putBack(OwnRead taken) {
            if (taken != null) {
                wholeDue |= taken.whole();
                targetDue |= taken.target();
                shotsDue.addAll(taken.shots());
            } else {
                wholeDue = true;
            }
            ownDue = true;
            ownPausedUntil = System.currentTimeMillis() + RETRY_MS;
        }

        synchronized void tookOthers(long read, Others others) {
            takeOthers(read, others);
            push();
            healPending();
        }

        /** A round that failed: this game is asked about again at the next, and its pending shots are read again all the same. */
        synchronized void othersFailed(long now) {
            fullLooks.add(now + ROUND_MS);
            healPending();
        }

        /** Each round reads the shots still pending again, so a game with no further change heals too. */
        private void healPending() {
            if (game != null && game.shots().stream().anyMatch(shot -> shot.outcome() == Shot.Outcome.PENDING)) {
                ownDue = true;
            }
        }

        /** The round that asked the other services about this game is over: the next may start. */
        synchronized void othersRead() {
            fullRunning = false;
        }

        private GameView readGame() {
            GameView own = inRequest(() -> games.view(gameId));
            shotsRead.addAndGet(own.shots().size());
            return own;
        }

        private void takeGame(long read, GameView own) {
            if (read > gameRead) {
                gameRead = read;
                game = own;
            }
        }

        private void takeOthers(long read, Others others) {
            if (read > othersRead) {
                othersRead = read;
                range = others.range();
                board = others.board();
                consistency = others.consistency();
                fullViews++;
            }
        }

        /**
         * Sends each watcher what it has not seen: a watcher of whole views the view if it differs from
         * the last, a watcher of changes what changed (its first time, the whole view). Each text is
         * written once, whatever the number of watchers. Under this feed's lock.
         */
        private void push() {
            if (game == null) {
                return; // the first read is still on its way: it pushes when it is here
            }
            GameTimeline timeline = GameTimeline.of(LiveGames.this, gameId);
            int gathered = timeline.gathered();
            LiveChange change = change(timeline, gathered);
            // Every text is written before any is sent, and what was sent is recorded only once it was: a
            // push that fails leaves its change to the next one.
            List<Watcher> now = List.copyOf(watchers);
            String changeText = change.changesNothing() ? null : write(change);
            String wholeChange = change.whole() ? changeText
                    : now.stream().anyMatch(watcher -> watcher.changes && !watcher.welcomed) ? write(wholeChange(timeline, gathered)) : null;
            String wholeView = now.stream().anyMatch(watcher -> !watcher.changes) ? write(wholeView()) : null;
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
            gameSent = game;
            rangeSent = range;
            boardSent = board;
            consistencySent = consistency;
            if (wholeView != null) {
                last = wholeView;
            }
        }

        private Map<String, Object> wholeView() {
            Map<String, Object> view = new LinkedHashMap<>();
            view.put("game", game);
            view.put("range", range);
            view.put("leaderboard", board);
            view.put("consistency", consistency);
            // A console of whole views fetches the timeline again only when this moves: once per full view.
            view.put("timelineVersion", fullViews);
            return view;
        }

        private LiveChange wholeChange(GameTimeline timeline, int gathered) {
            return new LiveChange(true, new LiveChange.GameChange(gameId, game.targetPosition(), game.shots()), range, board,
                    consistency, timeline.gathered(0, gathered));
        }

        /** What differs from the parts last pushed; the whole view where a shot is gone (the game was started again). */
        private LiveChange change(GameTimeline timeline, int gathered) {
            if (gameSent == null) {
                return wholeChange(timeline, gathered);
            }
            Map<UUID, ShotView> before = new HashMap<>();
            gameSent.shots().forEach(shot -> before.put(shot.attemptId(), shot));
            List<ShotView> changedShots = new ArrayList<>();
            for (ShotView shot : game.shots()) {
                if (!shot.equals(before.remove(shot.attemptId()))) {
                    changedShots.add(shot);
                }
            }
            if (!before.isEmpty()) {
                return wholeChange(timeline, gathered);
            }
            Integer moved = game.targetPosition() != gameSent.targetPosition() ? game.targetPosition() : null;
            LiveChange.GameChange gameChange = moved != null || !changedShots.isEmpty()
                    ? new LiveChange.GameChange(gameId, moved, changedShots.isEmpty() ? null : changedShots)
                    : null;
            List<Entry> entries = gathered > timelineSent ? timeline.gathered(timelineSent, gathered) : null;
            return new LiveChange(false, gameChange, unlessSame(range, rangeSent), unlessSame(board, boardSent),
                    unlessSame(consistency, consistencySent), entries);
        }

        @SuppressWarnings("unchecked")
        <T> T shared(Supplier<T> compute) {
            long view;
            synchronized (this) {
                if (shared != null && sharedFor == fullViews) {
                    return (T) shared;
                }
                view = fullViews;
            }
            T value = compute.get();
            synchronized (this) {
                if (view == fullViews) {
                    sharedFor = view;
                    shared = value;
                }
            }
            return value;
        }
    }
}

package dev.shootingrange.scenario.web;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.TransactionSynchronizationRegistry;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.Problem;
import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.exactlyonce.AfterCommit;
import dev.shootingrange.exactlyonce.Disposition;
import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.StepInterceptor;
import dev.shootingrange.scenario.domain.GameScenario;
import dev.shootingrange.scenario.lab.ConsistencyChecker;
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
 * and pushed with the rest as last seen. The rest (what the range and the leader board say, and the
 * checker's verdict on all of it) is asked for a moment later, again while the other services catch
 * up and the checker's patience for a lost shot runs out, and at most once a second per game. A game
 * nobody watches, or where nothing has happened for a minute, costs nothing however many browsers have
 * it open.
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
    private static final long FULL_SPACING_MS = 1_000;
    private static final long TICK_MS = 25;

    private enum Look {
        NONE, OWN, FULL
    }

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
    /** Full views computed since start (the other services asked): what the tests read to see that nothing is polled. */
    private final AtomicLong computed = new AtomicLong();

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
        return Multi.createFrom().<String> emitter(watcher -> {
            Feed feed;
            synchronized (feeds) {
                feed = feeds.computeIfAbsent(gameId, Feed::new);
                feed.watchers.add(watcher);
            }
            watcher.onTermination(() -> unwatch(feed, watcher));
            feed.welcome(watcher);
        }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    public long computed() {
        return computed.get();
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

    /** Something about the game changed here: show it now, and ask the other services soon. */
    public void changed(String gameId) {
        Feed feed = gameId == null ? null : feeds.get(gameId);
        if (feed != null) {
            feed.changed(System.currentTimeMillis());
        }
    }

    /** A copy received: seen once its handling committed, where there is one. */
    @Override
    public void received(Envelope message, Object read, Disposition disposition, boolean redelivered, String detail) {
        if (read instanceof RangeMessage received) {
            AfterCommit.run(transactions, () -> changed(received.gameId()));
        }
    }

    @Override
    public void published(List<Envelope> copies) {
        copies.forEach(copy -> changed(MessageCodec.peekGameId(copy.body())));
    }

    private void unwatch(Feed feed, MultiEmitter<? super String> watcher) {
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
            for (Feed feed : feeds.values()) {
                Look look = feed.due(now);
                if (look != Look.NONE) {
                    Infrastructure.getDefaultWorkerPool().execute(() -> feed.refresh(look == Look.FULL));
                }
            }
        } catch (RuntimeException e) {
            // A scheduled task that throws is never run again: the feeds would freeze.
            LOG.warnf("live views not refreshed: %s", e);
        }
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

    @PreDestroy
    void stop() {
        ticker.shutdownNow();
    }

    /** A watched game: its watchers, its view in parts, and when to look at it again. */
    private final class Feed {

        final String gameId;
        /** Added and removed under {@code feeds}; iterated under this feed's lock. */
        final List<MultiEmitter<? super String>> watchers = new CopyOnWriteArrayList<>();
        /** See {@link #keptWhileWatched}. */
        final Map<Class<?>, Object> kept = new ConcurrentHashMap<>();
        /** The view last pushed, and the other services' parts of it as last asked. */
        private String last;
        private Object range;
        private Object board;
        private Object consistency;
        private long fullViews;
        /** What {@link #sharedPerView} computed, and for which full view. */
        private Object shared;
        private long sharedFor = -1;
        private boolean ownDue;
        private final PriorityQueue<Long> fullLooks = new PriorityQueue<>();
        private long lastFull;
        private boolean refreshing;

        Feed(String gameId) {
            this.gameId = gameId;
        }

        synchronized void changed(long now) {
            ownDue = true;
            fullLooks.clear();
            for (long after : FULL_LOOKS_MS) {
                fullLooks.add(now + after);
            }
        }

        /** Which look is due now; it is taken off, and no other starts until this one ends. */
        synchronized Look due(long now) {
            if (refreshing) {
                return Look.NONE;
            }
            if (!fullLooks.isEmpty() && fullLooks.peek() <= now && now - lastFull >= FULL_SPACING_MS) {
                while (!fullLooks.isEmpty() && fullLooks.peek() <= now) {
                    fullLooks.poll();
                }
                lastFull = now;
                ownDue = false;
                refreshing = true;
                return Look.FULL;
            }
            if (ownDue) {
                ownDue = false;
                refreshing = true;
                return Look.OWN;
            }
            return Look.NONE;
        }

        /**
         * A new watcher gets the last view, or a full one computed now. Views go out under this feed's
         * lock, so a watcher never gets an older one last.
         */
        void welcome(MultiEmitter<? super String> watcher) {
            synchronized (this) {
                if (last != null) {
                    watcher.emit(last);
                    return;
                }
            }
            look(true);
            synchronized (this) {
                // In case the first view raced a change: ask again in a moment.
                fullLooks.add(System.currentTimeMillis() + FULL_LOOKS_MS[1]);
                if (last != null) {
                    watcher.emit(last);
                }
            }
        }

        void refresh(boolean full) {
            try {
                look(full);
            } catch (RuntimeException e) {
                LOG.debugf("live view of %s not computed: %s", gameId, e);
            } finally {
                synchronized (this) {
                    refreshing = false;
                }
            }
        }

        /** Reads the scenario's part, and the others' where {@code full}; pushes the view if it changed. */
        private void look(boolean full) {
            Map<String, Object> parts = inRequest(() -> {
                Map<String, Object> read = new LinkedHashMap<>();
                read.put("game", games.view(gameId));
                if (full) {
                    computed.incrementAndGet();
                    Object decided = answer(() -> services.range().range(gameId));
                    Object scores = answer(() -> services.leaderBoard().board(gameId));
                    read.put("range", decided);
                    read.put("leaderboard", scores);
                    // The checker judges on the answers just read, not on a second asking.
                    read.put("consistency", decided instanceof RangeApi.RangeView r && scores instanceof LeaderBoardApi.BoardView b
                            ? answer(() -> checker.judge(gameId, SETTLE, r, b,
                                    keptWhileWatched(gameId, ConsistencyChecker.Wire.class, () -> new ConsistencyChecker.Wire(gameId))))
                            : answer(() -> checker.judge(gameId, SETTLE)));
                }
                return read;
            });
            synchronized (this) {
                if (full) {
                    range = parts.get("range");
                    board = parts.get("leaderboard");
                    consistency = parts.get("consistency");
                    fullViews++;
                }
                Map<String, Object> view = new LinkedHashMap<>();
                view.put("game", parts.get("game"));
                view.put("range", range);
                view.put("leaderboard", board);
                view.put("consistency", consistency);
                // A console fetches the timeline again only when this moves: once per full view.
                view.put("timelineVersion", fullViews);
                String text = write(view);
                if (!text.equals(last)) {
                    last = text;
                    watchers.forEach(watcher -> watcher.emit(text));
                }
            }
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

        private String write(Map<String, Object> view) {
            try {
                return json.writeValueAsString(view);
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}

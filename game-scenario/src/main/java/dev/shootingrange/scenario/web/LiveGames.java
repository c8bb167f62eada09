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

import org.jboss.logging.Logger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.Problem;
import dev.shootingrange.contract.RangeMessage;
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
 * One live view per watched game, shared by every browser that watches it. It is computed when a
 * message of the game crosses this service (a shot or a move sent, an outcome received, a copy
 * dropped), then again a few times while the range and the leader board catch up and the checker's
 * patience for a lost shot runs out. A game nobody watches, or where nothing has happened for a
 * minute, costs nothing however many browsers have it open.
 */
@ApplicationScoped
public class LiveGames implements StepInterceptor {

    private static final Logger LOG = Logger.getLogger(LiveGames.class);
    /** How long a shot may wait for its outcome before the checker calls it lost. */
    static final Duration SETTLE = Duration.ofSeconds(5);
    /**
     * After a change, when to look again: soon (the other services handle the same messages a moment
     * later), after the checker's patience, and after the longest delay the lab's chaos can add.
     */
    private static final long[] FOLLOW_UPS_MS = { 150, 1_000, 2_500, 6_000, 15_000, 30_000, 61_000 };
    /** The first look waits a moment: a shot's FireAt and its outcome, a few ms apart, make one view. */
    private static final long TICK_MS = 50;
    /** A game that changes all the time is looked at twice a second at most, whoever watches it. */
    private static final long MIN_SPACING_MS = 500;

    private final GameScenario games;
    private final Services services;
    private final ConsistencyChecker checker;
    private final ObjectMapper json;
    private final Map<String, Feed> feeds = new ConcurrentHashMap<>();
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "live-games");
        thread.setDaemon(true);
        return thread;
    });
    /** Views computed since start: what the benchmark and the tests read to see that nothing is polled. */
    private final AtomicLong computed = new AtomicLong();

    LiveGames(GameScenario games, Services services, ConsistencyChecker checker, ObjectMapper json) {
        this.games = games;
        this.services = services;
        this.checker = checker;
        this.json = json;
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
     * What watchers of a game fetch after each view (its timeline, say), computed once per view and
     * shared: the first watcher to ask after a new view computes it, the others get that. A game
     * nobody watches has nothing to share, and {@code compute} runs for each call.
     */
    public <T> T sharedPerView(String gameId, Supplier<T> compute) {
        Feed feed = feeds.get(gameId);
        if (feed == null) {
            return compute.get();
        }
        return feed.shared(compute);
    }

    /** Something about the game changed here: look again now, and a few times after. */
    public void changed(String gameId) {
        Feed feed = gameId == null ? null : feeds.get(gameId);
        if (feed != null) {
            feed.changed(System.currentTimeMillis());
        }
    }

    @Override
    public void received(Envelope message, Object read, Disposition disposition, boolean redelivered, String detail) {
        if (read instanceof RangeMessage received) {
            changed(received.gameId());
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
                if (feed.due(now)) {
                    Infrastructure.getDefaultWorkerPool().execute(feed::refresh);
                }
            }
        } catch (RuntimeException e) {
            // A scheduled task that throws is never run again: the feeds would freeze.
            LOG.warnf("live views not refreshed: %s", e);
        }
    }

    /**
     * One view of the game; a service that does not answer is shown as such, not as an error. Computed
     * off any request (the ticker's refreshes), so in a request context of its own: the checker reads
     * the database outside a transaction.
     */
    String snapshot(String gameId) {
        ManagedContext request = Arc.container().requestContext();
        if (request.isActive()) {
            return view(gameId);
        }
        request.activate();
        try {
            return view(gameId);
        } finally {
            request.terminate();
        }
    }

    private String view(String gameId) {
        computed.incrementAndGet();
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("game", games.view(gameId));
        Object range = answer(() -> services.range().range(gameId));
        Object board = answer(() -> services.leaderBoard().board(gameId));
        view.put("range", range);
        view.put("leaderboard", board);
        // The checker judges on the answers just shown, not on a second asking.
        view.put("consistency", range instanceof RangeApi.RangeView decided && board instanceof LeaderBoardApi.BoardView scores
                ? answer(() -> checker.judge(gameId, SETTLE, decided, scores))
                : answer(() -> checker.judge(gameId, SETTLE)));
        try {
            return json.writeValueAsString(view);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object answer(java.util.function.Supplier<Object> call) {
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

    /** A watched game: its watchers, its last view, and when to look at it again. */
    private final class Feed {

        final String gameId;
        /** Added and removed under {@code feeds}; iterated by the one refresh that runs at a time. */
        final List<MultiEmitter<? super String>> watchers = new CopyOnWriteArrayList<>();
        private String last;
        /** What {@link #sharedPerView} computed for the view {@code last}, or null. */
        private Object sharedForLast;
        private String sharedFor;
        /** Instants (epoch ms) at which to compute the view again, earliest first. */
        private final PriorityQueue<Long> lookAgain = new PriorityQueue<>();
        private boolean refreshing;
        private long lastLook;

        Feed(String gameId) {
            this.gameId = gameId;
        }

        synchronized void changed(long now) {
            lookAgain.clear();
            for (long after : FOLLOW_UPS_MS) {
                lookAgain.add(now + after);
            }
        }

        /** Whether a look is due now; it is taken off, and no other starts until this one ends. */
        synchronized boolean due(long now) {
            if (refreshing || lookAgain.isEmpty() || lookAgain.peek() > now || now - lastLook < MIN_SPACING_MS) {
                return false;
            }
            lastLook = now;
            while (!lookAgain.isEmpty() && lookAgain.peek() <= now) {
                lookAgain.poll();
            }
            refreshing = true;
            return true;
        }

        /**
         * A new watcher gets the last view computed, or a fresh one (with a second look soon, in case it
         * raced a change). Views go out under this feed's lock, so a watcher never gets an older one last.
         */
        void welcome(MultiEmitter<? super String> watcher) {
            synchronized (this) {
                if (last != null) {
                    watcher.emit(last);
                    return;
                }
            }
            String view = snapshot(gameId);
            synchronized (this) {
                if (last == null) {
                    last = view;
                    lookAgain.add(System.currentTimeMillis() + FOLLOW_UPS_MS[1]);
                }
                watcher.emit(last);
            }
        }

        @SuppressWarnings("unchecked")
        <T> T shared(Supplier<T> compute) {
            String view;
            synchronized (this) {
                if (sharedForLast != null && sharedFor == last) {
                    return (T) sharedForLast;
                }
                view = last;
            }
            T value = compute.get();
            synchronized (this) {
                if (view == last) {
                    sharedFor = view;
                    sharedForLast = value;
                }
            }
            return value;
        }

        void refresh() {
            try {
                String view = snapshot(gameId);
                synchronized (this) {
                    if (!view.equals(last)) {
                        last = view;
                        watchers.forEach(watcher -> watcher.emit(view));
                    }
                }
            } catch (RuntimeException e) {
                LOG.debugf("live view of %s not computed: %s", gameId, e);
            } finally {
                synchronized (this) {
                    refreshing = false;
                }
            }
        }
    }
}

package dev.shootingrange.scenario.console.web;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.jboss.logging.Logger;

import dev.shootingrange.contract.Rules;
import io.smallrye.mutiny.infrastructure.Infrastructure;

/**
 * The ticker of the watched games (decision 9): each tick starts the own reads that are due, and at
 * most once a second one round asks the other services about every game whose look is due, each
 * service once for all of them (up to {@link Rules#MAX_GAMES_PER_ASK} games to a request). One round
 * runs at a time: a slow service delays the next instead of piling requests up.
 */
final class Rounds {

    private static final Logger LOG = Logger.getLogger(Rounds.class);
    private static final long TICK_MS = 25;

    private final Collection<Feed> feeds;
    private final FeedReads reads;
    private final OtherParts others;
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "live-games");
        thread.setDaemon(true);
        return thread;
    });
    /** When the next round may ask the other services (the ticker's thread alone reads and sets it). */
    private long nextRound;
    private final AtomicBoolean roundRunning = new AtomicBoolean();

    /** @param feeds the watched games, as they come and go */
    Rounds(Collection<Feed> feeds, FeedReads reads, OtherParts others) {
        this.feeds = feeds;
        this.reads = reads;
        this.others = others;
        ticker.scheduleWithFixedDelay(this::tick, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
    }

    void stop() {
        ticker.shutdownNow();
    }

    private void tick() {
        try {
            long now = System.currentTimeMillis();
            boolean round = now >= nextRound && !roundRunning.get();
            List<Feed> othersDue = new ArrayList<>();
            for (Feed feed : feeds) {
                if (round && feed.fullDue(now)) {
                    othersDue.add(feed);
                }
                reads.refreshOwnIfDue(feed);
            }
            if (!othersDue.isEmpty()) {
                nextRound = now + FullLooks.ROUND_MS;
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
                read[i] = due.get(i).nextRead();
            }
            List<Others> answers = new ArrayList<>(due.size());
            for (int from = 0; from < due.size(); from += Rules.MAX_GAMES_PER_ASK) {
                answers.addAll(others.read(due.subList(from, Math.min(due.size(), from + Rules.MAX_GAMES_PER_ASK))));
            }
            for (int i = 0; i < due.size(); i++) {
                due.get(i).tookOthers(read[i], answers.get(i));
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
}

package dev.shootingrange.scenario.console.web;

import java.util.PriorityQueue;

/**
 * When to ask the other services about a game again, and whether a round asking about it runs. Not
 * safe on its own: its {@link Feed} calls it under the feed's lock only.
 */
final class FullLooks {

    /**
     * After a change, when to ask the other services again: soon (they handle the same messages a
     * moment later), after the checker's patience, and after the longest delay the lab's chaos adds.
     */
    private static final long[] AFTER_CHANGE_MS = { 300, 1_000, 2_500, 6_000, 15_000, 30_000, 61_000 };
    /**
     * How often the other services are asked, in one round for every watched game whose look is due:
     * one request to each whatever the number of games, and no game asked about more than once a second.
     */
    static final long ROUND_MS = 1_000;

    private final PriorityQueue<Long> looks = new PriorityQueue<>();
    private boolean running;

    void changed(long now) {
        looks.clear();
        for (long after : AFTER_CHANGE_MS) {
            looks.add(now + after);
        }
    }

    /** In case a watcher's first view raced a change: ask again in a moment. */
    void afterWelcome(long now) {
        looks.add(now + AFTER_CHANGE_MS[1]);
    }

    /** A round that failed: ask again at the next. */
    void afterFailedRound(long now) {
        looks.add(now + ROUND_MS);
    }

    /** Whether the other services are to be asked now; the looks due are taken off, and no other round asks until this one {@link #ended}. */
    boolean start(long now) {
        if (running || looks.isEmpty() || looks.peek() > now) {
            return false;
        }
        while (!looks.isEmpty() && looks.peek() <= now) {
            looks.poll();
        }
        running = true;
        return true;
    }

    void ended() {
        running = false;
    }
}

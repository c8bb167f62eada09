package dev.shootingrange.lab;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Wrong instructor keys per client address: a client that sent {@link #ALLOWED} wrong keys in a minute
 * has its wrong keys answered at most once every {@link #PACE} until that minute has passed; the others
 * are refused (429), which tells a script to slow down. The right key is never asked here: it opens
 * before any pacing, so a room behind one address (a NAT, a proxy) sending wrong keys never keeps the
 * instructor out; the key's length keeps the room from guessing it
 * (docs/decisions/0033-the-right-instructor-key-always-opens.md). Kept in memory for at most
 * {@link #CLIENTS} clients: past that, minutes gone by are forgotten, and if that is not enough, all of them.
 */
final class KeyGuesses {

    static final int ALLOWED = 10;
    static final Duration WINDOW = Duration.ofMinutes(1);
    static final Duration PACE = Duration.ofSeconds(1);
    private static final int CLIENTS = 10_000;

    /** One client's wrong keys in the minute that began at {@code since}, and when a key of it was last tried. */
    private record Misses(long since, int count, long lastTried) {
        boolean paced(long now) {
            return count >= ALLOWED && now - since < WINDOW.toNanos();
        }
    }

    private final Map<String, Misses> misses = new ConcurrentHashMap<>();
    private final LongSupplier clock;

    KeyGuesses(LongSupplier nanoClock) {
        this.clock = nanoClock;
    }

    /**
     * Zero where this client's key may be tried now (counted as its try of this second, where it is
     * paced); otherwise how long until it may.
     */
    Duration tryNow(String client) {
        long now = clock.getAsLong();
        long[] left = { 0 };
        misses.computeIfPresent(client, (key, recorded) -> {
            if (!recorded.paced(now)) {
                return recorded;
            }
            left[0] = recorded.lastTried() + PACE.toNanos() - now;
            return left[0] > 0 ? recorded : new Misses(recorded.since(), recorded.count(), now);
        });
        return left[0] > 0 ? Duration.ofNanos(left[0]) : Duration.ZERO;
    }

    void missed(String client) {
        long now = clock.getAsLong();
        if (misses.size() >= CLIENTS) {
            misses.values().removeIf(recorded -> now - recorded.since() >= WINDOW.toNanos());
            if (misses.size() >= CLIENTS) {
                misses.clear();
            }
        }
        misses.merge(client, new Misses(now, 1, now), (last, first) -> now - last.since() >= WINDOW.toNanos()
                ? first : new Misses(last.since(), last.count() + 1, now));
    }
}

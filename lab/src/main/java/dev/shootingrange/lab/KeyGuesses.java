package dev.shootingrange.lab;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Wrong instructor keys per client, so that a room cannot guess the key: a client that sent
 * {@link #ALLOWED} wrong keys in a minute is refused until that minute has passed, with the right key
 * too. Kept in memory for at most {@link #CLIENTS} clients: past that, minutes gone by are forgotten,
 * and if that is not enough, all of them.
 */
final class KeyGuesses {

    static final int ALLOWED = 10;
    static final Duration WINDOW = Duration.ofMinutes(1);
    private static final int CLIENTS = 10_000;

    /** One client's wrong keys in the minute that began at {@code since}. */
    private record Misses(long since, int count) {
    }

    private final Map<String, Misses> misses = new ConcurrentHashMap<>();
    private final LongSupplier clock;

    KeyGuesses(LongSupplier nanoClock) {
        this.clock = nanoClock;
    }

    /** How long this client must wait before its next guess counts, or zero where it may guess now. */
    Duration waitFor(String client) {
        Misses recorded = misses.get(client);
        if (recorded == null || recorded.count() < ALLOWED) {
            return Duration.ZERO;
        }
        long left = recorded.since() + WINDOW.toNanos() - clock.getAsLong();
        return left > 0 ? Duration.ofNanos(left) : Duration.ZERO;
    }

    void missed(String client) {
        long now = clock.getAsLong();
        if (misses.size() >= CLIENTS) {
            misses.values().removeIf(recorded -> now - recorded.since() >= WINDOW.toNanos());
            if (misses.size() >= CLIENTS) {
                misses.clear();
            }
        }
        misses.merge(client, new Misses(now, 1), (last, first) -> now - last.since() >= WINDOW.toNanos()
                ? first : new Misses(last.since(), last.count() + 1));
    }
}

package dev.shootingrange.benchmark;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * One open-loop run: shots are fired at a fixed rate whatever the answers take (no coordinated
 * omission), each shot's latency runs from its intended start to the moment the leader board counted
 * it, read afterwards from the leader board's own database. The shots go round a few games, as a
 * workshop's tables play side by side, ten players in each.
 */
final class LoadRun {

    record Result(int rate, int sent, int accepted, int counted, double p50, double p95, double p99, double max,
            double drainSeconds) {

        /** Sustained: everything accepted was counted, and the backlog drained soon after the load stopped. */
        boolean sustained() {
            return accepted == sent && counted == accepted && drainSeconds <= 2.0;
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    // Daemon threads: the benchmark ends when its report is written.
    private final HttpClient http = HttpClient.newBuilder().executor(Executors.newFixedThreadPool(8, task -> {
        Thread thread = new Thread(task, "load-generator");
        thread.setDaemon(true);
        return thread;
    })).build();
    private final String scenarioUrl;
    private final AtomicInteger failures = new AtomicInteger();
    private final CountedShots counts;
    private final ConsoleGames consoleGames;

    LoadRun(String scenarioUrl, String leaderBoardJdbc, int games) {
        this.scenarioUrl = scenarioUrl;
        this.counts = new CountedShots(leaderBoardJdbc);
        this.consoleGames = new ConsoleGames(http, scenarioUrl, games);
    }

    Result run(int rate, Duration duration) throws Exception {
        return run(rate, duration, consoleGames.start());
    }

    /** The same on games already started (that consoles watch, say): only this run's shots are counted. */
    Result run(int rate, Duration duration, List<String> gameIds) throws Exception {
        failures.set(0);
        Map<String, Long> intendedStart = new ConcurrentHashMap<>();
        AtomicInteger accepted = new AtomicInteger();
        int total = (int) (rate * duration.toMillis() / 1000);
        long periodNanos = 1_000_000_000L / rate;
        long begin = System.nanoTime();
        long wallBegin = System.currentTimeMillis();
        ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();
        AtomicInteger fired = new AtomicInteger();
        clock.scheduleAtFixedRate(() -> {
            // Catch up with the schedule: a late tick fires every shot that was due.
            long due = Math.min(total, (System.nanoTime() - begin) / periodNanos + 1);
            while (fired.get() < due) {
                int index = fired.getAndIncrement();
                long intended = wallBegin + index * periodNanos / 1_000_000;
                fire(gameIds.get(index % gameIds.size()), index / gameIds.size(), intended, intendedStart, accepted);
            }
        }, 0, Math.max(1, periodNanos / 1000), TimeUnit.MICROSECONDS);
        while (fired.get() < total) {
            Thread.sleep(20);
        }
        clock.shutdownNow();
        long loadEnd = System.currentTimeMillis();
        // Wait until every accepted shot is counted, or the backlog stops shrinking for 10 s.
        long lastProgress = System.currentTimeMillis();
        int counted = 0;
        while (System.currentTimeMillis() - lastProgress < 10_000) {
            int now = thisRun(counts.counted(gameIds), intendedStart).size();
            if (now > counted) {
                counted = now;
                lastProgress = System.currentTimeMillis();
            }
            if (counted >= accepted.get() && accepted.get() + failures.get() >= total) {
                break;
            }
            Thread.sleep(100);
        }
        Map<String, Long> countedAt = thisRun(counts.counted(gameIds), intendedStart);
        long lastCount = countedAt.values().stream().mapToLong(Long::longValue).max().orElse(loadEnd);
        double[] latencies = countedAt.entrySet().stream()
                .filter(e -> intendedStart.containsKey(e.getKey()))
                .mapToDouble(e -> e.getValue() - intendedStart.get(e.getKey()))
                .sorted().toArray();
        return new Result(rate, total, accepted.get(), countedAt.size(), percentile(latencies, 50), percentile(latencies, 95),
                percentile(latencies, 99), latencies.length == 0 ? Double.NaN : latencies[latencies.length - 1],
                Math.max(0, lastCount - loadEnd) / 1000.0);
    }

    private void fire(String gameId, int index, long intended, Map<String, Long> intendedStart, AtomicInteger accepted) {
        String body = "{\"player\":\"p" + (index % 10) + "\",\"position\":" + (index % 100) + "}";
        HttpRequest request = HttpRequest.newBuilder(URI.create(scenarioUrl + "/api/games/" + gameId + "/shots"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
        http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).whenComplete((response, error) -> {
            if (error == null && response.statusCode() == 202) {
                try {
                    intendedStart.put(JSON.readTree(response.body()).path("attemptId").asText(), intended);
                    accepted.incrementAndGet();
                } catch (Exception e) {
                    failures.incrementAndGet();
                }
            } else {
                failures.incrementAndGet();
            }
        });
    }

    /** Games started through the console's API, each with its target at 42 at the range once this returns. */
    List<String> newGames(String rangeUrl) throws Exception {
        return consoleGames.startKnownTo(rangeUrl);
    }

    /** How many shots of these games the leader board has counted. */
    int countedIn(List<String> gameIds) throws SQLException {
        return counts.countedIn(gameIds);
    }

    private static Map<String, Long> thisRun(Map<String, Long> counted, Map<String, Long> fired) {
        counted.keySet().retainAll(fired.keySet());
        return counted;
    }

    static double percentile(double[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int index = (int) Math.ceil(p / 100 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    static List<Integer> ladder(String rates) {
        List<Integer> ladder = new ArrayList<>();
        Arrays.stream(rates.split(",")).map(String::trim).map(Integer::parseInt).forEach(ladder::add);
        return ladder;
    }
}

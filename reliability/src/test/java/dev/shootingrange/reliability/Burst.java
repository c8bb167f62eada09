package dev.shootingrange.reliability;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Shots fired over HTTP at a steady pace, with faults injected when given shots go out. Each shot is
 * sent until the game accepts it (202): a refused connection or a 503 while a service or its database
 * is away means "not taken, try again". A request that got no clear answer may or may not have been
 * taken: it is counted as indeterminate, and the checker allows at most that many shots it did not see
 * accepted.
 *
 * Every game has its target at {@link #TARGET}; shots alternate between the target and {@link #MISS},
 * so which shots hit is known in advance.
 */
final class Burst {

    static final int TARGET = 42;
    static final int MISS = 7;
    static final List<String> PLAYERS = List.of("ann", "ben", "cat", "dan");
    /** Shots per burst: short in ./mvnw verify, 2,000 in scripts/reliability.sh. */
    static final int SHOTS = Integer.getInteger("reliability.shots", 300);
    private static final int SHOTS_PER_SECOND = 100;
    private static final int SENDERS = 4;
    private static final Pattern ATTEMPT = Pattern.compile("\"attemptId\"\\s*:\\s*\"([0-9a-f-]{36})\"");
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();

    record Shot(UUID attemptId, String player, int position) {
        boolean hits() {
            return position == TARGET;
        }
    }

    record Result(String gameId, Map<UUID, Shot> accepted, int indeterminate, int retried, int faultsInjected) {
    }

    private final Cluster cluster;
    private final int shots;
    private final Map<Integer, List<Runnable>> faults = new TreeMap<>();
    private int faultCount;

    Burst(Cluster cluster, int shots) {
        this.cluster = cluster;
        this.shots = shots;
    }

    /** A fault run on a thread of its own when shot {@code shot} goes out; the burst goes on meanwhile. */
    Burst at(int shot, Runnable fault) {
        faults.computeIfAbsent(shot, k -> new ArrayList<>()).add(fault);
        faultCount++;
        return this;
    }

    /** The same fault, {@code times} times, spread evenly over the middle of the burst. */
    Burst repeatedly(int times, Runnable fault) {
        for (int i = 1; i <= times; i++) {
            at(shots * i / (times + 1), fault);
        }
        return this;
    }

    Result fire() {
        String gameId = newGame();
        Map<UUID, Shot> accepted = new ConcurrentHashMap<>();
        AtomicInteger indeterminate = new AtomicInteger();
        AtomicInteger retried = new AtomicInteger();
        AtomicInteger next = new AtomicInteger();
        List<CompletableFuture<Void>> running = new ArrayList<>();
        ExecutorService faultThreads = Executors.newCachedThreadPool();
        ExecutorService senders = Executors.newFixedThreadPool(SENDERS);
        long start = System.nanoTime();
        try {
            List<CompletableFuture<Void>> sending = new ArrayList<>();
            for (int s = 0; s < SENDERS; s++) {
                sending.add(CompletableFuture.runAsync(() -> {
                    for (int i = next.getAndIncrement(); i < shots; i = next.getAndIncrement()) {
                        for (Runnable fault : faults.getOrDefault(i, List.of())) {
                            synchronized (running) {
                                running.add(CompletableFuture.runAsync(fault, faultThreads));
                            }
                        }
                        paceTo(start + TimeUnit.SECONDS.toNanos(i) / SHOTS_PER_SECOND);
                        Shot shot = send(gameId, i, indeterminate, retried);
                        accepted.put(shot.attemptId(), shot);
                    }
                }, senders));
            }
            CompletableFuture.allOf(sending.toArray(CompletableFuture[]::new)).join();
            synchronized (running) {
                CompletableFuture.allOf(running.toArray(CompletableFuture[]::new)).join();
            }
        } finally {
            senders.shutdownNow();
            faultThreads.shutdownNow();
        }
        return new Result(gameId, Map.copyOf(accepted), indeterminate.get(), retried.get(), faultCount);
    }

    private String newGame() {
        String body = post(cluster.scenario.baseUrl() + "/api/games", "{\"targetPosition\": " + TARGET + "}").body();
        String gameId = body.replaceAll(".*\"gameId\"\\s*:\\s*\"([^\"]+)\".*", "$1");
        // FireAt and MoveTarget may be handled in any order: shoot only once the range has the target.
        await().atMost(Duration.ofSeconds(30)).until(() -> Cluster.getJson(cluster.range.baseUrl() + "/api/ranges/" + gameId)
                .path("targetPosition").asInt(-1) == TARGET);
        return gameId;
    }

    /** Sends shot {@code i} until accepted; a shot the game never accepts within a minute fails the burst. */
    private Shot send(String gameId, int i, AtomicInteger indeterminate, AtomicInteger retried) {
        String player = PLAYERS.get(i % PLAYERS.size());
        int position = (i / PLAYERS.size()) % 2 == 0 ? TARGET : MISS;
        String body = "{\"player\": \"" + player + "\", \"position\": " + position + "}";
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (true) {
            try {
                HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(
                        URI.create(cluster.scenario.baseUrl() + "/api/games/" + gameId + "/shots"))
                        .header("Content-Type", "application/json").timeout(Duration.ofSeconds(10))
                        .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 202) {
                    Matcher attempt = ATTEMPT.matcher(response.body());
                    if (!attempt.find()) {
                        throw new IllegalStateException("202 without an attemptId: " + response.body());
                    }
                    return new Shot(UUID.fromString(attempt.group(1)), player, position);
                }
                if (response.statusCode() != 503 && response.statusCode() < 500) {
                    throw new IllegalStateException("shot " + i + " answered " + response.statusCode() + ": " + response.body());
                }
                // 503 or 500: the transaction may have failed at its commit; nobody can tell from here.
                indeterminate.incrementAndGet();
            } catch (ConnectException refused) {
                // The service is away: nothing reached it.
            } catch (IOException unanswered) {
                indeterminate.incrementAndGet();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            retried.incrementAndGet();
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("shot " + i + " was not accepted within a minute");
            }
            paceTo(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100));
        }
    }

    private static HttpResponse<String> post(String url, String body) {
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 != 2) {
                throw new IllegalStateException("POST " + url + " answered " + response.statusCode() + ": " + response.body());
            }
            return response;
        } catch (IOException e) {
            throw new IllegalStateException("POST " + url, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The generator's pace: it waits until a shot is due (or a refused one may be tried again). */
    private static void paceTo(long nanoTime) {
        long wait = nanoTime - System.nanoTime();
        if (wait > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}

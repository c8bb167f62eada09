package dev.shootingrange.benchmark;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A workshop room: players each firing about a shot a second at their table's game, each with a
 * console open on it, and the instructor starting the storm experiment in the middle. A shot's latency
 * runs from its request to the first console showing its outcome; a shot no console ever shows an
 * outcome for is lost.
 */
final class RoomRun {

    private static final ObjectMapper JSON = new ObjectMapper();
    static final Duration WARMED = Duration.ofSeconds(20);

    private final LoadRun load;
    private final String scenarioUrl;
    /** HTTP/1.1, as a browser's console fires: see {@link Consoles}. */
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    RoomRun(LoadRun load, String scenarioUrl) {
        this.load = load;
        this.scenarioUrl = scenarioUrl;
    }

    String measure(String rangeUrl, int players, Duration duration) throws Exception {
        List<String> games = load.newGames(rangeUrl);
        Map<String, Long> shownAt = new ConcurrentHashMap<>();
        try (Consoles consoles = new Consoles(scenarioUrl)) {
            openConsoles(consoles, games, players, shownAt);
            warmUp(games, players, shownAt);
            Map<String, Long> firedAt = new ConcurrentHashMap<>();
            AtomicInteger refused = new AtomicInteger();
            long[] storm = new long[2];
            long start = System.currentTimeMillis();
            play(games, players, duration, firedAt, refused, () -> {
                storm[0] = System.currentTimeMillis();
                post("/api/lab/experiments/storm", "{\"protections\":\"on\"}");
                storm[1] = System.currentTimeMillis();
            });
            awaitShown(firedAt, shownAt, Duration.ofSeconds(30));
            return RoomTable.table(players, games.size(), duration, start, storm, firedAt, shownAt, refused.get());
        }
    }

    /** A console per player, each on its table's game: {@code shownAt} gets when each shot's outcome was first shown. */
    static void openConsoles(Consoles consoles, List<String> games, int players, Map<String, Long> shownAt) {
        for (int player = 0; player < players; player++) {
            consoles.open(games.get(player % games.size()), view -> outcomesShown(view, shownAt));
        }
    }

    /**
     * The same room unmeasured first, until all its shots are shown: a lab's first minute is the JVMs'
     * (class loading, compiling), and a room is measured warm, as the viewers' cost is. Returns the shots it fired.
     */
    Map<String, Long> warmUp(List<String> games, int players, Map<String, Long> shownAt) throws InterruptedException {
        Map<String, Long> warmFired = new ConcurrentHashMap<>();
        play(games, players, WARMED, warmFired, new AtomicInteger(), null);
        awaitShown(warmFired, shownAt, Duration.ofSeconds(30));
        return warmFired;
    }

    /**
     * Each player fires a shot a second for {@code duration}; {@code instructor}, if any, runs a third of
     * the way in (the storm, say), beside the players.
     */
    void play(List<String> games, int players, Duration duration, Map<String, Long> firedAt, AtomicInteger refused,
            Runnable instructor) throws InterruptedException {
        ScheduledExecutorService room = Executors.newScheduledThreadPool(2);
        try {
            for (int player = 0; player < players; player++) {
                String game = games.get(player % games.size());
                String body = "{\"player\":\"player-" + player + "\",\"position\":%d}";
                room.scheduleAtFixedRate(() -> fire(game, body.formatted(ThreadLocalRandom.current().nextInt(100)), firedAt, refused),
                        ThreadLocalRandom.current().nextInt(1000), 1000, TimeUnit.MILLISECONDS);
            }
            if (instructor != null) {
                room.schedule(instructor, duration.toMillis() / 3, TimeUnit.MILLISECONDS);
            }
            Thread.sleep(duration.toMillis());
            room.shutdown();
            room.awaitTermination(2, TimeUnit.MINUTES);
        } finally {
            room.shutdownNow();
        }
    }

    /** Until every shot fired is shown on a console, for {@code atMost}. */
    static void awaitShown(Map<String, Long> firedAt, Map<String, Long> shownAt, Duration atMost) throws InterruptedException {
        long deadline = System.currentTimeMillis() + atMost.toMillis();
        while (!shownAt.keySet().containsAll(firedAt.keySet()) && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
    }

    /** Asynchronous, as each player's browser is: a slow answer delays no other player's shot. */
    private void fire(String game, String body, Map<String, Long> firedAt, AtomicInteger refused) {
        long sent = System.currentTimeMillis();
        http.sendAsync(HttpRequest.newBuilder(URI.create(scenarioUrl + "/api/games/" + game + "/shots"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString()).whenComplete((response, failure) -> {
                    try {
                        if (failure == null && response.statusCode() == 202) {
                            firedAt.put(JSON.readTree(response.body()).path("attemptId").asText(), sent);
                        } else {
                            refused.incrementAndGet();
                        }
                    } catch (Exception e) {
                        refused.incrementAndGet();
                    }
                });
    }

    /** The answer's status: the room goes on whatever the instructor's request got. */
    int post(String path, String body) {
        try {
            return http.send(HttpRequest.newBuilder(URI.create(scenarioUrl + path)).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (Exception e) {
            throw new IllegalStateException("POST " + path, e);
        }
    }

    private static void outcomesShown(String view, Map<String, Long> shownAt) {
        long now = System.currentTimeMillis();
        try {
            for (JsonNode shot : JSON.readTree(view).path("game").path("shots")) {
                if (!"PENDING".equals(shot.path("outcome").asText())) {
                    shownAt.putIfAbsent(shot.path("attemptId").asText(), now);
                }
            }
        } catch (Exception e) {
            // a view that cannot be read shows nothing
        }
    }
}

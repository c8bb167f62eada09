package dev.shootingrange.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.Rules;
import dev.shootingrange.processes.ServiceProcess;

/**
 * One scripted browser cannot take the lab down: 5,000 shots posted into one game, then that game
 * asked for 40 times in one request, eight such requests at once, against the packaged services and
 * their real 64 MB heaps. A game takes at most game.max-shots (2,500) and says so with a 429 problem;
 * the range reads a game named twice once and refuses an answer beyond 10,000 outcomes; every service
 * answers and stays ready.
 */
class BoundedRoomIT {

    private static final int POSTED = 5_000;
    private static final int MAX_SHOTS = 2_500;
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void twentyThousandShotsIntoOneGameAndFortyIdReadsLeaveEveryServiceReady() throws Exception {
        String gameId = LabProcesses.newGame(42);
        LabProcesses.awaitTarget(gameId, 42);
        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        List<String> refusals = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger next = new AtomicInteger();
        ExecutorService senders = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> sending = new ArrayList<>();
            for (int s = 0; s < 8; s++) {
                sending.add(senders.submit(() -> {
                    for (int i = next.getAndIncrement(); i < POSTED; i = next.getAndIncrement()) {
                        HttpResponse<String> answer = post(LabProcesses.SCENARIO.baseUrl() + "/api/games/" + gameId + "/shots",
                                "{\"player\": \"p" + (i % 50) + "\", \"position\": " + (i % 2 == 0 ? 42 : 7) + "}");
                        statuses.computeIfAbsent(answer.statusCode(), k -> new AtomicInteger()).incrementAndGet();
                        if (answer.statusCode() == 429 && refusals.isEmpty()) {
                            refusals.add(answer.headers().firstValue("Content-Type").orElse("") + " " + answer.body());
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> sent : sending) {
                sent.get();
            }

            assertThat(statuses.get(202)).as("shots taken").hasValue(MAX_SHOTS);
            assertThat(statuses.get(429)).as("shots refused").hasValue(POSTED - MAX_SHOTS);
            assertThat(statuses.keySet()).containsOnly(202, 429);
            assertThat(refusals.get(0)).startsWith("application/problem+json").contains("game.max-shots");
            await().atMost(Duration.ofMinutes(2)).until(() -> outcomesAtTheRange(gameId) == MAX_SHOTS);

            String fortyTimes = String.join("&", Collections.nCopies(Rules.MAX_GAMES_PER_ASK, "gameId=" + gameId));
            List<Future<HttpResponse<String>>> reads = new ArrayList<>();
            for (int r = 0; r < 8; r++) {
                reads.add(senders.submit(() -> get(LabProcesses.RANGE.baseUrl() + "/api/ranges?" + fortyTimes)));
                reads.add(senders.submit(() -> get(LabProcesses.BOARD.baseUrl() + "/api/leaderboard?" + fortyTimes)));
                reads.add(senders.submit(() -> get(LabProcesses.SCENARIO.baseUrl() + "/api/games/" + gameId)));
            }
            for (int r = 0; r < reads.size(); r += 3) {
                HttpResponse<String> range = reads.get(r).get();
                assertThat(range.statusCode()).as("40 copies of 2,500 outcomes in one answer").isEqualTo(400);
                assertThat(range.body()).contains("ask for fewer games");
                assertThat(reads.get(r + 1).get().statusCode()).as("50 players, 40 times").isEqualTo(200);
                assertThat(reads.get(r + 2).get().statusCode()).as("the game's view").isEqualTo(200);
            }
            assertThat(get(LabProcesses.RANGE.baseUrl() + "/api/ranges?gameId=" + gameId + "&gameId=" + gameId
                    + "&gameId=" + gameId + "&gameId=" + gameId).statusCode()).as("four copies: 10,000 outcomes").isEqualTo(200);
        } finally {
            senders.shutdownNow();
        }
        for (ServiceProcess service : List.of(LabProcesses.RANGE, LabProcesses.BOARD, LabProcesses.SCENARIO)) {
            assertThat(get(service.baseUrl() + "/q/health/ready").statusCode()).as(service.name() + " ready").isEqualTo(200);
            assertThat(service.logText()).as(service.name() + "'s log").doesNotContain("OutOfMemoryError");
        }
    }

    private static long outcomesAtTheRange(String gameId) throws Exception {
        String body = get(LabProcesses.RANGE.baseUrl() + "/api/ranges/" + gameId).body();
        return body.split("\"attemptId\"", -1).length - 1;
    }

    private static HttpResponse<String> post(String url, String body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> get(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }
}

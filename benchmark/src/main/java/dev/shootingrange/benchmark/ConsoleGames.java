package dev.shootingrange.benchmark;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;

/** The games a run's shots go round, started through the console's API as a workshop's tables start them. */
final class ConsoleGames {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final String scenarioUrl;
    private final int games;

    ConsoleGames(HttpClient http, String scenarioUrl, int games) {
        this.http = http;
        this.scenarioUrl = scenarioUrl;
        this.games = games;
    }

    /** As many new games as the run goes round. */
    List<String> start() throws Exception {
        List<String> gameIds = new ArrayList<>();
        for (int i = 0; i < games; i++) {
            gameIds.add(newGame());
        }
        return gameIds;
    }

    /** Games started through the console's API, each with its target at 42 at the range once this returns. */
    List<String> startKnownTo(String rangeUrl) throws Exception {
        List<String> gameIds = start();
        for (String gameId : gameIds) {
            HttpRequest request = HttpRequest.newBuilder(URI.create(rangeUrl + "/api/ranges/" + gameId)).build();
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (http.send(request, HttpResponse.BodyHandlers.ofString()).statusCode() != 200) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the range never learnt game " + gameId);
                }
                Thread.sleep(50);
            }
        }
        return gameIds;
    }

    private String newGame() throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(scenarioUrl + "/api/games"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"targetPosition\":42}"))
                .build();
        return JSON.readTree(http.send(request, HttpResponse.BodyHandlers.ofString()).body()).path("gameId").asText();
    }
}

package dev.shootingrange.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.shootingrange.processes.ServiceProcess;

/**
 * Load is shed, never fatal: 300 of the largest reads the caps allow, fired at once at each packaged
 * service on its shipped 64 MB heap (before admission, 150 such reads took the range down with an
 * OutOfMemoryError). Full games are written straight into the services' tables: eight of 2,500 outcomes
 * at the range, four boards of 2,500 players, 1,000 history entries for each of 40 games at both, and
 * one game of 2,500 shots at the console, whose timeline and check gather the others' histories. Every
 * answer is 200 or a 503 with Retry-After, no service exits or runs out of heap, and a shot fired
 * afterwards is answered.
 */
class LargeReadsIT {

    private static final int AT_ONCE = 300;
    private static final String FOUR_GAMES = "gameId=big-1&gameId=big-2&gameId=big-3&gameId=big-4";
    private static final String FORTY_GAMES = IntStream.rangeClosed(1, 40).mapToObj(g -> "gameId=big-" + g)
            .collect(Collectors.joining("&"));
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeAll
    static void writeFullGames() throws SQLException {
        String history = """
                insert into message_history (game_id, direction, message_id, type, attempt_id, disposition, body, recorded_at)
                select 'big-' || g, 'IN', gen_random_uuid(), 'FireAt', gen_random_uuid(), 'HANDLED',
                '{"type":"FireAt","messageId":"' || gen_random_uuid() || '","gameId":"big-' || g || '","sentAt":"2026-12-07T21:55:40.953402554Z","causationId":null,"attemptId":"' || gen_random_uuid() || '","player":"player-' || i || '","position":42}',
                now() from generate_series(1, 40) g, generate_series(1, 1000) i""";
        inDatabase("shooting_range", "delete from outcome where game_id like 'big-%'",
                "delete from message_history where game_id like 'big-%'", """
                insert into outcome (message_id, game_id, attempt_id, outcome, decided_at, causation_id)
                select gen_random_uuid(), 'big-' || g, gen_random_uuid(), case when i % 2 = 0 then 'HIT' else 'MISSED' end,
                now(), gen_random_uuid() from generate_series(1, 8) g, generate_series(1, 2500) i""", history);
        inDatabase("leader_board", "delete from player_score where game_id like 'big-%'",
                "delete from message_history where game_id like 'big-%'", """
                insert into player_score (game_id, player, shots, hits)
                select 'big-' || g, 'player-' || i, 1, i % 2 from generate_series(1, 4) g, generate_series(1, 2500) i""", history);
        inDatabase("game_scenario", "delete from shot where game_id = 'big-1'", "delete from game where game_id = 'big-1'",
                "insert into game (game_id, target_position, created_at, shots_taken) values ('big-1', 42, now(), 2500)", """
                insert into shot (attempt_id, game_id, player, position, fired_at, hit_seen, missed_seen)
                select gen_random_uuid(), 'big-1', 'player-' || i, 42, now(), i % 2 = 0, i % 2 = 1 from generate_series(1, 2500) i""");
    }

    @Test
    void theLargestReadsAtOnceAreAnsweredOrShedAndEveryServiceStaysUp() throws Exception {
        Map<String, Map<Integer, Integer>> answers = new TreeMap<>();
        for (String read : List.of(
                LabProcesses.RANGE.baseUrl() + "/api/ranges?" + FOUR_GAMES,
                LabProcesses.RANGE.baseUrl() + "/api/lab/history?size=1000&" + FORTY_GAMES,
                LabProcesses.BOARD.baseUrl() + "/api/leaderboard?" + FOUR_GAMES,
                LabProcesses.SCENARIO.baseUrl() + "/api/games/big-1/timeline",
                LabProcesses.SCENARIO.baseUrl() + "/api/games/big-1/consistency?settleSeconds=0")) {
            answers.put(read, atOnce(read));
        }
        System.out.println("Answers to " + AT_ONCE + " reads at once: " + answers);

        answers.forEach((read, statuses) -> assertThat(statuses.keySet()).as(read + ": " + statuses)
                .isNotEmpty().isSubsetOf(200, 429, 503).contains(200));
        for (ServiceProcess service : List.of(LabProcesses.RANGE, LabProcesses.BOARD, LabProcesses.SCENARIO)) {
            assertThatThrownBy(service::exitValue).as(service.name() + " still running").isInstanceOf(IllegalThreadStateException.class);
            assertThat(service.logText()).as(service.name() + "'s log").doesNotContain("OutOfMemoryError");
        }
        String gameId = LabProcesses.newGame(42);
        LabProcesses.fire(gameId, "after-the-storm", 42);
        await().atMost(Duration.ofSeconds(30)).until(() -> HTTP.send(HttpRequest.newBuilder(
                URI.create(LabProcesses.BOARD.baseUrl() + "/api/leaderboard/" + gameId)).build(),
                HttpResponse.BodyHandlers.ofString()).body().contains("after-the-storm"));
    }

    /** The read fired {@value #AT_ONCE} times at once: how many answers of each status; a 503 must say when to come back. */
    private static Map<Integer, Integer> atOnce(String read) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(read)).timeout(Duration.ofSeconds(60)).build();
        List<CompletableFuture<HttpResponse<Void>>> sent = IntStream.range(0, AT_ONCE)
                .mapToObj(i -> HTTP.sendAsync(request, HttpResponse.BodyHandlers.discarding())).toList();
        Map<Integer, Integer> statuses = new TreeMap<>();
        for (CompletableFuture<HttpResponse<Void>> answer : sent) {
            HttpResponse<Void> response = answer.join();
            statuses.merge(response.statusCode(), 1, Integer::sum);
            if (response.statusCode() == 503) {
                assertThat(response.headers().firstValue("Retry-After")).as(read + " shed").isPresent();
            }
        }
        return statuses;
    }

    private static void inDatabase(String database, String... statements) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:postgresql://localhost:5432/" + database, "postgres", "");
                Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }
}

package dev.shootingrange.scenario;

import static dev.shootingrange.scenario.LabProcesses.fire;
import static dev.shootingrange.scenario.LabProcesses.moveTarget;
import static dev.shootingrange.scenario.LabProcesses.newGame;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.startsWith;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.shootingrange.processes.ServiceProcess;
import io.restassured.specification.RequestSpecification;

/** The three packaged services as separate processes, playing a game through the HTTP API only. */
class ShootingRangeLabIT {

    private static final ServiceProcess range = LabProcesses.RANGE;
    private static final ServiceProcess board = LabProcesses.BOARD;
    private static final ServiceProcess scenario = LabProcesses.SCENARIO;
    private static final int FRESH_GAMES = 200;

    @Test
    void aGamePlayedThroughTheApiIsConsistentAcrossTheThreeServices() {
        String gameId = newGame(42);
        fire(gameId, "alice", 42);
        fire(gameId, "bob", 7);
        fire(gameId, "alice", 1);
        moveTarget(gameId, 1);
        fire(gameId, "carol", 1);

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> given().baseUri(scenario.baseUrl())
                .get("/api/games/{gameId}", gameId).then()
                .body("shots", hasSize(4))
                .body("shots.outcome", contains("HIT", "MISSED", "MISSED", "HIT")));
        await().untilAsserted(() -> given().baseUri(board.baseUrl())
                .get("/api/leaderboard/{gameId}", gameId).then()
                .body("players.player", contains("carol", "alice", "bob"))
                .body("players.shots", contains(1, 2, 1))
                .body("players.hits", contains(1, 1, 0)));
        given().baseUri(range.baseUrl()).get("/api/ranges/{gameId}", gameId).then()
                .body("targetPosition", equalTo(1))
                .body("outcomes.outcome", contains("HIT", "MISSED", "MISSED", "HIT"));
        for (ServiceProcess service : new ServiceProcess[] { scenario, range, board }) {
            given().baseUri(service.baseUrl()).get("/q/metrics").then()
                    .body(containsString("inbox_handled_total"))
                    .body(containsString("outbox_pending"));
        }
        given().baseUri(scenario.baseUrl()).get("/q/health/live").then()
                .statusCode(200).body("checks.status", everyItem(equalTo("UP")));
    }

    /** The packaged services document their HTTP API, and show it, as the tests' builds do. */
    @Test
    void everyPackagedServiceServesItsOpenApiDocumentAndSwaggerUi() {
        for (ServiceProcess service : new ServiceProcess[] { scenario, range, board }) {
            given().baseUri(service.baseUrl()).get("/q/openapi?format=json").then()
                    .statusCode(200).body("openapi", startsWith("3."));
            given().baseUri(service.baseUrl()).get("/q/swagger-ui/").then().statusCode(200);
        }
    }

    /** The console reaches the other services' labs through typed clients; their errors come back named. */
    @Test
    void aBadChangeToAnotherServicesLabIsItsOwnProblemUnderItsName() {
        given().baseUri(scenario.baseUrl()).contentType("application/json").body("{\"attemptDedup\": false}")
                .put("/api/lab/services/shooting-range/protections").then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", equalTo("shooting-range: unknown protection 'attemptDedup'; shooting-range has [inbox, outbox, deterministicIds]"));
        given().baseUri(scenario.baseUrl()).get("/api/lab/services/leader-board").then()
                .statusCode(200)
                .body("service", equalTo("leader-board"))
                .body("protections.attemptDedup", equalTo(true));
    }

    /**
     * A new user's first move: create a game with its target at 42 and fire at 42 at once. The shot
     * often reaches the range before the game's first MoveTarget; it must wait for it, never be judged
     * against no target. Every one of these shots is a Hit.
     */
    @Test
    void aShotFiredTheMomentItsGameStartsHits() {
        List<String> games = new ArrayList<>();
        for (int i = 0; i < FRESH_GAMES; i++) {
            String gameId = given().baseUri(scenario.baseUrl()).contentType("application/json")
                    .body("{\"targetPosition\": 42}").post("/api/games").then()
                    .statusCode(201).extract().path("gameId");
            fire(gameId, "newcomer", 42);
            games.add(gameId);
        }

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            for (String gameId : games) {
                given().baseUri(scenario.baseUrl()).get("/api/games/{gameId}", gameId).then()
                        .body("shots.outcome", contains("HIT"));
            }
        });
    }

    /**
     * The same FireAt handled twice by a range without its inbox. With deterministic ids both answers
     * are one message, byte for byte, and the leader board's inbox drops the second; with random ids
     * the second is a new message and counts again (attemptDedup off, so only the inbox could stop it).
     */
    @ParameterizedTest(name = "deterministicIds {0}")
    @CsvSource({ "true, 1", "false, 2" })
    void aShotHandledTwiceIsAnsweredWithTheSameBytesOnlyWithDeterministicIds(boolean deterministicIds, int hitsCounted) {
        try {
            lab(range).body(Map.of("inbox", false, "deterministicIds", deterministicIds)).put("/api/lab/protections")
                    .then().statusCode(200);
            lab(board).body(Map.of("attemptDedup", false)).put("/api/lab/protections").then().statusCode(200);
            String gameId = newGame(42);
            fire(gameId, "alice", 42);
            String fireAt = await().until(() -> history(scenario, gameId, "OUT", "FireAt"), found -> found.size() == 1)
                    .get(0).get("messageId");
            await().until(() -> history(board, gameId, "IN", "Hit"), found -> found.size() == 1);

            lab(scenario).body(Map.of("newMessageId", false)).post("/api/lab/outbox/{messageId}/resend", fireAt)
                    .then().statusCode(200);

            List<Map<String, String>> received = await().atMost(Duration.ofSeconds(20))
                    .until(() -> history(board, gameId, "IN", "Hit"), found -> found.size() == 2);
            List<Map<String, String>> sent = history(range, gameId, "OUT", "Hit");
            assertThat(sent).hasSize(2);
            if (deterministicIds) {
                assertThat(sent.get(1).get("messageId")).isEqualTo(sent.get(0).get("messageId"));
                assertThat(sent.get(1).get("body")).isEqualTo(sent.get(0).get("body"));
                assertThat(received).extracting(entry -> entry.get("disposition")).containsExactly("HANDLED", "DUPLICATE");
            } else {
                assertThat(sent.get(1).get("messageId")).isNotEqualTo(sent.get(0).get("messageId"));
            }
            await().untilAsserted(() -> given().baseUri(board.baseUrl()).get("/api/leaderboard/{gameId}", gameId).then()
                    .body("players.hits", contains(hitsCounted)));
        } finally {
            for (ServiceProcess service : new ServiceProcess[] { range, board }) {
                lab(service).post("/api/lab/reset").then().statusCode(200);
            }
        }
    }

    private static RequestSpecification lab(ServiceProcess service) {
        return given().baseUri(service.baseUrl()).contentType("application/json");
    }

    /** The service's record of one game's messages of a type, going one way, in the order recorded. */
    private static List<Map<String, String>> history(ServiceProcess service, String gameId, String direction, String type) {
        List<Map<String, String>> entries = given().baseUri(service.baseUrl()).get("/api/lab/history/{gameId}", gameId)
                .then().statusCode(200).extract().jsonPath().getList("entries");
        return entries.stream().filter(entry -> direction.equals(entry.get("direction")) && type.equals(entry.get("type")))
                .toList();
    }
}

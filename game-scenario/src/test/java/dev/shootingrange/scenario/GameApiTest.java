package dev.shootingrange.scenario;

import static dev.shootingrange.testing.Service.count;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import java.util.List;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Hit;
import dev.shootingrange.contract.Missed;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.testing.Broker;
import dev.shootingrange.testing.Service;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

/** The scenario's HTTP API, what it puts on the wire, and what it learns from the range's events. */
@QuarkusTest
class GameApiTest {

    private final Broker broker = Broker.shared();

    @Inject
    MeterRegistry registry;

    private Broker.Wire commands;

    @BeforeEach
    void watchTheCommands() {
        Service.awaitReady();
        commands = broker.watch(Topology.COMMANDS, "FireAt", "MoveTarget");
    }

    /** A room of strangers: a replay too long to play, or a body too large to read, is refused up front. */
    @Test
    void aReplayTooLongOrABodyTooLargeIsRefusedBeforeAnythingRuns() {
        String step = "{\"player\":\"p\",\"position\":1},";
        String tooManySteps = "{\"steps\":[" + step.repeat(1_001) + "{\"move\":3}]}";
        given().contentType(ContentType.JSON).body(tooManySteps).post("/api/games/replay").then()
                .statusCode(400)
                .body("detail", equalTo("a scenario has at most 1000 steps; this one has 1002"));

        String tooLarge = "{\"steps\":[],\"pad\":\"" + "x".repeat(2 * 1024 * 1024) + "\"}";
        given().contentType(ContentType.JSON).body(tooLarge).post("/api/games/replay").then().statusCode(413);
    }

    @Test
    void creatingAGameAnswersWithItsLocationAndSendsTheTargetThere() {
        var response = given().contentType(ContentType.JSON).body("{\"targetPosition\": 7}")
                .post("/api/games").then()
                .statusCode(201)
                .body("targetPosition", equalTo(7))
                .extract();
        String gameId = response.path("gameId");

        assertThat(response.header("Location")).endsWith("/api/games/" + gameId);
        assertThat(awaitOnTheWire(gameId, 1)).singleElement()
                .isInstanceOfSatisfying(MoveTarget.class, move -> assertThat(move.position()).isEqualTo(7));
    }

    @Test
    void aGameStartsWithTheTargetAtFortyTwoByDefault() {
        String gameId = given().contentType(ContentType.JSON).post("/api/games").then()
                .statusCode(201)
                .body("targetPosition", equalTo(42))
                .extract().path("gameId");

        assertThat(awaitOnTheWire(gameId, 1)).singleElement()
                .isInstanceOfSatisfying(MoveTarget.class, move -> assertThat(move.position()).isEqualTo(42));
        given().get("/api/games/{gameId}", gameId).then()
                .body("gameId", equalTo(gameId))
                .body("targetPosition", equalTo(42))
                .body("shots", empty());
    }

    @Test
    void aShotIsAcceptedAndSentAsFireAt() {
        String gameId = newGame(7);

        String attemptId = given().contentType(ContentType.JSON).body("{\"player\": \"alice\", \"position\": 7}")
                .post("/api/games/{gameId}/shots", gameId).then()
                .statusCode(202)
                .extract().path("attemptId");

        FireAt fireAt = (FireAt) awaitOnTheWire(gameId, 2).get(1);
        assertThat(fireAt.attemptId()).hasToString(attemptId);
        assertThat(fireAt.player()).isEqualTo("alice");
        assertThat(fireAt.position()).isEqualTo(7);
        given().get("/api/games/{gameId}", gameId).then()
                .body("shots", hasSize(1))
                .body("shots[0].attemptId", equalTo(attemptId))
                .body("shots[0].outcome", equalTo("PENDING"));
    }

    @Test
    void movingTheTargetIsAcceptedAndSent() {
        String gameId = newGame(7);

        String messageId = given().contentType(ContentType.JSON).body("{\"position\": 99}")
                .post("/api/games/{gameId}/target", gameId).then()
                .statusCode(202)
                .extract().path("messageId");

        RangeMessage move = awaitOnTheWire(gameId, 2).get(1);
        assertThat(move.messageId()).hasToString(messageId);
        assertThat(((MoveTarget) move).position()).isEqualTo(99);
        given().get("/api/games/{gameId}", gameId).then().body("targetPosition", equalTo(99));
    }

    @Test
    void outcomesFromTheRangeAreRecordedOnceAndBothMeanAConflict() {
        String gameId = newGame(42);
        FireAt shot = fire(gameId, "alice", 42);
        Hit hit = Hit.of(shot, 42);

        broker.publish(hit);
        awaitOutcome(gameId, "HIT");

        double duplicates = count(registry, "inbox.duplicates");
        broker.publish(hit);
        await().until(() -> count(registry, "inbox.duplicates") > duplicates);
        awaitOutcome(gameId, "HIT");

        broker.publish(Missed.of(shot, 1));
        awaitOutcome(gameId, "CONFLICT");
    }

    @Test
    void aShotFiredStraightToTheBrokerIsLearntFromItsOutcome() {
        String gameId = newGame(42);
        FireAt outsider = FireAt.create(gameId, UUID.randomUUID(), "mallory", 3);

        broker.publish(Missed.of(outsider, 42));

        await().untilAsserted(() -> given().get("/api/games/{gameId}", gameId).then()
                .body("shots[0].player", equalTo("mallory"))
                .body("shots[0].outcome", equalTo("MISSED")));
    }

    @Test
    void aShotTakenInATraceIsSentInItAndShownWithIt() {
        String gameId = newGame(7);
        String traceId = UUID.randomUUID().toString().replace("-", "");

        given().header("traceparent", "00-" + traceId + "-00f067aa0ba902b7-01")
                .contentType(ContentType.JSON).body("{\"player\": \"alice\", \"position\": 7}")
                .post("/api/games/{gameId}/shots", gameId).then().statusCode(202);

        given().get("/api/games/{gameId}", gameId).then().body("shots[0].traceId", equalTo(traceId));
        await().untilAsserted(() -> assertThat(commands.copies())
                .anySatisfy(copy -> assertThat(String.valueOf(copy.getProps().getHeaders().get("traceparent")))
                        .startsWith("00-" + traceId + "-")));
    }

    @Test
    void anOutcomeIsTimedFromItsShotOnce() {
        String gameId = newGame(42);
        FireAt shot = fire(gameId, "alice", 42);
        long timed = timedOutcomes();

        broker.publish(Hit.of(shot, 42));
        awaitOutcome(gameId, "HIT");
        assertThat(timedOutcomes()).isEqualTo(timed + 1);

        broker.publish(Missed.of(FireAt.create(gameId, UUID.randomUUID(), "mallory", 3), 42));
        await().untilAsserted(() -> given().get("/api/games/{gameId}", gameId).then().body("shots", hasSize(2)));
        assertThat(timedOutcomes()).as("a shot learnt from its outcome was never timed").isEqualTo(timed + 1);
    }

    private long timedOutcomes() {
        return registry.find("shot.outcome.latency").timer().count();
    }

    @Test
    void anUnknownGameIsNotFound() {
        given().get("/api/games/{gameId}", "no-such-game").then()
                .statusCode(404)
                .contentType("application/problem+json")
                .body("detail", equalTo("no game no-such-game"));
        given().contentType(ContentType.JSON).body("{\"player\": \"alice\", \"position\": 7}")
                .post("/api/games/{gameId}/shots", "no-such-game").then()
                .statusCode(404);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "no player           | {\"position\": 7}                         | player is required",
            "blank player        | {\"player\": \" \", \"position\": 7}      | player must be 1 to 32 characters",
            "long player         | {\"player\": \"abcdefghijklmnopqrstuvwxyz0123456\", \"position\": 7} | player must be 1 to 32",
            "no position         | {\"player\": \"alice\"}                   | position is required",
            "position too large  | {\"player\": \"alice\", \"position\": 100} | position must be an integer from 0 to 99, was 100",
            "position as text    | {\"player\": \"alice\", \"position\": \"7\"} | position has the wrong type",
            "fractional position | {\"player\": \"alice\", \"position\": 7.5} | position has the wrong type",
            "huge position       | {\"player\": \"alice\", \"position\": 1e400} | position has the wrong type",
            "player with NUL     | {\"player\": \"al\\u0000ice\", \"position\": 7} | player must not contain control characters",
            "lone surrogate      | {\"player\": \"al\\ud800ice\", \"position\": 7} | unpaired surrogates",
            "position beyond int | {\"player\": \"alice\", \"position\": 99999999999999999999} | out of range of int",
            "not JSON            | {player: alice                          | not valid JSON",
            "no body             | ''                                      | request body is required",
    })
    void aBadShotIsABadRequestThatSaysWhy(String name, String body, String detail) {
        String gameId = newGame(7);
        given().contentType(ContentType.JSON).body(body)
                .post("/api/games/{gameId}/shots", gameId).then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString(detail));
    }

    @Test
    void aBadGameIsABadRequestThatSaysWhy() {
        given().contentType(ContentType.JSON).body("{\"targetPosition\": -1}").post("/api/games").then()
                .statusCode(400)
                .body("detail", equalTo("targetPosition must be an integer from 0 to 99, was -1"));
        given().contentType(ContentType.TEXT).body("42").post("/api/games").then()
                .statusCode(415)
                .contentType("application/problem+json")
                .body("detail", equalTo("send the request body as application/json"));
    }

    private String newGame(int targetPosition) {
        return given().contentType(ContentType.JSON).body("{\"targetPosition\": " + targetPosition + "}")
                .post("/api/games").then().statusCode(201).extract().path("gameId");
    }

    private FireAt fire(String gameId, String player, int position) {
        given().contentType(ContentType.JSON).body("{\"player\": \"" + player + "\", \"position\": " + position + "}")
                .post("/api/games/{gameId}/shots", gameId).then().statusCode(202);
        return (FireAt) awaitOnTheWire(gameId, 2).get(1);
    }

    private void awaitOutcome(String gameId, String outcome) {
        await().untilAsserted(() -> given().get("/api/games/{gameId}", gameId).then()
                .body("shots[0].outcome", equalTo(outcome)));
    }

    /** The commands sent for this game, once {@code expected} of them crossed the wire. */
    private List<RangeMessage> awaitOnTheWire(String gameId, int expected) {
        await().untilAsserted(() -> assertThat(commandsOf(gameId)).hasSize(expected));
        return commandsOf(gameId);
    }

    private List<RangeMessage> commandsOf(String gameId) {
        return commands.messages().stream().filter(m -> m.gameId().equals(gameId)).toList();
    }
}

package dev.shootingrange.range;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasSize;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.ShotOutcome;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.testing.Broker;
import dev.shootingrange.testing.Service;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

/** The lab's switches, as a workshop uses them, with their effect on the wire. */
@QuarkusTest
class LabTest {

    private final Broker broker = Broker.shared();
    private final String gameId = "lab-" + UUID.randomUUID();
    private Broker.Wire events;

    @BeforeEach
    void aimAtFortyTwo() {
        Service.awaitReady();
        events = broker.watch(Topology.EVENTS, "Hit", "Missed");
        broker.publish(MoveTarget.create(gameId, 42));
        await().untilAsserted(() -> given().get("/api/ranges/{gameId}", gameId).then().body("targetPosition", equalTo(42)));
    }

    @AfterEach
    void reset() {
        given().post("/api/lab/reset").then().statusCode(200);
    }

    @Test
    void everyProtectionIsOnAndEveryFaultOffToBeginWith() {
        given().get("/api/lab").then()
                .statusCode(200)
                .body("service", equalTo("shooting-range"))
                .body("protections.inbox", equalTo(true))
                .body("protections.outbox", equalTo(true))
                .body("chaos.duplicateRate", equalTo(0.0f))
                .body("stats.received", greaterThanOrEqualTo(0));
    }

    /** Without an instructor key (the default) the lab is open to everyone, as on a laptop. */
    @Test
    void withoutAnInstructorKeyTheLabIsNotLocked() {
        given().get("/api/lab/access").then().statusCode(200)
                .body("locked", equalTo(false)).body("unlocked", equalTo(false));
    }

    @Test
    void withTheInboxOffADuplicateIsHandledAgain() {
        // Random ids, so that the second handling is told apart by its new outcome.
        put("/api/lab/protections", "{\"inbox\": false, \"deterministicIds\": false}").body("protections.inbox", equalTo(false));
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);

        broker.publish(shot);
        broker.publish(shot);

        await().untilAsserted(() -> given().get("/api/ranges/{gameId}", gameId).then().body("outcomes", hasSize(2)));
        given().post("/api/lab/reset").then().body("protections.inbox", equalTo(true));
    }

    /** With the inbox off and deterministic ids (the default), the copy is handled again and answered the same. */
    @Test
    void withTheInboxOffADuplicateIsAnsweredWithTheSameMessage() {
        put("/api/lab/protections", "{\"inbox\": false}").body("protections.deterministicIds", equalTo(true));
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);

        broker.publish(shot);
        broker.publish(shot);

        await().untilAsserted(() -> assertThat(outcomesOf(shot)).hasSize(2));
        assertThat(outcomesOf(shot).get(1)).isEqualTo(outcomesOf(shot).get(0));
        given().get("/api/lab/history/{gameId}", gameId).then()
                .body("entries.findAll { it.type == 'FireAt' && it.disposition == 'HANDLED' }", hasSize(2));
        given().get("/api/ranges/{gameId}", gameId).then().body("outcomes", hasSize(1));
        given().post("/api/lab/reset").then().body("protections.inbox", equalTo(true));
    }

    /** A console watching many games asks for each one's new entries at once, each game from where it stands. */
    @Test
    void severalGamesHistoriesAreAskedForAtOnceEachAfterItsOwnEntry() {
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);
        broker.publish(shot);
        await().untilAsserted(() -> assertThat(outcomesOf(shot)).hasSize(1));
        List<Integer> ids = await().until(() -> given().get("/api/lab/history/{gameId}", gameId).jsonPath().<Integer> getList("entries.id"),
                entries -> entries.size() >= 3); // the move, the shot, its outcome
        String quiet = "quiet-" + UUID.randomUUID();

        given().queryParam("gameId", quiet, gameId).queryParam("after", 0, ids.get(0)).get("/api/lab/history").then()
                .statusCode(200)
                .body("gameId", contains(quiet, gameId))
                .body("service", contains("shooting-range", "shooting-range"))
                .body("[0].entries", empty())
                .body("[1].entries.id", equalTo(ids.subList(1, ids.size())));
        given().queryParam("gameId", quiet, gameId).queryParam("after", 0).get("/api/lab/history").then()
                .statusCode(400).body("detail", equalTo("one after for each gameId, or none: 2 gameIds, 1 afters"));
    }

    @Test
    void aDuplicateRateOfOnePublishesEveryOutcomeTwiceAsTheSameCopy() {
        put("/api/lab/chaos", "{\"duplicateRate\": 1, \"seed\": 42}").body("chaos.seed", equalTo(42));
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);

        broker.publish(shot);

        await().untilAsserted(() -> assertThat(outcomesOf(shot)).hasSize(2));
        assertThat(outcomesOf(shot).get(0)).isEqualTo(outcomesOf(shot).get(1));
        given().get("/api/lab").then().body("stats.faultsFired.duplicated", greaterThanOrEqualTo(1));
    }

    @Test
    void aHeldOutcomeIsOvertakenAndArrivesWhenReleased() {
        given().contentType(ContentType.JSON).body("{\"type\": \"Missed\"}").post("/api/lab/holds").then()
                .statusCode(200).body("chaos.holds", hasSize(1));
        FireAt first = FireAt.create(gameId, UUID.randomUUID(), "alice", 1);
        FireAt second = FireAt.create(gameId, UUID.randomUUID(), "alice", 2);

        broker.publish(first);
        await().untilAsserted(() -> given().get("/api/ranges/{gameId}", gameId).then().body("outcomes", hasSize(1)));
        broker.publish(second);
        await().untilAsserted(() -> assertThat(outcomesOf(second)).hasSize(1));
        assertThat(outcomesOf(first)).as("held back").isEmpty();

        given().post("/api/lab/holds/release").then().statusCode(200).body("released", equalTo(1));
        await().untilAsserted(() -> assertThat(outcomesOf(first)).hasSize(1));
    }

    @Test
    void anArmedFaultFiresOnceForTheNextMessageOfItsType() {
        given().contentType(ContentType.JSON).body("{\"point\": \"after-confirm-before-mark\", \"type\": \"Hit\"}")
                .post("/api/lab/faults").then().statusCode(200).body("chaos.faults", hasSize(1));
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);

        broker.publish(shot);

        await().untilAsserted(() -> assertThat(outcomesOf(shot)).hasSize(2));
        given().get("/api/lab").then()
                .body("chaos.faults", hasSize(0))
                .body("stats.faultsFired.after-confirm-before-mark", greaterThanOrEqualTo(1));
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "/api/lab/protections | {\"attemptDedup\": false}  | unknown protection 'attemptDedup'; shooting-range has [inbox, outbox, deterministicIds]",
            "/api/lab/protections | {\"inbox\": \"no\"}        | inbox must be true or false",
            "/api/lab/chaos       | {\"duplicateRate\": 1.5}   | duplicateRate must be a number from 0 to 1, was 1.5",
            "/api/lab/chaos       | {\"maxDelayMs\": -1}       | maxDelayMs must be a whole number from 0 to 60000",
            "/api/lab/chaos       | {\"storm\": 1}             | unknown chaos setting 'storm'",
            "/api/lab/faults      | {\"point\": \"later\", \"type\": \"Hit\"} | unknown fault point 'later'",
            "/api/lab/faults      | {\"point\": \"after-commit-before-ack\", \"type\": \"Shot\"} | type must be one of",
    })
    void aBadChangeIsABadRequestThatSaysWhy(String path, String body, String detail) {
        var request = given().contentType(ContentType.JSON).body(body);
        (path.endsWith("faults") ? request.post(path) : request.put(path)).then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", containsString(detail));
    }

    @Test
    void resendingAMessageThatWasNeverSentIsNotFound() {
        given().contentType(ContentType.JSON).body("{}").post("/api/lab/outbox/{id}/resend", UUID.randomUUID()).then()
                .statusCode(404);
    }

    private io.restassured.response.ValidatableResponse put(String path, String body) {
        return given().contentType(ContentType.JSON).body(body).put(path).then().statusCode(200);
    }

    private List<byte[]> outcomesOf(FireAt shot) {
        return events.bodies().stream()
                .filter(body -> ((ShotOutcome) MessageCodec.decode(body)).attemptId().equals(shot.attemptId()))
                .toList();
    }
}

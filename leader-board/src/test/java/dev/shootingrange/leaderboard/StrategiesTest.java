package dev.shootingrange.leaderboard;

import static dev.shootingrange.testing.Service.count;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;

import java.time.Instant;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Hit;
import dev.shootingrange.testing.Broker;
import dev.shootingrange.testing.Service;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

/**
 * The board's part of each strategy, on one Hit delivered three times: twice as the same copy, once
 * re-sent under a new messageId. Remembering messages (the inbox; side-effects and state here too, as the
 * board sends nothing) drops the copy; remembering attempts (business) drops both. Each strategy is
 * that approach alone: the inbox's does not count attempts.
 */
@QuarkusTest
class StrategiesTest {

    private final Broker broker = Broker.shared();
    private final String gameId = "board-strategy-" + UUID.randomUUID();

    @Inject
    MeterRegistry registry;

    @BeforeEach
    void ready() {
        Service.awaitReady();
    }

    @AfterEach
    void reset() {
        given().post("/api/lab/reset").then().statusCode(200).body("strategy", equalTo("default"));
    }

    /** A reset is the board as it ships, both of its protections: none of the strategies alone. */
    @Test
    void aResetKeepsTheInboxAndTheAttemptFilterWhichNoStrategyDoesAlone() {
        given().post("/api/lab/reset").then().statusCode(200)
                .body("strategy", equalTo("default"))
                .body("protections.inbox", equalTo(true))
                .body("protections.attemptDedup", equalTo(true));
        given().contentType(ContentType.JSON).body("{\"attemptDedup\": false}").put("/api/lab/protections").then()
                .statusCode(200).body("strategy", equalTo("custom"));
        given().post("/api/lab/reset").then().statusCode(200).body("strategy", equalTo("default"));
        given().contentType(ContentType.JSON).body("{\"outbox\": false}").put("/api/lab/protections").then()
                .statusCode(200).body("strategy", equalTo("default"));
    }

    @ParameterizedTest(name = "{0}: inbox {1}, attemptDedup {2}, {3} hits")
    @CsvSource({
            "inbox,        true,  false, 2",
            "side-effects, true,  false, 2",
            "state,        true,  false, 2",
            "business,     false, true,  1",
            "none,         false, false, 3",
    })
    void aHitThreeTimesOverCounts(String strategy, boolean inbox, boolean attemptDedup, int hits) {
        given().contentType(ContentType.JSON).body("{\"strategy\": \"" + strategy + "\"}").put("/api/lab/strategy").then()
                .statusCode(200)
                .body("protections.inbox", equalTo(inbox))
                .body("protections.attemptDedup", equalTo(attemptDedup))
                .body("protections.outbox", equalTo(true));
        Hit hit = Hit.of(FireAt.create(gameId, UUID.randomUUID(), "alice", 42), 42);
        Hit underANewId = new Hit(UUID.randomUUID(), hit.gameId(), Instant.now(), hit.causationId(), hit.attemptId(),
                hit.player(), hit.position(), hit.targetPosition());
        double seen = count(registry, "inbox.handled") + count(registry, "inbox.duplicates");

        broker.publish(hit);
        broker.publish(hit);
        broker.publish(underANewId);

        await().until(() -> count(registry, "inbox.handled") + count(registry, "inbox.duplicates") >= seen + 3);
        await().untilAsserted(() -> given().get("/api/leaderboard/{gameId}", gameId).then()
                .body("players.player", contains("alice"))
                .body("players[0].hits", equalTo(hits)));
    }
}

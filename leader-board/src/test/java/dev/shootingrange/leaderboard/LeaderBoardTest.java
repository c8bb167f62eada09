package dev.shootingrange.leaderboard;

import static dev.shootingrange.testing.Service.count;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;

import java.time.Instant;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Hit;
import dev.shootingrange.contract.Missed;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.testing.Broker;
import dev.shootingrange.testing.Service;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;

/** The leader board counts each attempt once, whether a copy comes under the same or a new messageId. */
@QuarkusTest
class LeaderBoardTest {

    private final Broker broker = Broker.shared();

    @Inject
    MeterRegistry registry;

    private final String gameId = "board-" + UUID.randomUUID();

    @BeforeEach
    void ready() {
        Service.awaitReady();
    }

    @Test
    void aHitAndItsDuplicateCountOnce() {
        Hit hit = Hit.of(shot("alice", 42), 42);
        double duplicates = count(registry, "inbox.duplicates");

        broker.publish(hit);
        broker.publish(hit);

        await().until(() -> count(registry, "inbox.duplicates") > duplicates);
        assertScore("alice", 1, 1);
    }

    /** The inbox cannot see this one: a new messageId. The attemptId is what identifies the shot. */
    @Test
    void aHitResentUnderANewMessageIdCountsOnce() {
        Hit hit = Hit.of(shot("alice", 42), 42);
        Hit resent = new Hit(UUID.randomUUID(), hit.gameId(), Instant.now(), hit.causationId(),
                hit.attemptId(), hit.player(), hit.position(), hit.targetPosition());
        double handled = count(registry, "inbox.handled");

        broker.publish(hit);
        broker.publish(resent);

        await().until(() -> count(registry, "inbox.handled") >= handled + 2);
        assertScore("alice", 1, 1);
    }

    @Test
    void playersAreRankedByHits() {
        broker.publish(Missed.of(shot("bob", 3), 42));
        broker.publish(Hit.of(shot("carol", 42), 42));
        broker.publish(Missed.of(shot("carol", 1), 42));
        broker.publish(Missed.of(shot("bob", 4), null));

        await().untilAsserted(() -> given().get("/api/leaderboard/{gameId}", gameId).then()
                .body("gameId", equalTo(gameId))
                .body("players.player", contains("carol", "bob"))
                .body("players.shots", contains(2, 2))
                .body("players.hits", contains(1, 0)));
    }

    @Test
    void aGameWithoutShotsHasAnEmptyBoard() {
        given().get("/api/leaderboard/{gameId}", gameId).then().statusCode(200).body("players", empty());
    }

    /** A console watching many games asks about all of them at once; each board as the single one gives it. */
    @Test
    void severalBoardsAreAskedForAtOnceInTheOrderAsked() {
        broker.publish(Hit.of(shot("carol", 42), 42));
        assertScore("carol", 1, 1);
        String unplayed = "unplayed-" + UUID.randomUUID();

        given().queryParam("gameId", unplayed, gameId).get("/api/leaderboard").then()
                .statusCode(200)
                .body("gameId", contains(unplayed, gameId))
                .body("[0].players", empty())
                .body("[1].players.player", contains("carol"))
                .body("[1].players.hits", contains(1));
        given().get("/api/leaderboard").then()
                .statusCode(400).contentType("application/problem+json")
                .body("detail", equalTo("gameId is required: ask for one game at least (?gameId=a&gameId=b)"));
    }

    @Test
    void anInvalidGameIdIsABadRequest() {
        given().get("/api/leaderboard/{gameId}", "x".repeat(65)).then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", equalTo("gameId must be 1 to 64 of A-Z, a-z, 0-9, '_' and '-'"));
    }

    @Test
    void anInvalidEventIsDeadLettered() {
        String dlq = Topology.deadLetterQueue(Topology.LEADER_BOARD_QUEUE);
        broker.purge(dlq);

        broker.publishRaw(Topology.EVENTS, "Hit", "{\"type\":\"Hit\",\"gameId\":\"" + gameId + "\"}");

        await().untilAsserted(() -> assertThat(broker.drain(dlq)).hasSize(1));
    }

    private FireAt shot(String player, int position) {
        return FireAt.create(gameId, UUID.randomUUID(), player, position);
    }

    private void assertScore(String player, int shots, int hits) {
        await().untilAsserted(() -> given().get("/api/leaderboard/{gameId}", gameId).then()
                .body("players.player", contains(player))
                .body("players[0].shots", equalTo(shots))
                .body("players[0].hits", equalTo(hits)));
    }
}

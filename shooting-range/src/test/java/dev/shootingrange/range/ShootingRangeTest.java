package dev.shootingrange.range;

import static dev.shootingrange.testing.Service.count;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;

import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Hit;
import dev.shootingrange.contract.Missed;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.testing.Broker;
import dev.shootingrange.testing.Service;
import dev.shootingrange.testing.Sql;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;

/** The write-up's scenarios, played over the real broker against the running consumer. */
@QuarkusTest
class ShootingRangeTest {

    private final Broker broker = Broker.shared();

    @Inject
    MeterRegistry registry;

    @Inject
    DataSource dataSource;

    private final String gameId = "range-" + UUID.randomUUID();
    private Broker.Wire events;

    @BeforeEach
    void watchTheWire() {
        Service.awaitReady();
        events = broker.watch(Topology.EVENTS, "Hit", "Missed");
    }

    @Test
    void aShotAtTheTargetHitsAndItsDuplicateChangesNothing() {
        move(42);
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);
        broker.publish(shot);
        await().untilAsserted(() -> assertThat(outcomesOnTheWire(shot)).hasSize(1));

        sendAgainAndAwaitItsDrop(shot);

        List<RangeMessage> outcomes = outcomesOnTheWire(shot);
        assertThat(outcomes).hasSize(1).first().isInstanceOf(Hit.class);
        Hit hit = (Hit) outcomes.get(0);
        assertThat(hit.targetPosition()).isEqualTo(42);
        assertThat(hit.causationId()).isEqualTo(shot.messageId());
        given().get("/api/ranges/{gameId}", gameId).then()
                .body("targetPosition", equalTo(42))
                .body("outcomes", hasSize(1))
                .body("outcomes[0].outcome", equalTo("HIT"))
                .body("outcomes[0].messageId", equalTo(hit.messageId().toString()));
    }

    /** The alternative worlds of the write-up: without the inbox the duplicate would now miss. */
    @Test
    void aDuplicateShotAfterTheTargetMovedDoesNotChangeTheOutcome() {
        move(42);
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);
        broker.publish(shot);
        await().untilAsserted(() -> assertThat(outcomesOnTheWire(shot)).hasSize(1));
        move(1);

        sendAgainAndAwaitItsDrop(shot);

        assertThat(outcomesOnTheWire(shot)).hasSize(1).allMatch(Hit.class::isInstance);
    }

    /** The range never judges a shot on a game it has not heard of: the shot waits for the first MoveTarget. */
    @Test
    void aShotThatOvertookItsGamesFirstMoveWaitsForItAndHits() {
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "bob", 42);
        broker.publish(shot);
        await().until(() -> waitingShotsOf(gameId) == 1);
        assertThat(outcomesOnTheWire(shot)).as("not judged without a target").isEmpty();

        broker.publish(MoveTarget.create(gameId, 42));

        await().untilAsserted(() -> assertThat(outcomesOnTheWire(shot)).hasSize(1));
        assertThat(outcomesOnTheWire(shot).get(0)).isInstanceOfSatisfying(Hit.class,
                hit -> assertThat(hit.targetPosition()).isEqualTo(42));
        assertThat(waitingShotsOf(gameId)).isZero();
    }

    /**
     * A shot is never judged on its age: one fired ten minutes ago (a range that was down, a backlog)
     * whose game's first move comes after it is answered, not dead-lettered.
     */
    @Test
    void aShotFiredLongAgoStillWaitsForItsGamesFirstMove() {
        String dlq = Topology.deadLetterQueue(Topology.SHOOTING_RANGE_QUEUE);
        broker.purge(dlq);
        Instant longAgo = Instant.now().minus(Duration.ofMinutes(10));
        FireAt shot = new FireAt(UUID.randomUUID(), gameId, longAgo, null, UUID.randomUUID(), "bob", 7);
        double deadLettered = count(registry, "inbox.dead.lettered");

        broker.publish(shot);
        await().until(() -> waitingShotsOf(gameId) == 1);
        broker.publish(new MoveTarget(UUID.randomUUID(), gameId, longAgo.plusSeconds(1), null, 8));

        await().untilAsserted(() -> assertThat(outcomesOnTheWire(shot)).hasSize(1)
                .first().isInstanceOfSatisfying(Missed.class, m -> assertThat(m.targetPosition()).isEqualTo(8)));
        assertThat(count(registry, "inbox.dead.lettered")).isEqualTo(deadLettered);
        assertThat(broker.drain(dlq)).isEmpty();
        given().get("/api/ranges/{gameId}", gameId).then()
                .body("targetPosition", equalTo(8))
                .body("outcomes", hasSize(1));
    }

    private long waitingShotsOf(String game) {
        return Sql.count(dataSource, "select count(*) from waiting_shot where game_id = ?", game);
    }

    @Test
    void aShotBesideTheTargetMisses() {
        move(10);
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "bob", 11);
        broker.publish(shot);

        await().untilAsserted(() -> assertThat(outcomesOnTheWire(shot)).hasSize(1)
                .first().isInstanceOfSatisfying(Missed.class, m -> assertThat(m.targetPosition()).isEqualTo(10)));
    }

    /** A console watching many games asks about all of them at once; each answer as the single view gives it. */
    @Test
    void severalGamesAreAskedAboutAtOnceInTheOrderAsked() {
        move(42);
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);
        broker.publish(shot);
        await().untilAsserted(() -> assertThat(outcomesOnTheWire(shot)).hasSize(1));
        String unheardOf = "unheard-of-" + UUID.randomUUID();

        given().queryParam("gameId", unheardOf, gameId).get("/api/ranges").then()
                .statusCode(200)
                .body("gameId", contains(unheardOf, gameId))
                .body("[0].targetPosition", nullValue())
                .body("[0].outcomes", empty())
                .body("[1].targetPosition", equalTo(42))
                .body("[1].outcomes.attemptId", contains(shot.attemptId().toString()));
    }

    @Test
    void askingAboutNoGameOrTooManyIsABadRequest() {
        given().get("/api/ranges").then()
                .statusCode(400).contentType("application/problem+json")
                .body("detail", equalTo("gameId is required: ask for one game at least (?gameId=a&gameId=b)"));
        given().queryParam("gameId", Collections.nCopies(41, "g").toArray()).get("/api/ranges").then()
                .statusCode(400).body("detail", equalTo("at most 40 games at once, not 41"));
        given().queryParam("gameId", gameId, "no spaces please").get("/api/ranges").then()
                .statusCode(400).body("detail", equalTo("gameId must be 1 to 64 of A-Z, a-z, 0-9, '_' and '-'"));
    }

    @Test
    void anInvalidGameIdInTheUrlIsABadRequest() {
        given().get("/api/ranges/{gameId}", "no spaces please").then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", equalTo("gameId must be 1 to 64 of A-Z, a-z, 0-9, '_' and '-'"));
    }

    private void move(int position) {
        broker.publish(MoveTarget.create(gameId, position));
        await().untilAsserted(() -> given().get("/api/ranges/{gameId}", gameId).then()
                .body("targetPosition", equalTo(position)));
    }

    private void sendAgainAndAwaitItsDrop(FireAt shot) {
        double duplicates = count(registry, "inbox.duplicates");
        broker.publish(shot);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> count(registry, "inbox.duplicates") > duplicates);
    }

    private List<RangeMessage> outcomesOnTheWire(FireAt shot) {
        return events.messages().stream()
                .filter(m -> m instanceof Hit hit && hit.attemptId().equals(shot.attemptId())
                        || m instanceof Missed missed && missed.attemptId().equals(shot.attemptId()))
                .toList();
    }
}

package dev.shootingrange.range;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Hit;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.ShotOutcome;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.testing.Broker;
import dev.shootingrange.testing.Service;
import dev.shootingrange.testing.Sql;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

/**
 * The write-up's ways to exactly-once at the range, each on the faults that tell them apart: a copy
 * of a shot after the target moved, a copy under a new messageId, copies at once, a copy past the
 * inbox's window, a move that arrives again or late. The requirement for a copy is the write-up's:
 * no message, or an exact copy of the first answer.
 */
@QuarkusTest
class StrategiesTest {

    private final Broker broker = Broker.shared();
    private final String gameId = "strategy-" + UUID.randomUUID();
    private Broker.Wire events;

    @Inject
    DataSource dataSource;

    @BeforeEach
    void aimAtFortyTwo() {
        Service.awaitReady();
        events = broker.watch(Topology.EVENTS, "Hit", "Missed");
        move(MoveTarget.create(gameId, 42));
    }

    @AfterEach
    void reset() {
        given().post("/api/lab/reset").then().statusCode(200).body("strategy", equalTo("inbox"));
    }

    /** What the range answers a copy of a shot with: the write-up allows the first two only. */
    enum Answer {
        NOTHING, SAME, OTHER
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({ "inbox, NOTHING", "side-effects, SAME", "state, SAME", "business, SAME", "none, OTHER" })
    void aCopyAfterTheTargetMoved(String strategy, Answer expected) {
        strategy(strategy);
        FireAt shot = hitAtFortyTwo();
        move(MoveTarget.create(gameId, 7));

        broker.publish(shot);

        assertCopyAnsweredWith(shot, expected);
    }

    /** The scenario fires the same attempt again under a new messageId (a retry that made a new message). */
    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({ "inbox, OTHER", "side-effects, OTHER", "state, OTHER", "business, SAME", "none, OTHER" })
    void aCopyUnderANewMessageId(String strategy, Answer expected) {
        strategy(strategy);
        FireAt shot = hitAtFortyTwo();
        move(MoveTarget.create(gameId, 7));

        broker.publish(FireAt.create(gameId, shot.attemptId(), shot.player(), shot.position()));

        assertCopyAnsweredWith(shot, expected);
    }

    /**
     * Past the inbox's window the inbox has forgotten the shot, and the copy is judged anew on the moved
     * target; the stored answers of side effects are kept as long as the outbox keeps them, state
     * versions and business answers as long as the game.
     */
    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({ "inbox, OTHER", "side-effects, SAME", "state, SAME", "business, SAME", "none, OTHER" })
    void aCopyPastTheInboxWindow(String strategy, Answer expected) {
        strategy(strategy);
        given().contentType(ContentType.JSON).body("{\"inboxRetentionSeconds\": 1}").put("/api/lab/chaos").then()
                .statusCode(200);
        FireAt shot = hitAtFortyTwo();
        move(MoveTarget.create(gameId, 7));
        await().until(() -> Sql.count(dataSource, "select count(*) from inbox where message_id = ?", shot.messageId()) == 0);

        broker.publish(shot);

        assertCopyAnsweredWith(shot, expected);
    }

    /** Copies racing each other and a move: every answer the range sends for the shot is the same bytes. */
    @ParameterizedTest
    @ValueSource(strings = { "inbox", "side-effects", "state", "business" })
    void copiesHandledAtOnceAreAllAnsweredAlike(String strategy) {
        strategy(strategy);
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);
        for (int copy = 0; copy < 6; copy++) {
            broker.publish(copy == 3 ? MoveTarget.create(gameId, 7) : shot);
        }
        broker.publish(shot);

        await().untilAsserted(() -> given().get("/api/lab/history/{gameId}", gameId).then()
                .body("entries.findAll { it.type == 'FireAt' && it.disposition != 'RETRIED' }.size()", equalTo(6)));
        // Every answer the range published has arrived, and none is left to publish.
        await().untilAsserted(() -> {
            assertThat(Sql.count(dataSource, "select count(*) from outbox where caused_by = ? and sent_at is null",
                    shot.messageId())).isZero();
            assertThat(answersTo(shot)).isNotEmpty().hasSize(given().get("/api/lab/history/{gameId}", gameId).jsonPath()
                    .getList("entries.findAll { it.direction == 'OUT' && it.attemptId == '" + shot.attemptId() + "' }").size());
        });
        assertThat(answersTo(shot)).allSatisfy(answer -> assertThat(answer).isEqualTo(answersTo(shot).get(0)));
    }

    @Test
    void sideEffectsSaysInTheHistoryThatItSentTheStoredAnswerAgain() {
        strategy("side-effects").body("protections.inbox", equalTo(true));
        FireAt shot = hitAtFortyTwo();

        broker.publish(shot);

        await().untilAsserted(() -> given().get("/api/lab/history/{gameId}", gameId).then()
                .body("entries.findAll { it.type == 'FireAt' && it.disposition == 'DUPLICATE' }.detail",
                        hasItem(containsString("sent again"))));
    }

    @Test
    void stateMovesNothingOnACopyOfAMove() {
        strategy("state");
        MoveTarget toSeven = MoveTarget.create(gameId, 7);
        move(toSeven);
        move(MoveTarget.create(gameId, 9));

        broker.publish(toSeven);

        awaitHandled(toSeven.messageId(), 2);
        given().get("/api/ranges/{gameId}", gameId).then().body("targetPosition", equalTo(9));
    }

    @Test
    void businessKeepsTheNewerMoveWhenAnOlderOneArrivesLate() {
        strategy("business");
        MoveTarget older = new MoveTarget(UUID.randomUUID(), gameId, Instant.now().minusSeconds(60), null, 7);

        broker.publish(older);

        awaitHandled(older.messageId(), 1);
        given().get("/api/ranges/{gameId}", gameId).then().body("targetPosition", equalTo(42));
    }

    /** Each strategy is its approach alone: only the inbox is its to switch; outbox and derived ids stay on. */
    @ParameterizedTest(name = "{0}: inbox {1}")
    @CsvSource({ "inbox, true", "side-effects, true", "state, false", "business, false", "none, false" })
    void eachStrategyIsThatApproachAlone(String name, boolean inbox) {
        strategy(name)
                .body("protections.inbox", equalTo(inbox))
                .body("protections.outbox", equalTo(true))
                .body("protections.deterministicIds", equalTo(true));
    }

    @Test
    void anUnknownStrategyIsABadRequestThatNamesTheOthers() {
        given().contentType(ContentType.JSON).body("{\"strategy\": \"hope\"}").put("/api/lab/strategy").then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", equalTo("unknown strategy 'hope'; shooting-range has [inbox, side-effects, state, business, none]"));
    }

    private io.restassured.response.ValidatableResponse strategy(String name) {
        return given().contentType(ContentType.JSON).body("{\"strategy\": \"" + name + "\"}").put("/api/lab/strategy")
                .then().statusCode(200).body("strategy", equalTo(name));
    }

    /** Waits until the copy has been handled (or dropped) and its answer, if any, is on the wire. */
    private void assertCopyAnsweredWith(FireAt shot, Answer expected) {
        if (expected == Answer.NOTHING) {
            await().untilAsserted(() -> given().get("/api/lab/history/{gameId}", gameId).then()
                    .body("entries.findAll { it.messageId == '" + shot.messageId() + "' }.disposition", hasItem("DUPLICATE")));
            assertThat(Sql.count(dataSource, "select count(*) from outbox where caused_by = ? and sent_at is null",
                    shot.messageId())).as("answers waiting to be sent again").isZero();
            assertThat(answersTo(shot)).hasSize(1);
            return;
        }
        await().untilAsserted(() -> assertThat(answersTo(shot)).hasSize(2));
        if (expected == Answer.SAME) {
            assertThat(answersTo(shot).get(1)).isEqualTo(answersTo(shot).get(0));
        } else {
            assertThat(answersTo(shot).get(1)).isNotEqualTo(answersTo(shot).get(0));
            assertThat(decoded(shot)).extracting(ShotOutcome::isHit).containsExactly(true, false);
        }
    }

    private FireAt hitAtFortyTwo() {
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);
        broker.publish(shot);
        await().untilAsserted(() -> assertThat(answersTo(shot)).hasSize(1));
        assertThat(decoded(shot).get(0)).isInstanceOf(Hit.class);
        return shot;
    }

    private void move(MoveTarget move) {
        broker.publish(move);
        await().untilAsserted(() -> given().get("/api/ranges/{gameId}", gameId).then()
                .body("targetPosition", equalTo(move.position())));
    }

    /** Waits until the range has handled (not skipped) this message so many times. */
    private void awaitHandled(UUID moveId, int times) {
        await().untilAsserted(() -> given().get("/api/lab/history/{gameId}", gameId).then()
                .body("entries.findAll { it.messageId == '" + moveId + "' && it.disposition == 'HANDLED' }.size()",
                        equalTo(times)));
    }

    private List<byte[]> answersTo(FireAt shot) {
        return events.bodies().stream()
                .filter(body -> ((ShotOutcome) MessageCodec.decode(body)).attemptId().equals(shot.attemptId()))
                .toList();
    }

    private List<ShotOutcome> decoded(FireAt shot) {
        return answersTo(shot).stream().map(body -> (ShotOutcome) MessageCodec.decode(body)).toList();
    }
}

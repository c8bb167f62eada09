package dev.shootingrange.range;

import static dev.shootingrange.testing.Service.count;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.rabbitmq.client.impl.AMQConnection;
import com.rabbitmq.client.impl.recovery.AutorecoveringConnection;
import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Hit;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.exactlyonce.rabbit.RabbitConnections;
import dev.shootingrange.exactlyonce.spi.Step;
import dev.shootingrange.exactlyonce.spi.Steps;
import dev.shootingrange.lab.SimulatedCrash;
import dev.shootingrange.testing.Broker;
import dev.shootingrange.testing.Service;
import dev.shootingrange.testing.Sql;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;

/** Crashes at the two points that make at-least-once delivery send a copy, and a commit that fails. */
@QuarkusTest
class FailureTest {

    private final Broker broker = Broker.shared();

    @Inject
    Steps steps;

    @Inject
    MeterRegistry registry;

    @Inject
    DataSource dataSource;

    @Inject
    RabbitConnections connections;

    private final String gameId = "crash-" + UUID.randomUUID();
    private Broker.Wire hits;

    @BeforeEach
    void aimAtFortyTwo() {
        Service.awaitReady();
        hits = broker.watch(Topology.EVENTS, "Hit");
        broker.publish(MoveTarget.create(gameId, 42));
        await().untilAsserted(() -> given().get("/api/ranges/{gameId}", gameId).then()
                .body("targetPosition", equalTo(42)));
    }

    @AfterEach
    void stopListening() {
        steps.listen(null);
    }

    @Test
    void aRelayThatDiesAfterTheConfirmSendsTheSameCopyAgain() {
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);
        crashOnceAt(Step.AFTER_CONFIRM_BEFORE_MARK, "Hit");

        broker.publish(shot);

        await().untilAsserted(() -> assertThat(hitsOnTheWire(shot)).hasSize(2));
        List<byte[]> copies = hitsOnTheWire(shot);
        assertThat(copies.get(1)).as("the second copy is the same bytes").isEqualTo(copies.get(0));
        await().untilAsserted(() -> assertThat(pendingOutboxRows()).isZero());
    }

    @Test
    void aConsumerThatDiesBeforeTheAckGetsTheMessageAgainAndDropsIt() {
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);
        double duplicates = count(registry, "inbox.duplicates");
        AtomicBoolean crashed = new AtomicBoolean();
        steps.listen((step, messageId, type) -> {
            if (step == Step.AFTER_COMMIT_BEFORE_ACK && messageId.equals(shot.messageId())
                    && crashed.compareAndSet(false, true)) {
                throw new SimulatedCrash(step);
            }
        });

        broker.publish(shot);

        await().until(() -> count(registry, "inbox.duplicates") > duplicates);
        assertThat(crashed).isTrue();
        assertThat(hitsOnTheWire(shot)).hasSize(1);
    }

    /**
     * The network drops after the relay published a batch and before the broker's confirms came back,
     * and the client recovers the connection before the relay waits: the recovered channel has nothing
     * to confirm. The batch must count as not confirmed and go out again, never be marked sent.
     */
    @Test
    void aBatchWhoseConnectionWasLostBeforeItsConfirmsIsPublishedAgain() {
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);
        List<Step> passed = new CopyOnWriteArrayList<>();
        AtomicBoolean cut = new AtomicBoolean();
        steps.listen((step, messageId, type) -> {
            if (!"Hit".equals(type) || step != Step.AFTER_PUBLISH_BEFORE_CONFIRM && step != Step.AFTER_CONFIRM_BEFORE_MARK) {
                return;
            }
            passed.add(step);
            if (step == Step.AFTER_PUBLISH_BEFORE_CONFIRM && cut.compareAndSet(false, true)) {
                cutPublishingConnectionAndAwaitItsRecovery();
            }
        });

        broker.publish(shot);

        await().untilAsserted(() -> assertThat(passed).contains(Step.AFTER_CONFIRM_BEFORE_MARK));
        assertThat(passed).as("published again before any confirm counted")
                .startsWith(Step.AFTER_PUBLISH_BEFORE_CONFIRM, Step.AFTER_PUBLISH_BEFORE_CONFIRM);
        await().untilAsserted(() -> assertThat(pendingOutboxRows()).isZero());
        assertThat(hitsOnTheWire(shot)).isNotEmpty();
    }

    /**
     * A shot that overtook its game's first move is taken off the queue once and kept: it is not tried
     * again while other shots are handled (each try would spend the queue's delivery limit), and it is
     * answered when the move arrives.
     */
    @Test
    void aShotWaitingForItsGameIsTakenOnceWhileOtherShotsAreHandled() {
        String notStarted = "not-started-" + UUID.randomUUID();
        FireAt waiting = FireAt.create(notStarted, UUID.randomUUID(), "bob", 7);
        AtomicInteger attempts = new AtomicInteger();
        steps.listen((step, messageId, type) -> {
            if (step == Step.BEFORE_INBOX_INSERT && messageId.equals(waiting.messageId())) {
                attempts.incrementAndGet();
            }
        });
        broker.publish(waiting);
        await().until(() -> Sql.count(dataSource, "select count(*) from waiting_shot where game_id = ?", notStarted) == 1);

        for (int i = 0; i < 30; i++) {
            FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);
            broker.publish(shot);
            await().atMost(Duration.ofSeconds(10)).until(() -> !hitsOnTheWire(shot).isEmpty());
        }

        assertThat(attempts.get()).as("tries of the waiting shot while 30 others were handled").isEqualTo(1);
        broker.publish(MoveTarget.create(notStarted, 7));
        await().untilAsserted(() -> given().get("/api/ranges/{gameId}", notStarted).then().body("outcomes.size()", equalTo(1)));
    }

    /** Closes the socket under the client, as a network failure does, and waits for the client's recovery. */
    private void cutPublishingConnectionAndAwaitItsRecovery() {
        AutorecoveringConnection connection = (AutorecoveringConnection) connections.publishing();
        AMQConnection lost = connection.getDelegate();
        lost.getFrameHandler().close();
        await().atMost(Duration.ofSeconds(20))
                .until(() -> connection.getDelegate() != lost && connection.isOpen());
    }

    /** A commit the database refuses is retried until it succeeds: never dead-lettered, never lost. */
    @Test
    void aFailingCommitIsRetriedUntilTheDatabaseTakesIt() {
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);
        broker.purge(Topology.deadLetterQueue(Topology.SHOOTING_RANGE_QUEUE));
        double retried = count(registry, "inbox.retried");
        sql("alter table outcome add constraint refuse_every_outcome check (false) not valid");
        try {
            broker.publish(shot);
            await().until(() -> count(registry, "inbox.retried") >= retried + 2);
        } finally {
            sql("alter table outcome drop constraint refuse_every_outcome");
        }

        await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> assertThat(hitsOnTheWire(shot)).hasSize(1));
        assertThat(broker.drain(Topology.deadLetterQueue(Topology.SHOOTING_RANGE_QUEUE))).isEmpty();
    }

    private void crashOnceAt(Step crashStep, String type) {
        AtomicBoolean crashed = new AtomicBoolean();
        steps.listen((step, messageId, messageType) -> {
            if (step == crashStep && type.equals(messageType) && crashed.compareAndSet(false, true)) {
                throw new SimulatedCrash(step);
            }
        });
    }

    private List<byte[]> hitsOnTheWire(FireAt shot) {
        return hits.bodies().stream()
                .filter(body -> MessageCodec.decode(body) instanceof Hit hit && hit.attemptId().equals(shot.attemptId()))
                .toList();
    }

    private long pendingOutboxRows() {
        return Sql.count(dataSource, "select count(*) from outbox where sent_at is null");
    }

    private void sql(String statement) {
        Sql.execute(dataSource, statement);
    }
}

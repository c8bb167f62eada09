package dev.shootingrange.range;

import static dev.shootingrange.testing.Service.count;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.rabbitmq.client.Channel;
import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Hit;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.exactlyonce.rabbit.ConsumingConnection;
import dev.shootingrange.exactlyonce.spi.Step;
import dev.shootingrange.exactlyonce.spi.Steps;
import dev.shootingrange.testing.Broker;
import dev.shootingrange.testing.Service;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.util.concurrent.EventExecutor;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.Vertx;

/**
 * The broker closes the consumer's channel alone (as it does for an unknown delivery tag or a consumer
 * past its timeout) while a delivery is being handled. The client recovers lost connections, not such
 * a channel: the service must consume again by itself, the delivery in flight count once (the broker
 * gives it again, the inbox drops the copy), and the channel it consumes on now stay open.
 */
@QuarkusTest
class ConsumingChannelTest {

    private final Broker broker = Broker.shared();
    private final String gameId = "channel-" + UUID.randomUUID();

    @Inject
    Steps steps;

    @Inject
    ConsumingConnection consuming;

    @Inject
    MeterRegistry registry;

    @Inject
    Vertx vertx;

    @AfterEach
    void stopListening() {
        steps.listen(null);
    }

    @Test
    void aChannelTheBrokerClosedIsConsumedAgainAndTheShotInFlightCountsOnce() throws IOException {
        Service.awaitReady();
        Broker.Wire hits = broker.watch(Topology.EVENTS, "Hit");
        broker.publish(MoveTarget.create(gameId, 42));
        await().untilAsserted(() -> given().get("/api/ranges/{gameId}", gameId).then().body("targetPosition", equalTo(42)));
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);
        CountDownLatch handled = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean first = new AtomicBoolean();
        steps.listen((step, messageId, type) -> {
            if (step == Step.AFTER_COMMIT_BEFORE_ACK && messageId.equals(shot.messageId()) && first.compareAndSet(false, true)) {
                handled.countDown();
                awaitQuietly(release);
            }
        });

        broker.publish(shot);
        await().until(() -> handled.getCount() == 0);
        int started = consuming.consumersStarted();
        double duplicates = count(registry, "inbox.duplicates");
        Channel closing = consuming.channel();
        closing.basicAck(1_000_000_000L, false);
        await().atMost(Duration.ofSeconds(20)).until(() -> consuming.consumersStarted() > started && consuming.isConsuming());
        await().until(() -> count(registry, "inbox.duplicates") > duplicates);

        release.countDown();

        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(10))
                .until(() -> consuming.consumersStarted() == started + 1 && consuming.isConsuming());
        assertThat(hits.bodies().stream()
                .filter(body -> MessageCodec.decode(body) instanceof Hit hit && hit.attemptId().equals(shot.attemptId())))
                .hasSize(1);
        FireAt next = FireAt.create(gameId, UUID.randomUUID(), "bob", 42);
        broker.publish(next);
        await().untilAsserted(() -> given().get("/api/ranges/{gameId}", gameId).then().body("outcomes.size()", equalTo(2)));
    }

    /**
     * The ack of a handled shot is decided while its channel is open, and the event loops are busy (the
     * connector sends its acks from there, later). The broker then closes that channel and the consumer
     * is recovered on a new one. The ack must have gone out on the channel that delivered the shot, when
     * it was decided: not be left to reach, later, whatever channel the connector holds by then, where its
     * delivery tag means nothing. So the shot is not delivered again, and the consumer goes on.
     */
    @Test
    void aDeliveryIsSettledOnTheChannelThatDeliveredItWhenItIsDecided() throws IOException {
        Service.awaitReady();
        broker.publish(MoveTarget.create(gameId, 7));
        await().untilAsserted(() -> given().get("/api/ranges/{gameId}", gameId).then().body("targetPosition", equalTo(7)));
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "carol", 7);
        CountDownLatch handled = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicReference<Thread> worker = new AtomicReference<>();
        steps.listen((step, messageId, type) -> {
            if (step == Step.AFTER_COMMIT_BEFORE_ACK && messageId.equals(shot.messageId()) && worker.compareAndSet(null, Thread.currentThread())) {
                handled.countDown();
                awaitQuietly(release);
            }
        });
        broker.publish(shot);
        await().until(() -> handled.getCount() == 0);
        double duplicates = count(registry, "inbox.duplicates");
        int started = consuming.consumersStarted();

        CountDownLatch eventLoopsFree = new CountDownLatch(1);
        for (EventExecutor loop : vertx.nettyEventLoopGroup()) {
            loop.execute(() -> awaitQuietly(eventLoopsFree));
        }
        try {
            release.countDown();
            await().until(() -> Arrays.stream(worker.get().getStackTrace())
                    .noneMatch(frame -> frame.getClassName().endsWith("InboxConsumer")));
            consuming.channel().basicAck(1_000_000_000L, false);
            await().atMost(Duration.ofSeconds(20)).until(() -> consuming.consumersStarted() > started && consuming.isConsuming());
        } finally {
            eventLoopsFree.countDown();
        }

        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10))
                .until(() -> count(registry, "inbox.duplicates") == duplicates);
        FireAt next = FireAt.create(gameId, UUID.randomUUID(), "dave", 7);
        broker.publish(next);
        await().untilAsserted(() -> given().get("/api/ranges/{gameId}", gameId).then().body("outcomes.size()", equalTo(2)));
        assertThat(consuming.consumersStarted()).as("the consumer recovered once, then stayed").isEqualTo(started + 1);
    }

    /**
     * The broker cancels the consumer: its queue was deleted, by an operator or by another instance that
     * rebuilds it. The service must declare the queue again and consume from it, not stay ready and deaf.
     */
    @Test
    void aConsumerTheBrokerCancelledConsumesAgainFromItsQueueDeclaredAgain() {
        Service.awaitReady();
        int started = consuming.consumersStarted();

        broker.deleteQueue(Topology.SHOOTING_RANGE_QUEUE);

        await().atMost(Duration.ofSeconds(20)).until(() -> consuming.consumersStarted() > started && consuming.isConsuming());
        broker.publish(MoveTarget.create(gameId, 5));
        await().untilAsserted(() -> given().get("/api/ranges/{gameId}", gameId).then().body("targetPosition", equalTo(5)));
        broker.publish(FireAt.create(gameId, UUID.randomUUID(), "erin", 5));
        await().untilAsserted(() -> given().get("/api/ranges/{gameId}", gameId).then().body("outcomes.size()", equalTo(1)));
        Service.awaitReady();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

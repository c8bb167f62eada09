package dev.shootingrange.exactlyonce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.shootingrange.exactlyonce.rabbit.RabbitConnections;
import dev.shootingrange.exactlyonce.runtime.ExactlyOnceRuntime;
import dev.shootingrange.exactlyonce.spi.Step;
import dev.shootingrange.exactlyonce.spi.Steps;
import dev.shootingrange.exactlyonce.tally.Handlings;
import dev.shootingrange.exactlyonce.tally.Tally;
import dev.shootingrange.exactlyonce.tally.TallyWire;
import dev.shootingrange.testing.Sql;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The core on its defaults, on a real broker and database: a message delivered again, and the two
 * crashes that make at-least-once delivery send a copy, still take effect once. A crash here is any
 * exception thrown at a step: the core treats it as the ordinary failure it would be.
 */
@QuarkusTest
class FailureTest {

    @Inject
    Steps steps;

    @Inject
    RabbitConnections connections;

    @Inject
    ExactlyOnceRuntime runtime;

    @Inject
    DataSource dataSource;

    private TallyWire wire;
    /** Deliveries of each message that reached the inbox's check: the first, and each copy after it. */
    private final Handlings handlings = new Handlings();

    @BeforeEach
    void awaitConsuming() {
        await().atMost(Duration.ofSeconds(30)).until(runtime::isReady);
        wire = new TallyWire(connections.publishing());
        steps.listen((step, messageId, type) -> countHandling(step, messageId));
    }

    @AfterEach
    void stopListening() {
        steps.listen(null);
    }

    @Test
    void aCopyOnTheWireTakesEffectOnceAndIsAnsweredOnce() {
        Tally count = Tally.count("copy-" + UUID.randomUUID());

        wire.publish(count);
        wire.publish(count);

        await().untilAsserted(() -> assertThat(wire.countedFor(count)).hasSize(1));
        await().untilAsserted(() -> assertThat(handlingsOf(count)).isEqualTo(2));
        assertThat(tallyOf(count)).isEqualTo(1);
        assertThat(wire.countedFor(count)).hasSize(1);
    }

    @Test
    void aConsumerThatDiesBeforeTheAckGetsTheMessageAgainAndDropsIt() {
        Tally count = Tally.count("ack-" + UUID.randomUUID());
        AtomicBoolean crashed = crashOnceAt(Step.AFTER_COMMIT_BEFORE_ACK, count.messageId());

        wire.publish(count);

        await().untilAsserted(() -> assertThat(handlingsOf(count)).isEqualTo(2));
        assertThat(crashed).isTrue();
        assertThat(tallyOf(count)).isEqualTo(1);
        await().untilAsserted(() -> assertThat(wire.countedFor(count)).hasSize(1));
    }

    @Test
    void aRelayThatDiesAfterTheConfirmSendsTheSameCopyAgain() {
        Tally count = Tally.count("relay-" + UUID.randomUUID());
        AtomicBoolean crashed = crashOnceAt(Step.AFTER_CONFIRM_BEFORE_MARK, count.counted().messageId());

        wire.publish(count);

        await().untilAsserted(() -> assertThat(wire.countedFor(count)).hasSize(2));
        assertThat(crashed).isTrue();
        assertThat(wire.countedFor(count)).allSatisfy(copy -> assertThat(copy).isEqualTo(count.counted()));
        await().untilAsserted(() -> assertThat(pendingOutboxRows()).isZero());
        assertThat(tallyOf(count)).isEqualTo(1);
    }

    private AtomicBoolean crashOnceAt(Step crashStep, UUID messageId) {
        AtomicBoolean crashed = new AtomicBoolean();
        steps.listen((step, id, type) -> {
            countHandling(step, id);
            if (step == crashStep && id.equals(messageId) && crashed.compareAndSet(false, true)) {
                throw new IllegalStateException("crashed at " + step);
            }
        });
        return crashed;
    }

    private void countHandling(Step step, UUID messageId) {
        handlings.reached(step, messageId);
    }

    private int handlingsOf(Tally count) {
        return handlings.of(count);
    }

    private long tallyOf(Tally count) {
        return Sql.count(dataSource, "select count from tally where key = ?", count.key());
    }

    private long pendingOutboxRows() {
        return Sql.count(dataSource, "select count(*) from outbox where sent_at is null");
    }
}

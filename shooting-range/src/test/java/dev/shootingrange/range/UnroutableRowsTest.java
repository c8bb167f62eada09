package dev.shootingrange.range;

import static dev.shootingrange.testing.Service.count;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Hit;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.Topology;
import dev.shootingrange.testing.Broker;
import dev.shootingrange.testing.Service;
import dev.shootingrange.testing.Sql;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Outbox rows the broker returns as unroutable stay pending, but wait before each new try: they never
 * stand in front of the rows written after them, and a wake-up of the relay does not publish them all
 * again.
 */
@QuarkusTest
class UnroutableRowsTest {

    private static final String NOWHERE = "no-queue-is-bound-to-this";
    private static final int RETURNED_ROWS = 200;

    private final Broker broker = Broker.shared();

    @Inject
    DataSource dataSource;

    @Inject
    MeterRegistry registry;

    @AfterEach
    void removeTheUnroutableRows() {
        Sql.execute(dataSource, "delete from outbox where routing_key = ?", NOWHERE);
    }

    @Test
    void aFullBatchOfReturnedRowsDoesNotKeepNewerRowsWaiting() {
        Service.awaitReady();
        String gameId = "unroutable-" + UUID.randomUUID();
        Broker.Wire hits = broker.watch(Topology.EVENTS, "Hit");
        broker.publish(MoveTarget.create(gameId, 5));
        await().untilAsserted(() -> given().get("/api/ranges/{gameId}", gameId).then().body("targetPosition", equalTo(5)));
        double returnedBefore = count(registry, "outbox.returned");
        Sql.execute(dataSource, """
                insert into outbox (message_id, exchange, routing_key, type, payload, created_at)
                select gen_random_uuid(), ?, ?, 'Hit', ?, now() from generate_series(1, ?)""",
                Topology.EVENTS, NOWHERE, "{}".getBytes(StandardCharsets.UTF_8), RETURNED_ROWS);
        await().until(() -> count(registry, "outbox.returned") >= returnedBefore + RETURNED_ROWS);

        long began = System.nanoTime();
        for (int i = 0; i < 5; i++) {
            FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 5);
            broker.publish(shot);
            await().atMost(Duration.ofSeconds(20)).until(() -> hits.bodies().stream()
                    .anyMatch(body -> MessageCodec.decode(body) instanceof Hit hit && hit.attemptId().equals(shot.attemptId())));
        }
        long windowMs = Duration.ofNanos(System.nanoTime() - began).toMillis();

        double returnedSince = count(registry, "outbox.returned") - returnedBefore - RETURNED_ROWS;
        assertThat(returnedSince).as("returns while 5 shots were answered in %d ms", windowMs)
                .isLessThanOrEqualTo(RETURNED_ROWS * (double) triesWithinDoublingBackOff(windowMs));
    }

    /** How often a row waiting 1 s after its first return, doubling, can be tried again in a window. */
    private static int triesWithinDoublingBackOff(long windowMs) {
        int tries = 0;
        for (long wait = 1_000, spent = wait; spent <= windowMs + 1_000; wait = Math.min(wait * 2, 60_000), spent += wait) {
            tries++;
        }
        return tries;
    }
}

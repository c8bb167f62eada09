package dev.shootingrange.exactlyonce.inbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;

import jakarta.inject.Inject;

import org.hibernate.SessionFactory;
import org.junit.jupiter.api.Test;

import dev.shootingrange.exactlyonce.rabbit.RabbitConnections;
import dev.shootingrange.exactlyonce.runtime.ExactlyOnceRuntime;
import dev.shootingrange.exactlyonce.tally.Tally;
import dev.shootingrange.exactlyonce.tally.TallyWire;
import io.quarkus.test.junit.QuarkusTest;

/**
 * A handling whose work is all plain statements (the inbox row, the tally's upsert, the outbox row)
 * and the relay's batches that publish its answers open no ORM session: opening and closing one
 * around every transaction was a tenth of a service's CPU (docs/performance.md).
 */
@QuarkusTest
class PlainStatementsTest {

    private static final int COUNTS = 40;

    @Inject
    RabbitConnections connections;

    @Inject
    ExactlyOnceRuntime runtime;

    @Inject
    SessionFactory sessions;

    @Test
    void handlingsAndRelayBatchesOfPlainStatementsOpenNoOrmSession() {
        await().atMost(Duration.ofSeconds(30)).until(runtime::isReady);
        TallyWire wire = new TallyWire(connections.publishing());
        List<Tally> counts = IntStream.range(0, COUNTS).mapToObj(i -> Tally.count("plain-" + UUID.randomUUID())).toList();
        long openedBefore = sessions.getStatistics().getSessionOpenCount();

        counts.forEach(wire::publish);

        await().untilAsserted(() -> assertThat(counts).allSatisfy(count -> assertThat(wire.countedFor(count)).hasSize(1)));
        // The relay counts its pending rows through the ORM once a sweep interval: a session now and then.
        assertThat(sessions.getStatistics().getSessionOpenCount() - openedBefore).isLessThan(COUNTS / 4);
    }
}

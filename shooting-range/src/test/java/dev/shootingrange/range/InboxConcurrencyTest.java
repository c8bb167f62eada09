package dev.shootingrange.range;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.exactlyonce.Delivery;
import dev.shootingrange.exactlyonce.inbox.InboxProcessor;
import dev.shootingrange.exactlyonce.spi.Steps;
import dev.shootingrange.range.messaging.CommandHandler;
import dev.shootingrange.testing.AtOnce;
import dev.shootingrange.testing.Interleavings;
import dev.shootingrange.testing.Sql;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Copies of one message handled at the same moment, as two instances of the service or two consumer
 * channels would: the inbox's primary key must let exactly one of them take effect, with no deadlock.
 */
@QuarkusTest
class InboxConcurrencyTest {

    private static final String JSON = "application/json";

    @Inject
    InboxProcessor processor;

    @Inject
    CommandHandler handler;

    @Inject
    Steps steps;

    @Inject
    DataSource dataSource;

    private final String gameId = "race-" + UUID.randomUUID();

    @Test
    void manyCopiesHandledAtOnceTakeEffectOnce() throws Exception {
        processor.process(JSON, MessageCodec.encode(MoveTarget.create(gameId, 42)), handler);
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);
        byte[] body = MessageCodec.encode(shot);
        int copies = 16;
        List<Delivery> deliveries = AtOnce.run(copies, () -> processor.process(JSON, body, handler));

        assertThat(deliveries).filteredOn(Delivery.Handled.class::isInstance).hasSize(1);
        assertThat(deliveries).filteredOn(Delivery.Duplicate.class::isInstance).hasSize(copies - 1);
        assertEffectsOnce(shot);
    }

    /**
     * Two deliveries of one message through every interleaving of the inbox's storage steps (inbox
     * insert, flush of state and outbox, commit): 20 schedules, each must end with one effect.
     */
    @Test
    void everyInterleavingOfTwoDeliveriesTakesEffectOnce() throws Exception {
        processor.process(JSON, MessageCodec.encode(MoveTarget.create(gameId, 42)), handler);
        Interleavings interleavings = new Interleavings(steps, this::someoneWaitsForALock);
        List<String> schedules = Interleavings.schedules(3);
        assertThat(schedules).hasSize(20);

        for (String schedule : schedules) {
            FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);
            byte[] body = MessageCodec.encode(shot);

            List<Delivery> both = interleavings.run(schedule, shot.messageId(),
                    () -> processor.process(JSON, body, handler),
                    () -> processor.process(JSON, body, handler));

            assertThat(both).as(schedule).filteredOn(Delivery.Handled.class::isInstance).hasSize(1);
            assertThat(both).as(schedule).filteredOn(Delivery.Duplicate.class::isInstance).hasSize(1);
            assertEffectsOnce(shot);
        }
    }

    private void assertEffectsOnce(FireAt shot) {
        assertThat(countRows("select count(*) from outcome where attempt_id = ?", shot.attemptId()))
                .as("outcomes decided").isEqualTo(1);
        assertThat(countRows("select count(*) from outbox where convert_from(payload, 'UTF8') like ?",
                "%" + shot.attemptId() + "%"))
                .as("outgoing messages").isEqualTo(1);
    }

    private long countRows(String sql, Object parameter) {
        return Sql.count(dataSource, sql, parameter);
    }

    private boolean someoneWaitsForALock() {
        return Sql.count(dataSource, """
                select count(*) from pg_stat_activity
                where wait_event_type = 'Lock' and datname = current_database()""") > 0;
    }
}

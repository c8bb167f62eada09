package dev.shootingrange.exactlyonce.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.shootingrange.exactlyonce.Delivery;
import dev.shootingrange.exactlyonce.tally.Tally;
import dev.shootingrange.exactlyonce.tally.TallyHandler;
import dev.shootingrange.testing.AtOnce;
import dev.shootingrange.testing.Sql;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Copies of one message handled at the same moment, as two instances of a service or two consumer
 * channels would: the inbox's primary key lets exactly one of them take effect, with no deadlock.
 */
@QuarkusTest
class InboxConcurrencyTest {

    @Inject
    InboxProcessor processor;

    @Inject
    TallyHandler handler;

    @Inject
    DataSource dataSource;

    @Test
    void manyCopiesHandledAtOnceTakeEffectOnce() throws Exception {
        Tally count = Tally.count("race-" + UUID.randomUUID());
        int copies = 16;
        List<Delivery> deliveries = AtOnce.run(copies, () -> processor.process(null, count.bytes(), handler));

        assertThat(deliveries).filteredOn(Delivery.Handled.class::isInstance).hasSize(1);
        assertThat(deliveries).filteredOn(Delivery.Duplicate.class::isInstance).hasSize(copies - 1);
        assertThat(tallyOf(count.key())).as("the key's tally").isEqualTo(1);
        assertThat(outboxRowsOf(count.counted())).as("Counted rows in the outbox").isEqualTo(1);
    }

    private long tallyOf(String key) {
        return Sql.count(dataSource, "select count from tally where key = ?", key);
    }

    private long outboxRowsOf(Tally counted) {
        return Sql.count(dataSource, "select count(*) from outbox where message_id = ?", counted.messageId());
    }
}

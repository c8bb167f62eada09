package dev.shootingrange.exactlyonce.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import org.junit.jupiter.api.Test;

import dev.shootingrange.exactlyonce.Delivery;
import dev.shootingrange.exactlyonce.PlainStatement;
import dev.shootingrange.exactlyonce.tally.Tally;
import dev.shootingrange.exactlyonce.tally.TallyHandler;
import io.quarkus.narayana.jta.QuarkusTransaction;
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
    EntityManager entityManager;

    @Test
    void manyCopiesHandledAtOnceTakeEffectOnce() throws Exception {
        Tally count = Tally.count("race-" + UUID.randomUUID());
        int copies = 16;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(copies);
        List<Future<Delivery>> results = new ArrayList<>();
        for (int i = 0; i < copies; i++) {
            results.add(threads.submit((Callable<Delivery>) () -> {
                start.await();
                return processor.process(null, count.bytes(), handler);
            }));
        }
        start.countDown();
        List<Delivery> deliveries = new ArrayList<>();
        for (Future<Delivery> result : results) {
            deliveries.add(result.get());
        }
        threads.shutdown();

        assertThat(deliveries).filteredOn(Delivery.Handled.class::isInstance).hasSize(1);
        assertThat(deliveries).filteredOn(Delivery.Duplicate.class::isInstance).hasSize(copies - 1);
        assertThat(tallyOf(count.key())).as("the key's tally").isEqualTo(1);
        assertThat(outboxRowsOf(count.counted())).as("Counted rows in the outbox").isEqualTo(1);
    }

    private int tallyOf(String key) {
        return QuarkusTransaction.requiringNew().call(() -> PlainStatement.first(entityManager,
                "select count from tally where key = ?", row -> row.getInt(1), key));
    }

    private long outboxRowsOf(Tally counted) {
        return QuarkusTransaction.requiringNew().call(() -> PlainStatement.first(entityManager,
                "select count(*) from outbox where message_id = ?", row -> row.getLong(1), counted.messageId()));
    }
}

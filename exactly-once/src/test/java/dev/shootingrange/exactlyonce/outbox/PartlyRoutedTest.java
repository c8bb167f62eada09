package dev.shootingrange.exactlyonce.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeoutException;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import dev.shootingrange.exactlyonce.rabbit.RabbitConnections;
import dev.shootingrange.exactlyonce.runtime.ExactlyOnceRuntime;
import dev.shootingrange.exactlyonce.tally.Tally;
import dev.shootingrange.exactlyonce.tally.TallyWire;
import dev.shootingrange.testing.BrokerConnections;
import dev.shootingrange.testing.Sql;
import io.quarkus.test.junit.QuarkusTest;

/**
 * What mandatory publishing does not catch: a message its exchange still routes to one queue is not
 * returned, whatever other queue it no longer reaches. A second consumer's queue, bound beside the
 * Counteds' own, is deleted; a Counted published meanwhile is confirmed, marked sent, and never reaches
 * that queue once it is declared again (docs/decisions/0003, 0015).
 */
@QuarkusTest
class PartlyRoutedTest {

    /** A second consumer of the Counteds, as another service's queue would be. */
    private static final String ELSEWHERE = Tally.COUNTED_QUEUE + ".elsewhere";

    @Inject
    ExactlyOnceRuntime runtime;

    @Inject
    RabbitConnections connections;

    @Inject
    DataSource dataSource;

    @Test
    void aMessageRoutedToOneOfItsTwoQueuesIsConfirmedAndMarkedSentWithoutTheOther() throws Exception {
        await().atMost(Duration.ofSeconds(30)).until(runtime::isReady);
        TallyWire wire = new TallyWire(connections.publishing());
        try (Connection connection = BrokerConnections.factory().newConnection("partly-routed");
                Channel channel = connection.createChannel()) {
            declareElsewhere(channel);
            Tally before = Tally.count("routed-both-" + UUID.randomUUID());
            wire.publish(before);
            await().atMost(Duration.ofSeconds(30)).until(() -> channel.messageCount(ELSEWHERE) == 1);

            channel.queueDelete(ELSEWHERE);
            Tally during = Tally.count("routed-one-" + UUID.randomUUID());
            wire.publish(during);
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(wire.countedFor(during)).hasSize(1));
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(sentAndReturns(during))
                    .as("the Counted's row: sent, never returned").isEqualTo("sent, 0 returns"));
            declareElsewhere(channel);

            Tally after = Tally.count("routed-both-again-" + UUID.randomUUID());
            wire.publish(after);
            await().atMost(Duration.ofSeconds(30)).until(() -> channel.messageCount(ELSEWHERE) == 1);
            assertThat(channel.basicGet(ELSEWHERE, true).getProps().getMessageId())
                    .as("the one message the queue declared again holds: the later Counted, not the one published while it was gone")
                    .isEqualTo(after.counted().messageId().toString());
        } finally {
            deleteElsewhere();
        }
    }

    private static void declareElsewhere(Channel channel) throws IOException {
        channel.queueDeclare(ELSEWHERE, true, false, false, Map.of("x-queue-type", "quorum"));
        channel.queueBind(ELSEWHERE, Tally.EXCHANGE, Tally.COUNTED);
    }

    private static void deleteElsewhere() throws IOException, TimeoutException {
        try (Connection connection = BrokerConnections.factory().newConnection("partly-routed");
                Channel channel = connection.createChannel()) {
            channel.queueDelete(ELSEWHERE);
        }
    }

    private String sentAndReturns(Tally count) {
        long sent = Sql.count(dataSource, "select count(*) from outbox where message_id = ? and sent_at is not null",
                count.counted().messageId());
        long returns = Sql.count(dataSource, "select coalesce(sum(returns), 0) from outbox where message_id = ?",
                count.counted().messageId());
        return (sent == 1 ? "sent" : "not sent") + ", " + returns + " returns";
    }
}

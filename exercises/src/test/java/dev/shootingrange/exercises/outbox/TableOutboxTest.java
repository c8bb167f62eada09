package dev.shootingrange.exercises.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exercises.judge.Database;
import dev.shootingrange.exercises.judge.RedAtTheStart;

/** Exercise 3: what a handling decides to send leaves with its transaction's commit, and only then. */
@ExtendWith(RedAtTheStart.class)
class TableOutboxTest {

    @RegisterExtension
    static final Database database = new Database("outbox", TableOutbox.TABLE);

    @RegisterExtension
    static final Broker broker = new Broker("outbox");

    private TableOutbox outbox;
    private Relay relay;

    @BeforeEach
    void range() {
        outbox = new TableOutbox(database::connection, broker.sending());
        relay = new Relay(database.dataSource(), broker.connection());
    }

    @Test
    void aHitSentInATransactionThatRolledBackIsNeverPublished() throws Exception {
        Envelope ghost = hit(broker.exchange());
        Envelope hit = hit(broker.exchange());

        assertThatThrownBy(() -> database.inTransaction(() -> {
            outbox.send(ghost);
            throw new IllegalStateException("the handling failed after the send: no Hit was decided");
        })).hasMessageContaining("no Hit was decided");
        sendAndCommit(hit);
        relay.publishPending();

        // The relay waits for its confirms: once the Hit is on the queue, a ghost sent before it would be too.
        List<Broker.Received> received = await().atMost(Duration.ofSeconds(10)).until(broker::received, list -> !list.isEmpty());
        assertThat(received).extracting(Broker.Received::messageId).as("what reached the leader board")
                .containsExactly(hit.messageId().toString());
    }

    @Test
    void nothingIsOnTheBrokerBeforeTheCommit() throws Exception {
        database.inTransaction(() -> {
            outbox.send(hit(broker.exchange()));
            broker.flush();
            assertThat(broker.received()).as("on the broker while the transaction is still open").isEmpty();
            return null;
        });
    }

    @Test
    void afterTheCommitTheRelayPublishesTheHitOnceWithItsIdAndBody() throws Exception {
        Envelope hit = hit(broker.exchange());

        sendAndCommit(hit);
        // Committed, not yet published: a process that died now would leave the row to the relay's next run.
        assertThat(relay.publishPending()).as("rows the relay published").isEqualTo(1);
        assertThat(relay.publishPending()).as("rows its second run published").isZero();

        List<Broker.Received> received = await().atMost(Duration.ofSeconds(10)).until(broker::received, list -> !list.isEmpty());
        assertThat(received).as("copies of the Hit on the broker").hasSize(1);
        assertThat(received.get(0).messageId()).as("the AMQP messageId").isEqualTo(hit.messageId().toString());
        assertThat(received.get(0).body()).as("the body").isEqualTo(hit.body());
        assertThat(received.get(0).deliveryMode()).as("the delivery mode (2: persistent)").isEqualTo(2);
    }

    @Test
    void everyRunOfTheRelayClosesTheChannelItOpened() throws Exception {
        sendAndCommit(hit(broker.exchange()));
        relay.publishPending();
        relay.publishPending();

        // The relay runs again and again for as long as the range does, on one connection: a channel left
        // open at each run adds up to the connection's limit, and from then on no run publishes anything.
        assertThat(broker.channelsLeftOpen()).as("channels the relay's runs left open on its connection").isZero();
    }

    @Test
    void aRowIsMarkedSentOnlyOnceTheBrokerHasConfirmedIt() throws Exception {
        // The leader board's exchange is not declared yet: the broker closes the channel that publishes to it.
        Envelope hit = hit(broker.later());
        sendAndCommit(hit);

        // A run that failed may throw or publish nothing; either way the row must still wait.
        catchThrowable(() -> relay.publishPending());
        broker.declareLater();

        assertThat(relay.publishPending()).as("rows the next run published, once the exchange exists").isEqualTo(1);
        List<Broker.Received> received = await().atMost(Duration.ofSeconds(10)).until(broker::received, list -> !list.isEmpty());
        assertThat(received).extracting(Broker.Received::messageId).as("what reached the leader board")
                .containsExactly(hit.messageId().toString());
    }

    private void sendAndCommit(Envelope message) throws Exception {
        database.inTransaction(() -> {
            outbox.send(message);
            return null;
        });
    }

    /** The range's answer to a FireAt that hit the target. */
    private static Envelope hit(String exchange) {
        UUID attemptId = UUID.randomUUID();
        byte[] body = ("{\"attemptId\":\"" + attemptId + "\",\"targetPosition\":42}").getBytes(StandardCharsets.UTF_8);
        return new Envelope(UUID.randomUUID(), "Hit", exchange, "Hit", body);
    }
}

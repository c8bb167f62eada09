package dev.shootingrange.exercises.sideeffects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exercises.judge.Database;
import dev.shootingrange.exercises.judge.RedAtTheStart;
import dev.shootingrange.exercises.outbox.Broker;

/**
 * Exercise 4: a copy is known by what its first handling stored, and answered by it, byte for byte:
 * one answer per message, however late the copy, whatever the inbox has forgotten.
 */
@ExtendWith(RedAtTheStart.class)
class StoredAnswersTest {

    static final String INBOX = """
            create table inbox (consumer text not null, message_id uuid not null, primary key (consumer, message_id))""";

    /** Exercise 3's outbox, with the message whose handling wrote each row. */
    static final String OUTBOX = """
            create table outbox (
                id bigserial primary key,
                message_id uuid not null,
                exchange text not null,
                routing_key text not null,
                type text not null,
                payload bytea not null,
                created_at timestamptz not null default now(),
                sent_at timestamptz,
                caused_by uuid
            )""";

    @RegisterExtension
    static final Database database = new Database("sideeffects", INBOX, OUTBOX);

    @RegisterExtension
    static final Broker broker = new Broker("sideeffects");

    private final StoredAnswers answers = new StoredAnswers(database::connection);
    private final UUID attemptId = UUID.randomUUID();

    @Test
    void aCopyOfAFireAtIsAnsweredByTheHitItsFirstHandlingStored() throws Exception {
        UUID fireAt = UUID.randomUUID();
        Envelope hit = decision("Hit");
        deliver(fireAt, hit);
        relay();

        // Handled again, the FireAt would miss the moved target: the copy must not say so.
        assertThat(deliver(fireAt, decision("Missed"))).as("messages answering the copy").isEqualTo(1);
        assertThat(relay()).as("messages the relay published again").isEqualTo(1);

        List<Broker.Received> received = await().atMost(Duration.ofSeconds(10)).until(broker::received, list -> list.size() >= 2);
        assertThat(received).extracting(Broker.Received::messageId).as("what reached the leader board")
                .containsExactly(hit.messageId().toString(), hit.messageId().toString());
        assertThat(received.get(1).body()).as("the answer's bytes").isEqualTo(hit.body());
    }

    @Test
    void aCopyOfAMessageWhoseHandlingSentNothingIsAnsweredByNothing() throws Exception {
        UUID fireAt = UUID.randomUUID();
        UUID moveTarget = UUID.randomUUID();
        Envelope hit = decision("Hit");
        deliver(fireAt, hit);
        deliver(moveTarget);
        relay();

        assertThat(deliver(moveTarget)).as("messages answering the MoveTarget's copy").isZero();
        assertThat(relay()).as("messages the relay published again").isZero();
        assertThat(await().atMost(Duration.ofSeconds(10)).until(broker::received, list -> !list.isEmpty()))
                .extracting(Broker.Received::messageId).as("what reached the leader board")
                .containsExactly(hit.messageId().toString());
    }

    @Test
    void aCopyPastTheInboxsWindowIsAnsweredByTheFirstHitNeverByANewJudgement() throws Exception {
        UUID fireAt = UUID.randomUUID();
        Envelope hit = decision("Hit");
        deliver(fireAt, hit);
        relay();
        // The inbox's retention window has passed, the target has moved, and a late copy arrives.
        database.update("delete from inbox where message_id = ?", fireAt);

        assertThat(deliver(fireAt, decision("Missed"))).as("messages answering the late copy").isEqualTo(1);
        assertThat(relay()).as("messages the relay published again").isEqualTo(1);

        List<Broker.Received> received = await().atMost(Duration.ofSeconds(10)).until(broker::received, list -> list.size() >= 2);
        assertThat(received).extracting(Broker.Received::messageId)
                .as("what reached the leader board: the Hit twice, never a Missed for the same FireAt")
                .containsExactly(hit.messageId().toString(), hit.messageId().toString());
        assertThat(received.get(1).body()).as("the late copy's answer, byte for byte").isEqualTo(hit.body());
    }

    @Test
    void aCopyOfAHandlingThatSentTwoMessagesIsAnsweredByBoth() throws Exception {
        UUID fireAt = UUID.randomUUID();
        Envelope hit = decision("Hit");
        Envelope gameWon = decision("GameWon");
        deliver(fireAt, hit, gameWon);
        relay();

        assertThat(deliver(fireAt, decision("Missed"))).as("messages answering the copy").isEqualTo(2);
        assertThat(relay()).as("messages the relay published again").isEqualTo(2);

        List<Broker.Received> received = await().atMost(Duration.ofSeconds(10)).until(broker::received, list -> list.size() >= 4);
        assertThat(received).extracting(Broker.Received::messageId).as("what reached the leader board")
                .containsExactly(hit.messageId().toString(), gameWon.messageId().toString(), hit.messageId().toString(),
                        gameWon.messageId().toString());
    }

    @Test
    void aCopyWhoseHandlingRolledBackSendsNothingAgain() throws Exception {
        UUID fireAt = UUID.randomUUID();
        deliver(fireAt, decision("Hit"));
        relay();

        assertThatThrownBy(() -> database.inTransaction(() -> {
            answers.answer("shooting-range", fireAt);
            throw new IllegalStateException("the copy's handling failed: the broker redelivers it");
        })).hasMessageContaining("redelivers");

        assertThat(relay()).as("messages the relay published after the rollback").isZero();
    }

    /**
     * The range handles a delivery of a message, as the lab's side-effects strategy does: the stored
     * answers, then the inbox (for a handling that stored nothing) say whether it is a copy; a copy is
     * answered from the outbox, a first delivery writes its decisions (none, one or several). Returns
     * how many messages the delivery sends.
     */
    private int deliver(UUID messageId, Envelope... decisions) throws Exception {
        return database.inTransaction(() -> {
            boolean first = answers.firstDelivery("shooting-range", messageId)
                    && database.update("insert into inbox values ('shooting-range', ?) on conflict do nothing", messageId) == 1;
            if (!first) {
                return answers.answer("shooting-range", messageId);
            }
            for (Envelope decision : decisions) {
                database.update("""
                        insert into outbox (message_id, exchange, routing_key, type, payload, caused_by) values (?, ?, ?, ?, ?, ?)""",
                        decision.messageId(), decision.exchange(), decision.routingKey(), decision.type(), decision.body(), messageId);
            }
            return decisions.length;
        });
    }

    /** Exercise 3's relay, in short: publishes the unsent rows, each marked sent once the broker confirmed it. */
    private int relay() throws Exception {
        int published = 0;
        try (Connection connection = database.dataSource().getConnection(); Statement select = connection.createStatement();
                ResultSet rows = select.executeQuery("select id, message_id, routing_key, payload from outbox where sent_at is null order by id")) {
            while (rows.next()) {
                broker.publish(rows.getString("routing_key"), rows.getObject("message_id", UUID.class), rows.getBytes("payload"));
                database.update("update outbox set sent_at = now() where id = ?", rows.getLong("id"));
                published++;
            }
        }
        return published;
    }

    /** What the range decides about the attempt: each decision a message of its own, under an id of its own. */
    private Envelope decision(String type) {
        int targetPosition = type.equals("Hit") ? 42 : 7;
        byte[] body = ("{\"attemptId\":\"" + attemptId + "\",\"targetPosition\":" + targetPosition + "}").getBytes(StandardCharsets.UTF_8);
        return new Envelope(UUID.randomUUID(), type, broker.exchange(), type, body);
    }
}

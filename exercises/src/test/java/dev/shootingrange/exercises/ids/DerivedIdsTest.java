package dev.shootingrange.exercises.ids;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.shootingrange.exactlyonce.spi.OutgoingIds;
import dev.shootingrange.exercises.judge.Database;
import dev.shootingrange.exercises.judge.FreshClasses;
import dev.shootingrange.exercises.judge.RedAtTheStart;

/** Exercise 2: a FireAt answered twice on the same state is answered with one message, sent twice. */
@ExtendWith(RedAtTheStart.class)
class DerivedIdsTest {

    // The range's outbox (no key: each handling writes its answer), and the leader board's inbox as in exercise 1.
    @RegisterExtension
    static final Database database = new Database("ids",
            "create table outbox (id bigint generated always as identity, message_id uuid not null, type text not null, body text not null)",
            "create table inbox (consumer text not null, message_id uuid not null, primary key (consumer, message_id))",
            "create table hits (message_id uuid not null, body text not null)");

    /** When the FireAt was sent, as its producer wrote it: long before any handling of it. */
    private static final Instant FIRED = Instant.parse("2026-12-04T09:15:30.123456Z");

    private static final String RANGE = "shooting-range";

    private final DerivedIds ids = new DerivedIds(RANGE);

    /** The shot as the range receives it. */
    private record FireAt(UUID messageId, Instant sentAt, UUID attemptId, String player, int position) {
    }

    @Test
    void theSameFireAtAnsweredAgainGetsTheSameId() {
        UUID fireAt = UUID.randomUUID();

        assertThat(ids.messageId(fireAt, "Hit")).as("the Hit's id, answered again").isEqualTo(ids.messageId(fireAt, "Hit"));
        assertThat(afterARestart().messageId(fireAt, "Hit")).as("the Hit's id, answered again after a restart")
                .isEqualTo(ids.messageId(fireAt, "Hit"));
    }

    @Test
    void theAnswerCarriesTheInstantOfItsFireAt() {
        assertThat(ids.sentAt(FIRED)).as("the Hit's sentAt").isEqualTo(FIRED);
        assertThat(afterARestart().sentAt(FIRED)).as("the Hit's sentAt, answered again after a restart").isEqualTo(FIRED);
    }

    @Test
    void aHitAndAMissedForOneFireAtHaveTwoIds() {
        UUID fireAt = UUID.randomUUID();

        assertThat(ids.messageId(fireAt, "Hit")).as("the Hit's id beside the Missed's").isNotEqualTo(ids.messageId(fireAt, "Missed"));
    }

    @Test
    void twoEndpointsAnsweringOneHitWithOneTypeGetTwoIds() {
        UUID hit = UUID.randomUUID();

        // The board and a statistics service both handle the Hit, and each tells the game its new score.
        assertThat(new DerivedIds("leader-board").messageId(hit, "ScoreChanged"))
                .as("the board's ScoreChanged beside the statistics' ScoreChanged, both answering one Hit")
                .isNotEqualTo(new DerivedIds("statistics").messageId(hit, "ScoreChanged"));
    }

    @Test
    void theAnswersToTwoFireAtsHaveTwoIds() {
        Set<UUID> hits = Stream.generate(UUID::randomUUID).limit(1000)
                .map(fireAt -> ids.messageId(fireAt, "Hit")).collect(Collectors.toSet());

        assertThat(hits).as("the ids of the Hits answering 1000 FireAts").hasSize(1000);
    }

    @Test
    void aFireAtRedeliveredAfterACrashBeforeTheAckIsCountedOnceDownstream() throws Exception {
        FireAt shot = new FireAt(UUID.randomUUID(), FIRED, UUID.randomUUID(), "alice", 42);

        database.inTransaction(() -> answer(shot, 42));
        // The range committed its Hit and crashed before the ack: the broker delivers the FireAt again.
        database.inTransaction(() -> answer(shot, 42));
        for (Sent hit : relay()) {
            database.inTransaction(() -> countAtTheLeaderBoard(hit));
        }

        assertThat(database.number("select count(*) from outbox")).as("Hits sent").isEqualTo(2);
        assertThat(database.number("select count(distinct (message_id, body)) from outbox"))
                .as("different Hits among them (id and bytes)").isEqualTo(1);
        assertThat(database.number("select count(*) from hits")).as("alice's hits counted").isEqualTo(1);
    }

    /** The range's ids in a process started after the crash: DerivedIds loaded afresh, nothing kept from this one. */
    private static OutgoingIds afterARestart() {
        return FreshClasses.afterARestart(DerivedIds.class, OutgoingIds.class, RANGE);
    }

    /** The range's handling: judges the shot against the target and writes its answer to the outbox. */
    private Void answer(FireAt shot, int targetPosition) throws SQLException {
        String type = shot.position() == targetPosition ? "Hit" : "Missed";
        UUID messageId = ids.messageId(shot.messageId(), type);
        String body = """
                {"type":"%s","messageId":"%s","sentAt":"%s","causationId":"%s","attemptId":"%s","player":"%s",\
                "position":%d,"targetPosition":%d}""".formatted(type, messageId, ids.sentAt(shot.sentAt()),
                shot.messageId(), shot.attemptId(), shot.player(), shot.position(), targetPosition);
        database.update("insert into outbox (message_id, type, body) values (?, ?, ?)", messageId, type, body);
        return null;
    }

    private record Sent(UUID messageId, String type, String body) {
    }

    /** What the relay publishes, in the order written: every row, a redelivery's answer too. */
    private static List<Sent> relay() throws SQLException {
        List<Sent> sent = new ArrayList<>();
        try (Connection connection = database.dataSource().getConnection(); Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("select message_id, type, body from outbox order by id")) {
            while (rows.next()) {
                sent.add(new Sent(rows.getObject(1, UUID.class), rows.getString(2), rows.getString(3)));
            }
        }
        return sent;
    }

    /** The leader board's handling: its inbox first, then the count, in one transaction. */
    private static Void countAtTheLeaderBoard(Sent hit) throws SQLException {
        int first = database.update("insert into inbox (consumer, message_id) values ('leader-board', ?) on conflict do nothing",
                hit.messageId());
        if (first == 1 && hit.type().equals("Hit")) {
            database.update("insert into hits (message_id, body) values (?, ?)", hit.messageId(), hit.body());
        }
        return null;
    }
}

package dev.shootingrange.lab;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.testing.Sql;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;

/** The message history is written off the handlings' path; a reader still sees what came before it asked. */
@QuarkusTest
class HistoryWriterTest {

    @Inject
    HistoryWriter writer;

    @Inject
    DataSource dataSource;

    /**
     * Rows keep coming faster than they are written, as under a burst: a reader waits for the rows that
     * were there when it asked, and gets them, instead of waiting for a quiet moment that never comes.
     */
    @Test
    void aReaderWaitsForWhatCameBeforeItNotForAQuietMoment() throws InterruptedException {
        String gameId = "history-" + UUID.randomUUID();
        AtomicBoolean streaming = new AtomicBoolean(true);
        Thread stream = new Thread(() -> {
            while (streaming.get()) {
                // Built on the writer's thread, a row takes a millisecond while the stream lasts: 1,000 rows/s
                // written against 2,000 added.
                writer.add(() -> {
                    if (streaming.get()) {
                        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
                    }
                    return row("stream-" + gameId);
                }, 0);
                LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(500));
            }
        }, "history-stream");
        stream.start();
        try {
            writer.add(() -> row(gameId), 0);

            assertThat(writer.flush(Duration.ofSeconds(10))).as("the rows added before the read, written in time").isTrue();
            assertThat(QuarkusTransaction.requiringNew().call(() -> MessageHistory.ofGame(gameId, 0, 0, 10))).hasSize(1);
        } finally {
            streaming.set(false);
            stream.join();
        }
    }

    /**
     * Rows that come a few milliseconds apart, as a burst's do, go to the database in one commit: a
     * commit of a few rows costs PostgreSQL as much as the rows themselves, and a writer woken for each
     * row would commit them one or two at a time.
     */
    @Test
    void rowsThatComeCloseTogetherShareACommit() {
        String gameId = "together-" + UUID.randomUUID();
        for (int i = 0; i < 4; i++) {
            writer.add(() -> row(gameId), 0);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(15));
        }

        assertThat(writer.flush(Duration.ofSeconds(10))).as("written in time").isTrue();
        assertThat(Sql.count(dataSource, "select count(*) from message_history where game_id = ?", gameId)).isEqualTo(4);
        assertThat(Sql.count(dataSource, "select count(distinct xmin::text) from message_history where game_id = ?", gameId))
                .as("commits the four rows went in").isEqualTo(1);
    }

    /**
     * The database refuses the history's rows for a while: they are written once it takes them again,
     * not let go. A history with holes would have the checker call a message lost, or miss a duplicate.
     */
    @Test
    void rowsTheDatabaseRefusesForAWhileAreWrittenOnceItTakesThem() {
        String gameId = "refused-" + UUID.randomUUID();
        long failedBefore = writer.failedWrites();
        long droppedBefore = writer.dropped();
        Sql.execute(dataSource, "alter table message_history add constraint refuse_every_row check (false) not valid");
        try {
            writer.add(() -> row(gameId), 0);
            await().atMost(Duration.ofSeconds(10)).until(() -> writer.failedWrites() > failedBefore);
        } finally {
            Sql.execute(dataSource, "alter table message_history drop constraint refuse_every_row");
        }

        assertThat(writer.flush(Duration.ofSeconds(10))).as("written in time").isTrue();
        assertThat(QuarkusTransaction.requiringNew().call(() -> MessageHistory.ofGame(gameId, 0, 0, 10))).hasSize(1);
        assertThat(writer.dropped()).isEqualTo(droppedBefore);
    }

    /**
     * While the database keeps the writer waiting, the rows queued hold at most the writer's bytes of
     * message body; the rest are let go and counted, so a stuck database costs rows, never the heap.
     */
    @Test
    void aWriterKeptWaitingHoldsAtMostItsBytesAndLetsTheRestGo() throws SQLException {
        String gameId = "stuck-" + UUID.randomUUID();
        long droppedBefore = writer.dropped();
        try (Connection blocking = dataSource.getConnection()) {
            blocking.setAutoCommit(false);
            blocking.createStatement().execute("lock table message_history in access exclusive mode");
            for (int i = 0; i < 6; i++) {
                writer.add(() -> row(gameId), (int) (HistoryWriter.MAX_BYTES / 4));
            }

            assertThat(writer.dropped() - droppedBefore).as("rows let go").isEqualTo(2);
            blocking.rollback();
        }

        assertThat(writer.flush(Duration.ofSeconds(10))).as("written in time").isTrue();
        assertThat(QuarkusTransaction.requiringNew().call(() -> MessageHistory.ofGame(gameId, 0, 0, 10))).hasSize(4);
        // Whoever reads this history now judges it with holes in it: each page says so.
        given().get("/api/lab/history/{gameId}", gameId).then().statusCode(200)
                .body("entries.size()", equalTo(4))
                .body("historyComplete", equalTo(false))
                .body("historyDropped", greaterThanOrEqualTo(2));
        given().get("/api/lab/history?gameId={gameId}", gameId).then().statusCode(200)
                .body("[0].historyComplete", equalTo(false));
    }

    static MessageHistory row(String gameId) {
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 42);
        return MessageHistory.of(MessageHistory.Direction.IN, MessageHistory.Disposition.HANDLED, shot, MessageCodec.encode(shot),
                Instant.now());
    }
}

package dev.shootingrange.exercises.inbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.awaitility.Awaitility.await;

import java.sql.SQLException;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.shootingrange.exercises.judge.Database;
import dev.shootingrange.exercises.judge.RedAtTheStart;

/** Exercise 1: a consumer handles what its inbox lets through, in one transaction with the record. */
@ExtendWith(RedAtTheStart.class)
class TransactionalInboxTest {

    @RegisterExtension
    static final Database database = new Database("inbox", TransactionalInbox.TABLE,
            "create table handled (consumer text not null, message_id uuid not null)",
            "create table absorbed (consumer text not null, message_id uuid not null)");

    private final TransactionalInbox inbox = new TransactionalInbox(database::connection);

    @Test
    void aCopyDeliveredAgainIsNotHandledAgain() throws Exception {
        UUID hit = UUID.randomUUID();

        assertThat(deliver("leader-board", hit)).as("the first delivery is handled").isTrue();
        assertThat(deliver("leader-board", hit)).as("its copy is skipped").isFalse();

        assertThat(handlings("leader-board", hit)).as("handlings of the Hit").isEqualTo(1);
        assertThat(database.number("select count(*) from absorbed")).as("copies the board counted absorbed").isEqualTo(1);
    }

    @Test
    void aHandlingThatRolledBackLeavesTheMessageToItsRedelivery() throws Exception {
        UUID hit = UUID.randomUUID();

        assertThatThrownBy(() -> database.inTransaction(() -> {
            inbox.firstDelivery("leader-board", hit);
            throw new IllegalStateException("the handler failed: the broker redelivers");
        })).hasMessageContaining("redelivers");
        deliver("leader-board", hit);

        assertThat(handlings("leader-board", hit)).as("the redelivery is handled").isEqualTo(1);
    }

    @Test
    void twoCopiesHandledAtTheSameMomentAreHandledOnce() throws Exception {
        UUID hit = UUID.randomUUID();
        CountDownLatch firstHasHandled = new CountDownLatch(1);
        CountDownLatch firstMayCommit = new CountDownLatch(1);
        CompletableFuture<Boolean> first = CompletableFuture.supplyAsync(() -> handle("leader-board", hit, () -> {
            firstHasHandled.countDown();
            firstMayCommit.await(10, TimeUnit.SECONDS);
        }));
        assertThat(firstHasHandled.await(10, TimeUnit.SECONDS)).as("the first copy handled, not committed").isTrue();

        CompletableFuture<Boolean> second = CompletableFuture.supplyAsync(() -> handle("leader-board", hit, () -> {
        }));
        // The second copy either waits on the first's record (as it should) or has gone through already.
        await().atMost(Duration.ofSeconds(10)).until(() -> second.isDone() || database.sessionsWaitingOnALock() > 0);
        firstMayCommit.countDown();

        assertThat(first.get(10, TimeUnit.SECONDS)).as("the first copy is handled").isTrue();
        assertThat(second.get(10, TimeUnit.SECONDS)).as("the second copy is skipped, without an error").isFalse();
        assertThat(handlings("leader-board", hit)).as("handlings of the Hit").isEqualTo(1);
    }

    @Test
    void twoConsumersOfOneMessageEachHandleItOnce() throws Exception {
        UUID hit = UUID.randomUUID();

        deliver("leader-board", hit);
        deliver("statistics", hit);
        deliver("statistics", hit);

        assertThat(handlings("leader-board", hit)).as("the board's handlings").isEqualTo(1);
        assertThat(handlings("statistics", hit)).as("the statistics' handlings").isEqualTo(1);
    }

    /** A Hit delivered to a consumer: true where it was handled. */
    private boolean deliver(String consumer, UUID messageId) {
        return handle(consumer, messageId, () -> {
        });
    }

    @FunctionalInterface
    private interface BeforeCommit {
        void run() throws Exception;
    }

    /** A Hit handled in one transaction, with {@code beforeCommit} run last in it. */
    private boolean handle(String consumer, UUID messageId, BeforeCommit beforeCommit) {
        try {
            return database.inTransaction(() -> {
                boolean first = inbox.firstDelivery(consumer, messageId);
                if (first) {
                    database.update("insert into handled (consumer, message_id) values (?, ?)", consumer, messageId);
                } else {
                    absorbed(consumer, messageId);
                }
                beforeCommit.run();
                return first;
            });
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A consumer goes on in a copy's transaction after the inbox's answer: the lab counts the copies
     * each consumer absorbed, and exercise 4 answers the copy there.
     */
    private static void absorbed(String consumer, UUID messageId) {
        try {
            database.update("insert into absorbed (consumer, message_id) values (?, ?)", consumer, messageId);
        } catch (SQLException e) {
            fail("the copy's transaction cannot go on after the inbox's answer: " + e.getMessage());
        }
    }

    private long handlings(String consumer, UUID messageId) throws Exception {
        return database.number("select count(*) from handled where consumer = ? and message_id = ?", consumer, messageId);
    }
}

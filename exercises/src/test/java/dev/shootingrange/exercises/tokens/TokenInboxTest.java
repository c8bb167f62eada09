package dev.shootingrange.exercises.tokens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.shootingrange.exercises.judge.Database;
import dev.shootingrange.exercises.judge.RedAtTheStart;

/**
 * Exercise 7: the range handles a FireAt only with the token it handed out before the FireAt was
 * sent, and uses the token up in the handling's transaction.
 */
@ExtendWith(RedAtTheStart.class)
class TokenInboxTest {

    @RegisterExtension
    static final Database database = new Database("tokens", TokenInbox.TABLE,
            "create table sent (message_id uuid not null)",
            "create table handled (consumer text not null, message_id uuid not null)");

    private final TokenInbox inbox = new TokenInbox(database::connection);

    @Test
    void aMessageWithAnIssuedTokenIsHandledOnceAndItsCopySkipped() throws Exception {
        UUID fireAt = send();

        assertThat(deliver(fireAt)).as("the first delivery is handled").isTrue();
        assertThat(deliver(fireAt)).as("its copy is skipped").isFalse();

        assertThat(handlings(fireAt)).as("handlings of the FireAt").isEqualTo(1);
    }

    @Test
    void twoCopiesHandledAtTheSameMomentAreHandledOnce() throws Exception {
        UUID fireAt = send();
        CountDownLatch firstHasHandled = new CountDownLatch(1);
        CountDownLatch firstMayCommit = new CountDownLatch(1);
        CompletableFuture<Boolean> first = CompletableFuture.supplyAsync(() -> handle(fireAt, () -> {
            firstHasHandled.countDown();
            firstMayCommit.await(10, TimeUnit.SECONDS);
        }));
        assertThat(firstHasHandled.await(10, TimeUnit.SECONDS)).as("the first copy handled, not committed").isTrue();

        CompletableFuture<Boolean> second = CompletableFuture.supplyAsync(() -> handle(fireAt, () -> {
        }));
        // The second copy either waits on the first's hold on the token (as it should) or has gone through already.
        await().atMost(Duration.ofSeconds(10)).until(() -> second.isDone() || database.sessionsWaitingOnALock() > 0);
        firstMayCommit.countDown();

        assertThat(first.get(10, TimeUnit.SECONDS)).as("the first copy is handled").isTrue();
        assertThat(second.get(10, TimeUnit.SECONDS)).as("the second copy is skipped, without an error").isFalse();
        assertThat(handlings(fireAt)).as("handlings of the FireAt").isEqualTo(1);
    }

    @Test
    void aHandlingThatRolledBackKeepsTheTokenForTheRedelivery() throws Exception {
        UUID fireAt = send();

        assertThatThrownBy(() -> database.inTransaction(() -> {
            inbox.firstDelivery("shooting-range", fireAt);
            throw new IllegalStateException("the handler failed: the broker redelivers");
        })).hasMessageContaining("redelivers");

        assertThat(deliver(fireAt)).as("the redelivery is handled").isTrue();
        assertThat(handlings(fireAt)).as("handlings of the FireAt").isEqualTo(1);
    }

    @Test
    void onceEveryMessageWasHandledTheInboxHoldsNothing() throws Exception {
        List<UUID> fireAts = new ArrayList<>();
        for (int shot = 0; shot < 3; shot++) {
            fireAts.add(send());
        }
        for (UUID fireAt : fireAts) {
            deliver(fireAt);
            deliver(fireAt);
        }

        assertThat(database.number("select count(*) from handled")).as("handlings of the three FireAts").isEqualTo(3);
        assertThat(database.number("select count(*) from inbox"))
                .as("rows the inbox holds once every FireAt sent was handled (it must stay bounded with no window)")
                .isZero();
    }

    @Test
    void aMessageWhoseTokenWasNeverIssuedIsNotHandled() throws Exception {
        UUID stranger = UUID.randomUUID();

        assertThat(deliver(stranger)).as("a FireAt no token was handed out for").isFalse();
        assertThat(handlings(stranger)).as("handlings of it").isZero();
    }

    @Test
    void aGhostOfASendingThatRolledBackIsNotHandled() throws Exception {
        List<UUID> issued = new ArrayList<>();
        assertThatThrownBy(() -> database.inTransaction(() -> {
            issued.add(inbox.issue());
            throw new IllegalStateException("the sending failed after the FireAt went out");
        })).hasMessageContaining("went out");

        assertThat(deliver(issued.get(0))).as("a FireAt whose sending rolled back, its token with it").isFalse();
    }

    /** The game sends a FireAt: a token is handed out in the transaction that records the sending. */
    private UUID send() throws Exception {
        return database.inTransaction(() -> {
            UUID fireAt = inbox.issue();
            database.update("insert into sent (message_id) values (?)", fireAt);
            return fireAt;
        });
    }

    /** A FireAt delivered to the range: true where it was handled. */
    private boolean deliver(UUID messageId) {
        return handle(messageId, () -> {
        });
    }

    @FunctionalInterface
    private interface BeforeCommit {
        void run() throws Exception;
    }

    /** A FireAt handled in one transaction, with {@code beforeCommit} run last in it. */
    private boolean handle(UUID messageId, BeforeCommit beforeCommit) {
        try {
            return database.inTransaction(() -> {
                boolean first = inbox.firstDelivery("shooting-range", messageId);
                if (first) {
                    database.update("insert into handled (consumer, message_id) values ('shooting-range', ?)", messageId);
                }
                beforeCommit.run();
                return first;
            });
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private long handlings(UUID messageId) throws Exception {
        return database.number("select count(*) from handled where message_id = ?", messageId);
    }
}

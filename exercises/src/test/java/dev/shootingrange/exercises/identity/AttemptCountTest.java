package dev.shootingrange.exercises.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

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

/** Exercise 9: the board counts each attempt once, whatever messages, and messageIds, its outcome came in. */
@ExtendWith(RedAtTheStart.class)
class AttemptCountTest {

    @RegisterExtension
    static final Database database = new Database("identity", AttemptCount.TABLES);

    private static final String GAME = "g-1";

    private final AttemptCount board = new AttemptCount(database::connection);

    @Test
    void aCopyOfAHitCountsOnce() throws Exception {
        UUID hit = UUID.randomUUID();
        UUID attemptId = UUID.randomUUID();

        assertThat(deliver(hit, attemptId, true)).as("the Hit").isTrue();
        assertThat(deliver(hit, attemptId, true)).as("its copy, the same messageId").isFalse();

        assertThat(score("alice")).as("alice's shots and hits").containsExactly(1L, 1L);
    }

    @Test
    void aHitSentAgainUnderANewMessageIdCountsOnce() throws Exception {
        UUID attemptId = UUID.randomUUID();

        // The range judged the FireAt, crashed before its ack, and judged the redelivery again: two Hits,
        // each under a messageId of its own (random ids, or a producer that makes a new id per send).
        assertThat(deliver(UUID.randomUUID(), attemptId, true)).as("the first Hit").isTrue();
        assertThat(deliver(UUID.randomUUID(), attemptId, true)).as("the second Hit for the same attempt, a new messageId").isFalse();

        assertThat(score("alice")).as("alice's shots and hits").containsExactly(1L, 1L);
    }

    @Test
    void twoAttemptsOfOnePlayerCountTwice() throws Exception {
        deliver(UUID.randomUUID(), UUID.randomUUID(), true);
        deliver(UUID.randomUUID(), UUID.randomUUID(), false);

        assertThat(score("alice")).as("alice's shots and hits after a Hit and a Missed").containsExactly(2L, 1L);
    }

    @Test
    void twoOutcomesOfOneAttemptCountedAtTheSameMomentCountOnce() throws Exception {
        UUID attemptId = UUID.randomUUID();
        CountDownLatch firstHasCounted = new CountDownLatch(1);
        CountDownLatch firstMayCommit = new CountDownLatch(1);
        CompletableFuture<Boolean> first = CompletableFuture.supplyAsync(() -> count(UUID.randomUUID(), attemptId, () -> {
            firstHasCounted.countDown();
            firstMayCommit.await(10, TimeUnit.SECONDS);
        }));
        assertThat(firstHasCounted.await(10, TimeUnit.SECONDS)).as("the first Hit counted, not committed").isTrue();

        CompletableFuture<Boolean> second = CompletableFuture.supplyAsync(() -> count(UUID.randomUUID(), attemptId, () -> {
        }));
        // The second Hit either waits on what the first recorded (as it should) or has been counted already.
        await().atMost(Duration.ofSeconds(10)).until(() -> second.isDone() || database.sessionsWaitingOnALock() > 0);
        firstMayCommit.countDown();

        assertThat(first.get(10, TimeUnit.SECONDS)).as("the first Hit counts").isTrue();
        assertThat(second.get(10, TimeUnit.SECONDS)).as("the second Hit of the attempt, counted at the same moment").isFalse();
        assertThat(score("alice")).as("alice's shots and hits").containsExactly(1L, 1L);
    }

    @Test
    void aCountThatRolledBackLeavesTheAttemptToItsRedelivery() throws Exception {
        UUID hit = UUID.randomUUID();
        UUID attemptId = UUID.randomUUID();

        assertThatThrownBy(() -> database.inTransaction(() -> {
            board.count(hit, attemptId, GAME, "alice", true);
            throw new IllegalStateException("the board crashed before its commit: the broker redelivers");
        })).hasMessageContaining("redelivers");

        assertThat(deliver(hit, attemptId, true)).as("the redelivery").isTrue();
        assertThat(score("alice")).as("alice's shots and hits").containsExactly(1L, 1L);
    }

    /** alice's outcome of an attempt, delivered to the board in message {@code messageId}: true where it counted. */
    private boolean deliver(UUID messageId, UUID attemptId, boolean hit) throws Exception {
        return database.inTransaction(() -> board.count(messageId, attemptId, GAME, "alice", hit));
    }

    @FunctionalInterface
    private interface BeforeCommit {
        void run() throws Exception;
    }

    /** alice's Hit counted in one transaction, with {@code beforeCommit} run last in it. */
    private boolean count(UUID messageId, UUID attemptId, BeforeCommit beforeCommit) {
        try {
            return database.inTransaction(() -> {
                boolean counted = board.count(messageId, attemptId, GAME, "alice", true);
                beforeCommit.run();
                return counted;
            });
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A player's shots and hits on the board: 0 and 0 where nothing was counted. */
    private static Long[] score(String player) throws Exception {
        return new Long[] {
                database.number("select coalesce(sum(shots), 0) from player_score where game_id = ? and player = ?", GAME, player),
                database.number("select coalesce(sum(hits), 0) from player_score where game_id = ? and player = ?", GAME, player) };
    }
}

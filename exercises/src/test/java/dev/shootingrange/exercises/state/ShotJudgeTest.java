package dev.shootingrange.exercises.state;

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

/** Exercise 5: one attempt, one outcome, however late its copy comes after the target moved. */
@ExtendWith(RedAtTheStart.class)
class ShotJudgeTest {

    @RegisterExtension
    static final Database database = new Database("state", ShotJudge.TABLES);

    private final ShotJudge range = new ShotJudge(database::connection);

    @Test
    void aCopyHandledAfterAMoveIsJudgedOnTheTargetItsFirstHandlingSaw() throws Exception {
        UUID attemptId = UUID.randomUUID();

        moveTarget(42);
        assertThat(fireAt(attemptId, 42)).as("the shot at 42, the target at 42").isEqualTo("Hit");
        moveTarget(1);

        assertThat(fireAt(attemptId, 42)).as("its copy, after the target moved to 1").isEqualTo("Hit");
    }

    @Test
    void aNewAttemptIsJudgedOnTheTargetAsItStandsNow() throws Exception {
        moveTarget(42);
        fireAt(UUID.randomUUID(), 42);
        moveTarget(1);

        assertThat(fireAt(UUID.randomUUID(), 42)).as("a new attempt at 42, the target at 1").isEqualTo("Missed");
        assertThat(fireAt(UUID.randomUUID(), 1)).as("a new attempt at 1, the target at 1").isEqualTo("Hit");
    }

    @Test
    void aCopyOfAMissedStaysMissedAfterTheTargetMovesOntoIt() throws Exception {
        UUID attemptId = UUID.randomUUID();

        moveTarget(42);
        assertThat(fireAt(attemptId, 7)).as("the shot at 7, the target at 42").isEqualTo("Missed");
        moveTarget(7);

        assertThat(fireAt(attemptId, 7)).as("its copy, after the target moved to 7").isEqualTo("Missed");
        assertThat(fireAt(UUID.randomUUID(), 7)).as("a new attempt at 7").isEqualTo("Hit");
    }

    @Test
    void aJudgementThatRolledBackLeavesItsRedeliveryToBeJudgedAsTheFirst() throws Exception {
        UUID attemptId = UUID.randomUUID();

        moveTarget(42);
        // Its Hit rolled back with it: nobody heard it, so nothing binds the redelivery to the target at 42.
        assertThatThrownBy(() -> database.inTransaction(() -> {
            range.judge(attemptId, 42);
            throw new IllegalStateException("the range crashed before its commit: the broker redelivers");
        })).hasMessageContaining("redelivers");
        moveTarget(1);

        assertThat(fireAt(attemptId, 42)).as("the redelivery, the target at 1").isEqualTo("Missed");
    }

    @Test
    void twoCopiesJudgedAtTheSameMomentGiveOneOutcome() throws Exception {
        UUID attemptId = UUID.randomUUID();
        moveTarget(42);
        CountDownLatch firstHasJudged = new CountDownLatch(1);
        CountDownLatch firstMayCommit = new CountDownLatch(1);
        CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> judge(attemptId, 42, () -> {
            firstHasJudged.countDown();
            firstMayCommit.await(10, TimeUnit.SECONDS);
        }));
        assertThat(firstHasJudged.await(10, TimeUnit.SECONDS)).as("the first copy judged, not committed").isTrue();
        moveTarget(1);

        CompletableFuture<String> second = CompletableFuture.supplyAsync(() -> judge(attemptId, 42, () -> {
        }));
        // The second copy either waits on what the first recorded (as it should) or has been judged already.
        await().atMost(Duration.ofSeconds(10)).until(() -> second.isDone() || database.sessionsWaitingOnALock() > 0);
        firstMayCommit.countDown();

        assertThat(first.get(10, TimeUnit.SECONDS)).as("the first copy, the target at 42").isEqualTo("Hit");
        assertThat(second.get(10, TimeUnit.SECONDS)).as("the second copy, judged while the first was open and the target moved to 1")
                .isEqualTo("Hit");
    }

    @Test
    void whatTheRangeKeepsIsTheTargetsStateNeverAnOutcome() throws Exception {
        moveTarget(42);
        fireAt(UUID.randomUUID(), 42);
        fireAt(UUID.randomUUID(), 7);

        // The state-based approach judges a copy again, on state: an answer kept and read back is the side-effects approach.
        assertThat(database.number("""
                select count(*) from information_schema.columns where table_schema = current_schema() and data_type = 'boolean'"""))
                .as("columns of the range's tables that could keep a Hit as true").isZero();
        assertThat(database.number("""
                select count(*) from information_schema.tables where table_schema = current_schema()
                  and query_to_xml(format('select * from %I.%I', table_schema, table_name), false, false, '')::text ~* '>(hit|missed)<'"""))
                .as("tables of the range that keep an outcome (Hit, Missed)").isZero();
    }

    /** A MoveTarget, handled in a transaction of its own. */
    private void moveTarget(int position) throws Exception {
        database.inTransaction(() -> {
            range.moveTarget(position);
            return null;
        });
    }

    /** A FireAt, handled in a transaction of its own: its outcome. */
    private String fireAt(UUID attemptId, int position) throws Exception {
        return database.inTransaction(() -> range.judge(attemptId, position));
    }

    @FunctionalInterface
    private interface BeforeCommit {
        void run() throws Exception;
    }

    /** A FireAt judged in one transaction, with {@code beforeCommit} run last in it. */
    private String judge(UUID attemptId, int position, BeforeCommit beforeCommit) {
        try {
            return database.inTransaction(() -> {
                String outcome = range.judge(attemptId, position);
                beforeCommit.run();
                return outcome;
            });
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

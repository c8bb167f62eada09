package dev.shootingrange.exercises.retention;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.shootingrange.exercises.judge.Database;
import dev.shootingrange.exercises.judge.RedAtTheStart;

/**
 * Exercise 6: the inbox forgets what is older than its window, by the clock that stamped the records.
 * The records are written as an inbox writes them, stamped by the database; the clean-up runs on an
 * instance whose clock is set here, as a service instance's clock may be off from the database's.
 * The database's clock runs twenty minutes ahead of this machine's: a clean-up asking the JVM's own
 * clock ({@code Instant.now()}) is off from the database as a host out of step would be, and is
 * caught here, not only on that host.
 */
@ExtendWith(RedAtTheStart.class)
class InboxWindowTest {

    private static final Duration DATABASE_AHEAD_OF_THIS_MACHINE = Duration.ofMinutes(20);

    @RegisterExtension
    static final Database database = new Database("retention", InboxWindow.TABLE).clockAhead(DATABASE_AHEAD_OF_THIS_MACHINE);

    private static final Duration WINDOW = Duration.ofMinutes(5);
    /** An instance's clock in step with the database's, and two out of step with it. */
    private static final Clock IN_STEP = Clock.offset(Clock.systemUTC(), DATABASE_AHEAD_OF_THIS_MACHINE);
    private static final Clock TEN_MINUTES_AHEAD = Clock.offset(IN_STEP, Duration.ofMinutes(10));
    private static final Clock TEN_MINUTES_BEHIND = Clock.offset(IN_STEP, Duration.ofMinutes(-10));

    @Test
    void aRecordOlderThanTheWindowIsPurged() throws Exception {
        UUID hit = UUID.randomUUID();
        received("leader-board", hit, Duration.ofMinutes(10));

        cleanUpOn(IN_STEP).purge(WINDOW);

        assertThat(remembered("leader-board", hit)).as("a Hit received 10 minutes ago, past a 5-minute window").isFalse();
    }

    @Test
    void aRecordInsideTheWindowSurvives() throws Exception {
        UUID hit = UUID.randomUUID();
        received("leader-board", hit, Duration.ofMinutes(1));

        cleanUpOn(IN_STEP).purge(WINDOW);

        assertThat(remembered("leader-board", hit)).as("a Hit received 1 minute ago, within a 5-minute window").isTrue();
    }

    @Test
    void aCleanUpWhoseClockRunsAheadStillRecognisesACopyWithinTheWindow() throws Exception {
        UUID hit = UUID.randomUUID();
        received("leader-board", hit, Duration.ofMinutes(1));

        cleanUpOn(TEN_MINUTES_AHEAD).purge(WINDOW);

        assertThat(remembered("leader-board", hit))
                .as("a Hit received 1 minute ago by the database's clock, purged by an instance 10 minutes ahead")
                .isTrue();
        // What the window is for: the relay's retry sends the Hit again a minute after the first.
        assertThat(aCopyArrives("leader-board", hit)).as("rows the copy's inbox insert wrote (0: skipped as a copy)")
                .isZero();
    }

    @Test
    void aCleanUpWhoseClockRunsBehindStillForgetsWhatIsPastTheWindow() throws Exception {
        UUID hit = UUID.randomUUID();
        received("leader-board", hit, Duration.ofMinutes(6));

        cleanUpOn(TEN_MINUTES_BEHIND).purge(WINDOW);

        assertThat(remembered("leader-board", hit))
                .as("a Hit received 6 minutes ago by the database's clock, purged by an instance 10 minutes behind")
                .isFalse();
    }

    @Test
    void thePurgeAnswersHowManyItDeleted() throws Exception {
        for (int minutes : new int[] { 6, 10, 60 }) {
            received("leader-board", UUID.randomUUID(), Duration.ofMinutes(minutes));
        }
        received("leader-board", UUID.randomUUID(), Duration.ZERO);
        received("statistics", UUID.randomUUID(), Duration.ofMinutes(4));

        assertThat(cleanUpOn(IN_STEP).purge(WINDOW)).as("records past the window, deleted").isEqualTo(3);
        assertThat(database.number("select count(*) from inbox")).as("records left").isEqualTo(2);
        assertThat(cleanUpOn(IN_STEP).purge(WINDOW)).as("a second purge finds nothing to delete").isZero();
    }

    private InboxWindow cleanUpOn(Clock instance) {
        return new InboxWindow(database.dataSource(), instance);
    }

    /** A record as an inbox wrote it {@code ago}, by the database's clock. */
    private void received(String consumer, UUID messageId, Duration ago) throws Exception {
        database.update("insert into inbox (consumer, message_id, received_at) values (?, ?, now() - ? * interval '1 millisecond')",
                consumer, messageId, ago.toMillis());
    }

    private boolean remembered(String consumer, UUID messageId) throws Exception {
        return database.number("select count(*) from inbox where consumer = ? and message_id = ?", consumer, messageId) == 1;
    }

    /** A copy of the message, met by the inbox's own insert: 1 where it is taken for a first delivery. */
    private int aCopyArrives(String consumer, UUID messageId) throws Exception {
        return database.update("insert into inbox (consumer, message_id) values (?, ?) on conflict do nothing", consumer, messageId);
    }
}

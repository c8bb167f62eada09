package dev.shootingrange.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * A batch of history whose commit took effect with its answer lost (the session ended under it) is not
 * written a second time: twice in the history, a message handled once would look handled twice.
 */
@QuarkusTest
@QuarkusTestResource(value = LostCommitAnswers.class, restrictToAnnotatedClass = true)
class HistoryWriterLostCommitTest {

    @Inject
    HistoryWriter writer;

    @Test
    void aBatchWhoseCommitWentUnansweredIsInTheHistoryOnce() {
        assumeTrue(LostCommitAnswers.proxy != null, "the proxy needs a configured database, not a Dev Service's");
        String gameId = "unanswered-" + UUID.randomUUID();
        long failedBefore = writer.failedWrites();
        LostCommitAnswers.proxy.loseTheAnswerToTheNextCommitAfter("insert into message_history");

        writer.add(() -> HistoryWriterTest.row(gameId), 0);

        assertThat(writer.flush(Duration.ofSeconds(30))).as("written in time").isTrue();
        assertThat(LostCommitAnswers.proxy.answersLost()).as("commits whose answer was lost").isEqualTo(1);
        assertThat(writer.failedWrites()).as("the writer saw its commit fail").isGreaterThan(failedBefore);
        assertThat(QuarkusTransaction.requiringNew().call(() -> MessageHistory.ofGame(gameId, 0, 0, 10))).hasSize(1);
    }
}

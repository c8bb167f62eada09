package dev.shootingrange.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Hit;
import dev.shootingrange.contract.Missed;
import dev.shootingrange.scenario.console.lab.ConsistencyChecker;
import dev.shootingrange.scenario.console.lab.Verdict;
import dev.shootingrange.scenario.console.services.LeaderBoardApi;
import dev.shootingrange.scenario.console.services.RangeApi;
import dev.shootingrange.scenario.domain.GameScenario;
import dev.shootingrange.scenario.domain.Shot;
import dev.shootingrange.testing.Broker;
import dev.shootingrange.testing.Sql;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;

/**
 * A row of history is written a linger after its handling committed and was acknowledged: a process that
 * stops in between loses it, and after a restart nothing says so. The shot's own row, committed with the
 * handling, still shows the outcome: the verdict on a sound game says which copy the history lacks, and
 * calls no rule broken for it.
 */
@QuarkusTest
class HistoryLostWithAProcessTest {

    @Inject
    GameScenario scenario;

    @Inject
    ConsistencyChecker checker;

    @Inject
    HistoryWriter writer;

    @Inject
    DataSource dataSource;

    @Test
    void aSoundGameWhoseHistoryLostAHandledCopyIsIncompleteNeverViolated() {
        String gameId = scenario.createGame(3).gameId;
        FireAt alices = scenario.fire(gameId, "alice", 3);
        FireAt bobs = scenario.fire(gameId, "bob", 5);
        Hit hit = Hit.of(alices, 3);
        Missed missed = Missed.of(bobs, 3);
        Broker.shared().publish(hit);
        Broker.shared().publish(missed);
        await().atMost(Duration.ofSeconds(20)).until(() -> outcomes(gameId).equals(List.of(Shot.Outcome.HIT, Shot.Outcome.MISSED))
                && writer.flush(HistoryWriter.READ_WAIT) && copiesInHistory(gameId) == 2);

        // As the process that stopped between the ack and the history's write leaves it: the shot's row
        // committed with the handling, the history's row of alice's Hit never written.
        Sql.execute(dataSource, "delete from message_history where game_id = ? and message_id = ?", gameId, hit.messageId());

        Verdict verdict = checker.judge(gameId, Duration.ZERO, new RangeApi.RangeView(gameId, 3, List.of(
                new RangeApi.DecidedOutcome(alices.attemptId(), "HIT", hit.messageId()),
                new RangeApi.DecidedOutcome(bobs.attemptId(), "MISSED", missed.messageId()))),
                new LeaderBoardApi.BoardView(gameId, List.of(new LeaderBoardApi.PlayerView("alice", 1, 1),
                        new LeaderBoardApi.PlayerView("bob", 1, 0))),
                new ConsistencyChecker.Wire(gameId));

        assertThat(verdict.rules()).as("no rule broken by a row the history lost")
                .allSatisfy(rule -> assertThat(rule.status()).as(rule.rule()).isEqualTo(Verdict.Status.OK));
        assertThat(verdict.historyComplete()).isFalse();
        assertThat(verdict.missingFromHistory()).singleElement().asString()
                .contains("attempt " + alices.attemptId() + " of alice: its Hit was handled here");
    }

    private static List<Shot.Outcome> outcomes(String gameId) {
        return QuarkusTransaction.requiringNew().call(() -> Shot.ofGame(gameId).stream().map(Shot::outcome)
                .sorted().toList());
    }

    private long copiesInHistory(String gameId) {
        return Sql.count(dataSource, "select count(*) from message_history where game_id = ? and direction = 'IN'"
                + " and type in ('Hit', 'Missed')", gameId);
    }
}

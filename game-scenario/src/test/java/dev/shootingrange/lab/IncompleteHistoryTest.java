package dev.shootingrange.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.scenario.domain.GameScenario;
import dev.shootingrange.scenario.console.lab.ConsistencyChecker;
import dev.shootingrange.scenario.console.lab.Verdict;
import dev.shootingrange.scenario.console.services.LeaderBoardApi;
import dev.shootingrange.scenario.console.services.RangeApi;
import dev.shootingrange.testing.Sql;
import io.quarkus.test.junit.QuarkusTest;

/**
 * A row of the message history let go (the database refused it alone) leaves a hole the checker cannot see: an answered shot would
 * show as lost. The verdict of a game played while rows were let go says it was judged on an
 * incomplete history; a game begun after that is judged on a whole one again.
 */
@QuarkusTest
class IncompleteHistoryTest {

    @Inject
    HistoryWriter writer;

    @Inject
    DataSource dataSource;

    @Inject
    GameScenario scenario;

    @Inject
    ConsistencyChecker checker;

    @Test
    void aVerdictOnAHistoryWithAHoleSaysSo() {
        String played = scenario.createGame(3).gameId;
        scenario.fire(played, "alice", 3);
        assertThat(judge(played).historyComplete()).as("before any row was let go").isTrue();

        letRowsGo(played);

        assertThat(judge(played).historyComplete()).as("a row let go while the game was played").isFalse();
        String next = scenario.createGame(3).gameId;
        scenario.fire(next, "bob", 3);
        assertThat(judge(next).historyComplete()).as("a game begun after the rows were let go").isTrue();
    }

    private Verdict judge(String gameId) {
        return checker.judge(gameId, Duration.ofSeconds(30), new RangeApi.RangeView(gameId, 3, List.of()),
                new LeaderBoardApi.BoardView(gameId, List.of()), new ConsistencyChecker.Wire(gameId));
    }

    /** The database refuses the rows of this game alone, as it would a row it cannot take: they are let go. */
    private void letRowsGo(String gameId) {
        long droppedBefore = writer.dropped();
        Sql.execute(dataSource, "alter table message_history add constraint refuse_one_game check (game_id <> '" + gameId
                + "') not valid");
        try {
            writer.add(() -> row(gameId), 0);
            await().atMost(Duration.ofSeconds(20)).until(() -> writer.dropped() > droppedBefore);
        } finally {
            Sql.execute(dataSource, "alter table message_history drop constraint refuse_one_game");
        }
    }

    private static MessageHistory row(String gameId) {
        FireAt shot = FireAt.create(gameId, UUID.randomUUID(), "alice", 3);
        return MessageHistory.of(MessageHistory.Direction.IN, MessageHistory.Disposition.HANDLED, shot, MessageCodec.encode(shot),
                Instant.now());
    }
}

package dev.shootingrange.scenario.console.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ConnectException;
import java.util.List;
import java.util.Map;

import jakarta.ws.rs.ProcessingException;

import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.Problem;

class ScorecardTest {

    private static final Tally DECIDED = Tally.EMPTY.plus("alice", true).plus("bob", false);

    private static Tally board(int aliceShots, int aliceHits, int bobShots) {
        return new Tally(Map.of("alice", new Tally.Score(aliceShots, aliceHits), "bob", new Tally.Score(bobShots, 0)));
    }

    private final Scorecard card = new Scorecard(Consumer.of("careful", "http://127.0.0.1:3000/api/leaderboard/"));

    @Test
    void aBoardThatShowsWhatTheRangeDecidedHoldsBothRulesAndAbsorbedEveryCopy() {
        card.read("a copy", DECIDED, 3, board(1, 1, 1));
        card.finish();

        Scorecard.View view = card.view();
        assertThat(view.countedOnce().held()).isTrue();
        assertThat(view.nothingLost().held()).isTrue();
        assertThat(view.copiesAbsorbed()).isEqualTo(3);
        assertThat(view.board()).isEqualTo("http://127.0.0.1:3000/api/leaderboard");
    }

    @Test
    void aCopyCountedBreaksCountedOnceForGoodNamingTheFaultItFollowed() {
        card.read("the first two shots", DECIDED, 0, board(1, 1, 1));
        card.read("alice's Hit again", DECIDED, 1, board(2, 2, 1));
        card.read("bob's Missed again", DECIDED, 2, board(2, 2, 2));
        card.finish();

        Scorecard.View view = card.view();
        assertThat(view.countedOnce().held()).isFalse();
        assertThat(view.countedOnce().brokenBy())
                .isEqualTo("after alice's Hit again: alice at 2 hits in 2 shots where the range decided 1 in 1");
        assertThat(view.nothingLost().held()).isTrue();
        assertThat(view.copiesPlayed()).isEqualTo(2);
        assertThat(view.copiesAbsorbed()).isZero();
    }

    @Test
    void aBoardBehindIsJudgedLostOnlyAtTheEnd() {
        card.read("the first two shots", DECIDED, 0, board(1, 1, 0));
        assertThat(card.caughtUp(DECIDED)).isFalse();
        assertThat(card.view().nothingLost().held()).as("before the end").isTrue();

        card.finish();
        assertThat(card.view().nothingLost().brokenBy()).isEqualTo("bob at 0 hits in 0 shots where the range decided 0 in 1");
    }

    @Test
    void aBoardThatStoppedAnsweringHasLostWhatItNeverShowed() {
        card.read("the first two shots", DECIDED, 0, board(1, 1, 1));
        card.unreadable("a copy", DECIDED, 1,
                Unreadable.of(new ProcessingException(new ConnectException("Connection refused: /127.0.0.1:3000"))));
        card.finish();

        assertThat(card.view().problem()).isEqualTo("after a copy its board could not be read: refused");
        assertThat(card.view().nothingLost().brokenBy()).isEqualTo(card.view().problem());
        assertThat(card.view().nothingLost().held()).isFalse();
        assertThat(card.caughtUp(DECIDED)).isFalse();
    }

    @Test
    void aFailureOfNoKnownKindIsShownAsUnreadableWithoutItsText() {
        card.unreadable("a copy", DECIDED, 1, Unreadable.of(new IllegalStateException("ssh answered at 10.0.0.7:22")));

        assertThat(card.view().problem()).isEqualTo("after a copy its board could not be read: unreadable");
    }

    @Test
    void eachVerdictCarriesTheReadingItRestsOn() {
        card.read("the first two shots", DECIDED, 0, board(1, 1, 1));
        card.read("bob's Missed again", DECIDED, 1, board(1, 1, 1));
        card.finish();

        assertThat(card.view().countedOnce().evidence()).isEqualTo("2 reading(s), none above what the range decided; the last"
                + " after bob's Missed again: alice at 1 hits in 1 shots (decided 1 in 1), bob at 0 hits in 1 shots (decided 0 in 1)");
        assertThat(card.view().nothingLost().evidence()).isEqualTo("the last reading, after bob's Missed again: alice at 1 hits"
                + " in 1 shots (decided 1 in 1), bob at 0 hits in 1 shots (decided 0 in 1)");

        Scorecard careless = new Scorecard(Consumer.of("careless", "http://127.0.0.1:3001/api/leaderboard"));
        careless.read("alice's Hit again", DECIDED, 1, board(2, 2, 0));
        careless.finish();
        assertThat(careless.view().countedOnce().evidence()).isEqualTo("after alice's Hit again: alice at 2 hits in 2 shots"
                + " (decided 1 in 1), bob at 0 hits in 0 shots (decided 0 in 1)");
        assertThat(careless.view().nothingLost().evidence()).isEqualTo("at the end: alice at 2 hits in 2 shots (decided 1 in 1),"
                + " bob at 0 hits in 0 shots (decided 0 in 1)");
    }

    @Test
    void aBoardOfTheLabsOwnIsRefusedNotScored() {
        Scorecard lab = new Scorecard(Consumer.of("sneaky", "http://localhost:8082/api/leaderboard"), "it is the lab's own leader-board");
        lab.finish();

        Scorecard.View view = lab.view();
        assertThat(view.refused()).isEqualTo("it is the lab's own leader-board");
        assertThat(List.of(view.countedOnce(), view.nothingLost())).allSatisfy(rule -> {
            assertThat(rule.held()).as("a refused board earns no rule").isFalse();
            assertThat(rule.brokenBy()).isEqualTo("not judged: it is the lab's own leader-board");
        });
        assertThat(lab.caughtUp(DECIDED)).as("never waited for").isTrue();
        assertThat(card.refused()).isFalse();
    }

    @Test
    void aConsumerIsRegisteredWithAnHttpBoardAndAPlainName() {
        assertThatThrownBy(() -> Consumer.of("careful", "ftp://127.0.0.1/board")).isInstanceOf(Problem.class)
                .hasMessageContaining("board: the http(s) address");
        assertThatThrownBy(() -> Consumer.of("careful", "http://127.0.0.1:3000/board?game=1")).isInstanceOf(Problem.class);
        assertThatThrownBy(() -> Consumer.of("<script>", "http://127.0.0.1:3000/board")).isInstanceOf(Problem.class)
                .hasMessageContaining("name: 1 to 40");
        assertThat(Consumer.of("Ada's board".replace("'", ""), " https://laptop.local/api/leaderboard// ").board())
                .hasToString("https://laptop.local/api/leaderboard");
    }
}

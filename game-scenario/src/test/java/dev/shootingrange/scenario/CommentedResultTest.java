package dev.shootingrange.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The forms of docs/workshop.md's result comments, read against answers of the lab's shape. */
class CommentedResultTest {

    private static final String BOARD = "{\"gameId\":\"g\",\"players\":[{\"player\":\"alice\",\"shots\":3,\"hits\":3},"
            + "{\"player\":\"bob\",\"shots\":1,\"hits\":1}]}";

    @Test
    void aPlayersScoreIsReadFromTheLeaderBoard() {
        assertThat(CommentedResult.broken("alice: 3 shots, 3 hits for 2 shots taken", BOARD)).isEmpty();
        assertThat(CommentedResult.broken("bob: 1 hit", BOARD)).isEmpty();
        assertThat(CommentedResult.broken("bob: 2 hits", BOARD)).containsExactly("bob: 2 hits");
        assertThat(CommentedResult.broken("carol: 1 hit", BOARD)).containsExactly("carol: 1 hit");
    }

    @Test
    void anOutcomeMustBeThereAndOneSaidNotMustNot() {
        String game = "{\"shots\":[{\"player\":\"dave\",\"outcome\":\"HIT\"}]}";
        assertThat(CommentedResult.broken("HIT, not CONFLICT: judged again", game)).isEmpty();
        assertThat(CommentedResult.broken("the shot is CONFLICT", game)).containsExactly("CONFLICT");
    }

    @Test
    void theAnswersOfARangeAreItsOutcomesOnePerMessage() {
        String range = "{\"gameId\":\"g\",\"targetPosition\":1,\"outcomes\":["
                + "{\"attemptId\":\"a\",\"outcome\":\"HIT\",\"messageId\":\"m1\"},"
                + "{\"attemptId\":\"a\",\"outcome\":\"MISSED\",\"messageId\":\"m2\"}]}";
        assertThat(CommentedResult.broken("2 answers: HIT and MISSED", range)).isEmpty();
        assertThat(CommentedResult.broken("1 answer: HIT", range)).containsExactly("1 answer");
        assertThat(CommentedResult.broken("1 answer", "{\"shots\":[{\"player\":\"bob\",\"outcome\":\"HIT\"}]}"))
                .as("a game's shots are not the range's answers").containsExactly("1 answer");
    }

    @Test
    void aRuleAndTheDispositionsAreCounted() {
        assertThat(CommentedResult.broken("rule 4 red", "{\"rules\":[{\"status\":\"OK\"},{\"status\":\"OK\"},"
                + "{\"status\":\"OK\"},{\"status\":\"VIOLATED\"}]}")).isEmpty();
        String history = "{\"entries\":[{\"disposition\":\"HANDLED\"},{\"disposition\":\"DUPLICATE\"}]}";
        assertThat(CommentedResult.broken("Hit HANDLED, then the same Hit DUPLICATE", history)).isEmpty();
        assertThat(CommentedResult.broken("the same messageId HANDLED twice", history)).containsExactly("HANDLED twice");
        assertThat(CommentedResult.promises("the stories the lab can play")).isFalse();
    }
}

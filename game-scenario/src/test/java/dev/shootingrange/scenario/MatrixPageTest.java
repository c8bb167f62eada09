package dev.shootingrange.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The forms of docs/strategies.md's matrix cells, held against cells of the matrix view's shape. */
class MatrixPageTest {

    @Test
    void aCellSaysHeldOrBrokeWhatWasObservedAndWhatElseBroke() {
        Map<String, Object> conflict = run(false, "shot is CONFLICT", List.of("one-outcome-per-attempt: attempt a got both"),
                List.of("counted-once"));
        assertThat(MatrixPage.broken(MatrixPage.cell("✘ CONFLICT (also counted-once)"), conflict)).isEmpty();
        assertThat(MatrixPage.broken(MatrixPage.cell("✘ CONFLICT"), conflict)).hasSize(1);
        assertThat(MatrixPage.broken(MatrixPage.cell("✔"), conflict)).hasSize(2);
        assertThat(MatrixPage.broken(MatrixPage.cell("✘ 2 hits (also counted-once)"), conflict)).containsExactly("observed '2 hits'");

        Map<String, Object> sameAnswer = run(true, "1 Hit message, alice has 2 hits", List.of(), List.of("counted-once"));
        assertThat(MatrixPage.broken(MatrixPage.cell("✔ 1 Hit message (also counted-once: 2 hits)"), sameAnswer)).isEmpty();
        assertThat(MatrixPage.broken(MatrixPage.cell("✔ 1 Hit message (also counted-once: 3 hits)"), sameAnswer))
                .containsExactly("observed '3 hits'");
    }

    @Test
    void aStoryAboutEveryRuleNamesTheRuleItBrokeAndACountOverWhatWasFired() {
        Map<String, Object> broker = run(false, "12 connections closed", List.of(
                "counted-once: player-0: leader board counts 59 shots and 32 hits; distinct attempts are 45 with an outcome and 24 with a Hit",
                "counted-once: player-1: leader board counts 57 shots and 30 hits; distinct attempts are 45 with an outcome and 24 with a Hit"),
                List.of());
        assertThat(MatrixPage.broken(MatrixPage.cell("✘ counted-once: 62-64 shots counted of 45"), broker)).isEmpty();
        assertThat(MatrixPage.broken(MatrixPage.cell("✘ counted-once: 62-64 shots counted of 58"), broker)).hasSize(1);
        assertThat(MatrixPage.broken(MatrixPage.cell("✘ nothing-lost"), broker)).containsExactly("nothing-lost broken");
    }

    @Test
    void thePageHasTheWholeTable() throws Exception {
        MatrixPage.Table page = MatrixPage.read(Path.of("../docs/strategies.md"));

        assertThat(page.strategies()).containsExactly("inbox", "side-effects", "state", "business", "none");
        assertThat(page.rows()).containsKeys("alternative-worlds", "shot-copy-new-id", "storm")
                .allSatisfy((story, cells) -> assertThat(cells).as(story).hasSize(5));
        assertThat(page.runs()).isEqualTo(page.rows().size() * 5);
    }

    private static Map<String, Object> run(boolean held, String observed, List<String> violations, List<String> alsoBroken) {
        return Map.of("held", held, "observed", observed, "violations", violations, "alsoBroken", alsoBroken);
    }
}

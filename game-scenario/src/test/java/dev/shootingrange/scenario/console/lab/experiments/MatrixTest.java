package dev.shootingrange.scenario.console.lab.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.Problem;

/** Which stories and strategies a matrix runs: each asked for once, whatever the request repeats. */
class MatrixTest {

    private static final List<String> KNOWN = List.of("storm", "late-duplicate", "same-answer");

    @Test
    void aNameAskedForManyTimesRunsItsCellsOnce() {
        List<String> asked = new java.util.ArrayList<>(Collections.nCopies(10_000, "storm"));
        asked.add("same-answer");
        asked.add("storm");

        assertThat(Matrix.chosen(asked, KNOWN, "experiment")).containsExactly("storm", "same-answer");
    }

    @Test
    void noNameMeansAllOfThem() {
        assertThat(Matrix.chosen(List.of(), KNOWN, "experiment")).isEqualTo(KNOWN);
    }

    @Test
    void anUnknownNameIsABadRequestThatQuotesItOnOneLine() {
        assertThatThrownBy(() -> Matrix.chosen(List.of("storm", "no\nsuch"), KNOWN, "experiment"))
                .isInstanceOf(Problem.class)
                .hasMessageContaining("no experiment 'no\\u000asuch'");
    }
}

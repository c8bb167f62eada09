package dev.shootingrange.scenario.console.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.Problem;

class ConsumersTest {

    private final Consumers consumers = new Consumers(2);

    @Test
    void aNameKeepsItsBoardAndTheListIsBounded() {
        assertThat(consumers.register(Consumer.of("ada", "http://10.0.0.2:3000/api/leaderboard"))).isTrue();
        assertThat(consumers.register(Consumer.of("ada", "http://10.0.0.2:3000/api/leaderboard/"))).as("the same again").isFalse();
        assertThatThrownBy(() -> consumers.register(Consumer.of("ada", "http://10.0.0.9:3000/api/leaderboard")))
                .isInstanceOf(Problem.class).hasMessageContaining("'ada' is registered with the board http://10.0.0.2:3000");
        assertThat(consumers.register(Consumer.of("bo", "http://10.0.0.3:3000/board"))).isTrue();

        assertThatThrownBy(() -> consumers.register(Consumer.of("cy", "http://10.0.0.4:3000/board")))
                .isInstanceOf(Problem.class).hasMessageContaining("holds 2 consumers already");
        assertThat(consumers.remove("bo")).isTrue();
        assertThat(consumers.register(Consumer.of("cy", "http://10.0.0.4:3000/board"))).isTrue();
        assertThat(consumers.list()).extracting(Consumer::name).containsExactly("ada", "cy");
        assertThat(consumers.remove("bo")).isFalse();
    }
}

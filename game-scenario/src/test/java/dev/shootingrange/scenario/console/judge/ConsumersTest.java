package dev.shootingrange.scenario.console.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;

import dev.shootingrange.contract.Problem;

class ConsumersTest {

    private final Consumers consumers = new Consumers(3, 2);

    /** Each from the address of its own board, as a participant registers from the laptop it serves it on. */
    private boolean register(String name, String host) {
        return consumers.register(Consumer.of(name, "http://" + host + ":3000/board"), host);
    }

    @Test
    void aNameKeepsItsBoardAndTheListIsBounded() {
        assertThat(register("ada", "10.0.0.2")).isTrue();
        assertThat(consumers.register(Consumer.of("ada", "http://10.0.0.2:3000/board/"), "10.0.0.2")).as("the same again")
                .isFalse();
        assertThatThrownBy(() -> register("ada", "10.0.0.9"))
                .isInstanceOf(Problem.class).hasMessageContaining("'ada' is registered with the board http://10.0.0.2:3000");
        assertThat(register("bo", "10.0.0.3")).isTrue();
        assertThat(register("cy", "10.0.0.4")).isTrue();

        Problem full = catchThrowableOfType(Problem.class, () -> register("di", "10.0.0.5"));
        assertThat(full).hasMessageContaining("holds 3 consumers already");
        assertThat(full.toResponse().getStatus()).isEqualTo(429);
        assertThat(full.toResponse().getHeaderString("Retry-After")).isEqualTo("60");
        assertThat(consumers.remove("bo")).isTrue();
        assertThat(register("di", "10.0.0.5")).isTrue();
        assertThat(consumers.list()).extracting(Consumer::name).containsExactly("ada", "cy", "di");
        assertThat(consumers.remove("bo")).isFalse();
    }

    @Test
    void oneAddressHoldsItsShareAndNoMoreWhileOthersStillRegister() {
        assertThat(register("ada", "10.0.0.2")).isTrue();
        assertThat(consumers.register(Consumer.of("ada-node", "http://10.0.0.2:3001/board"), "10.0.0.2")).isTrue();

        Problem share = catchThrowableOfType(Problem.class,
                () -> consumers.register(Consumer.of("ada-3", "http://10.0.0.2:3002/board"), "10.0.0.2"));
        assertThat(share).hasMessageContaining("holds 2 consumers registered from 10.0.0.2 already");
        assertThat(share.toResponse().getStatus()).isEqualTo(429);
        assertThat(share.toResponse().getHeaderString("Retry-After")).isEqualTo("60");
        assertThat(register("bo", "10.0.0.3")).as("another address").isTrue();

        consumers.remove("ada-node");
        assertThat(consumers.register(Consumer.of("ada-3", "http://10.0.0.2:3002/board"), "10.0.0.2")).as("a place freed")
                .isTrue();
        consumers.clear();
        assertThat(register("ada", "10.0.0.2")).isTrue();
        assertThat(consumers.register(Consumer.of("ada-node", "http://10.0.0.2:3001/board"), "10.0.0.2")).isTrue();
    }
}

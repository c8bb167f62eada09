package dev.shootingrange.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** The lock-out's arithmetic, on a clock the test moves. */
class KeyGuessesTest {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final KeyGuesses guesses = new KeyGuesses(now::get);

    @Test
    void pastTenWrongKeysAnAddressHasOneKeyASecondTriedUntilTheMinuteIsOver() {
        for (int i = 0; i < KeyGuesses.ALLOWED; i++) {
            assertThat(guesses.tryNow("10.0.0.1")).isZero();
            guesses.missed("10.0.0.1");
        }

        assertThat(guesses.tryNow("10.0.0.1")).as("the tenth wrong key was this second's try").isEqualTo(KeyGuesses.PACE);
        assertThat(guesses.tryNow("10.0.0.2")).as("another address").isZero();
        advance(Duration.ofMillis(999));
        assertThat(guesses.tryNow("10.0.0.1")).isEqualTo(Duration.ofMillis(1));
        advance(Duration.ofMillis(1));
        assertThat(guesses.tryNow("10.0.0.1")).as("a second later").isZero();
        assertThat(guesses.tryNow("10.0.0.1")).as("a second try in the same second").isPositive();
        advance(KeyGuesses.WINDOW);
        assertThat(guesses.tryNow("10.0.0.1")).isZero();
        assertThat(guesses.tryNow("10.0.0.1")).as("the minute over: no pace").isZero();
    }

    private void advance(Duration by) {
        now.addAndGet(by.toNanos());
    }
}

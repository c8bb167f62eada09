package dev.shootingrange.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;

import org.junit.jupiter.api.Test;

/** A delayed message's timer: never armed to fire before its row is due (it would find nothing). */
class TakenMessagesTest {

    private static final Instant NOW = Instant.parse("2026-12-02T10:00:00Z");

    @Test
    void aTimerWaitsTheWholeDelayNotItsWholeMilliseconds() {
        Instant due = NOW.plusNanos(99_700_000);

        assertThat(TakenMessages.nanosUntil(NOW, due)).isGreaterThanOrEqualTo(99_700_000);
    }

    @Test
    void aRowAlreadyDueIsPublishedAtOnce() {
        assertThat(TakenMessages.nanosUntil(NOW, NOW.minusMillis(5))).isZero();
    }
}

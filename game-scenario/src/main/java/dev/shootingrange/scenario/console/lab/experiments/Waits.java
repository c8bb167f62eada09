package dev.shootingrange.scenario.console.lab.experiments;

import java.time.Duration;
import java.time.Instant;
import java.util.function.BooleanSupplier;

import jakarta.ws.rs.core.Response;

import dev.shootingrange.contract.Problem;

/** How an experiment waits: for a condition, never longer than {@link #WAIT}, or for a fixed pause. */
final class Waits {

    static final Duration WAIT = Duration.ofSeconds(15);

    private Waits() {
    }

    /** Waits until {@code condition} holds; past {@link #WAIT}, the experiment fails as a gateway timeout. */
    static void await(String what, BooleanSupplier condition) {
        Instant deadline = Instant.now().plus(WAIT);
        while (!condition.getAsBoolean()) {
            if (Instant.now().isAfter(deadline)) {
                throw new Problem(Response.Status.GATEWAY_TIMEOUT,
                        "the experiment waited " + WAIT.toSeconds() + " s for " + what + " in vain; are all three services up?");
            }
            pause(Duration.ofMillis(50));
        }
    }

    static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}

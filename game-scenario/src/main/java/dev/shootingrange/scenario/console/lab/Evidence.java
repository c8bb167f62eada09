package dev.shootingrange.scenario.console.lab;

import java.time.Instant;
import java.util.Set;
import java.util.UUID;

/** The facts {@link Consistency} judges a game on, as each service reports them and as they crossed the wire. */
public final class Evidence {

    /**
     * A shot the scenario accepted, and the outcomes ("Hit", "Missed") its own table says it handled for it:
     * written in the handling's transaction, so there even where the history's row of that copy was lost.
     */
    public record Shot(UUID attemptId, String player, Instant firedAt, Set<String> handled) {

        public Shot {
            handled = Set.copyOf(handled);
        }
    }

    /** One copy of a Hit or Missed as it arrived, duplicates included. */
    public record Copy(UUID messageId, String type, UUID attemptId, String player, String body) {
    }

    /** An outcome the range says it decided (and so published). */
    public record Decided(UUID attemptId, String outcome, UUID messageId) {
    }

    /** A player's shots and hits as the leader board counts them. */
    public record Score(int shots, int hits) {
    }

    private Evidence() {
    }
}

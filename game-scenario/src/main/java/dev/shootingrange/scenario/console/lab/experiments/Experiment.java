package dev.shootingrange.scenario.console.lab.experiments;

import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.shootingrange.scenario.console.lab.Verdict;

/**
 * One of the write-ups' stories: it starts a fresh game, switches the protections it is about off
 * (or leaves them on), plays the story, and reports what it expected, what it saw and what the
 * consistency checker found. The lab is reset before and after, by {@link Experiments}.
 */
public interface Experiment {

    record Description(String name, String explanation) {
    }

    /**
     * {@code seed} and {@code shots} matter to the storm only. With a {@code strategy}, the range and the
     * leader board run that way to exactly-once and the story injects its fault as with its protections
     * off, while every protection that is not the strategy's stays on.
     */
    record Run(boolean protect, long seed, int shots, String strategy) {

        public Run(boolean protect, long seed, int shots) {
            this(protect, seed, shots, null);
        }
    }

    /**
     * {@code violations} are those of the rules the story is about; {@code consistency} is the checker's
     * whole verdict, where a story's own injected message (a re-send under a new id) may show too.
     * {@code rule} is the rule the story is about (null: all four); {@code strategy} is null unless the
     * run had one.
     */
    record Report(String experiment, String gameId, String protections, Map<String, Map<String, Object>> settings,
            String expected, String observed, List<String> violations, Verdict consistency,
            String rule, String strategy) {
    }

    Description description();

    /** Rules the story's fault breaks whatever protects against it (a message it injects itself, say). */
    default Set<String> brokenByItsFault() {
        return Set.of();
    }

    Report run(Run run);
}

package dev.shootingrange.scenario.lab.experiments;

import java.util.List;
import java.util.Map;

import dev.shootingrange.scenario.lab.Consistency;

/**
 * One of the write-ups' stories: it starts a fresh game, switches the protections it is about off
 * (or leaves them on), plays the story, and reports what it expected, what it saw and what the
 * consistency checker found. The lab is reset before and after, by {@link Experiments}.
 */
public interface Experiment {

    record Description(String name, String explanation) {
    }

    /** {@code seed} and {@code shots} matter to the storm only. */
    record Run(boolean protect, long seed, int shots) {
    }

    /**
     * {@code violations} are those of the rules the story is about; {@code consistency} is the checker's
     * whole verdict, where a story's own injected message (a re-send under a new id) may show too.
     */
    record Report(String experiment, String gameId, String protections, Map<String, Map<String, Object>> settings,
            String expected, String observed, List<String> violations, Consistency.Verdict consistency) {
    }

    Description description();

    Report run(Run run);
}

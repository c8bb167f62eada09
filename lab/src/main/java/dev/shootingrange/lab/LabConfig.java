package dev.shootingrange.lab;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The lab's settings in a service: what a workshop can switch, and who may. */
@ConfigMapping(prefix = "lab")
public interface LabConfig {

    /** The protections this service can switch off and on, every one on until a workshop switches it. */
    @WithDefault("inbox,outbox")
    List<String> protections();

    /** The ways to exactly-once this service can be switched to, the first the one a reset returns to; none, no choice. */
    Optional<List<String>> strategies();

    /** What each of the strategies is made of, by name ({@code lab.strategy.<name>.protections}). */
    Map<String, Strategy> strategy();

    /**
     * The instructor's key (LAB_INSTRUCTOR_KEY): set, every change to the lab needs it in the
     * {@value InstructorKey#HEADER} header; unset or empty, the lab is open, as on a laptop.
     */
    Optional<String> instructorKey();

    History history();

    interface Strategy {
        /** The protections the strategy keeps on; those of the other strategies it switches off. None listed: all off. */
        Optional<List<String>> protections();
    }

    interface History {
        /** Whether the message history is recorded: off, the lab's timelines and checker have nothing to read. */
        @WithDefault("true")
        boolean enabled();
    }
}

package dev.shootingrange.lab.participant;

import java.util.List;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** A workshop participant's code in place of the core's pieces ({@link ParticipantCode}). */
@ConfigMapping(prefix = "lab.participant")
public interface ParticipantConfig {

    /** Their compiled exercises, a directory or a jar (LAB_PARTICIPANT_CLASSES); unset, the core's pieces. */
    Optional<String> classes();

    /** The pieces taken from them (LAB_PARTICIPANT_USE): inbox, ids, outbox; the others stay the core's. */
    @WithDefault("inbox")
    List<String> use();

    /** Their inbox's class, exercise 1's. */
    @WithDefault("dev.shootingrange.exercises.inbox.TransactionalInbox")
    String inbox();

    /** Their derived ids' class, exercise 2's: the answers' names while deterministic ids are on. */
    @WithDefault("dev.shootingrange.exercises.ids.DerivedIds")
    String ids();

    /** Their outbox's class, exercise 3's. */
    @WithDefault("dev.shootingrange.exercises.outbox.TableOutbox")
    String outbox();

    /** Their relay's class, exercise 3's. */
    @WithDefault("dev.shootingrange.exercises.outbox.Relay")
    String relay();
}

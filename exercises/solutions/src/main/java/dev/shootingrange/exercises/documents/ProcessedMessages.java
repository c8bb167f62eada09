package dev.shootingrange.exercises.documents;

import java.util.UUID;

/** The board's record of the messages it has finished with: a store of its own, one write at a time. */
public interface ProcessedMessages {

    boolean contains(UUID messageId);

    void add(UUID messageId);
}

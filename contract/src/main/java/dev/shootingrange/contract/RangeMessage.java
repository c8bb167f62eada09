package dev.shootingrange.contract;

import java.time.Instant;
import java.util.UUID;

/**
 * A message of the public contract: FireAt, MoveTarget, Hit or Missed.
 * The messageId is made by the producer before the message is stored or sent, so every copy of one
 * message carries the same id: that is what an inbox deduplicates on.
 */
public sealed interface RangeMessage permits FireAt, MoveTarget, ShotOutcome {

    UUID messageId();

    String gameId();

    Instant sentAt();

    /** The message whose handling produced this one; null for a message a person caused. */
    UUID causationId();

    /** The contract's {@code type}: also the routing key. */
    default String type() {
        return getClass().getSimpleName();
    }

    /** Throws {@link InvalidMessageException} with a reason a person can act on. */
    void validate();
}

package dev.shootingrange.exactlyonce.inbox;

import dev.shootingrange.exactlyonce.Envelope;

/** What became of one delivery, and so whether the broker gets an ack or a reject. */
public sealed interface Delivery {

    /** Handled now: its effects are committed. */
    record Handled(Envelope message) implements Delivery {
    }

    /** The duplicate detection had seen this messageId: nothing was done again. */
    record Duplicate(Envelope message) implements Delivery {
    }

    /** Not valid input: to the dead-letter queue, for this reason. */
    record Invalid(String reason) implements Delivery {
    }
}

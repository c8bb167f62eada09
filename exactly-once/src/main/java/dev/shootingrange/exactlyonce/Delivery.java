package dev.shootingrange.exactlyonce;

import dev.shootingrange.contract.RangeMessage;

/** What became of one delivery, and so whether the broker gets an ack or a reject. */
public sealed interface Delivery {

    /** Handled now: its effects are committed. */
    record Handled(RangeMessage message) implements Delivery {
    }

    /** The inbox had seen this messageId: nothing was done again. */
    record Duplicate(RangeMessage message) implements Delivery {
    }

    /** Not valid input: to the dead-letter queue, for this reason. */
    record Invalid(String reason) implements Delivery {
    }
}

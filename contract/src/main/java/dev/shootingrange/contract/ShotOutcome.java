package dev.shootingrange.contract;

import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonIgnore;

/** What the range said about one attempt: a {@link Hit} or a {@link Missed}. */
public sealed interface ShotOutcome extends RangeMessage permits Hit, Missed {

    UUID attemptId();

    String player();

    Integer position();

    /** Where the target was; null only in a Missed of a game without a target yet. */
    Integer targetPosition();

    @JsonIgnore
    default boolean isHit() {
        return this instanceof Hit;
    }

    @Override
    default void validate() {
        Rules.common(this);
        Rules.required("attemptId", attemptId());
        Rules.checkPlayer(player());
        Rules.checkPosition("position", position());
        if (isHit() || targetPosition() != null) {
            Rules.checkPosition("targetPosition", targetPosition());
        }
    }
}

package dev.shootingrange.contract;

import java.time.Instant;
import java.util.UUID;

/** A player takes one shot; attemptId names the shot, whatever happens to the message carrying it. */
public record FireAt(UUID messageId, String gameId, Instant sentAt, UUID causationId,
        UUID attemptId, String player, Integer position) implements RangeMessage {

    public static FireAt create(String gameId, UUID attemptId, String player, int position) {
        return new FireAt(UUID.randomUUID(), gameId, Instant.now(), null, attemptId, player, position);
    }

    @Override
    public void validate() {
        Rules.common(this);
        Rules.required("attemptId", attemptId);
        Rules.checkPlayer(player);
        Rules.checkPosition("position", position);
    }
}

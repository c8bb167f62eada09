package dev.shootingrange.exercises.ids;

import java.time.Instant;
import java.util.UUID;

import dev.shootingrange.exactlyonce.spi.OutgoingIds;

/**
 * Exercise 2: deterministic outgoing ids (README.md in this package).
 *
 * The range names the Hit or the Missed it sends in answer to a FireAt with {@link #messageId} and
 * dates it with {@link #sentAt}. Make a FireAt handled twice on the same state (a redelivery after a
 * crash before the ack) answer the same message both times, byte for byte, also after a restart: the
 * same endpoint, cause and type give the same id, any other endpoint, cause or type another, and the
 * instant is the cause's.
 */
public class DerivedIds implements OutgoingIds {

    private final String endpoint;

    /** @param endpoint the endpoint that sends the answers (shooting-range, leader-board, ...) */
    public DerivedIds(String endpoint) {
        this.endpoint = endpoint;
    }

    @Override
    public UUID messageId(UUID causationId, String type) {
        // TODO derive the id from the endpoint, causationId and type: the same three, the same id; any other, another.
        return UUID.randomUUID();
    }

    @Override
    public Instant sentAt(Instant causeSentAt) {
        // TODO an instant that a second handling of the same cause gives again.
        return Instant.now();
    }
}

package dev.shootingrange.exercises.ids;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

import dev.shootingrange.exactlyonce.spi.OutgoingIds;

/**
 * Exercise 2, solved: the id is a name-based UUID (version 3) of the cause's sixteen bytes, then the
 * endpoint's name, a separator no name holds, and the type's name, so it is a function of the three
 * alone: no clock, no randomness, nothing kept in memory that a restart would lose. The cause's id has
 * a fixed length and the separator ends the endpoint's name, so no other three spell the same name.
 * The endpoint is in it because two endpoints may answer one event with a message of the same type.
 * The instant is the cause's, so the body is as repeatable as the id.
 */
public class DerivedIds implements OutgoingIds {

    private final byte[] endpoint;

    public DerivedIds(String endpoint) {
        this.endpoint = (endpoint + "\0").getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public UUID messageId(UUID causationId, String type) {
        byte[] typeName = type.getBytes(StandardCharsets.UTF_8);
        ByteBuffer name = ByteBuffer.allocate(16 + endpoint.length + typeName.length)
                .putLong(causationId.getMostSignificantBits())
                .putLong(causationId.getLeastSignificantBits())
                .put(endpoint)
                .put(typeName);
        return UUID.nameUUIDFromBytes(name.array());
    }

    @Override
    public Instant sentAt(Instant causeSentAt) {
        return causeSentAt;
    }
}

package dev.shootingrange.exercises.ids;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

import dev.shootingrange.exactlyonce.spi.OutgoingIds;

/**
 * Exercise 2, solved: the id is a name-based UUID (version 3) of the cause's sixteen bytes followed
 * by the type's name, so it is a function of the pair alone: no clock, no randomness, nothing kept in
 * memory that a restart would lose. The cause's id has a fixed length, so no other pair spells the
 * same name. The instant is the cause's, so the body is as repeatable as the id.
 */
public class DerivedIds implements OutgoingIds {

    @Override
    public UUID messageId(UUID causationId, String type) {
        byte[] typeName = type.getBytes(StandardCharsets.UTF_8);
        ByteBuffer name = ByteBuffer.allocate(16 + typeName.length)
                .putLong(causationId.getMostSignificantBits())
                .putLong(causationId.getLeastSignificantBits())
                .put(typeName);
        return UUID.nameUUIDFromBytes(name.array());
    }

    @Override
    public Instant sentAt(Instant causeSentAt) {
        return causeSentAt;
    }
}

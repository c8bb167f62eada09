package dev.shootingrange.exactlyonce.spi;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

/**
 * How a handler names what it sends in answer to a message: by default derived from that message, so
 * that handling it again on the same state sends the same messages byte for byte, and a consumer's
 * inbox downstream drops the second copy (on another state the same id may carry other bytes); or new
 * at every handling, so that a second handling says something new.
 * Replaced by declaring a bean of this type.
 */
public interface OutgoingIds {

    /** A name-based UUID of the cause's id and the answer's type; the cause's instant. */
    OutgoingIds DERIVED = new OutgoingIds() {
        @Override
        public UUID messageId(UUID causationId, String type) {
            return UUID.nameUUIDFromBytes((causationId + "/" + type).getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public Instant sentAt(Instant causeSentAt) {
            return causeSentAt;
        }
    };

    /** A random UUID and the clock: every handling answers with a message never seen before. */
    OutgoingIds RANDOM = new OutgoingIds() {
        @Override
        public UUID messageId(UUID causationId, String type) {
            return UUID.randomUUID();
        }

        @Override
        public Instant sentAt(Instant causeSentAt) {
            return Instant.now();
        }
    };

    /** The id of the message of this type sent in answer to message {@code causationId}. */
    UUID messageId(UUID causationId, String type);

    /** The instant that message carries, given the instant its cause carries. */
    Instant sentAt(Instant causeSentAt);

    /**
     * The naming one handling uses for all it sends, so that a message's id and instant come from the
     * same choice where the choice can change at run time (the lab's switch).
     */
    default OutgoingIds forOneHandling() {
        return this;
    }
}

package dev.shootingrange.exactlyonce;

import java.util.UUID;

/**
 * How a service's messages become bytes and back: the one place where the core meets a contract.
 * A service provides it as a bean; the core knows messages only as {@link Envelope}s through it.
 *
 * @param <M> the contract's message type
 */
public interface MessageFormat<M> {

    /**
     * Reads a delivered body. Reading is pure: whatever it throws, a retry would throw again, so the
     * delivery is dead-lettered with the exception's message as the reason.
     *
     * @param contentType the delivery's content type, or null where it carried none
     */
    M read(String contentType, byte[] body);

    UUID messageId(M message);

    String type(M message);

    /** Validates and encodes a message to send, once: every copy ever published is these bytes. */
    Envelope write(M message);
}

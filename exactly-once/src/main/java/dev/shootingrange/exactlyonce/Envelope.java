package dev.shootingrange.exactlyonce;

import java.util.UUID;

/**
 * A message as the machinery sees it: an id, a type, where it goes and its bytes. The core never
 * looks inside the body; the service's {@link MessageFormat} does. Where a delivery's body could not
 * be read, messageId and type are null.
 */
public record Envelope(UUID messageId, String type, String exchange, String routingKey, byte[] body) {

    @Override
    public String toString() {
        return type + " " + messageId;
    }
}

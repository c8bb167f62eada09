package dev.shootingrange.exactlyonce;

import java.util.UUID;

/**
 * A message as the machinery sees it: an id, a type, where it goes and its bytes. The core never
 * looks inside the body; the service's {@link MessageFormat} does. Where a delivery's body could not
 * be read, messageId and type are null.
 *
 * @param traceParent the trace this message belongs to, as a W3C {@code traceparent}, or null when
 *        tracing is off or nothing traced its sending
 *        ({@link dev.shootingrange.exactlyonce.observe.MessageTracing MessageTracing})
 */
public record Envelope(UUID messageId, String type, String exchange, String routingKey, byte[] body, String traceParent) {

    public Envelope(UUID messageId, String type, String exchange, String routingKey, byte[] body) {
        this(messageId, type, exchange, routingKey, body, null);
    }

    public Envelope withTraceParent(String traceParent) {
        return new Envelope(messageId, type, exchange, routingKey, body, traceParent);
    }

    @Override
    public String toString() {
        return type + " " + messageId;
    }
}

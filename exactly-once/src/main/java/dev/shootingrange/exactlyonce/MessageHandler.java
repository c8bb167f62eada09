package dev.shootingrange.exactlyonce;

import java.util.Set;

/**
 * A service's business rule for the messages it consumes. It runs inside the inbox's transaction:
 * whatever it changes and whatever it sends through the
 * {@link dev.shootingrange.exactlyonce.outbox.Outbox Outbox} commits together with the
 * inbox record, or not at all. It never sees a duplicate the inbox recognised, nor an invalid message.
 *
 * @param <M> the contract's message type, as the service's {@link MessageFormat} reads it
 */
public interface MessageHandler<M> {

    /** The types this service consumes; any other type on its queue is dead-lettered. */
    Set<String> types();

    void handle(M message);
}

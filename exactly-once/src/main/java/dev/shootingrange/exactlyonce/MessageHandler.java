package dev.shootingrange.exactlyonce;

import java.util.Set;

import dev.shootingrange.contract.RangeMessage;

/**
 * A service's business rule for the messages it consumes. It runs inside the inbox's transaction:
 * whatever it changes and whatever it sends through the {@link Outbox} commits together with the
 * inbox record, or not at all. It never sees a duplicate the inbox recognised, nor an invalid message.
 */
public interface MessageHandler {

    /** The contract types this service consumes; any other type on its queue is dead-lettered. */
    Set<String> types();

    void handle(RangeMessage message);
}

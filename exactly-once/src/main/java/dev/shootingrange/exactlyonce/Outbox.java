package dev.shootingrange.exactlyonce;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.transaction.Transactional;

import dev.shootingrange.contract.RangeMessage;

/**
 * Sends a message as part of the current transaction: it is stored as a row now and published by the
 * {@link OutboxRelay} after the commit. If the transaction rolls back, the message never existed.
 */
@ApplicationScoped
public class Outbox {

    private final Event<OutboxWritten> written;

    Outbox(Event<OutboxWritten> written) {
        this.written = written;
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public void send(RangeMessage message) {
        message.validate();
        new OutboxMessage(message).persist();
        written.fire(new OutboxWritten());
    }
}

package dev.shootingrange.exactlyonce.outbox;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;

import dev.shootingrange.exactlyonce.Causation;
import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.spi.Step;
import dev.shootingrange.exactlyonce.spi.Steps;

/**
 * Stores an outgoing message as a row in the sending transaction; the {@link OutboxRelay} publishes
 * it after the commit. If the transaction rolls back, the message never existed.
 */
@ApplicationScoped
public class TransactionalOutbox {

    private final Event<OutboxWritten> written;
    private final Steps steps;

    TransactionalOutbox(Event<OutboxWritten> written, Steps steps) {
        this.written = written;
        this.steps = steps;
    }

    public void send(Envelope message) {
        OutboxMessage.insert(message, Causation.current());
        written.fire(new OutboxWritten());
        // A crash now rolls the row back with the state: nothing was said.
        steps.reached(Step.ROLLBACK_AFTER_SEND, message);
    }

    /**
     * Whether a handling of {@code messageId} stored messages here that the outbox still keeps: the
     * side-effects approach's way to know a copy, for as long as the outbox keeps what it sent.
     */
    public boolean storedMessagesOf(UUID messageId) {
        return OutboxMessage.count("causedBy", messageId) > 0;
    }

    /**
     * Publishes again, after this transaction commits, the messages the first handling of
     * {@code messageId} sent and the relay has sent: the same rows, so the same bytes under the same
     * ids. Rows still waiting are sent once anyway; rows purged after the outbox's retention are gone,
     * and then nothing is sent again. Returns how many rows will be.
     */
    public int sendAgain(UUID messageId) {
        int rows = OutboxMessage.unsendFirstHandlingOf(messageId);
        if (rows > 0) {
            written.fire(new OutboxWritten());
        }
        return rows;
    }
}

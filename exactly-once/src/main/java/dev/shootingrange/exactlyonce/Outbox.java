package dev.shootingrange.exactlyonce;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.transaction.Transactional;

import dev.shootingrange.contract.RangeMessage;

/**
 * Sends a message as part of the current transaction: it is stored as a row now and published by the
 * {@link OutboxRelay} after the commit. If the transaction rolls back, the message never existed.
 *
 * With the lab's outbox protection off it is published straight away instead ({@link DirectPublisher}),
 * and state and output are no longer one atomic decision.
 */
@ApplicationScoped
public class Outbox {

    private final Event<OutboxWritten> written;
    private final Lab lab;
    private final Steps steps;
    private final DirectPublisher direct;

    Outbox(Event<OutboxWritten> written, Lab lab, Steps steps, DirectPublisher direct) {
        this.written = written;
        this.lab = lab;
        this.steps = steps;
        this.direct = direct;
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public void send(RangeMessage message) {
        message.validate();
        if (!lab.isOn(Lab.OUTBOX)) {
            direct.send(message);
            return;
        }
        new OutboxMessage(message).persist();
        written.fire(new OutboxWritten());
        // A crash now rolls the row back with the state: nothing was said.
        steps.reached(Step.ROLLBACK_AFTER_SEND, message.messageId(), message.type());
    }
}

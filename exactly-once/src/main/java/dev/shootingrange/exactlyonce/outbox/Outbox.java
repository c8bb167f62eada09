package dev.shootingrange.exactlyonce.outbox;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.shootingrange.exactlyonce.MessageFormat;
import dev.shootingrange.exactlyonce.spi.Dispatch;

/**
 * What a service calls to send a message as part of its current transaction. The message is encoded
 * once, here, and handed to the {@link Dispatch}: by default the {@link TransactionalOutbox}, which
 * stores it as a row that commits or rolls back with the state that decided to send it.
 */
@ApplicationScoped
public class Outbox {

    private final MessageFormat<Object> format;
    private final Dispatch dispatch;

    @SuppressWarnings("unchecked")
    Outbox(MessageFormat<?> format, Dispatch dispatch) {
        this.format = (MessageFormat<Object>) format;
        this.dispatch = dispatch;
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public void send(Object message) {
        dispatch.send(format.write(message));
    }
}

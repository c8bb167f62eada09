package dev.shootingrange.exactlyonce.spi;

import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.outbox.TransactionalOutbox;

/**
 * How a handler's outgoing messages leave: through the {@link TransactionalOutbox} by default, or
 * straight to the broker ({@link DirectPublisher}). Called inside the sending transaction.
 */
@FunctionalInterface
public interface Dispatch {

    void send(Envelope message);
}

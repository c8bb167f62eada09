package dev.shootingrange.exactlyonce.spi;

import dev.shootingrange.exactlyonce.Envelope;

/**
 * How a handler's outgoing messages leave: through the
 * {@link dev.shootingrange.exactlyonce.outbox.TransactionalOutbox} by default (the lab may send them
 * straight to the broker instead, to show what is lost). Called inside the sending transaction.
 */
@FunctionalInterface
public interface Dispatch {

    void send(Envelope message);
}

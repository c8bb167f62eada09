package dev.shootingrange.exercises.inbox;

import java.sql.Connection;
import java.util.UUID;
import java.util.function.Supplier;

import dev.shootingrange.exactlyonce.spi.DuplicateDetector;

/**
 * Exercise 1: the inbox, in the handler's transaction (README.md in this package).
 *
 * A consumer calls {@link #firstDelivery} first in the transaction that handles a message, and
 * handles it only where it answers true. Make every copy of a message after the first answer false,
 * also when two copies are handled at the same moment, while a handling that rolled back leaves
 * the message to be handled again, and two consumers of one message each handle it once.
 */
public class TransactionalInbox implements DuplicateDetector {

    /** The inbox's table, made before each test. What makes a second record of one message impossible? */
    public static final String TABLE = """
            create table inbox (
                consumer text not null,
                message_id uuid not null,
                received_at timestamptz not null default now()
            )""";

    private final Supplier<Connection> transaction;

    /** @param transaction the connection of the transaction that handles the message */
    public TransactionalInbox(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    @Override
    public boolean firstDelivery(String consumer, UUID messageId) {
        // TODO record (consumer, messageId) in the handling's transaction; answer false for a copy.
        return true;
    }
}

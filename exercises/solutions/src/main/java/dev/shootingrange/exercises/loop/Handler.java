package dev.shootingrange.exercises.loop;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

import dev.shootingrange.exactlyonce.Envelope;

/** The business: what the range does with a FireAt, in the transaction it is given, and what it answers. */
@FunctionalInterface
public interface Handler {

    /** Handles the message in {@code transaction} (its writes commit or roll back with it); returns the messages to send. */
    List<Envelope> handle(Connection transaction, UUID messageId, byte[] body) throws SQLException;
}

package dev.shootingrange.exercises.tokens;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

import dev.shootingrange.exactlyonce.spi.DuplicateDetector;

/**
 * Exercise 7, solved: the inbox holds the messages expected, not those received. A token row is
 * written with the sending and deleted by the handling, each in its own transaction, so a sending
 * that rolled back leaves no token and a handling that rolled back leaves its token for the
 * redelivery. Two copies handled at once both delete the one row: the second waits on the first's
 * row lock, and where the first commits it finds the row gone and deletes nothing.
 */
public class TokenInbox implements DuplicateDetector {

    /** One row per message sent and not yet handled; a token is its message's id. */
    public static final String TABLE = """
            create table inbox (
                message_id uuid primary key,
                issued_at timestamptz not null default now()
            )""";

    private final Supplier<Connection> transaction;

    public TokenInbox(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    public UUID issue() {
        UUID token = UUID.randomUUID();
        try (PreparedStatement insert = transaction.get().prepareStatement("insert into inbox (message_id) values (?)")) {
            insert.setObject(1, token);
            insert.executeUpdate();
            return token;
        } catch (SQLException e) {
            throw new IllegalStateException("could not issue a token", e);
        }
    }

    /**
     * The consumer is not in the key: a token is one receiver's, handed out for one message to it. A
     * message with two consumers needs two tokens, one from each (the README's follow-up).
     */
    @Override
    public boolean firstDelivery(String consumer, UUID messageId) {
        try (PreparedStatement delete = transaction.get().prepareStatement("delete from inbox where message_id = ?")) {
            delete.setObject(1, messageId);
            return delete.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException("could not use up the token of message " + messageId, e);
        }
    }
}

package dev.shootingrange.exercises.inbox;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

import dev.shootingrange.exactlyonce.spi.DuplicateDetector;

/**
 * Wrong turn: the message's id alone as the key. A copy is skipped, two at once are handled once;
 * but a second consumer of the same message, sharing the table, finds it "seen" and never handles it.
 *
 * Caught by: TransactionalInboxTest.twoConsumersOfOneMessageEachHandleItOnce
 */
public class TransactionalInbox implements DuplicateDetector {

    public static final String TABLE = """
            create table inbox (
                consumer text not null,
                message_id uuid primary key,
                received_at timestamptz not null default now()
            )""";

    private final Supplier<Connection> transaction;

    public TransactionalInbox(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    @Override
    public boolean firstDelivery(String consumer, UUID messageId) {
        try (PreparedStatement insert = transaction.get().prepareStatement(
                "insert into inbox (consumer, message_id) values (?, ?) on conflict do nothing")) {
            insert.setString(1, consumer);
            insert.setObject(2, messageId);
            return insert.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException("could not record message " + messageId, e);
        }
    }
}

package dev.shootingrange.exercises.inbox;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

import dev.shootingrange.exactlyonce.spi.DuplicateDetector;

/**
 * Wrong turn: look first, then record, with no key to stop a second record. One copy after another
 * is skipped; two copies at the same moment both look before either has recorded, and both are handled.
 *
 * Caught by: TransactionalInboxTest.twoCopiesHandledAtTheSameMomentAreHandledOnce
 */
public class TransactionalInbox implements DuplicateDetector {

    public static final String TABLE = """
            create table inbox (
                consumer text not null,
                message_id uuid not null,
                received_at timestamptz not null default now()
            )""";

    private final Supplier<Connection> transaction;

    public TransactionalInbox(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    @Override
    public boolean firstDelivery(String consumer, UUID messageId) {
        try (PreparedStatement seen = transaction.get().prepareStatement(
                "select count(*) from inbox where consumer = ? and message_id = ?")) {
            seen.setString(1, consumer);
            seen.setObject(2, messageId);
            try (ResultSet count = seen.executeQuery()) {
                count.next();
                if (count.getLong(1) > 0) {
                    return false;
                }
            }
            try (PreparedStatement record = transaction.get().prepareStatement(
                    "insert into inbox (consumer, message_id) values (?, ?)")) {
                record.setString(1, consumer);
                record.setObject(2, messageId);
                record.executeUpdate();
            }
            return true;
        } catch (SQLException e) {
            throw new IllegalStateException("could not record message " + messageId, e);
        }
    }
}

package dev.shootingrange.exercises.inbox;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

import dev.shootingrange.exactlyonce.spi.DuplicateDetector;

/**
 * Wrong turn: insert under the key and take the duplicate-key error for "a copy". In PostgreSQL the
 * error aborts the whole transaction: the copy's handling can do nothing more, and its commit is a
 * rollback; two copies at the same moment end with an error instead of a skip.
 *
 * Caught by: TransactionalInboxTest.aCopyDeliveredAgainIsNotHandledAgain
 */
public class TransactionalInbox implements DuplicateDetector {

    public static final String TABLE = """
            create table inbox (
                consumer text not null,
                message_id uuid not null,
                received_at timestamptz not null default now(),
                primary key (consumer, message_id)
            )""";

    private final Supplier<Connection> transaction;

    public TransactionalInbox(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    @Override
    public boolean firstDelivery(String consumer, UUID messageId) {
        try (PreparedStatement insert = transaction.get().prepareStatement(
                "insert into inbox (consumer, message_id) values (?, ?)")) {
            insert.setString(1, consumer);
            insert.setObject(2, messageId);
            insert.executeUpdate();
            return true;
        } catch (SQLException duplicate) {
            return false;
        }
    }
}

package dev.shootingrange.exercises.inbox;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

import dev.shootingrange.exactlyonce.spi.DuplicateDetector;

/**
 * Exercise 1, solved: the record is the first write of the handling's transaction, under a primary
 * key on (consumer, message id). A second copy's insert waits on the first's uncommitted row: where
 * the first commits, the copy inserts nothing and is skipped; where it rolls back, the copy goes on
 * as the first. The consumer is in the key because one message may have several consumers sharing
 * the table (the post on Message-IDs); each handles it once.
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
                "insert into inbox (consumer, message_id) values (?, ?) on conflict do nothing")) {
            insert.setString(1, consumer);
            insert.setObject(2, messageId);
            return insert.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException("could not record message " + messageId, e);
        }
    }
}

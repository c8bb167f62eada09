package dev.shootingrange.exercises.sideeffects;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

import dev.shootingrange.exactlyonce.spi.OnDuplicate;

/**
 * Exercise 4, solved: the first handling's rows are the ones of the earliest transaction that wrote
 * rows for the message (created_at is that transaction's now()); a handling after the inbox forgot
 * the message wrote later ones, and they are not the answer. Marked unsent in the copy's own
 * transaction, they go out again only if the copy's handling commits; a row the relay holds at that
 * moment is waited for, then marked unsent after its mark, and goes out again all the same.
 */
public class StoredAnswers implements OnDuplicate {

    private final Supplier<Connection> transaction;

    public StoredAnswers(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    @Override
    public int answer(String consumer, UUID messageId) {
        try (PreparedStatement unsend = transaction.get().prepareStatement("""
                update outbox set sent_at = null
                where caused_by = ? and created_at = (select min(created_at) from outbox where caused_by = ?)""")) {
            unsend.setObject(1, messageId);
            unsend.setObject(2, messageId);
            return unsend.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("could not send again what message " + messageId + " was answered by", e);
        }
    }
}

package dev.shootingrange.exercises.sideeffects;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

import dev.shootingrange.exactlyonce.spi.DuplicateDetector;
import dev.shootingrange.exactlyonce.spi.OnDuplicate;

/**
 * Exercise 4, solved: a message is a copy where the outbox holds rows it caused, for as long as the
 * outbox keeps them, whatever the inbox has forgotten since. The answer is the rows of the earliest
 * transaction that wrote rows for the message (created_at is that transaction's now()), every one of
 * them: a handling may send several messages. Marked unsent in the copy's own transaction, they go
 * out again only if the copy's handling commits; a row the relay holds at that moment is waited
 * for, then marked unsent after its mark, and goes out again all the same.
 */
public class StoredAnswers implements DuplicateDetector, OnDuplicate {

    private final Supplier<Connection> transaction;

    public StoredAnswers(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    @Override
    public boolean firstDelivery(String consumer, UUID messageId) {
        try (PreparedStatement stored = transaction.get().prepareStatement(
                "select exists (select 1 from outbox where caused_by = ?)")) {
            stored.setObject(1, messageId);
            try (ResultSet answer = stored.executeQuery()) {
                answer.next();
                return !answer.getBoolean(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not look for what message " + messageId + " was answered by", e);
        }
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

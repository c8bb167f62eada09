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
 * Wrong turn: the first handling's answer taken as its first row, the lowest id. Right for a handling
 * that sent one message; one that sent a Hit and a GameWon is answered by the Hit alone.
 *
 * Caught by: StoredAnswersTest.aCopyOfAHandlingThatSentTwoMessagesIsAnsweredByBoth
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
                where id = (select min(id) from outbox where caused_by = ?) and caused_by = ?""")) {
            unsend.setObject(1, messageId);
            unsend.setObject(2, messageId);
            return unsend.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("could not send again what message " + messageId + " was answered by", e);
        }
    }
}

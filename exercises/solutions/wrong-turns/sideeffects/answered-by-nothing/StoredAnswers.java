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
 * Wrong turn: the copy known by its stored messages, and answered by nothing. No second judgement,
 * but the write-up's other answer, an exact copy, is the exercise's: the Hit is not said again.
 *
 * Caught by: StoredAnswersTest.aCopyOfAFireAtIsAnsweredByTheHitItsFirstHandlingStored
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
        return 0;
    }
}

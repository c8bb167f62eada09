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
 * Wrong turn: a copy known by the rows still waiting for the relay. Until the relay has run, a copy is
 * answered; once the Hit went out, and the inbox has forgotten the FireAt, the copy is judged afresh.
 *
 * Caught by: StoredAnswersTest.aCopyPastTheInboxsWindowIsAnsweredByTheFirstHitNeverByANewJudgement
 */
public class StoredAnswers implements DuplicateDetector, OnDuplicate {

    private final Supplier<Connection> transaction;

    public StoredAnswers(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    @Override
    public boolean firstDelivery(String consumer, UUID messageId) {
        try (PreparedStatement stored = transaction.get().prepareStatement(
                "select exists (select 1 from outbox where caused_by = ? and sent_at is null)")) {
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

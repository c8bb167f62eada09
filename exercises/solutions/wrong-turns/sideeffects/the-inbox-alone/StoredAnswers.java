package dev.shootingrange.exercises.sideeffects;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

import dev.shootingrange.exactlyonce.spi.DuplicateDetector;
import dev.shootingrange.exactlyonce.spi.OnDuplicate;

/**
 * Wrong turn: the inbox left to know the copies, the stored messages used only to answer them. Within
 * the inbox's window a copy gets the first Hit again; past it, the copy is judged afresh on the moved
 * target, and a Missed follows the Hit for one FireAt.
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
        return true;
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

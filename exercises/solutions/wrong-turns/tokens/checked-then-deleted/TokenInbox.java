package dev.shootingrange.exercises.tokens;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

import dev.shootingrange.exactlyonce.spi.DuplicateDetector;

/**
 * Wrong turn: ask whether the token is there, then use it up, and trust the question. One copy
 * after another is skipped; two at the same moment both find the token before either has deleted it.
 *
 * Caught by: TokenInboxTest.twoCopiesHandledAtTheSameMomentAreHandledOnce
 */
public class TokenInbox implements DuplicateDetector {

    /** One row per message sent and not yet handled; a token is its message's id. */
    public static final String TABLE = """
            create table inbox (
                message_id uuid primary key,
                issued_at timestamptz not null default now()
            )""";

    private final Supplier<Connection> transaction;

    public TokenInbox(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    public UUID issue() {
        UUID token = UUID.randomUUID();
        try (PreparedStatement insert = transaction.get().prepareStatement("insert into inbox (message_id) values (?)")) {
            insert.setObject(1, token);
            insert.executeUpdate();
            return token;
        } catch (SQLException e) {
            throw new IllegalStateException("could not issue a token", e);
        }
    }

    @Override
    public boolean firstDelivery(String consumer, UUID messageId) {
        try (PreparedStatement there = transaction.get().prepareStatement("select count(*) from inbox where message_id = ?");
                PreparedStatement delete = transaction.get().prepareStatement("delete from inbox where message_id = ?")) {
            there.setObject(1, messageId);
            boolean issued;
            try (ResultSet count = there.executeQuery()) {
                issued = count.next() && count.getLong(1) == 1;
            }
            delete.setObject(1, messageId);
            delete.executeUpdate();
            return issued;
        } catch (SQLException e) {
            throw new IllegalStateException("could not use up the token of message " + messageId, e);
        }
    }
}

package dev.shootingrange.exercises.tokens;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

import dev.shootingrange.exactlyonce.spi.DuplicateDetector;

/**
 * Wrong turn: a token marked used instead of deleted, to keep a trace. Copies are skipped, but the
 * inbox grows by a row a message for ever: the bound the tokens were for is gone, and a window to
 * purge it is back.
 *
 * Caught by: TokenInboxTest.onceEveryMessageWasHandledTheInboxHoldsNothing
 */
public class TokenInbox implements DuplicateDetector {

    /** One row per message sent and not yet handled; a token is its message's id. */
    public static final String TABLE = """
            create table inbox (
                message_id uuid primary key,
                issued_at timestamptz not null default now(),
                used_at timestamptz
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
        try (PreparedStatement delete = transaction.get().prepareStatement("update inbox set used_at = now() where message_id = ? and used_at is null")) {
            delete.setObject(1, messageId);
            return delete.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException("could not use up the token of message " + messageId, e);
        }
    }
}

package dev.shootingrange.exercises.tokens;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

import dev.shootingrange.exactlyonce.spi.DuplicateDetector;

/**
 * Exercise 7: a bounded dedup that needs no clock (README.md beside this class).
 *
 * The receiver hands out a token before a message is sent ({@link #issue}); the token is the
 * message's id. {@link #firstDelivery} lets a message through where its token is still there, and
 * uses it up in the handling's transaction. The inbox then holds only the tokens of messages not yet
 * handled: nothing once every message was, with no window to purge and no clock to ask.
 */
public class TokenInbox implements DuplicateDetector {

    /** The inbox, made before each test. What does it hold: the messages handled, or those expected? */
    public static final String TABLE = """
            create table inbox (
                consumer text not null,
                message_id uuid not null,
                received_at timestamptz not null default now(),
                primary key (consumer, message_id)
            )""";

    private final Supplier<Connection> transaction;

    /** @param transaction the connection of the transaction in progress: the sender's, or the handling's */
    public TokenInbox(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    /** A token for a message about to be sent, handed out in the transaction that records the sending. */
    public UUID issue() {
        // TODO keep the token where firstDelivery can find it, in the sender's transaction.
        return UUID.randomUUID();
    }

    @Override
    public boolean firstDelivery(String consumer, UUID messageId) {
        // TODO use up the message's token in the handling's transaction; no token, no handling.
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

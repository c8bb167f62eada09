package dev.shootingrange.exercises.tokens;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import dev.shootingrange.exactlyonce.spi.DuplicateDetector;

/**
 * Wrong turn: the tokens handed out kept in memory, used up in the table. A sending that rolls back
 * has handed out its token all the same: the FireAt it never sent, should a ghost of it arrive, is
 * handled (and a restart forgets every token, so no message sent before it is ever handled).
 *
 * Caught by: TokenInboxTest.aGhostOfASendingThatRolledBackIsNotHandled
 */
public class TokenInbox implements DuplicateDetector {

    /** One row per message sent and not yet handled; a token is its message's id. */
    public static final String TABLE = """
            create table inbox (
                message_id uuid primary key,
                issued_at timestamptz not null default now()
            )""";

    private static final Set<UUID> ISSUED = ConcurrentHashMap.newKeySet();

    private final Supplier<Connection> transaction;

    public TokenInbox(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    public UUID issue() {
        UUID token = UUID.randomUUID();
        ISSUED.add(token);
        return token;
    }

    @Override
    public boolean firstDelivery(String consumer, UUID messageId) {
        if (!ISSUED.remove(messageId)) {
            return false;
        }
        try (PreparedStatement insert = transaction.get().prepareStatement("insert into inbox (message_id) values (?)")) {
            insert.setObject(1, messageId);
            return insert.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException("could not use up the token of message " + messageId, e);
        }
    }
}

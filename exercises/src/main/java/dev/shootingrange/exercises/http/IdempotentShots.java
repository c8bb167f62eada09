package dev.shootingrange.exercises.http;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Exercise 8: an idempotency key at the HTTP boundary (README.md beside this class).
 *
 * {@code POST /api/games/{gameId}/shots} calls {@link #fire} in the request's transaction, with the
 * {@code Idempotency-Key} the client made once for this shot and sends again with every retry. Make a
 * retry with the same key answer the first attempt's attemptId and fire nothing, also when the two
 * requests arrive at the same moment, while a request that rolled back leaves its key to the retry.
 */
public class IdempotentShots {

    /**
     * The range's tables, made before each test. A fired_shot row stands for the FireAt the outbox
     * would send. Where does the range remember the keys it has answered, and what makes one key
     * impossible to record twice?
     */
    public static final String[] TABLES = { """
            create table fired_shot (
                attempt_id uuid primary key,
                game_id text not null,
                player text not null,
                position integer not null,
                fired_at timestamptz not null default now()
            )""" };

    private final Supplier<Connection> transaction;

    /** @param transaction the connection of the request's transaction */
    public IdempotentShots(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    /** Fires the shot the key names, once: answers its attemptId. */
    public UUID fire(UUID idempotencyKey, String gameId, String player, int position) {
        // TODO record the key with the shot in this transaction; a retry answers the first attemptId, fires nothing.
        UUID attemptId = UUID.randomUUID();
        try (PreparedStatement shot = transaction.get().prepareStatement(
                "insert into fired_shot (attempt_id, game_id, player, position) values (?, ?, ?, ?)")) {
            shot.setObject(1, attemptId);
            shot.setString(2, gameId);
            shot.setString(3, player);
            shot.setInt(4, position);
            shot.executeUpdate();
            return attemptId;
        } catch (SQLException e) {
            throw new IllegalStateException("could not fire the shot of key " + idempotencyKey, e);
        }
    }
}

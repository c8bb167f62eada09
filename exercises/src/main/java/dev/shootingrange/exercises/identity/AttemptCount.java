package dev.shootingrange.exercises.identity;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Exercise 9: business identity at the leader board (README.md beside this class).
 *
 * The board counts each Hit or Missed it is delivered, in the delivery's transaction: a shot for the
 * player, and a hit where it hit. Here a copy is known by its messageId, as an inbox knows it. Count
 * every attempt once, whatever message, and whatever messageId, it came in.
 */
public class AttemptCount {

    /** The board's tables, made before each test: the scores, and what knows a copy. */
    public static final String[] TABLES = { """
            create table player_score (
                game_id text not null,
                player text not null,
                shots int not null,
                hits int not null,
                primary key (game_id, player)
            )""", """
            create table inbox (
                message_id uuid primary key,
                received_at timestamptz not null default now()
            )""" };

    private final Supplier<Connection> transaction;

    /** @param transaction the connection of the transaction that handles the delivery */
    public AttemptCount(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    /** Counts an outcome of {@code attemptId} delivered in message {@code messageId}; true where it counted. */
    public boolean count(UUID messageId, UUID attemptId, String gameId, String player, boolean hit) {
        // TODO a copy is known here by its messageId: know an attempt by its attemptId, whatever message it came in.
        if (update("insert into inbox (message_id) values (?) on conflict do nothing", messageId) == 0) {
            return false;
        }
        update("""
                insert into player_score (game_id, player, shots, hits) values (?, ?, 1, ?)
                on conflict (game_id, player) do update set shots = player_score.shots + 1, hits = player_score.hits + excluded.hits""",
                gameId, player, hit ? 1 : 0);
        return true;
    }

    private int update(String sql, Object... parameters) {
        try (PreparedStatement statement = transaction.get().prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("could not count " + sql, e);
        }
    }
}

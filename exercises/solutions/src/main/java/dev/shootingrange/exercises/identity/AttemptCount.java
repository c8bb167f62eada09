package dev.shootingrange.exercises.identity;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Exercise 9, solved: the board records each attempt it counted under a primary key on the
 * attemptId, the first write of the delivery's transaction, and counts only where that insert wrote
 * a row. A copy under the same messageId and an answer re-sent under a new one are the same attempt:
 * both skipped. Two at the same moment: the second waits on the first's uncommitted row, and skips
 * where it commits, counts where it rolls back. No window: an attempt is counted once for good.
 */
public class AttemptCount {

    public static final String[] TABLES = { """
            create table player_score (
                game_id text not null,
                player text not null,
                shots int not null,
                hits int not null,
                primary key (game_id, player)
            )""", """
            create table counted_attempt (
                attempt_id uuid primary key,
                counted_at timestamptz not null default now()
            )""" };

    private final Supplier<Connection> transaction;

    public AttemptCount(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    public boolean count(UUID messageId, UUID attemptId, String gameId, String player, boolean hit) {
        if (update("insert into counted_attempt (attempt_id) values (?) on conflict do nothing", attemptId) == 0) {
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

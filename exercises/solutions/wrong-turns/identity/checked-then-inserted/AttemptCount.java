package dev.shootingrange.exercises.identity;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Wrong turn: look for the attempt first, then record it, with no key on it. One Hit after another is
 * skipped; two at the same moment both find nothing, and both count.
 *
 * Caught by: AttemptCountTest.twoOutcomesOfOneAttemptCountedAtTheSameMomentCountOnce
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
                attempt_id uuid not null,
                counted_at timestamptz not null default now()
            )""" };

    private final Supplier<Connection> transaction;

    public AttemptCount(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    public boolean count(UUID messageId, UUID attemptId, String gameId, String player, boolean hit) {
        if (number("select count(*) from counted_attempt where attempt_id = ?", attemptId) > 0) {
            return false;
        }
        update("insert into counted_attempt (attempt_id) values (?)", attemptId);
        update("""
                insert into player_score (game_id, player, shots, hits) values (?, ?, 1, ?)
                on conflict (game_id, player) do update set shots = player_score.shots + 1, hits = player_score.hits + excluded.hits""",
                gameId, player, hit ? 1 : 0);
        return true;
    }

    private long number(String sql, Object... parameters) {
        try (PreparedStatement query = transaction.get().prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                query.setObject(i + 1, parameters[i]);
            }
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not read " + sql, e);
        }
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

package dev.shootingrange.exercises.identity;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Wrong turn: the attempts counted, kept in memory. An attempt's second Hit is skipped, whatever its
 * id; but a count that rolled back leaves its attempt behind, and the redelivery is never counted (a
 * restart forgets them all, and counts every late copy again).
 *
 * Caught by: AttemptCountTest.aCountThatRolledBackLeavesTheAttemptToItsRedelivery
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

    private static final Set<UUID> COUNTED = ConcurrentHashMap.newKeySet();

    private final Supplier<Connection> transaction;

    public AttemptCount(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    public boolean count(UUID messageId, UUID attemptId, String gameId, String player, boolean hit) {
        if (!COUNTED.add(attemptId)) {
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

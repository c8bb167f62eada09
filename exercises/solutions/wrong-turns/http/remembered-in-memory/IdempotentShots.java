package dev.shootingrange.exercises.http;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Wrong turn: the keys answered, kept in memory with their attemptIds. A retry after the answer is
 * answered right; a request whose transaction rolled back leaves its key behind, and its retry is
 * answered with a shot that was never fired.
 *
 * Caught by: IdempotentShotsTest.aRequestThatRolledBackLeavesItsKeyToTheRetry
 */
public class IdempotentShots {

    public static final String[] TABLES = { """
            create table fired_shot (
                attempt_id uuid primary key,
                game_id text not null,
                player text not null,
                position integer not null,
                fired_at timestamptz not null default now()
            )""", """
            create table shot_request (
                idempotency_key uuid primary key,
                attempt_id uuid not null,
                received_at timestamptz not null default now()
            )""" };

    private static final Map<UUID, UUID> ANSWERED = new ConcurrentHashMap<>();

    private final Supplier<Connection> transaction;

    public IdempotentShots(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    public UUID fire(UUID idempotencyKey, String gameId, String player, int position) {
        UUID attemptId = UUID.randomUUID();
        Connection connection = transaction.get();
        UUID first = ANSWERED.putIfAbsent(idempotencyKey, attemptId);
        if (first != null) {
            return first;
        }
        try (PreparedStatement shot = connection.prepareStatement(
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

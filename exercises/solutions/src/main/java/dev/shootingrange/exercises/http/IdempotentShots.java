package dev.shootingrange.exercises.http;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Exercise 8, solved: the key is the first write of the request's transaction, under a primary key,
 * with the attemptId it was answered with. A retry's insert conflicts and it reads the stored
 * attemptId instead of firing. A duplicate sent at the same moment waits on the first's uncommitted
 * row: where the first commits, it reads the first's attemptId; where it rolls back, the key was never
 * taken and the duplicate fires as the first. The key names the request, as a message id names a
 * message (the post on Message-IDs); the attemptId names the shot downstream.
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

    private final Supplier<Connection> transaction;

    public IdempotentShots(Supplier<Connection> transaction) {
        this.transaction = transaction;
    }

    public UUID fire(UUID idempotencyKey, String gameId, String player, int position) {
        UUID attemptId = UUID.randomUUID();
        Connection connection = transaction.get();
        try (PreparedStatement key = connection.prepareStatement(
                "insert into shot_request (idempotency_key, attempt_id) values (?, ?) on conflict do nothing")) {
            key.setObject(1, idempotencyKey);
            key.setObject(2, attemptId);
            if (key.executeUpdate() == 0) {
                return answered(connection, idempotencyKey);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not record key " + idempotencyKey, e);
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

    /** The attemptId a committed request with this key was answered with (a new statement sees its commit). */
    private static UUID answered(Connection connection, UUID idempotencyKey) throws SQLException {
        try (PreparedStatement stored = connection.prepareStatement(
                "select attempt_id from shot_request where idempotency_key = ?")) {
            stored.setObject(1, idempotencyKey);
            try (ResultSet row = stored.executeQuery()) {
                row.next();
                return row.getObject(1, UUID.class);
            }
        }
    }
}

package dev.shootingrange.exercises.http;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Wrong turn: look the key up first, fire and record it where it is new, with no key constraint to
 * stop a second record. A retry after the answer is answered right; two requests of one shot at the
 * same moment both find nothing, and both fire.
 *
 * Caught by: IdempotentShotsTest.twoRequestsOfOneShotAtTheSameMomentFireOnce
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
                idempotency_key uuid not null,
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
        try (PreparedStatement seen = connection.prepareStatement("select count(*) from shot_request where idempotency_key = ?")) {
            seen.setObject(1, idempotencyKey);
            try (ResultSet count = seen.executeQuery()) {
                count.next();
                if (count.getLong(1) > 0) {
                    return answered(connection, idempotencyKey);
                }
            }
            try (PreparedStatement record = connection.prepareStatement(
                    "insert into shot_request (idempotency_key, attempt_id) values (?, ?)")) {
                record.setObject(1, idempotencyKey);
                record.setObject(2, attemptId);
                record.executeUpdate();
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

package dev.shootingrange.exercises.http;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Wrong turn: the client's key taken for the attemptId, the shot recorded once under it. A retry
 * fires nothing and answers the same id; but the id that names the shot downstream is now the
 * client's to choose: a client that reuses its keys, or sends another's, names a shot it did not fire.
 *
 * Caught by: IdempotentShotsTest.aRetriedShotAnswersTheFirstAttemptAndFiresOnce
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
        try (PreparedStatement shot = transaction.get().prepareStatement("""
                insert into fired_shot (attempt_id, game_id, player, position) values (?, ?, ?, ?) on conflict do nothing""")) {
            shot.setObject(1, idempotencyKey);
            shot.setString(2, gameId);
            shot.setString(3, player);
            shot.setInt(4, position);
            shot.executeUpdate();
            return idempotencyKey;
        } catch (SQLException e) {
            throw new IllegalStateException("could not fire the shot of key " + idempotencyKey, e);
        }
    }
}

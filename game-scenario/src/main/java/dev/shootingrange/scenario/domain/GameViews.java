package dev.shootingrange.scenario.domain;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

import dev.shootingrange.exactlyonce.PlainStatement;

/**
 * Reads a game as the console shows it ({@link GameView}). Apart from {@link Shot}, so that the entity
 * does not know its views and the views do not read the database.
 */
final class GameViews {

    private GameViews() {
    }

    /** The game as it is now, or null for a game the scenario does not know. */
    static GameView of(String gameId) {
        Integer targetPosition = Game.targetPositionOf(gameId);
        return targetPosition == null ? null : new GameView(gameId, targetPosition, shotsOfGame(gameId));
    }

    /** The target's position where {@code target}, and the shots of those named that the game has. */
    static GameView.Part partOf(String gameId, boolean target, Collection<UUID> attemptIds) {
        return new GameView.Part(target ? Game.targetPositionOf(gameId) : null,
                attemptIds.isEmpty() ? List.of() : shotsOf(gameId, attemptIds));
    }

    /**
     * The game's shots in the order of {@link Shot#ofGame}; read as plain rows, since a watched game's
     * view is read again after each of its messages and nothing here is changed.
     */
    private static List<GameView.ShotView> shotsOfGame(String gameId) {
        return PlainStatement.list("""
                select attempt_id, player, position, hit_seen, missed_seen, trace_id from shot
                where game_id = ? order by fired_at, attempt_id""", GameViews::shot, gameId);
    }

    /** Those of the game's shots named, as {@link #shotsOfGame} shows them: what a watched game reads after a message. */
    private static List<GameView.ShotView> shotsOf(String gameId, Collection<UUID> attemptIds) {
        return PlainStatement.list("""
                select attempt_id, player, position, hit_seen, missed_seen, trace_id from shot
                where game_id = ? and attempt_id = any(?) order by fired_at, attempt_id""", GameViews::shot,
                gameId, attemptIds.toArray(UUID[]::new));
    }

    private static GameView.ShotView shot(ResultSet row) throws SQLException {
        return new GameView.ShotView(row.getObject(1, UUID.class), row.getString(2), row.getInt(3),
                Shot.outcome(row.getBoolean(4), row.getBoolean(5)), row.getString(6));
    }
}

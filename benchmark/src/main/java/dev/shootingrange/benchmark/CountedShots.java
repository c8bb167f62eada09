package dev.shootingrange.benchmark;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The shots the leader board has counted, read from its own database: a shot's end, as the load
 * measures it, is its count there.
 */
final class CountedShots {

    private final String leaderBoardJdbc;
    private Connection polling;

    CountedShots(String leaderBoardJdbc) {
        this.leaderBoardJdbc = leaderBoardJdbc;
    }

    /**
     * How many shots of these games the leader board has counted: the sum of its per-player counts, a
     * handful of rows a game, on one connection kept open. A burst polls this four times a second while
     * PostgreSQL's work is measured; counting counted_attempt instead fetched every shot counted so far
     * at each poll, on a new backend each time, and stood for most of the tuples the burst's counters
     * gave a shot.
     */
    int countedIn(List<String> gameIds) throws SQLException {
        if (polling == null || polling.isClosed()) {
            polling = DriverManager.getConnection(leaderBoardJdbc, "postgres", "");
        }
        try (PreparedStatement query = polling.prepareStatement(
                "select coalesce(sum(shots), 0) from player_score where game_id = any(?)")) {
            query.setArray(1, polling.createArrayOf("text", gameIds.toArray()));
            try (ResultSet rows = query.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        }
    }

    /** attemptId → when the leader board counted it (its transaction's start), in epoch milliseconds. */
    Map<String, Long> counted(List<String> gameIds) throws SQLException {
        Map<String, Long> counted = new ConcurrentHashMap<>();
        try (Connection connection = DriverManager.getConnection(leaderBoardJdbc, "postgres", "");
                PreparedStatement query = connection.prepareStatement(
                        "select attempt_id, extract(epoch from counted_at) * 1000 from counted_attempt where game_id = any(?)")) {
            query.setArray(1, connection.createArrayOf("text", gameIds.toArray()));
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    counted.put(rows.getString(1), (long) rows.getDouble(2));
                }
            }
        }
        return counted;
    }
}

package dev.shootingrange.reliability;

import static org.awaitility.Awaitility.await;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.awaitility.core.ConditionTimeoutException;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The queue checker of Jepsen, for shots: once the faults stopped and the system drained, each
 * accepted shot must have taken effect exactly once everywhere. It reads the game's shots and the
 * leader board over their HTTP APIs, and, where the APIs fold copies together on purpose, the rows
 * behind them: the range's outcomes per attempt and the leader board's counted attempts.
 */
final class Checker {

    /**
     * What became of a burst's shots. {@code lost}: accepted, but with no outcome at the game, the
     * range or the leader board. {@code doubled}: an effect applied twice (two outcomes decided for one
     * attempt, a player's shots counted more often than taken). {@code unexpected}: effects of shots
     * nobody fired, beyond the requests left unanswered. {@code conflicts}: an attempt with both a Hit
     * and a Missed, or with the wrong one, or a player's hits miscounted. {@code historyComplete}: the
     * range's history, which "doubled" counts handlings in, let no row go.
     */
    record Verdict(int accepted, int lost, int doubled, int unexpected, int conflicts, long duplicatesAbsorbed,
            boolean drained, List<String> problems, boolean historyComplete) {

        boolean holds() {
            return drained && lost == 0 && doubled == 0 && unexpected == 0 && conflicts == 0;
        }
    }

    private Checker() {
    }

    /** Waits (up to {@code drain}) until every shot of the game is settled, then judges. */
    static Verdict check(Cluster cluster, Burst.Result burst, Duration drain) {
        boolean drained = true;
        try {
            await().atMost(drain).pollInterval(Duration.ofMillis(500)).ignoreExceptions()
                    .until(() -> settled(cluster, burst.gameId()));
        } catch (ConditionTimeoutException e) {
            drained = false;
        }
        return judge(cluster, burst, drained);
    }

    /** No shot pending at the game, everything counted at the leader board, no outbox row unsent. */
    private static boolean settled(Cluster cluster, String gameId) {
        JsonNode shots = Cluster.getJson(cluster.scenario.baseUrl() + "/api/games/" + gameId).path("shots");
        for (JsonNode shot : shots) {
            if (shot.path("outcome").asText().equals("PENDING")) {
                return false;
            }
        }
        long counted = Cluster.count(Cluster.BOARD_DB, "select count(*) from counted_attempt where game_id = ?", gameId);
        return counted == shots.size() && Cluster.outboxPending() == 0;
    }

    private static Verdict judge(Cluster cluster, Burst.Result burst, boolean drained) {
        String gameId = burst.gameId();
        List<String> problems = new ArrayList<>();
        Map<UUID, Burst.Shot> accepted = burst.accepted();

        // The game's own view: every shot it took, with the outcome it learnt.
        Map<UUID, Burst.Shot> taken = new HashMap<>();
        Map<UUID, String> outcomeAtGame = new HashMap<>();
        for (JsonNode shot : Cluster.getJson(cluster.scenario.baseUrl() + "/api/games/" + gameId).path("shots")) {
            UUID attemptId = UUID.fromString(shot.path("attemptId").asText());
            taken.put(attemptId, new Burst.Shot(attemptId, shot.path("player").asText(), shot.path("position").asInt()));
            outcomeAtGame.put(attemptId, shot.path("outcome").asText());
        }
        Map<UUID, List<String>> outcomesAtRange = rowsPerAttempt(Cluster.RANGE_DB,
                "select attempt_id, outcome from outcome where game_id = ?", gameId);
        // A FireAt handled twice is answered under the same derived id, which the outcome table folds into
        // one row: the range's record of its own handlings tells (read once through the lab, which writes
        // what it still holds first).
        JsonNode rangeHistory = Cluster.getJson(cluster.range.baseUrl() + "/api/lab/history/" + gameId + "?size=1");
        boolean historyComplete = rangeHistory.path("historyComplete").asBoolean(false);
        if (!historyComplete) {
            problems.add("judged on an incomplete history: the range let " + rangeHistory.path("historyDropped").asLong()
                    + " rows of it go, a FireAt handled twice may not show");
        }
        Map<UUID, List<String>> handlingsAtRange = rowsPerAttempt(Cluster.RANGE_DB, """
                select attempt_id, message_id::text from message_history
                where game_id = ? and direction = 'IN' and type = 'FireAt' and disposition = 'HANDLED'""", gameId);
        Map<UUID, List<String>> countedAtBoard = rowsPerAttempt(Cluster.BOARD_DB,
                "select attempt_id, case when hit then 'HIT' else 'MISSED' end from counted_attempt where game_id = ?", gameId);

        int lost = 0;
        int doubled = 0;
        int conflicts = 0;
        for (Burst.Shot shot : accepted.values()) {
            UUID id = shot.attemptId();
            String expected = shot.hits() ? "HIT" : "MISSED";
            String atGame = outcomeAtGame.get(id);
            List<String> atRange = outcomesAtRange.getOrDefault(id, List.of());
            List<String> atBoard = countedAtBoard.getOrDefault(id, List.of());
            if (atGame == null || atGame.equals("PENDING") || atRange.isEmpty() || atBoard.isEmpty()) {
                lost++;
                problems.add("lost " + id + ": game " + atGame + ", range " + atRange + ", board " + atBoard);
                continue;
            }
            List<String> handlings = handlingsAtRange.getOrDefault(id, List.of());
            if (atRange.size() > 1 || handlings.size() > 1) {
                doubled++;
                problems.add("doubled " + id + ": the range decided " + atRange + " in " + handlings.size() + " handlings");
            }
            if (!atGame.equals(expected) || new HashSet<>(atRange).size() > 1 || !atRange.get(0).equals(expected)
                    || !atBoard.get(0).equals(expected)) {
                conflicts++;
                problems.add("conflict " + id + ": expected " + expected + ", game " + atGame + ", range " + atRange
                        + ", board " + atBoard);
            }
        }

        // Shots the game took without a 202 reaching the generator: at most the unanswered requests.
        Set<UUID> notAccepted = new HashSet<>(taken.keySet());
        notAccepted.removeAll(accepted.keySet());
        int unexpected = Math.max(0, notAccepted.size() - burst.indeterminate());
        Set<UUID> unknownAtRange = new HashSet<>(outcomesAtRange.keySet());
        unknownAtRange.removeAll(taken.keySet());
        Set<UUID> unknownAtBoard = new HashSet<>(countedAtBoard.keySet());
        unknownAtBoard.removeAll(taken.keySet());
        unexpected += unknownAtRange.size() + unknownAtBoard.size();
        if (unexpected > 0) {
            problems.add("unexpected: " + notAccepted.size() + " shots taken but not accepted (" + burst.indeterminate()
                    + " requests unanswered), " + unknownAtRange.size() + " outcomes and " + unknownAtBoard.size()
                    + " counts of shots never taken");
        }

        // The leader board's totals per player against the shots the game took.
        Map<String, int[]> expectedScores = new HashMap<>();
        for (Burst.Shot shot : taken.values()) {
            int[] score = expectedScores.computeIfAbsent(shot.player(), p -> new int[2]);
            score[0]++;
            score[1] += shot.hits() ? 1 : 0;
        }
        for (JsonNode player : Cluster.getJson(cluster.board.baseUrl() + "/api/leaderboard/" + gameId).path("players")) {
            int[] expected = expectedScores.getOrDefault(player.path("player").asText(), new int[2]);
            int shots = player.path("shots").asInt();
            int hits = player.path("hits").asInt();
            if (shots > expected[0]) {
                doubled += shots - expected[0];
                problems.add(player.path("player").asText() + " counted " + shots + " shots of " + expected[0]);
            }
            if (hits != expected[1]) {
                conflicts++;
                problems.add(player.path("player").asText() + " has " + hits + " hits, expected " + expected[1]);
            }
        }
        if (!drained) {
            problems.add("not drained: " + Cluster.outboxPending() + " outbox rows unsent, queues " + Cluster.queueDepths());
        }
        return new Verdict(accepted.size(), lost, doubled, unexpected, conflicts, Cluster.duplicatesAbsorbed(gameId),
                drained, problems.subList(0, Math.min(problems.size(), 20)), historyComplete);
    }

    private static Map<UUID, List<String>> rowsPerAttempt(String database, String sql, String gameId) {
        Map<UUID, List<String>> rows = new HashMap<>();
        try (Connection connection = Cluster.database(database).getConnection();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, gameId);
            try (ResultSet result = statement.executeQuery()) {
                while (result.next()) {
                    rows.computeIfAbsent(result.getObject(1, UUID.class), k -> new ArrayList<>()).add(result.getString(2));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
        return rows;
    }
}

package dev.shootingrange.scenario.console.lab;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.ShotOutcome;
import dev.shootingrange.exactlyonce.PlainStatement;
import dev.shootingrange.lab.HistoryWriter;
import dev.shootingrange.lab.MessageHistory;
import dev.shootingrange.scenario.domain.GameScenario;
import dev.shootingrange.scenario.domain.Shot;
import dev.shootingrange.scenario.console.services.LeaderBoardApi;
import dev.shootingrange.scenario.console.services.RangeApi;
import dev.shootingrange.scenario.console.services.Services;
import io.quarkus.narayana.jta.QuarkusTransaction;

/** Gathers the evidence for one game (the shots, every copy on the wire, the range, the board) and judges it. */
@ApplicationScoped
public class ConsistencyChecker {

    private final GameScenario scenario;
    private final Services services;
    private final HistoryWriter history;

    ConsistencyChecker(GameScenario scenario, Services services, HistoryWriter history) {
        this.scenario = scenario;
        this.services = services;
        this.history = history;
    }

    /** @param settle how long a shot may wait for its outcome before it counts as lost */
    public Verdict judge(String gameId, Duration settle) {
        scenario.requireGame(gameId);
        return judge(gameId, settle, services.range().range(gameId), services.leaderBoard().board(gameId), new Wire(gameId));
    }

    /**
     * The same on what the range and the board said a moment ago (a live view asked them already), reading
     * only the copies recorded since {@code wire} last caught up (a watched game keeps it).
     */
    public Verdict judge(String gameId, Duration settle, RangeApi.RangeView range, LeaderBoardApi.BoardView scores,
            Wire wire) {
        List<Evidence.Decided> decided = range.outcomes().stream()
                .map(o -> new Evidence.Decided(o.attemptId(), o.outcome(), o.messageId()))
                .toList();
        Map<String, Evidence.Score> board = new LinkedHashMap<>();
        scores.players().forEach(player -> board.put(player.player(), new Evidence.Score(player.shots(), player.hits())));
        // The shots before the history: an outcome a shot shows handled had its copy queued for the history by
        // then, so written once flushed; a copy missing after that was lost (decision 31).
        List<Evidence.Shot> shots = QuarkusTransaction.requiringNew().call(() -> shots(gameId));
        boolean written = history.flush(HistoryWriter.READ_WAIT);
        return QuarkusTransaction.requiringNew().call(() -> {
            // The copies judged all answer shots: none can have been recorded, or let go, before the first.
            boolean complete = written && (shots.isEmpty() || !history.droppedSince(shots.get(0).firedAt()));
            return Consistency.judge(gameId, shots, wire.catchUp(), decided, board, Instant.now(), settle)
                    .withHistoryComplete(complete);
        });
    }

    /** As plain rows: a watched game is judged every second it is played. */
    private static List<Evidence.Shot> shots(String gameId) {
        return PlainStatement.list("""
                select attempt_id, player, fired_at, hit_seen, missed_seen from shot where game_id = ?
                order by fired_at, attempt_id""",
                row -> new Evidence.Shot(row.getObject(1, UUID.class), row.getString(2), row.getObject(3, OffsetDateTime.class).toInstant(),
                        handled(row.getBoolean(4), row.getBoolean(5))),
                gameId);
    }

    private static Set<String> handled(boolean hit, boolean missed) {
        return hit && missed ? Set.of("Hit", "Missed") : hit ? Set.of("Hit") : missed ? Set.of("Missed") : Set.of();
    }

    /**
     * Every copy of an outcome this service's queue delivered for a game, the ones its inbox dropped
     * included, as read so far: each catch-up reads and decodes only the copies recorded since the last
     * (history entries are numbered in the order they are recorded, and never change).
     */
    public static final class Wire {

        private final String gameId;
        private final List<Evidence.Copy> copies = new ArrayList<>();
        private long lastId;

        public Wire(String gameId) {
            this.gameId = gameId;
        }

        synchronized List<Evidence.Copy> catchUp() {
            // Plain rows: a watched game's wire is caught up every second it is played.
            record Recorded(long id, UUID messageId, String type, UUID attemptId, String body) {
            }
            List<Recorded> recorded = PlainStatement.list("""
                    select id, message_id, type, attempt_id, body from message_history
                    where game_id = ? and id > ? and direction = 'IN' and type in ('Hit', 'Missed')
                      and disposition in ('HANDLED', 'DUPLICATE') order by id""",
                    row -> new Recorded(row.getLong(1), row.getObject(2, UUID.class), row.getString(3), row.getObject(4, UUID.class),
                            row.getString(5)),
                    gameId, lastId);
            for (Recorded copy : recorded) {
                ShotOutcome outcome = (ShotOutcome) MessageCodec.decode(copy.body().getBytes(StandardCharsets.UTF_8));
                copies.add(new Evidence.Copy(copy.messageId(), copy.type(), copy.attemptId(), outcome.player(), copy.body()));
                lastId = copy.id();
            }
            return List.copyOf(copies);
        }
    }
}

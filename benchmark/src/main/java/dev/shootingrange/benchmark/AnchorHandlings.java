package dev.shootingrange.benchmark;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Instant;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Hit;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.Missed;
import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.contract.ShotOutcome;

/**
 * What each service writes for one message in the anchor, after the inbox row: the services' own
 * statements (the range's, the board's and the scenario's domains), sent as plain JDBC.
 */
final class AnchorHandlings {

    private AnchorHandlings() {
    }

    /** The range: the target read, the outcome recorded, the answer's outbox row (the services' statements). */
    static void judge(Connection db, RangeMessage message) throws Exception {
        FireAt shot = (FireAt) message;
        int target;
        try (PreparedStatement read = db.prepareStatement("select position, version from target where game_id = ?")) {
            read.setString(1, shot.gameId());
            try (ResultSet row = read.executeQuery()) {
                row.next();
                target = row.getInt(1);
            }
        }
        ShotOutcome answer = shot.position() == target ? Hit.of(shot, target) : Missed.of(shot, target);
        update(db, """
                insert into outcome (message_id, game_id, attempt_id, outcome, decided_at, causation_id, target_version,
                    target_position, sent_at) values (?, ?, ?, ?, now(), ?, 1, ?, ?) on conflict (message_id) do nothing""",
                answer.messageId(), answer.gameId(), answer.attemptId(), answer.isHit() ? "HIT" : "MISSED", shot.messageId(),
                target, Timestamp.from(answer.sentAt()));
        update(db, """
                insert into outbox (message_id, exchange, routing_key, type, payload, created_at, caused_by, trace_parent)
                values (?, ?, ?, ?, ?, ?, ?, null)""", answer.messageId(), Anchor.EVENTS, answer.type(), answer.type(),
                MessageCodec.encode(answer), Timestamp.from(Instant.now()), shot.messageId());
    }

    /** The board: the attempt counted once, the player's score upserted. */
    static void count(Connection db, RangeMessage message) throws Exception {
        ShotOutcome outcome = (ShotOutcome) message;
        if (update(db, "insert into counted_attempt (attempt_id, game_id, hit, counted_at) values (?, ?, ?, now()) on conflict do nothing",
                outcome.attemptId(), outcome.gameId(), outcome.isHit()) == 1) {
            update(db, """
                    insert into player_score (game_id, player, shots, hits) values (?, ?, 1, ?) on conflict (game_id, player)
                    do update set shots = player_score.shots + 1, hits = player_score.hits + excluded.hits""",
                    outcome.gameId(), outcome.player(), outcome.isHit() ? 1 : 0);
        }
    }

    /** The scenario: the shot's outcome, the shot learnt here as one fired straight to the broker is. */
    static void record(Connection db, RangeMessage message) throws Exception {
        ShotOutcome outcome = (ShotOutcome) message;
        update(db, """
                insert into shot (attempt_id, game_id, player, position, fired_at, hit_seen, missed_seen)
                select ?, ?, ?, ?, now(), ?, ? where exists (select 1 from game where game_id = ?)
                on conflict (attempt_id) do update
                set hit_seen = shot.hit_seen or excluded.hit_seen, missed_seen = shot.missed_seen or excluded.missed_seen""",
                outcome.attemptId(), outcome.gameId(), outcome.player(), outcome.position(), outcome.isHit(), !outcome.isHit(),
                outcome.gameId());
    }

    private static int update(Connection db, String sql, Object... parameters) throws Exception {
        try (PreparedStatement statement = db.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            return statement.executeUpdate();
        }
    }
}

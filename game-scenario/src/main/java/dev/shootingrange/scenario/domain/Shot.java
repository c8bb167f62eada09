package dev.shootingrange.scenario.domain;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

import dev.shootingrange.exactlyonce.PlainStatement;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** A shot a player took, and what the range has said about it so far. */
@Entity
public class Shot extends PanacheEntityBase {

    public enum Outcome {
        PENDING, HIT, MISSED,
        /** Both a Hit and a Missed were seen: the range answered one shot in two ways. */
        CONFLICT
    }

    @Id
    @Column(name = "attempt_id")
    public UUID attemptId;

    @Column(name = "game_id", nullable = false)
    public String gameId;

    @Column(nullable = false)
    public String player;

    @Column(nullable = false)
    public int position;

    @Column(name = "fired_at", nullable = false)
    public Instant firedAt;

    /** The trace the shot was taken in (OpenTelemetry), or null when tracing is off. */
    @Column(name = "trace_id")
    public String traceId;

    @Column(name = "hit_seen", nullable = false)
    public boolean hitSeen;

    @Column(name = "missed_seen", nullable = false)
    public boolean missedSeen;

    static Shot take(String gameId, UUID attemptId, String player, int position) {
        Shot shot = new Shot();
        shot.attemptId = attemptId;
        shot.gameId = gameId;
        shot.player = player;
        shot.position = position;
        shot.firedAt = Instant.now();
        SpanContext trace = Span.current().getSpanContext();
        shot.traceId = trace.isValid() ? trace.getTraceId() : null;
        shot.persist();
        return shot;
    }

    public Outcome outcome() {
        return outcome(hitSeen, missedSeen);
    }

    /** The outcome of a shot whose Hit and Missed were seen or not: one rule for the entity and its views ({@link GameViews}). */
    static Outcome outcome(boolean hitSeen, boolean missedSeen) {
        if (hitSeen && missedSeen) {
            return Outcome.CONFLICT;
        }
        return hitSeen ? Outcome.HIT : missedSeen ? Outcome.MISSED : Outcome.PENDING;
    }

    /**
     * Notes that the range said {@code outcome} (HIT or MISSED) for this attempt, in one statement: a
     * Hit and a Missed for one shot, handled at the same moment, must both stay seen. A shot an
     * outside client fired straight to the broker is learnt here; one in an unknown game is ignored.
     * Returns when a shot taken here was fired, or null for a shot learnt here or ignored.
     */
    public static Instant outcomeSeen(String gameId, UUID attemptId, String player, int position, Outcome outcome) {
        // xmax is set on a row the statement updated: a shot taken here before, not one it inserted now.
        return PlainStatement.first("""
                insert into shot (attempt_id, game_id, player, position, fired_at, hit_seen, missed_seen)
                select ?, ?, ?, ?, now(), ?, ? where exists (select 1 from game where game_id = ?)
                on conflict (attempt_id) do update
                set hit_seen = shot.hit_seen or excluded.hit_seen,
                    missed_seen = shot.missed_seen or excluded.missed_seen
                returning fired_at, xmax <> 0""",
                row -> row.getBoolean(2) ? row.getObject(1, OffsetDateTime.class).toInstant() : null,
                attemptId, gameId, player, position, outcome == Outcome.HIT, outcome == Outcome.MISSED, gameId);
    }

    public static List<Shot> ofGame(String gameId) {
        return list("gameId = ?1 order by firedAt, attemptId", gameId);
    }
}

package dev.shootingrange.range.domain;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Hit;
import dev.shootingrange.contract.Missed;
import dev.shootingrange.contract.ShotOutcome;
import dev.shootingrange.exactlyonce.PlainStatement;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** A Hit or Missed the range decided and published, kept so that anyone can ask what it said. */
@Entity
public class Outcome extends PanacheEntityBase {

    public enum Kind {
        HIT, MISSED
    }

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "message_id", nullable = false, unique = true)
    public UUID messageId;

    @Column(name = "game_id", nullable = false)
    public String gameId;

    @Column(name = "attempt_id", nullable = false)
    public UUID attemptId;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public Kind outcome;

    @Column(name = "decided_at", nullable = false)
    public Instant decidedAt;

    /** The FireAt this answered (null in rows older than the column, as are the three below). */
    @Column(name = "causation_id")
    public UUID causationId;

    /** The target's version the shot was judged on. */
    @Column(name = "target_version")
    public Long targetVersion;

    @Column(name = "target_position")
    public Integer targetPosition;

    /** The instant the answer carries. */
    @Column(name = "sent_at")
    public Instant sentAt;

    /**
     * Records a decision once per messageId: a shot handled again with deterministic ids decides the
     * same message again, and that is still one decision.
     */
    public static void record(ShotOutcome answer, Long targetVersion) {
        PlainStatement.update("""
                insert into outcome (message_id, game_id, attempt_id, outcome, decided_at, causation_id,
                    target_version, target_position, sent_at)
                values (?, ?, ?, ?, now(), ?, ?, ?, ?) on conflict (message_id) do nothing""",
                answer.messageId(), answer.gameId(), answer.attemptId(), answer.isHit() ? Kind.HIT.name() : Kind.MISSED.name(),
                answer.causationId(), targetVersion, answer.targetPosition(), answer.sentAt());
    }

    /** The first answer to this attempt, under whichever FireAt carried it; null where there is none. */
    public static Outcome firstOfAttempt(UUID attemptId) {
        return find("attemptId = ?1 order by id", attemptId).firstResult();
    }

    /** The first answer to this very FireAt message; null where there is none. */
    public static Outcome firstAnswerTo(UUID fireAtMessageId) {
        return find("causationId = ?1 order by id", fireAtMessageId).firstResult();
    }

    /** The same message again, in answer to a copy of the shot: the stored id, instant, cause and target. */
    public ShotOutcome againFor(FireAt shot) {
        return outcome == Kind.HIT
                ? new Hit(messageId, gameId, sentAt, causationId, attemptId, shot.player(), shot.position(), targetPosition)
                : new Missed(messageId, gameId, sentAt, causationId, attemptId, shot.player(), shot.position(), targetPosition);
    }

    /** An outcome as the range's view shows it. */
    public record Decided(UUID attemptId, Kind outcome, UUID messageId) {
    }

    /**
     * In the order the range decided them, the first {@code atMost}; plain rows, since a watched game's view is asked for every
     * second it is played and nothing read is changed.
     */
    public static List<Decided> decidedIn(String gameId, int atMost) {
        return PlainStatement.list("select attempt_id, outcome, message_id from outcome where game_id = ? order by id limit ?",
                row -> new Decided(row.getObject(1, UUID.class), Kind.valueOf(row.getString(2)), row.getObject(3, UUID.class)),
                gameId, atMost);
    }
}

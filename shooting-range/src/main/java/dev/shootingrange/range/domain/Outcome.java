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

    /**
     * Records a decision once per messageId: a shot handled again with deterministic ids decides the
     * same message again, and that is still one decision.
     */
    public static void record(String gameId, UUID attemptId, Kind kind, UUID messageId) {
        getEntityManager().createNativeQuery("""
                insert into outcome (message_id, game_id, attempt_id, outcome, decided_at)
                values (?1, ?2, ?3, ?4, now()) on conflict (message_id) do nothing""")
                .setParameter(1, messageId)
                .setParameter(2, gameId)
                .setParameter(3, attemptId)
                .setParameter(4, kind.name())
                .executeUpdate();
    }

    /** In the order the range decided them. */
    public static List<Outcome> ofGame(String gameId) {
        return list("gameId = ?1 order by id", gameId);
    }
}

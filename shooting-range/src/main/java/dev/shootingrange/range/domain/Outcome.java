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

    public static void record(String gameId, UUID attemptId, Kind kind, UUID messageId) {
        Outcome outcome = new Outcome();
        outcome.gameId = gameId;
        outcome.attemptId = attemptId;
        outcome.outcome = kind;
        outcome.messageId = messageId;
        outcome.decidedAt = Instant.now();
        outcome.persist();
    }

    /** In the order the range decided them. */
    public static List<Outcome> ofGame(String gameId) {
        return list("gameId = ?1 order by id", gameId);
    }
}

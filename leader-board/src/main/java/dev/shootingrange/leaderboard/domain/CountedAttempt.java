package dev.shootingrange.leaderboard.domain;

import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import dev.shootingrange.exactlyonce.PlainStatement;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/**
 * A shot that has been counted, by its business identity. The inbox knows message ids; this knows
 * attempts, so an outcome re-sent under a new messageId is still counted once.
 */
@Entity
@Table(name = "counted_attempt")
public class CountedAttempt extends PanacheEntityBase {

    @Id
    @Column(name = "attempt_id")
    public UUID attemptId;

    @Column(name = "game_id", nullable = false)
    public String gameId;

    @Column(nullable = false)
    public boolean hit;

    /** True where the attempt had not been counted yet; like the inbox, the primary key decides. */
    public static boolean firstTime(UUID attemptId, String gameId, boolean hit) {
        return PlainStatement.update("""
                insert into counted_attempt (attempt_id, game_id, hit, counted_at) values (?, ?, ?, now())
                on conflict do nothing""", attemptId, gameId, hit) == 1;
    }
}

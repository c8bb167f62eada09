package dev.shootingrange.range.domain;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** Where a game's target stands. A game has no row until its first MoveTarget. */
@Entity
public class Target extends PanacheEntityBase {

    @Id
    @Column(name = "game_id")
    public String gameId;

    @Column(nullable = false)
    public int position;

    @Column(name = "moved_at", nullable = false)
    public Instant movedAt;

    /** The target's position, or null where the game has no target yet. */
    public static Integer positionIn(String gameId) {
        Target target = findById(gameId);
        return target == null ? null : target.position;
    }

    /** Creates or moves the target; an upsert, so two first moves of one game cannot collide. */
    public static void moveTo(String gameId, int position) {
        getEntityManager().createNativeQuery("""
                insert into target (game_id, position, moved_at) values (?1, ?2, now())
                on conflict (game_id) do update set position = excluded.position, moved_at = excluded.moved_at""")
                .setParameter(1, gameId)
                .setParameter(2, position)
                .executeUpdate();
    }
}

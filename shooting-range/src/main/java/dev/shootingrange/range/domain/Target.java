package dev.shootingrange.range.domain;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

import dev.shootingrange.exactlyonce.PlainStatement;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** Where a game's target stands now, and by which {@link TargetVersion}. No row until its first MoveTarget. */
@Entity
public class Target extends PanacheEntityBase {

    @Id
    @Column(name = "game_id")
    public String gameId;

    @Column(nullable = false)
    public int position;

    @Column(name = "moved_at", nullable = false)
    public Instant movedAt;

    /** Null for a target moved before versions were kept. */
    public Long version;

    /** Where a game's target stands, and by which version (null before versions were kept). */
    public record Standing(int position, Long version) {
    }

    /** Read for every shot: one plain statement, not an entity the transaction would keep managed. */
    public static Standing standingIn(String gameId) {
        return PlainStatement.first("select position, version from target where game_id = ?",
                row -> new Standing(row.getInt(1), row.getObject(2, Long.class)), gameId);
    }

    /** The target's position, or null where the game has no target yet. */
    public static Integer positionIn(String gameId) {
        Standing standing = standingIn(gameId);
        return standing == null ? null : standing.position();
    }

    /** Creates or moves the target; an upsert, so two first moves of one game cannot collide. */
    public static void moveTo(String gameId, int position, long version) {
        getEntityManager().createNativeQuery("""
                insert into target (game_id, position, moved_at, version) values (?1, ?2, now(), ?3)
                on conflict (game_id) do update
                set position = excluded.position, moved_at = excluded.moved_at, version = excluded.version""")
                .setParameter(1, gameId)
                .setParameter(2, position)
                .setParameter(3, version)
                .executeUpdate();
    }

    /**
     * Stands the target at the game's latest version by the scenario's clock (sentAt): a move that
     * arrives late, or again, does not undo a newer one. The caller holds the game's lock, so every
     * version committed before is seen here.
     */
    public static void moveToLatest(String gameId) {
        getEntityManager().createNativeQuery("""
                insert into target (game_id, position, moved_at, version)
                select game_id, position, now(), id from target_version
                where game_id = ?1 order by sent_at desc, id desc limit 1
                on conflict (game_id) do update
                set position = excluded.position, moved_at = excluded.moved_at, version = excluded.version""")
                .setParameter(1, gameId)
                .executeUpdate();
    }
}

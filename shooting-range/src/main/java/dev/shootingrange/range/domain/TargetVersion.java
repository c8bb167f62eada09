package dev.shootingrange.range.domain;

import java.time.Instant;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import dev.shootingrange.contract.MoveTarget;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/**
 * One position a game's target was moved to, by one MoveTarget. The range keeps every version, so a
 * copy of a shot can be judged again on the target as its first handling saw it.
 */
@Entity
@Table(name = "target_version")
public class TargetVersion extends PanacheEntityBase {

    /** The version a move made; {@code first} is false where a copy of that move was recorded before. */
    public record Recorded(long id, boolean first) {
    }

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "game_id", nullable = false)
    public String gameId;

    @Column(name = "move_id", nullable = false, unique = true)
    public UUID moveId;

    @Column(nullable = false)
    public int position;

    @Column(name = "sent_at", nullable = false)
    public Instant sentAt;

    /** Records the version a move makes, once per MoveTarget messageId. */
    public static Recorded record(MoveTarget move) {
        var inserted = getEntityManager().createNativeQuery("""
                insert into target_version (game_id, move_id, position, sent_at) values (?1, ?2, ?3, ?4)
                on conflict (move_id) do nothing returning id""")
                .setParameter(1, move.gameId())
                .setParameter(2, move.messageId())
                .setParameter(3, move.position())
                .setParameter(4, move.sentAt())
                .getResultList();
        if (!inserted.isEmpty()) {
            return new Recorded(((Number) inserted.get(0)).longValue(), true);
        }
        TargetVersion earlier = find("moveId", move.messageId()).firstResult();
        return new Recorded(earlier.id, false);
    }
}

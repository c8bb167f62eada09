package dev.shootingrange.range.domain;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Hit;
import dev.shootingrange.contract.Missed;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.ShotOutcome;
import dev.shootingrange.exactlyonce.outbox.Outbox;
import dev.shootingrange.exactlyonce.spi.OutgoingIds;
import io.quarkus.arc.DefaultBean;

/**
 * The range of the write-up: it knows where each game's target is, and answers every shot with a Hit
 * or a Missed. It runs inside the inbox's transaction and knows nothing of duplicates: the inbox in
 * front of it drops them, and the outbox behind it publishes its answer.
 */
@DefaultBean
@ApplicationScoped
public class ShootingRange implements ShotJudging {

    private final Outbox outbox;
    private final OutgoingIds ids;

    ShootingRange(Outbox outbox, OutgoingIds ids) {
        this.outbox = outbox;
        this.ids = ids;
    }

    /** The target moves where the MoveTarget says; each move is a version of it, which answers name. */
    @Override
    public void handle(MoveTarget move) {
        TargetVersion.Recorded version = TargetVersion.record(move);
        Target.moveTo(move.gameId(), move.position(), version.id());
    }

    /** The write-up's rule: a Hit where the shot's position is the target's, a Missed anywhere else. */
    @Override
    public void handle(FireAt shot) {
        Target.Standing target = targetFor(shot);
        if (target == null) {
            return;
        }
        answer(shot, target.position(), target.version(), ids.forOneHandling());
    }

    /**
     * Where the shot's game has its target; null where it has none yet. A shot at a game the range has
     * not heard of overtook the game's first MoveTarget: it is not judged (that would be a Missed against
     * no target) but kept, and judged when the move arrives ({@link WaitingShots}), however late.
     */
    public Target.Standing targetFor(FireAt shot) {
        return WaitingShots.targetOrKeep(shot);
    }

    /** Judges the shot against a target at {@code targetPosition}, records the answer and sends it. */
    public void answer(FireAt shot, int targetPosition, Long version, OutgoingIds naming) {
        OutgoingIds stored = asStored(naming);
        ShotOutcome answer = shot.position() == targetPosition
                ? Hit.of(shot, targetPosition, stored)
                : Missed.of(shot, targetPosition, stored);
        Outcome.record(answer, version);
        outbox.send(answer);
    }

    /**
     * Answers carry their instant as PostgreSQL keeps it (microseconds), so that an answer rebuilt from
     * what the range stored is byte for byte the answer sent, whichever strategy sent it first.
     */
    private static OutgoingIds asStored(OutgoingIds naming) {
        return new OutgoingIds() {
            @Override
            public UUID messageId(UUID causationId, String type) {
                return naming.messageId(causationId, type);
            }

            @Override
            public Instant sentAt(Instant causeSentAt) {
                return naming.sentAt(causeSentAt).truncatedTo(ChronoUnit.MICROS);
            }
        };
    }
}

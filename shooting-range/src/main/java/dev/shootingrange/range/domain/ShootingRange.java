package dev.shootingrange.range.domain;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Hit;
import dev.shootingrange.contract.Missed;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.exactlyonce.Outbox;

/**
 * The range of the write-up: it knows where each game's target is, and answers every shot with a Hit
 * or a Missed. It runs inside the inbox's transaction and knows nothing of duplicates.
 */
@ApplicationScoped
public class ShootingRange {

    private final Outbox outbox;

    ShootingRange(Outbox outbox) {
        this.outbox = outbox;
    }

    public void handle(MoveTarget move) {
        Target.moveTo(move.gameId(), move.position());
    }

    public void handle(FireAt shot) {
        Integer target = Target.positionIn(shot.gameId());
        if (target != null && target.equals(shot.position())) {
            Hit hit = Hit.of(shot, target);
            Outcome.record(shot.gameId(), shot.attemptId(), Outcome.Kind.HIT, hit.messageId());
            outbox.send(hit);
        } else {
            Missed missed = Missed.of(shot, target);
            Outcome.record(shot.gameId(), shot.attemptId(), Outcome.Kind.MISSED, missed.messageId());
            outbox.send(missed);
        }
    }
}

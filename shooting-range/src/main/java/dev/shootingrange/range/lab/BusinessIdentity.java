package dev.shootingrange.range.lab;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Typed;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.exactlyonce.outbox.Outbox;
import dev.shootingrange.range.domain.Outcome;
import dev.shootingrange.range.domain.ShootingRange;
import dev.shootingrange.range.domain.ShotJudging;
import dev.shootingrange.range.domain.TakingTurns;
import dev.shootingrange.range.domain.Target;
import dev.shootingrange.range.domain.TargetVersion;

/**
 * The lab's {@code business} strategy: an attemptId already answered gets that stored answer again,
 * under whatever messageId the copy came; a MoveTarget older than the target's current one (by sentAt)
 * does not undo it.
 */
// Only ever chosen by LabJudging: not a candidate wherever a ShotJudging is asked for.
@Typed(BusinessIdentity.class)
@ApplicationScoped
class BusinessIdentity implements ShotJudging {

    private final ShootingRange rule;
    private final Outbox outbox;

    BusinessIdentity(ShootingRange rule, Outbox outbox) {
        this.rule = rule;
        this.outbox = outbox;
    }

    @Override
    public void handle(MoveTarget move) {
        TakingTurns.game(move.gameId());
        TargetVersion.record(move);
        Target.moveToLatest(move.gameId());
    }

    @Override
    public void handle(FireAt shot) {
        // Two copies of one attempt, under any ids, take turns: the second finds the first's answer.
        TakingTurns.lock("attempt " + shot.attemptId());
        Outcome known = Outcome.firstOfAttempt(shot.attemptId());
        if (known != null && known.sentAt != null) {
            outbox.send(known.againFor(shot));
            return;
        }
        rule.handle(shot);
    }
}

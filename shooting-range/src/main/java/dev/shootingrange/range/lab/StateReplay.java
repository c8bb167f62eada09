package dev.shootingrange.range.lab;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Typed;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.exactlyonce.spi.OutgoingIds;
import dev.shootingrange.range.domain.Outcome;
import dev.shootingrange.range.domain.ShootingRange;
import dev.shootingrange.range.domain.ShotJudging;
import dev.shootingrange.range.domain.TakingTurns;
import dev.shootingrange.range.domain.Target;
import dev.shootingrange.range.domain.TargetVersion;

/**
 * The lab's {@code state} strategy: answers are a function of the message and the target's version.
 * A copy of a FireAt is judged again on the version its first handling used and answered under the
 * same derived id (whatever the lab's deterministicIds switch says: this strategy is made of them), so
 * with the same bytes; a copy of a MoveTarget moves nothing.
 */
// Only ever chosen by LabJudging: not a candidate wherever a ShotJudging is asked for.
@Typed(StateReplay.class)
@ApplicationScoped
class StateReplay implements ShotJudging {

    private final ShootingRange rule;

    StateReplay(ShootingRange rule) {
        this.rule = rule;
    }

    @Override
    public void handle(MoveTarget move) {
        TargetVersion.Recorded version = TargetVersion.record(move);
        if (version.first()) {
            Target.moveTo(move.gameId(), move.position(), version.id());
        }
    }

    @Override
    public void handle(FireAt shot) {
        TakingTurns.lock("shot " + shot.messageId());
        Outcome first = Outcome.firstAnswerTo(shot.messageId());
        if (first != null && first.targetVersion != null) {
            TargetVersion version = TargetVersion.findById(first.targetVersion);
            rule.answer(shot, version.position, version.id, OutgoingIds.DERIVED);
            return;
        }
        Target.Standing target = rule.targetFor(shot);
        if (target == null) {
            return;
        }
        rule.answer(shot, target.position(), target.version(), OutgoingIds.DERIVED);
    }
}

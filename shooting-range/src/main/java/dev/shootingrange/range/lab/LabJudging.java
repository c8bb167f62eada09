package dev.shootingrange.range.lab;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.lab.Lab;
import dev.shootingrange.range.domain.ShootingRange;
import dev.shootingrange.range.domain.ShotJudging;

/**
 * The lab's ways to exactly-once at the range, in the rule's place: the strategy the lab is set to
 * picks one per command. Under {@code state} and {@code business} (no inbox) the range itself answers a
 * copy with the same message ({@link StateReplay}, {@link BusinessIdentity}); under any other, the
 * write-up's rule ({@link ShootingRange}), with whatever protections the strategy keeps around it.
 */
@ApplicationScoped
public class LabJudging implements ShotJudging {

    private final Lab lab;
    private final ShootingRange rule;
    private final StateReplay state;
    private final BusinessIdentity business;

    LabJudging(Lab lab, ShootingRange rule, StateReplay state, BusinessIdentity business) {
        this.lab = lab;
        this.rule = rule;
        this.state = state;
        this.business = business;
    }

    @Override
    public void handle(MoveTarget move) {
        chosen().handle(move);
    }

    @Override
    public void handle(FireAt shot) {
        chosen().handle(shot);
    }

    private ShotJudging chosen() {
        return switch (lab.strategy()) {
        case Lab.STATE -> state;
        case Lab.BUSINESS -> business;
        default -> rule;
        };
    }
}

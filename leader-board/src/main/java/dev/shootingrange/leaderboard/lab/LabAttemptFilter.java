package dev.shootingrange.leaderboard.lab;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.contract.ShotOutcome;
import dev.shootingrange.lab.Lab;
import dev.shootingrange.leaderboard.domain.AttemptFilter;
import dev.shootingrange.leaderboard.domain.FirstOfEachAttempt;

/** The lab's attemptDedup switch: off, only the inbox stands between a re-sent outcome and a double count. */
@ApplicationScoped
public class LabAttemptFilter implements AttemptFilter {

    private final Lab lab;
    private final FirstOfEachAttempt firstOfEachAttempt;

    LabAttemptFilter(Lab lab, FirstOfEachAttempt firstOfEachAttempt) {
        this.lab = lab;
        this.firstOfEachAttempt = firstOfEachAttempt;
    }

    @Override
    public boolean counts(ShotOutcome outcome) {
        return !lab.isOn(Lab.ATTEMPT_DEDUP) || firstOfEachAttempt.counts(outcome);
    }
}

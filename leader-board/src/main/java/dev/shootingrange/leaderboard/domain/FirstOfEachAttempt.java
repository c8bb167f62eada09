package dev.shootingrange.leaderboard.domain;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.contract.ShotOutcome;
import io.quarkus.arc.DefaultBean;

/** Each attempt counts once per game, whatever messages it came in: business identity, no window. */
@DefaultBean
@ApplicationScoped
public class FirstOfEachAttempt implements AttemptFilter {

    @Override
    public boolean counts(ShotOutcome outcome) {
        return CountedAttempt.firstTime(outcome.attemptId(), outcome.gameId(), outcome.isHit());
    }
}

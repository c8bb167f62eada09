package dev.shootingrange.leaderboard.domain;


import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.contract.ShotOutcome;

/** Counts every attempt once per player and game: a shot, and a hit where it hit. */
@ApplicationScoped
public class LeaderBoard {

    public void count(ShotOutcome outcome) {
        if (CountedAttempt.firstTime(outcome.attemptId(), outcome.gameId(), outcome.isHit())) {
            PlayerScore.addShot(outcome.gameId(), outcome.player(), outcome.isHit());
        }
    }
}

package dev.shootingrange.leaderboard.domain;


import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.contract.ShotOutcome;
import dev.shootingrange.lab.Lab;

/** Counts every attempt once per player and game: a shot, and a hit where it hit. */
@ApplicationScoped
public class LeaderBoard {

    private final Lab lab;

    LeaderBoard(Lab lab) {
        this.lab = lab;
    }

    /** With the lab's attemptDedup off, only the inbox stands between a re-sent outcome and a double count. */
    public void count(ShotOutcome outcome) {
        if (!lab.isOn(Lab.ATTEMPT_DEDUP)
                || CountedAttempt.firstTime(outcome.attemptId(), outcome.gameId(), outcome.isHit())) {
            PlayerScore.addShot(outcome.gameId(), outcome.player(), outcome.isHit());
        }
    }
}

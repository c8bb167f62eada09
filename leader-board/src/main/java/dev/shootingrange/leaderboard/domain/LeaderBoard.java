package dev.shootingrange.leaderboard.domain;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.contract.ShotOutcome;

/** Counts every attempt once per player and game: a shot, and a hit where it hit. */
@ApplicationScoped
public class LeaderBoard {

    private final AttemptFilter attempts;

    LeaderBoard(AttemptFilter attempts) {
        this.attempts = attempts;
    }

    public void count(ShotOutcome outcome) {
        if (attempts.counts(outcome)) {
            PlayerScore.addShot(outcome.gameId(), outcome.player(), outcome.isHit());
        }
    }
}

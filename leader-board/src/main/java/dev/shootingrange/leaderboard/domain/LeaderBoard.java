package dev.shootingrange.leaderboard.domain;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

/** Counts every attempt once per player and game: a shot, and a hit where it hit. */
@ApplicationScoped
public class LeaderBoard {

    public void count(String gameId, UUID attemptId, String player, boolean hit) {
        if (CountedAttempt.firstTime(attemptId, gameId, hit)) {
            PlayerScore.addShot(gameId, player, hit);
        }
    }
}

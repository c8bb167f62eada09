package dev.shootingrange.scenario.console.lab.experiments;

import java.util.UUID;

import jakarta.inject.Singleton;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.lab.Lab;
import dev.shootingrange.scenario.console.services.Services;

/** The range's Hit delivered twice to the leader board. */
@Singleton
class DoubleCount extends Story {

    DoubleCount(Playbook play) {
        super(play, "double-count", "The range's Hit is delivered twice: without the leader board's inbox and"
                + " attemptDedup the hit counts twice.");
    }

    @Override
    public Report run(Run run) {
        var settings = play.protect(run.protect(), Services.LEADER_BOARD, Lab.INBOX, Lab.ATTEMPT_DEDUP);
        String gameId = play.newGame(42);
        FireAt shot = play.fire(gameId, "alice", 42);
        UUID hit = play.awaitDecision(gameId, shot);
        play.awaitHits(gameId, "alice", 1);
        play.resend(Services.SHOOTING_RANGE, hit, false);
        play.records().awaitCopies(Services.LEADER_BOARD, gameId, hit, 2);
        return play.report("double-count", Playbook.COUNTED_ONCE, gameId, run.protect(), settings,
                "1 hit; without inbox and attemptDedup: 2", "alice has " + play.hits(gameId, "alice") + " hits");
    }
}

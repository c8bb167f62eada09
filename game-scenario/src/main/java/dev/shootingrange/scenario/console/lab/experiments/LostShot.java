package dev.shootingrange.scenario.console.lab.experiments;

import java.time.Duration;

import jakarta.inject.Singleton;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.lab.Lab;
import dev.shootingrange.lab.LabApi;
import dev.shootingrange.scenario.domain.Shot;
import dev.shootingrange.scenario.console.services.Services;

/** The range commits its decision and dies before publishing it. */
@Singleton
class LostShot extends Story {

    LostShot(Playbook play) {
        super(play, "lost-shot", "The range commits its decision and dies before publishing it: without the outbox"
                + " the outcome is gone; with it, the relay publishes it after the crash.");
    }

    @Override
    public Report run(Run run) {
        var settings = play.protect(run.protect(), Services.SHOOTING_RANGE, Lab.OUTBOX);
        play.lab(Services.SHOOTING_RANGE).arm(new LabApi.FaultRequest("after-commit-before-publish", "Hit"));
        String gameId = play.newGame(42);
        FireAt shot = play.fire(gameId, "alice", 42);
        play.awaitDecision(gameId, shot);
        if (run.protect()) {
            play.awaitOutcome(shot);
        } else if (run.strategy() != null) {
            // Every strategy keeps the outbox: the outcome comes after the crash, or the game goes quiet without it.
            play.records().awaitQuiet(gameId, () -> play.outcomeOf(shot) != Shot.Outcome.PENDING);
        } else {
            Waits.pause(Duration.ofSeconds(3));
        }
        return play.report("lost-shot", Playbook.NOTHING_LOST, gameId, run.protect(), settings,
                "HIT; without the outbox: PENDING for ever", "shot is " + play.outcomeOf(shot),
                Duration.ofSeconds(run.protect() ? 5 : 2));
    }
}

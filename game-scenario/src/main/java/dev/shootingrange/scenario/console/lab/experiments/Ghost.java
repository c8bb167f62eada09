package dev.shootingrange.scenario.console.lab.experiments;

import jakarta.inject.Singleton;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.lab.Lab;
import dev.shootingrange.lab.LabApi;
import dev.shootingrange.scenario.console.services.Services;

/** The range publishes its outcome, then its transaction rolls back. */
@Singleton
class Ghost extends Story {

    Ghost(Playbook play) {
        super(play, "ghost", "The range publishes its outcome, then its transaction rolls back and the shot is"
                + " handled again: without the outbox an outcome nobody recorded has already left. (With deterministic"
                + " ids the ghost would be a copy of the outcome the retry sends, so the off run uses random ids.)");
    }

    @Override
    public Report run(Run run) {
        var settings = play.protect(run.protect(), Services.SHOOTING_RANGE, Lab.OUTBOX, Lab.DETERMINISTIC_IDS);
        play.lab(Services.SHOOTING_RANGE).arm(new LabApi.FaultRequest("rollback-after-send", "Hit"));
        String gameId = play.newGame(42);
        FireAt shot = play.fire(gameId, "alice", 42);
        play.awaitDecision(gameId, shot);
        play.awaitOutcome(shot);
        if (!run.protect()) {
            play.awaitEffect(gameId, "the ghost and the real outcome", () -> play.records().outcomeCopies(gameId) >= 2);
        }
        return play.report("ghost", Playbook.ONE_OUTCOME, gameId, run.protect(), settings,
                "one outcome; without the outbox: a ghost and a second outcome",
                play.records().outcomeCopies(gameId) + " outcome message(s) reached the scenario, the range recorded "
                        + play.services().range().range(gameId).outcomes().size());
    }
}

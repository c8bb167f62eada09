package dev.shootingrange.scenario.lab.experiments;

import jakarta.inject.Singleton;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.lab.Lab;
import dev.shootingrange.scenario.domain.Shot;
import dev.shootingrange.scenario.services.Services;

/** FireAt 42, MoveTarget 1, the same FireAt again: the copy meets another world. */
@Singleton
class AlternativeWorlds extends Story {

    AlternativeWorlds(Playbook play) {
        super(play, "alternative-worlds", "FireAt 42, MoveTarget 1, the same FireAt again: without the range's inbox"
                + " the copy is judged against the moved target, and one shot is both a Hit and a Missed.");
    }

    @Override
    public Report run(Run run) {
        var settings = play.protect(run.protect(), Services.SHOOTING_RANGE, Lab.INBOX);
        String gameId = play.newGame(42);
        FireAt shot = play.fire(gameId, "alice", 42);
        play.awaitOutcome(shot);
        play.moveTarget(gameId, 1);
        play.resend(Services.GAME_SCENARIO, shot.messageId(), false);
        play.awaitCopies(Services.SHOOTING_RANGE, gameId, shot.messageId(), 2);
        if (!run.protect()) {
            Playbook.await("the second outcome", () -> play.outcomeOf(shot) == Shot.Outcome.CONFLICT);
        }
        return play.report("alternative-worlds", Playbook.ONE_OUTCOME, gameId, run.protect(), settings,
                "HIT; without the inbox: CONFLICT", "shot is " + play.outcomeOf(shot));
    }
}

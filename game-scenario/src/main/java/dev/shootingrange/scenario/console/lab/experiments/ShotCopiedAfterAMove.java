package dev.shootingrange.scenario.console.lab.experiments;

import java.util.Map;
import java.util.UUID;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.lab.Lab;
import dev.shootingrange.scenario.domain.Shot;
import dev.shootingrange.scenario.console.services.Services;

/**
 * FireAt 42, MoveTarget 1, the same FireAt again: the copy meets another world. The stories differ in
 * what protects the range, what happens before the copy is sent, and under which messageId it comes.
 */
abstract class ShotCopiedAfterAMove extends Story {

    private final String expected;

    ShotCopiedAfterAMove(Playbook play, String name, String explanation, String expected) {
        super(play, name, explanation);
        this.expected = expected;
    }

    @Override
    public Report run(Run run) {
        var settings = protect(run);
        String gameId = play.newGame(42);
        FireAt shot = play.fire(gameId, "alice", 42);
        play.awaitOutcome(shot);
        play.moveTarget(gameId, 1);
        beforeTheCopy(run, settings.get(Services.SHOOTING_RANGE));
        UUID copy = sendCopy(shot);
        play.records().awaitCopies(Services.SHOOTING_RANGE, gameId, copy, copy.equals(shot.messageId()) ? 2 : 1);
        if (!run.protect()) {
            play.awaitEffect(gameId, "the second outcome", () -> play.outcomeOf(shot) == Shot.Outcome.CONFLICT);
        }
        return play.report(description().name(), Playbook.ONE_OUTCOME, gameId, run.protect(), settings, expected,
                "shot is " + play.outcomeOf(shot));
    }

    /** Switches what the story is about at the range; returns the settings, for the report. */
    Map<String, Map<String, Object>> protect(Run run) {
        return play.protect(run.protect(), Services.SHOOTING_RANGE, Lab.INBOX);
    }

    /** What happens before the copy is sent. */
    abstract void beforeTheCopy(Run run, Map<String, Object> settings);

    /** Sends the copy, as the scenario sent the shot: the same message; returns its messageId. */
    UUID sendCopy(FireAt shot) {
        return play.resend(Services.GAME_SCENARIO, shot.messageId(), false);
    }
}

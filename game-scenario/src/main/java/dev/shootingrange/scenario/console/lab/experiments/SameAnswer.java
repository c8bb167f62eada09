package dev.shootingrange.scenario.console.lab.experiments;

import jakarta.inject.Singleton;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.lab.Lab;
import dev.shootingrange.scenario.console.services.Services;

/**
 * The same FireAt handled twice by a range without its inbox: is the second answer a copy of the
 * first? With deterministic ids it is, byte for byte, and the leader board's inbox drops it; with
 * random ids it is a new message, and a board that deduplicates by messageId counts the shot again.
 */
@Singleton
class SameAnswer extends Story {

    SameAnswer(Playbook play) {
        super(play, "same-answer", "The same FireAt handled twice by a range without its inbox: with deterministic"
                + " ids the two Hits are one message, byte for byte, and the leader board's inbox drops the second;"
                + " with random ids the second Hit is a new message and counts again (attemptDedup off).");
    }

    @Override
    public Report run(Run run) {
        var settings = play.protect(run.protect(), Services.SHOOTING_RANGE, Lab.DETERMINISTIC_IDS);
        settings.get(Services.SHOOTING_RANGE).putAll(play.protect(false, Services.SHOOTING_RANGE, Lab.INBOX)
                .get(Services.SHOOTING_RANGE));
        settings.putAll(play.protect(false, Services.LEADER_BOARD, Lab.ATTEMPT_DEDUP));
        String gameId = play.newGame(42);
        FireAt shot = play.fire(gameId, "alice", 42);
        play.awaitDecision(gameId, shot);
        play.awaitHits(gameId, "alice", 1);
        play.resend(Services.GAME_SCENARIO, shot.messageId(), false);
        play.records().awaitCopies(Services.SHOOTING_RANGE, gameId, shot.messageId(), 2);
        play.awaitEffect(gameId, "the second Hit at the leader board", () -> play.records().received(Services.LEADER_BOARD, gameId,
                entry -> entry.type().equals("Hit") && !entry.disposition().equals("RETRIED")) >= 2);
        long answers = play.records().history(Services.SHOOTING_RANGE, gameId).stream()
                .filter(entry -> entry.direction().equals("OUT") && entry.type().equals("Hit"))
                .map(entry -> entry.messageId()).distinct().count();
        return play.report("same-answer", Playbook.SAME_COPY, gameId, run.protect(), settings,
                "1 Hit message, 1 hit; with random ids: 2 Hit messages, 2 hits",
                answers + " Hit message" + (answers == 1 ? "" : "s") + ", alice has " + play.hits(gameId, "alice") + " hits");
    }
}

package dev.shootingrange.scenario.console.lab.experiments;

import java.util.Set;
import java.util.UUID;

import jakarta.inject.Singleton;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.lab.Lab;
import dev.shootingrange.scenario.console.services.Services;

/** The Hit sent again under a new messageId: only business identity can tell. */
@Singleton
class NewIdSameAttempt extends Story {

    NewIdSameAttempt(Playbook play) {
        super(play, "new-id-same-attempt", "The Hit is sent again under a new messageId: the inbox cannot see it,"
                + " only the leader board's attemptDedup (business identity) counts it once.");
    }

    /** The re-sent Hit is a second answer, under an id the range never decided: the fault itself. */
    @Override
    public Set<String> brokenByItsFault() {
        return Set.of(Playbook.ONE_OUTCOME, Playbook.SAME_COPY);
    }

    @Override
    public Report run(Run run) {
        var settings = play.protect(run.protect(), Services.LEADER_BOARD, Lab.ATTEMPT_DEDUP);
        String gameId = play.newGame(42);
        FireAt shot = play.fire(gameId, "alice", 42);
        UUID hit = play.awaitDecision(gameId, shot);
        play.awaitHits(gameId, "alice", 1);
        UUID copy = play.resend(Services.SHOOTING_RANGE, hit, true);
        play.records().awaitCopies(Services.LEADER_BOARD, gameId, copy, 1);
        return play.report("new-id-same-attempt", Playbook.COUNTED_ONCE, gameId, run.protect(), settings,
                "1 hit; without attemptDedup: 2", "alice has " + play.hits(gameId, "alice") + " hits");
    }
}

package dev.shootingrange.scenario.console.lab.experiments;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Singleton;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.lab.Lab;
import dev.shootingrange.scenario.console.services.Services;

/** A copy that arrives after the inbox's duplicate-detection window. */
@Singleton
class LateDuplicate extends Story {

    LateDuplicate(Playbook play) {
        super(play, "late-duplicate", "A copy of a Hit arrives after the inbox forgot its messageId (retention"
                + " shortened to 1 s, attemptDedup off): it counts again. The default window keeps it out.");
    }

    @Override
    public Report run(Run run) {
        var settings = play.protect(true, Services.LEADER_BOARD, Lab.INBOX);
        settings.get(Services.LEADER_BOARD).putAll(play.protect(false, Services.LEADER_BOARD, Lab.ATTEMPT_DEDUP)
                .get(Services.LEADER_BOARD));
        if (!run.protect()) {
            play.lab(Services.LEADER_BOARD).chaos(Map.of("inboxRetentionSeconds", 1));
            settings.get(Services.LEADER_BOARD).put("inboxRetentionSeconds", 1);
        }
        String gameId = play.newGame(42);
        FireAt shot = play.fire(gameId, "alice", 42);
        UUID hit = play.awaitDecision(gameId, shot);
        play.awaitHits(gameId, "alice", 1);
        // Past the 1 s window, and past the purge that runs each second after it: the window ends
        // between two purges, so the copy may wait up to 2 s to be forgotten, more on a busy machine.
        Waits.pause(Duration.ofMillis(3500));
        play.resend(Services.SHOOTING_RANGE, hit, false);
        play.records().awaitCopies(Services.LEADER_BOARD, gameId, hit, 2);
        return play.report("late-duplicate", Playbook.COUNTED_ONCE, gameId, run.protect(), settings,
                "1 hit; with a 1 s duplicate-detection window: 2", "alice has " + play.hits(gameId, "alice") + " hits");
    }
}

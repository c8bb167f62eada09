package dev.shootingrange.scenario.console.lab.experiments;

import java.time.Duration;
import java.util.Map;

import jakarta.inject.Singleton;

import dev.shootingrange.scenario.console.services.Services;

/** The copy comes after the range's inbox has forgotten the shot: the window a generic inbox has. */
@Singleton
class LateShotCopy extends ShotCopiedAfterAMove {

    LateShotCopy(Playbook play) {
        super(play, "late-shot-copy", "FireAt 42, MoveTarget 1, and the same FireAt after the range's inbox forgot"
                + " it (its window shortened to 1 s): a generic inbox judges the copy again; state versions and"
                + " business outcomes are kept as long as the game, and answer it the same.",
                "HIT; with a 1 s window at the range: CONFLICT");
    }

    @Override
    void beforeTheCopy(Run run, Map<String, Object> settings) {
        if (!run.protect()) {
            play.lab(Services.SHOOTING_RANGE).chaos(Map.of("inboxRetentionSeconds", 1));
            settings.put("inboxRetentionSeconds", 1);
        }
        // Past the 1 s window and the purge after it, as in late-duplicate.
        Waits.pause(Duration.ofMillis(3500));
    }
}

package dev.shootingrange.scenario.console.lab.experiments;

import java.util.Map;

import jakarta.inject.Singleton;

/** The copy comes at once: the range's inbox still knows the shot. */
@Singleton
class AlternativeWorlds extends ShotCopiedAfterAMove {

    AlternativeWorlds(Playbook play) {
        super(play, "alternative-worlds", "FireAt 42, MoveTarget 1, the same FireAt again: without the range's inbox"
                + " the copy is judged against the moved target, and one shot is both a Hit and a Missed.",
                "HIT; without the inbox: CONFLICT");
    }

    @Override
    void beforeTheCopy(Run run, Map<String, Object> settings) {
        // nothing: the copy comes at once
    }
}

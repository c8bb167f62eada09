package dev.shootingrange.scenario.console.lab.experiments;

import java.util.Map;
import java.util.UUID;

import jakarta.inject.Singleton;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.lab.Lab;
import dev.shootingrange.lab.LabApi;
import dev.shootingrange.scenario.console.services.Services;

/**
 * The copy comes under a new messageId, as from a producer that makes a new id per send: only the
 * range's business identity (the attemptId) can tell it from a new shot. The story's protection is
 * that strategy at the range; without it, the range as it ships.
 */
@Singleton
class ShotCopiedUnderANewId extends ShotCopiedAfterAMove {

    ShotCopiedUnderANewId(Playbook play) {
        super(play, "shot-copy-new-id", "FireAt 42, MoveTarget 1, and the same FireAt sent again by the scenario under"
                + " a new messageId (the same attemptId): the inbox, stored side effects and state versions all know a"
                + " message by its id, take the copy for a new shot and judge it on the moved target; only the range's"
                + " business strategy knows the attempt and answers with its stored Hit.",
                "HIT; with the range as it ships (its inbox): CONFLICT");
    }

    @Override
    Map<String, Map<String, Object>> protect(Run run) {
        var settings = play.protect(run.protect(), Services.SHOOTING_RANGE);
        if (run.strategy() == null) {
            LabApi range = play.lab(Services.SHOOTING_RANGE);
            String strategy = run.protect() ? range.strategy(new LabApi.StrategyRequest(Lab.BUSINESS)).strategy()
                    : range.lab().strategy();
            settings.get(Services.SHOOTING_RANGE).put("strategy", strategy);
        }
        return settings;
    }

    @Override
    void beforeTheCopy(Run run, Map<String, Object> settings) {
        // nothing: the copy comes at once, while every strategy still knows the first message
    }

    @Override
    UUID sendCopy(FireAt shot) {
        return play.resend(Services.GAME_SCENARIO, shot.messageId(), true);
    }
}

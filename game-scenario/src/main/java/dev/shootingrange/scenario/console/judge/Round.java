package dev.shootingrange.scenario.console.judge;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.scenario.console.lab.experiments.Playbook;
import dev.shootingrange.scenario.console.services.Services;
import dev.shootingrange.scenario.domain.Shot;

/** A round's game: the shots fired, what the range decided for each, the copies sent of its answers. */
final class Round {

    /** A shot of the round: the range's answer (its messageId, to send again), a hit or not. */
    record Fired(FireAt fireAt, UUID answer, boolean hit) {
    }

    final String gameId;
    private final Playbook play;
    private final List<Fired> shots = new ArrayList<>();
    private volatile Tally decided = Tally.EMPTY;
    private volatile int copies;
    private volatile int faultsPlayed;

    Round(Playbook play, int targetPosition) {
        this(play, play.newGame(targetPosition));
    }

    /** The round of a game started already. */
    Round(Playbook play, String gameId) {
        this.play = play;
        this.gameId = gameId;
    }

    /** Fires, and waits for the range's decision to reach the scenario. */
    Fired shoot(String player, int position) {
        FireAt fireAt = play.fire(gameId, player, position);
        UUID answer = play.awaitDecision(gameId, fireAt);
        play.awaitOutcome(fireAt);
        Fired shot = new Fired(fireAt, answer, play.outcomeOf(fireAt) == Shot.Outcome.HIT);
        shots.add(shot);
        decided = decided.plus(fireAt.player(), shot.hit());
        return shot;
    }

    /** Has the range publish its answer to {@code shot} again: the same copy, or under a new messageId. */
    void copy(Fired shot, boolean newMessageId) {
        play.resend(Services.SHOOTING_RANGE, shot.answer(), newMessageId);
        copies++;
    }

    /** Has the range publish every answer of the round so far again, oldest first, each the same copy. */
    void copyEveryAnswer() {
        for (Fired earlier : List.copyOf(shots)) {
            copy(earlier, false);
        }
    }

    void faultPlayed() {
        faultsPlayed++;
    }

    Tally decided() {
        return decided;
    }

    int copies() {
        return copies;
    }

    int faultsPlayed() {
        return faultsPlayed;
    }
}

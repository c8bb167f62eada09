package dev.shootingrange.scenario.console.web;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import dev.shootingrange.scenario.domain.GameScenario;
import dev.shootingrange.scenario.domain.GameView;

/** Reads the scenario's own part of a watched game (its target and shots), counting the shots read. */
final class OwnParts {

    private final GameScenario games;
    private final AtomicLong shotsRead = new AtomicLong();

    OwnParts(GameScenario games) {
        this.games = games;
    }

    /** The whole game, as it is now. */
    GameView game(String gameId) {
        GameView own = InRequest.call(() -> games.view(gameId));
        shotsRead.addAndGet(own.shots().size());
        return own;
    }

    /** The target's position where {@code target}, and the shots named by their {@code attemptId}. */
    GameView.Part part(String gameId, boolean target, List<UUID> attemptIds) {
        GameView.Part part = InRequest.call(() -> games.part(gameId, target, attemptIds));
        shotsRead.addAndGet(part.shots().size());
        return part;
    }

    /** Shots read since start: what the tests read to see that a message reads its shot, not the game. */
    long shotsRead() {
        return shotsRead.get();
    }
}

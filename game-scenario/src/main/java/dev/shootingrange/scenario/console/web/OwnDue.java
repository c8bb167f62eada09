package dev.shootingrange.scenario.console.web;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import dev.shootingrange.scenario.domain.GameView;
import dev.shootingrange.scenario.domain.Shot;

/**
 * What of a game's own part is to be read again (all of it, or the target and the shots named), and
 * whether a read runs. Not safe on its own: its {@link Feed} calls it under the feed's lock only.
 */
final class OwnDue {

    /** After a read of a game's own part failed, how long before it is tried again: not a loop against a database that is down. */
    static final long RETRY_MS = 500;

    private boolean due;
    private boolean whole;
    private boolean target;
    private final Set<UUID> shots = new HashSet<>();
    private boolean running;
    /** After a failed read, when the next may start. */
    private long pausedUntil;

    /** A message named the shot {@code attemptId}, or moved the target; neither: something else changed, read it all. */
    void changed(UUID attemptId, boolean moved) {
        due = true;
        if (attemptId != null) {
            shots.add(attemptId);
        } else if (moved) {
            target = true;
        } else {
            whole = true;
        }
    }

    /** Whether the own part is to be read now; it is taken off, and no other read starts until this one {@link #ended}. */
    boolean start() {
        if (running || !due || System.currentTimeMillis() < pausedUntil) {
            return false;
        }
        due = false;
        running = true;
        return true;
    }

    /** Takes what is due, for the read numbered from {@code reads}; {@code game} is the view as last read. */
    OwnRead take(GameView game, AtomicLong reads) {
        boolean all = whole || game == null;
        // With what changed, every shot still shown pending: an outcome whose notice went
        // missing (a handling's, a read's) shows at the game's next read, as a whole read would.
        if (!all) {
            game.shots().stream().filter(shot -> shot.outcome() == Shot.Outcome.PENDING)
                    .forEach(shot -> shots.add(shot.attemptId()));
        }
        OwnRead taken = new OwnRead(reads.incrementAndGet(), all, target, List.copyOf(shots));
        whole = false;
        target = false;
        shots.clear();
        return taken;
    }

    /** A read that failed gives back what it took, to be read again after a pause: the change it was to show is not lost. */
    void putBack(OwnRead taken) {
        if (taken != null) {
            whole |= taken.whole();
            target |= taken.target();
            shots.addAll(taken.shots());
        } else {
            whole = true;
        }
        due = true;
        pausedUntil = System.currentTimeMillis() + RETRY_MS;
    }

    void ended() {
        running = false;
    }

    /** Each round reads the shots still pending again, so a game with no further change heals too. */
    void healPending(GameView game) {
        if (game != null && game.shots().stream().anyMatch(shot -> shot.outcome() == Shot.Outcome.PENDING)) {
            due = true;
        }
    }
}

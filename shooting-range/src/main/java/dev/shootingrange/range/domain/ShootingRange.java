package dev.shootingrange.range.domain;

import java.time.Duration;
import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Hit;
import dev.shootingrange.contract.Missed;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.exactlyonce.DeadLetter;
import dev.shootingrange.exactlyonce.Outbox;
import dev.shootingrange.exactlyonce.OutgoingIds;

/**
 * The range of the write-up: it knows where each game's target is, and answers every shot with a Hit
 * or a Missed. It runs inside the inbox's transaction and knows nothing of duplicates.
 */
@ApplicationScoped
public class ShootingRange {

    /** Not a failure: the game's first MoveTarget is on its way; the shot is requeued and tried again. */
    static class GameNotStartedYet extends RuntimeException {
        GameNotStartedYet(String gameId) {
            super("game " + gameId + " has no target at the range yet; the shot waits for its first MoveTarget",
                    null, false, false);
        }
    }

    private final Outbox outbox;
    private final OutgoingIds ids;
    private final Duration firstMovePatience;

    ShootingRange(Outbox outbox, OutgoingIds ids,
            @ConfigProperty(name = "range.first-move-patience", defaultValue = "30s") Duration firstMovePatience) {
        this.outbox = outbox;
        this.ids = ids;
        this.firstMovePatience = firstMovePatience;
    }

    public void handle(MoveTarget move) {
        Target.moveTo(move.gameId(), move.position());
    }

    /**
     * A shot at a game the range has not heard of yet raced the game's first MoveTarget: it is not
     * judged (that would be a Missed against no target), but tried again until the move has arrived,
     * and dead-lettered only once the game has been unknown for longer than the patience allows.
     */
    public void handle(FireAt shot) {
        Integer target = Target.positionIn(shot.gameId());
        if (target == null) {
            Duration waited = Duration.between(shot.sentAt(), Instant.now());
            if (waited.compareTo(firstMovePatience) > 0) {
                throw new DeadLetter("game " + shot.gameId() + " has had no MoveTarget at the range for "
                        + waited.toSeconds() + " s after this shot was fired");
            }
            throw new GameNotStartedYet(shot.gameId());
        }
        if (target.equals(shot.position())) {
            Hit hit = Hit.of(shot, target, ids);
            Outcome.record(shot.gameId(), shot.attemptId(), Outcome.Kind.HIT, hit.messageId());
            outbox.send(hit);
        } else {
            Missed missed = Missed.of(shot, target, ids);
            Outcome.record(shot.gameId(), shot.attemptId(), Outcome.Kind.MISSED, missed.messageId());
            outbox.send(missed);
        }
    }
}

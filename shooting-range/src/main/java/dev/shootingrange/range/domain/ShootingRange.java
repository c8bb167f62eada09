package dev.shootingrange.range.domain;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.Hit;
import dev.shootingrange.contract.Missed;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.ShotOutcome;
import dev.shootingrange.exactlyonce.DeadLetter;
import dev.shootingrange.exactlyonce.Outbox;
import dev.shootingrange.exactlyonce.OutgoingIds;
import dev.shootingrange.lab.Lab;

/**
 * The range of the write-up: it knows where each game's target is, and answers every shot with a Hit
 * or a Missed. It runs inside the inbox's transaction. Under the default strategy it knows nothing of
 * duplicates; under the lab's {@code state} and {@code business} strategies (no inbox) it is the range
 * itself that answers a copy with the same message:
 * <ul>
 * <li>state: a copy of a FireAt is judged again on the target's version its first handling used, and
 * answered under the same derived id (whatever the lab's deterministicIds switch says: this strategy is
 * made of them), so with the same bytes; a copy of a MoveTarget moves nothing;</li>
 * <li>business: an attemptId already answered gets that stored answer again, under whatever messageId
 * the copy came; a MoveTarget older than the target's current one (by sentAt) does not undo it.</li>
 * </ul>
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
    private final Lab lab;
    private final Duration firstMovePatience;

    ShootingRange(Outbox outbox, OutgoingIds ids, Lab lab,
            @ConfigProperty(name = "range.first-move-patience", defaultValue = "30s") Duration firstMovePatience) {
        this.outbox = outbox;
        this.ids = ids;
        this.lab = lab;
        this.firstMovePatience = firstMovePatience;
    }

    public void handle(MoveTarget move) {
        String strategy = lab.strategy();
        if (Lab.BUSINESS.equals(strategy)) {
            lock("game " + move.gameId());
            TargetVersion.record(move);
            Target.moveToLatest(move.gameId());
            return;
        }
        TargetVersion.Recorded version = TargetVersion.record(move);
        if (version.first() || !Lab.STATE.equals(strategy)) {
            Target.moveTo(move.gameId(), move.position(), version.id());
        }
    }

    /**
     * A shot at a game the range has not heard of yet raced the game's first MoveTarget: it is not
     * judged (that would be a Missed against no target), but tried again until the move has arrived,
     * and dead-lettered only once the game has been unknown for longer than the patience allows.
     */
    public void handle(FireAt shot) {
        String strategy = lab.strategy();
        if (Lab.BUSINESS.equals(strategy)) {
            // Two copies of one attempt, under any ids, take turns: the second finds the first's answer.
            lock("attempt " + shot.attemptId());
            Outcome known = Outcome.firstOfAttempt(shot.attemptId());
            if (known != null && known.sentAt != null) {
                outbox.send(known.againFor(shot));
                return;
            }
        } else if (Lab.STATE.equals(strategy)) {
            lock("shot " + shot.messageId());
            Outcome first = Outcome.firstAnswerTo(shot.messageId());
            if (first != null && first.targetVersion != null) {
                TargetVersion version = TargetVersion.findById(first.targetVersion);
                answer(shot, version.position, version.id, OutgoingIds.DERIVED);
                return;
            }
        }
        Target.Standing target = Target.standingIn(shot.gameId());
        if (target == null) {
            Duration waited = Duration.between(shot.sentAt(), Instant.now());
            if (waited.compareTo(firstMovePatience) > 0) {
                throw new DeadLetter("game " + shot.gameId() + " has had no MoveTarget at the range for "
                        + waited.toSeconds() + " s after this shot was fired");
            }
            throw new GameNotStartedYet(shot.gameId());
        }
        // The state strategy is answers that are a function of the message and the version: derived ids.
        answer(shot, target.position(), target.version(), Lab.STATE.equals(strategy) ? OutgoingIds.DERIVED : ids.forOneHandling());
    }

    private void answer(FireAt shot, int targetPosition, Long version, OutgoingIds naming) {
        OutgoingIds stored = asStored(naming);
        ShotOutcome answer = shot.position() == targetPosition
                ? Hit.of(shot, targetPosition, stored)
                : Missed.of(shot, targetPosition, stored);
        Outcome.record(answer, version);
        outbox.send(answer);
    }

    /** Held until the transaction ends: the handlings of one key take turns. */
    private static void lock(String key) {
        Target.getEntityManager().createNativeQuery("select 1 from pg_advisory_xact_lock(hashtextextended(?1, 0))")
                .setParameter(1, key)
                .getSingleResult();
    }

    /**
     * Answers carry their instant as PostgreSQL keeps it (microseconds), so that an answer rebuilt from
     * what the range stored is byte for byte the answer sent, whichever strategy sent it first.
     */
    private static OutgoingIds asStored(OutgoingIds naming) {
        return new OutgoingIds() {
            @Override
            public UUID messageId(UUID causationId, String type) {
                return naming.messageId(causationId, type);
            }

            @Override
            public Instant sentAt(Instant causeSentAt) {
                return naming.sentAt(causeSentAt).truncatedTo(ChronoUnit.MICROS);
            }
        };
    }
}

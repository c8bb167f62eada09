package dev.shootingrange.range.domain;

import java.util.List;
import java.util.function.Consumer;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.exactlyonce.Causation;
import dev.shootingrange.exactlyonce.PlainStatement;

/**
 * Shots that overtook their game's first MoveTarget. The range never judges a shot on a game it has not
 * heard of (that would be a Missed against no target), and it never judges one on its age either: a
 * range that was down, a backlog or a delayed move may bring the move minutes after the shot. So such a
 * shot is kept here, in the transaction that took it off the queue, and judged in the transaction of
 * the game's first move, as if it had come right after it. Nothing waits on the broker, so no delivery
 * limit runs out and nothing reaches a dead-letter queue for waiting.
 * <p>
 * A shot and its game's first move may be handled at the same time on two workers: both take the
 * game's turn (an advisory lock held to the commit), so the shot either sees the target or is seen
 * waiting by the move.
 */
public final class WaitingShots {

    private WaitingShots() {
    }

    /**
     * Where the shot's game has its target, that target: the shot is judged now. Where it has none yet,
     * keeps the shot for the game's first move and returns null. One read where the game has its target.
     */
    static Target.Standing targetOrKeep(FireAt shot) {
        Target.Standing target = Target.standingIn(shot.gameId());
        if (target != null) {
            return target;
        }
        TakingTurns.game(shot.gameId());
        // Read again under the game's turn: a first move committed meanwhile is seen now.
        target = Target.standingIn(shot.gameId());
        if (target == null) {
            PlainStatement.update("insert into waiting_shot (game_id, message) values (?, ?)",
                    shot.gameId(), MessageCodec.encode(shot));
        }
        return target;
    }

    /**
     * After a MoveTarget moved the game's target, in the same transaction: takes the game's turn and
     * judges every shot that was waiting for it, each under its own message's causation, in the order
     * they came.
     */
    public static void judgeThoseWaitingFor(String gameId, Consumer<FireAt> judge) {
        TakingTurns.game(gameId);
        List<FireAt> waiting = PlainStatement.list("""
                with judged as (delete from waiting_shot where game_id = ? returning id, message)
                select message from judged order by id""",
                row -> (FireAt) MessageCodec.decode(row.getBytes(1)), gameId);
        for (FireAt shot : waiting) {
            Causation.run(shot.messageId(), () -> judge.accept(shot));
        }
    }
}

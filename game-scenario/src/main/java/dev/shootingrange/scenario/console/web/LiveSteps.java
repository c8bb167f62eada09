package dev.shootingrange.scenario.console.web;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.TransactionSynchronizationRegistry;

import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.contract.ShotOutcome;
import dev.shootingrange.exactlyonce.AfterCommit;
import dev.shootingrange.exactlyonce.Delivery;
import dev.shootingrange.exactlyonce.Envelope;
import dev.shootingrange.exactlyonce.spi.StepInterceptor;

/**
 * Where the core's steps tell the live views which games changed: a message of a game sent, or one
 * received once its handling committed. It only notes the game (and the shot or move it names); the
 * reading and pushing is {@link LiveGames}'.
 */
@ApplicationScoped
public class LiveSteps implements StepInterceptor {

    private final LiveGames live;
    private final TransactionSynchronizationRegistry transactions;

    LiveSteps(LiveGames live, TransactionSynchronizationRegistry transactions) {
        this.live = live;
        this.transactions = transactions;
    }

    /** A copy received: seen once its handling committed, where there is one. */
    @Override
    public void received(Envelope message, Object read, Delivery delivery, boolean redelivered) {
        if (read instanceof ShotOutcome outcome) {
            AfterCommit.run(transactions, () -> live.changed(outcome.gameId(), outcome.attemptId(), false));
        } else if (read instanceof RangeMessage received) {
            AfterCommit.run(transactions, () -> live.changed(received.gameId()));
        }
    }

    @Override
    public void published(List<Envelope> copies) {
        for (Envelope copy : copies) {
            MessageCodec.Peek peek = MessageCodec.peek(copy.body());
            live.changed(peek.gameId(), peek.attemptId(), MoveTarget.class.getSimpleName().equals(copy.type()));
        }
    }
}

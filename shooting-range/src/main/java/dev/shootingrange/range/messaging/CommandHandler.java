package dev.shootingrange.range.messaging;

import java.util.Set;
import java.util.concurrent.CompletionStage;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

import dev.shootingrange.contract.FireAt;
import dev.shootingrange.contract.MoveTarget;
import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.exactlyonce.MessageHandler;
import dev.shootingrange.exactlyonce.inbox.InboxConsumer;
import dev.shootingrange.range.domain.ShotJudging;
import dev.shootingrange.range.domain.WaitingShots;
import io.smallrye.reactive.messaging.annotations.Blocking;

/** The commands the range consumes from its queue, handed to the domain once each. */
@ApplicationScoped
public class CommandHandler implements MessageHandler<RangeMessage> {

    private final ShotJudging range;
    private final InboxConsumer inbox;

    CommandHandler(ShotJudging range, InboxConsumer inbox) {
        this.range = range;
        this.inbox = inbox;
    }

    /**
     * Every delivery from the service's queue: the inbox record, {@link #handle} and the outbox rows
     * commit in one transaction before the broker hears an ack. In parallel, on the "inbox" workers.
     */
    @Incoming("inbox")
    @Blocking(value = "inbox", ordered = false)
    public CompletionStage<Void> consume(Message<byte[]> delivery) {
        return inbox.consume(delivery, this);
    }

    @Override
    public Set<String> types() {
        return Set.of("FireAt", "MoveTarget");
    }

    @Override
    public void handle(RangeMessage message) {
        if (message instanceof FireAt shot) {
            range.handle(shot);
        } else if (message instanceof MoveTarget move) {
            range.handle(move);
            // Shots that overtook this game's first move are judged now, by the same judging.
            WaitingShots.judgeThoseWaitingFor(move.gameId(), range::handle);
        }
    }
}

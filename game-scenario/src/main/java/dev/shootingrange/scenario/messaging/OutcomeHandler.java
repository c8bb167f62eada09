package dev.shootingrange.scenario.messaging;

import java.util.Set;
import java.util.concurrent.CompletionStage;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

import dev.shootingrange.contract.RangeMessage;
import dev.shootingrange.contract.ShotOutcome;
import dev.shootingrange.exactlyonce.MessageHandler;
import dev.shootingrange.exactlyonce.inbox.InboxConsumer;
import dev.shootingrange.scenario.domain.GameScenario;
import io.smallrye.reactive.messaging.annotations.Blocking;

/** What the range decided about the players' shots. */
@ApplicationScoped
public class OutcomeHandler implements MessageHandler<RangeMessage> {

    private final GameScenario scenario;
    private final InboxConsumer inbox;

    OutcomeHandler(GameScenario scenario, InboxConsumer inbox) {
        this.scenario = scenario;
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
        return Set.of("Hit", "Missed");
    }

    @Override
    public void handle(RangeMessage message) {
        scenario.record((ShotOutcome) message);
    }
}

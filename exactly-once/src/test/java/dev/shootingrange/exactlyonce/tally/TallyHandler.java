package dev.shootingrange.exactlyonce.tally;

import java.util.Set;
import java.util.concurrent.CompletionStage;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

import dev.shootingrange.exactlyonce.MessageHandler;
import dev.shootingrange.exactlyonce.PlainStatement;
import dev.shootingrange.exactlyonce.inbox.InboxConsumer;
import dev.shootingrange.exactlyonce.outbox.Outbox;
import io.smallrye.reactive.messaging.annotations.Blocking;

/** A service of one rule: add one to the key's tally and answer Counted, in the inbox's transaction. */
@ApplicationScoped
public class TallyHandler implements MessageHandler<Tally> {

    private final InboxConsumer inbox;
    private final Outbox outbox;

    TallyHandler(InboxConsumer inbox, Outbox outbox) {
        this.inbox = inbox;
        this.outbox = outbox;
    }

    @Incoming("inbox")
    @Blocking(value = "inbox", ordered = false)
    public CompletionStage<Void> consume(Message<byte[]> delivery) {
        return inbox.consume(delivery, this);
    }

    @Override
    public Set<String> types() {
        return Set.of(Tally.COUNT);
    }

    @Override
    public void handle(Tally count) {
        PlainStatement.update("insert into tally (key, count) values (?, 1) "
                + "on conflict (key) do update set count = tally.count + 1", count.key());
        outbox.send(count.counted());
    }
}

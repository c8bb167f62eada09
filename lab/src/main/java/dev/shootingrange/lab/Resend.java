package dev.shootingrange.lab;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.shootingrange.contract.ContractFormat;
import dev.shootingrange.contract.MessageCodec;
import dev.shootingrange.exactlyonce.outbox.OutboxMessage;
import dev.shootingrange.exactlyonce.outbox.TransactionalOutbox;
import io.quarkus.narayana.jta.QuarkusTransaction;

/** A sent message again under a new messageId: what a producer that makes ids per send would emit. */
@ApplicationScoped
public class Resend {

    private final TransactionalOutbox outbox;
    private final ContractFormat format;

    Resend(TransactionalOutbox outbox, ContractFormat format) {
        this.outbox = outbox;
        this.format = format;
    }

    /** The new copy's messageId, or null where the outbox has no such message. */
    public UUID underNewId(UUID messageId) {
        return QuarkusTransaction.requiringNew().call(() -> {
            OutboxMessage row = OutboxMessage.byMessageId(messageId);
            if (row == null) {
                return null;
            }
            UUID newId = UUID.randomUUID();
            outbox.send(format.write(MessageCodec.withMessageId(MessageCodec.decode(row.payload), newId)));
            return newId;
        });
    }
}
